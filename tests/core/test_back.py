"""`back` (issue 8, core.back): an unfinished multi-card play is taken back by replaying the record without it;
anything else is refused with CORE-BACK, the state and the record untouched."""

from __future__ import annotations

import pytest

from pitchside.agents.base import Observation
from pitchside.core.back import BACK_RULE, Back, take_back
from pitchside.core.errors import IllegalAction
from pitchside.core.game import Action, Game, State
from pitchside.core.record import MatchRecord, Move, replay
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.sim.match import play_match


def played(game: Game, config: dict[str, object], seed: int, until: object) -> tuple[State, MatchRecord]:
    """Random play until ``until(state, seat, actions)`` names an action (then it is played too)."""
    st = game.new_state(config, seed)
    rec = MatchRecord(game.id, game.version, dict(st.config), seed=seed)
    rng = Rng(seed)
    for _ in range(5000):
        seat = st.decision().seat
        assert seat is not None
        acts = list(st.legal_actions(seat))
        chosen = until(st, seat, acts)  # type: ignore[operator]
        a = chosen if chosen is not None else acts[rng.below(len(acts))]
        st.apply(seat, a)
        rec.moves.append(Move(seat, str(a)))
        if chosen is not None:
            return st, rec
    raise AssertionError("never met")


def test_sonic_cup_first_card_of_a_power_kick_is_taken_back() -> None:
    g = load_game("sonic-cup")
    marks: list[str] = []

    def first_pick(st: State, seat: int, acts: list[Action]) -> Action | None:
        for a in acts:
            c = st.clone()
            c.apply(seat, a)
            if g.partial(c, seat) == 1:
                marks.append(st.fingerprint())
                return a
        return None

    st, rec = played(g, {"seats": 4}, 5, first_pick)
    seat = st.decision().seat
    assert seat is not None and g.partial(st, seat) == 1
    n = len(rec.moves)
    before = take_back(g, st, rec, seat, 1)
    assert before.fingerprint() == marks[0] and len(rec.moves) == n - 1  # exactly the state before the pick


def test_my_world_cup_cards_behind_the_screen_before_ready_are_taken_back() -> None:
    g = load_game("my-world-cup")

    def second_field(st: State, seat: int, acts: list[Action]) -> Action | None:
        if g.partial(st, seat) == 1:
            return next(a for a in acts if str(a).startswith("field"))
        return None

    st, rec = played(g, {"teams": ["bra", "ger"]}, 2, second_field)
    seat = st.decision().seat
    assert seat is not None and g.partial(st, seat) == 2
    hand = len(st.view(seat)["sides"][seat]["hand"])
    before = take_back(g, st, rec, seat, 2)
    assert len(before.view(seat)["sides"][seat]["hand"]) == hand + 2 and g.partial(before, seat) == 0


def test_back_is_refused_without_an_unfinished_play_and_changes_nothing() -> None:
    g = load_game("world-ball")  # no multi-card plays at all: partial is the default 0
    st, rec = played(g, {"seats": 2}, 1, lambda st, seat, acts: acts[0])
    seat = st.decision().seat
    assert seat is not None
    finger, n = st.fingerprint(), len(rec.moves)
    with pytest.raises(IllegalAction) as e:
        take_back(g, st, rec, seat, 1)
    assert e.value.rule == BACK_RULE
    assert st.fingerprint() == finger and len(rec.moves) == n


def test_the_game_loop_takes_back_through_the_agent_protocol() -> None:
    """An agent answering Back(k) in play_match: the match goes on from before the play, and its record
    holds no taken-back move (it replays)."""
    g = load_game("sonic-cup")
    done: list[bool] = []

    class Regret:
        name = "regret"

        def act(self, obs: Observation, rng: Rng) -> Action:
            k = g.partial(obs._state, obs.seat)
            if k and not done:
                done.append(True)
                return Back(k)
            return obs.legal[rng.below(len(obs.legal))]

    result = play_match(g, [Regret() for _ in range(4)], {"seats": 4}, 5)  # type: ignore[misc]
    assert done and result.state.is_over()
    assert all(m.action != "back" for m in result.record.moves)
    assert replay(result.record, g).state.fingerprint() == result.state.fingerprint()

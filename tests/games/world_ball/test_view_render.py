"""Views (only the own hand; other hands, offers and the deck as counts), the action notation, the
terminal renderer (a response window is said plainly) and the heuristic bot.

Rules: WB-SETUP-4 (draft choices hidden until revealed), WB-GAP-6 (the open shot is public), WB-PROJ-13.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from rich.console import Console

from pitchside.agents.base import RandomAgent
from pitchside.core.errors import InvalidAction
from pitchside.core.rng import Rng
from pitchside.games.world_ball.actions import Play, Verb, parse
from pitchside.games.world_ball.game import GAME
from pitchside.games.world_ball.heuristics import AGENT
from pitchside.games.world_ball.render import Renderer
from pitchside.sim.match import play_match
from tests.games.world_ball.helpers import play, scenario


def text_of(renderable: object, width: int = 140) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_view_shows_only_the_own_hand():
    st = scenario(4, hands={0: ["shoot", "save"], 1: ["penalty"], 2: ["wall"]})
    v = st.view(1)
    assert v["hand"] == ["penalty"] and [s["cards"] for s in v["seats"]] == [2, 1, 1, 0]
    assert v["deck"] == len(st.deck) and isinstance(v["deck"], int)
    assert "shoot" not in json.dumps([s for s in v["seats"]]) and st.view(None)["hand"] is None
    json.dumps(v)


def test_draft_offers_are_hidden_until_chosen_setup_4():
    """WB-SETUP-4: a seat sees its own characters to choose from; others only as a count; a choice is
    public once made."""
    st = GAME.new_state({"seats": 4, "starter": 0}, 21)
    others = {c for s in (1, 2, 3) for c in st.offers[s]}
    text = json.dumps(st.view(0), ensure_ascii=False)
    assert not any(f'"{c}"' in text for c in others)
    twin = st.determinize(0, Rng(3))
    assert twin.offers[0] == st.offers[0] and twin.view(0) == st.view(0)
    assert any(twin.offers[s] != st.offers[s] for s in (1, 2, 3))


def test_the_open_window_is_public_and_a_stolen_card_is_private():
    """WB-GAP-6: the shot and its saves are in every view; WB-PROJ-13: the card 抢断 takes is not."""
    st = scenario(2, hands={0: ["interception"], 1: ["save", "shoot"]}, discard=["controversy"] * 3)
    ev = play(st, 0, "play interception @1")
    public = [e for e in ev if e.to is None]
    card = next(e for e in ev if e.kind == "stole").data["card"]
    assert all("card" not in e.data for e in public if e.kind == "steal")
    assert st.view(0)["hand"] == [card] and card not in json.dumps(st.view(None)["seats"])


@pytest.mark.parametrize(
    "text",
    ["pick messi", "play shoot", "play save", "play sliding_tackle @3", "play tactical_disruption @1 wall",
     "save shoot", "shoot save", "wall penalty", "equip long_shot", "skill", "skill save", "skill shoot @2",
     "skill @1", "discard save", "end", "pass"],
)  # fmt: skip
def test_action_text_round_trips(text: str):
    a = parse(text)
    assert str(a) == text and parse(str(a)) == a and GAME.parse_action(text) == a


@pytest.mark.parametrize(
    "text", ["", "kick shoot", "play", "end now", "pass @1", "equip wall @1", "play shoot wall", "pick @2",
             "save", "play Shoot", "skill x @1 y", "play @1"],
)  # fmt: skip
def test_bad_action_text_is_refused_as_invalid(text: str):
    with pytest.raises(InvalidAction):
        parse(text)


def test_actions_are_small_values():
    assert Play(Verb.PLAY, "save") == parse("play save") and hash(parse("skill @1")) == hash(Play(Verb.SKILL, "", 1))


# --------------------------------------------------------------------------- the terminal


def test_the_render_says_a_response_window_plainly():
    """WB-GAP-6: a shot window for the viewer names the shot, what it needs and the answers he has."""
    st = scenario(4, ["rooney", "buffon", "lahm", "nesta"], {0: ["penalty"], 1: ["save", "shoot", "wrong_call"],
                  3: ["save"]})  # fmt: skip
    play(st, 0, "play penalty")
    r = Renderer(st.t.config)
    view = st.view(1)
    legal = [str(a) for a in st.legal_actions(1)]
    text = text_of(r.decision(view, legal))
    assert "RESPONSE WINDOW" in text and "点球" in text and "needs 2" in text
    assert "救险 Save" in text and "射门 as 救险" in text and "误判" in text and "pass" in text
    assert "Your 救险 costs 1 stamina; you have 4" in text and view["costs"]["save"] == 1
    board = text_of(r.board(view))
    assert "shoots" in board and "needs 2" in board and "布冯" in board
    assert "Waiting for" in text_of(r.decision(st.view(2), []))


def test_the_render_draws_every_kind_of_moment():
    """Random matches at 4 seats: every view, decision and event renders without error."""
    r = Renderer({"seats": 4})
    labels: set[str] = set()
    for seed in range(3):
        st = GAME.new_state({"seats": 4}, seed)
        rng = Rng(seed)
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            view = st.view(seat)
            labels.add(view["decision"]["label"])
            acts = st.legal_actions(seat)
            text_of(r.board(view))
            text_of(r.decision(view, [str(a) for a in acts]))
            for a in acts:
                r.action(str(a), view)
                r.action_rank(str(a))
            for ev in st.apply(seat, acts[rng.below(len(acts))]):
                r.event(ev, 0)
        assert "Full time" in text_of(r.outcome(st.outcome().to_json(), 0))
    assert {"draft", "action", "shot", "save", "controversy"} <= labels
    assert "World Ball match deck: 100 cards" in text_of(r.cards(), 200)
    assert "play sliding_tackle @3" in text_of(r.help())


def test_the_cli_plays_world_ball():
    from typer.testing import CliRunner

    from pitchside.cli import app

    result = CliRunner().invoke(app, ["simulate", "wb", "--seats", "2", "--games", "2"])
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------------------- the bot


def test_the_heuristic_beats_random_play():
    """The rule-of-thumb bot (heuristics.AGENT) wins most matches against random play at 2 and 4 seats."""
    wins = Counter()
    for seats in (2, 4):
        for seed in range(12):
            side = seed % 2
            agents = [AGENT() if s % 2 == side else RandomAgent() for s in range(seats)]
            out = play_match(GAME, agents, {"seats": seats}, seed).outcome
            wins["bot" if out.winner == side else "other"] += 1
    assert wins["bot"] >= 20, wins


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_the_heuristic_plays_whole_matches_at_every_seat_count(seats: int):
    for seed in range(3):
        config = {"seats": seats, "sudden_death": seed == 1}
        result = play_match(GAME, [AGENT() for _ in range(seats)], config, seed)
        assert result.state.is_over() and result.outcome.ending in ("full-time", "sudden-death")
        assert result.record.moves and len(result.outcome.returns) == seats

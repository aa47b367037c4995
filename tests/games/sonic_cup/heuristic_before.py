"""The Sonic Cup heuristic bot as it was before its look-ahead was made faster (commit 454c1f4),
kept only as the reference tests/games/sonic_cup/test_heuristic.py compares every choice with.
Do not change it with the bot: it is what "the same choices" means.
"""

from __future__ import annotations

from typing import Any

from pitchside.agents.base import Observation
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.cards import Card, arrows_text, load_deck
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import GOAL, Phase, team


def _progress(ball: int, side: int) -> float:
    """0 at the own goal, 1 at the goal the team attacks."""
    return (ball - 1) / 8 if GOAL[side] == 9 else (9 - ball) / 8


def evaluate(st: SonicCupState, side: int) -> float:
    """How good the situation looks for ``side`` (used on determinized copies only)."""
    other = 1 - side
    if st.phase is Phase.OVER:
        diff = st.score[side] - st.score[other]
        return 1000.0 * (diff > 0) - 1000.0 * (diff < 0)
    v = 100.0 * (st.score[side] - st.score[other]) + 10.0 * _progress(st.ball, side)
    if st.phase is Phase.SHOOTING:
        v += 8.0 if st.attack == side else -8.0
    elif st.phase is Phase.FOLLOW_UP:
        v += 3.0 if team(st.fu_shooter) == side else -3.0
    elif st.phase is Phase.TURN and st.shoot:
        v += 5.0 if team(st.actor) == side else -5.0
    return v


def _worth(card: Card) -> float:
    """How much a card is worth keeping: shots and blocks first, plain maneuvers last."""
    return 3.0 * bool(card.kick_block) + 2.0 * bool(card.shoot) + 1.5 * bool(card.power_kick) + 1.0 * card.foul


class SonicCupHeuristic:
    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Play:
        legal: list[Play] = list(obs.legal)  # type: ignore[arg-type]
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        phase = view["phase"]
        side = 0 if view["seats"][obs.seat]["team"] == "blue" else 1
        deck = _deck(obs)
        if phase == "turn":
            return self._turn(obs, legal, side, rng)
        if phase in ("shooting", "follow_up"):
            return self._shooting(view, legal, deck, rng)
        if phase == "steal":
            return self._steal(obs, legal, side, rng)
        if phase in ("exchange", "sing_discard"):
            return self._give_back(legal, deck, side, phase == "exchange", rng)
        return rng.choice(legal)

    def _turn(self, obs: Observation, legal: list[Play], side: int, rng: Rng) -> Play:
        world = obs.determinize(rng)
        assert isinstance(world, SonicCupState)
        best, best_v = legal[0], float("-inf")
        for act in legal:
            if act.verb is Verb.SING:
                continue  # kept for a later, smarter bot
            # Ties go to keeping the cards, then to chance: list order must not favour a team.
            v = self._value(world, obs.seat, act, side, 3) + 1e-3 * rng.random()
            if act.verb in (Verb.END, Verb.PASS):
                v += 0.01
            if v > best_v:
                best, best_v = act, v
        return best

    def _value(self, world: SonicCupState, seat: int, act: Play, side: int, depth: int) -> float:
        st = world.clone()
        st.apply(seat, act)
        cost = 0.2 * _worth(st.card(act.arg)) if act.arg in st.t.deck.cards else 0.0
        if depth > 0 and st.phase is Phase.TURN and st.actor == seat and (st.pending or st.shoot):
            return max(self._value(st, seat, a, side, depth - 1) for a in st.legal_actions(seat)) - cost
        return evaluate(st, side) - cost

    def _shooting(self, view: dict[str, Any], legal: list[Play], deck: dict[str, Card], rng: Rng) -> Play:
        kbs = [a for a in legal if a.verb is Verb.KB]
        match = view.get("shooting", {}).get("match", "")
        matching = [a for a in kbs if any(ch in match for ch in arrows_text(deck[a.arg].kick_block))]
        if matching:
            return rng.choice(matching)
        shoot_cards = [a for a in legal if a.verb is Verb.MOVE]
        if shoot_cards:
            return rng.choice(shoot_cards)
        fouls = [a for a in legal if a.verb is Verb.FOUL]
        last_defender = len(view["decision"]["seats"]) == 1
        if last_defender and fouls:
            return rng.choice(fouls)  # a penalty is better than a certain goal
        if last_defender and kbs:
            return rng.choice(kbs)  # the Goalkeeper's forced block
        return next((a for a in legal if a.verb in (Verb.PASS, Verb.END)), legal[0])

    def _steal(self, obs: Observation, legal: list[Play], side: int, rng: Rng) -> Play:
        pks = [a for a in legal if a.verb is Verb.PK]
        if not pks:
            return legal[-1]
        world = obs.determinize(rng)
        assert isinstance(world, SonicCupState)
        now = _progress(world.ball, side)
        best = max(pks, key=lambda a: self._value(world, obs.seat, a, side, 2))
        gain = self._value(world, obs.seat, best, side, 2) - 10.0 * now
        return best if gain > 0 else next(a for a in legal if a.verb is Verb.PASS)

    def _give_back(self, legal: list[Play], deck: dict[str, Card], side: int, optional: bool, rng: Rng) -> Play:
        """The least useful card: no special function, and targets nearest the own goal. Ties by
        chance, never by card id, since ids are ordered by zone and would favour one team."""
        cards = [a for a in legal if a.arg in deck]

        def useless(a: Play) -> tuple[float, float, float]:
            c = deck[a.arg]
            return (_worth(c), max(_progress(z, side) for z in c.maneuver), rng.random())

        worst = min(cards, key=useless, default=None)
        if worst is None or (optional and _worth(deck[worst.arg]) > 0):
            return next(a for a in legal if a.verb is Verb.DONE)
        return worst


def _deck(obs: Observation) -> dict[str, Card]:
    return dict(load_deck(obs.view["config"].get("deck")).cards)


AGENT = SonicCupHeuristic

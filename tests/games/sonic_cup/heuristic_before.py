"""The Sonic Cup heuristic bot's look-ahead as it was before it was made faster (commit 454c1f4), kept only as
the reference tests/games/sonic_cup/test_heuristic.py compares every choice with. The rest of the bot (its
evaluation, shooting and give-back choices) is the bot's own: only the search was rewritten.
Do not change it with the bot: it is what "the same choices" means.
"""

from __future__ import annotations

from pitchside.agents.base import Observation
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.heuristics import SonicCupHeuristic as Current
from pitchside.games.sonic_cup.heuristics import _progress, _worth, evaluate
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import Phase


class SonicCupHeuristic(Current):
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

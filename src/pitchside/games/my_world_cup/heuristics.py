"""A rule-of-thumb My World Cup bot: field the strongest cards (in the group stage, a fair share of the group
hand per match), pair for the best expected goal difference.

It sees only its seat's view and legal actions. The printed cards and the teams' skills are public,
so it reads the effective values and speeds from a determinized copy of the match (its own hand is
exact there); it never looks at the copy's guessed hidden cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pitchside.agents.base import Observation
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.actions import Act, Verb
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.state import ATTACK, DEFENSE, FOUL, GOAL

P_BALL = 1 / 3
FOUL_COST = 1 / 6 + 0.1  # a penalty for the opponent, or a red card, now and then (WC-GAP-5)

Stats = tuple[int, int, int]  # kind, effective value, effective speed


def p_goal(n: int) -> float:
    """P(at least one football in n tactical dice) (WC-AD-0a, WC-GAP-4)."""
    return 0.0 if n <= 0 else 1.0 - (1.0 - P_BALL) ** n


def threat(c: Stats) -> float:
    """Expected goals a card scores on its own (its void effect, WC-MATCH-7)."""
    k, v, _ = c
    if k == ATTACK:
        return p_goal(v)
    if k == GOAL:
        return float(v)
    return 0.0


def duel(a: Stats, b: Stats | None) -> float:
    """Expected goals for a's team minus b's team when a is paired with b (None = void)."""
    if b is None:
        return threat(a)
    ka, va, _ = a
    kb, vb, _ = b
    if ka == FOUL and kb == FOUL:
        return 0.0
    if ka == FOUL:
        return -FOUL_COST
    if kb == FOUL:
        return FOUL_COST
    if ka == DEFENSE and kb == DEFENSE:
        return 0.0
    if ka == DEFENSE or kb == DEFENSE:
        sign = 1.0 if kb == DEFENSE else -1.0
        (xk, x), d = ((ka, va), vb) if kb == DEFENSE else ((kb, vb), va)
        if xk == ATTACK:
            return sign * p_goal(x - d)
        return sign * (float(x - d) if x > d else -p_goal(d - x))
    if va > vb:  # WC-GAP-10: attack/goal against attack/goal: the higher value acts with the difference
        return threat((ka, va - vb, 0))
    return -threat((kb, vb - va, 0)) if vb > va else 0.0


def worth(c: Stats) -> float:
    """How much a card is worth fielding."""
    k, v, sp = c
    if k == FOUL:
        return 0.7
    if k == DEFENSE:
        return 0.25 + 0.05 * v + 0.01 * sp
    return threat(c) + 0.01 * sp


class MyWorldCupHeuristic:
    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Act:
        legal: list[Act] = list(obs.legal)  # type: ignore[arg-type]
        if len(legal) == 1:
            return legal[0]
        world = obs.determinize(rng)
        assert isinstance(world, MyWorldCupState)
        me = obs.seat
        view = obs.view
        ask = world.ask
        assert ask is not None
        op = ask[0]
        eff = world.t.m.eff

        def hand_card(a: Act) -> Stats:
            return eff[me][a.arg]

        if op == "field":
            fields = [a for a in legal if a.verb is Verb.FIELD]
            if view["mode"] == "group":  # WC-MATCH-8: this match's share of the group hand only
                share = group_share(world, me, view["sides"][me])
                fields = [a for a in fields if card_of(a) in share]
                if not fields:
                    return next(a for a in legal if a.verb is Verb.READY)
            best = max(fields, key=lambda a: worth(hand_card(a)) + 1e-3 * rng.random())
            return best if worth(hand_card(best)) > 0.2 else next(a for a in legal if a.verb is Verb.READY)
        if op == "discard":
            return min(legal, key=lambda a: max(worth(eff[me][t.arg]) for t in world.t.m.field_acts[me][a.arg]))
        if op in ("pair", "lead", "remove"):
            return self._pairing(world, me, op, ask, legal)
        if op == "double":
            n = ask[2]
            return legal[0] if _double_gain(n) > p_goal(n) else legal[1]
        if op in ("reroll", "ignore_def", "foul", "gamble"):
            if op == "gamble":
                return legal[0] if len(world.hands[me]) > 4 else legal[1]
            return legal[0]
        if op == "first":
            slots = [a for a in legal if a.verb is Verb.FIRST]
            return max(slots, key=lambda a: _line_stats(world, me, a.slot)[1])
        if op == "flip":
            return self._flip(world, me, legal)
        if op in ("swap", "swap_in"):
            return self._swap(world, me, op, legal, view)
        return legal[rng.below(len(legal))]

    def _pairing(self, world: MyWorldCupState, me: int, op: str, ask: tuple[Any, ...], legal: list[Act]) -> Act:
        if op == "remove":  # take out the fouling team's most dangerous card
            return max(legal, key=lambda a: threat(_line_stats(world, ask[2], a.slot)))
        side = ask[2]
        sign = 1.0 if side == me else -1.0  # North Korea: the opponent chooses for it
        opp = world._unresolved(1 - side)
        if op == "lead":

            def best_for(slot: int) -> float:
                a = _line_stats(world, side, slot)
                return max([sign * _gain(world, side, a, o) for o in opp] or [sign * duel(a, None)])

            return max(legal, key=lambda act: best_for(act.slot))
        a = _line_stats(world, side, ask[3])
        return max(
            legal,
            key=lambda act: sign * (duel(a, None) if act.verb is Verb.VOID else _gain(world, side, a, act.slot)),
        )

    def _flip(self, world: MyWorldCupState, me: int, legal: list[Act]) -> Act:
        eff = world.t.m.eff[me]
        best, gain = legal[-1], 0.1
        for act in legal:
            if act.verb is not Verb.FLIP:
                continue
            text = world.line[me][act.slot]
            cid, half = text.split(":")
            other = f"{cid}:{'top' if half == 'bottom' else 'bottom'}"
            g = worth(eff[other]) - worth(eff[text])
            if g > gain:
                best, gain = act, g
        return best

    def _swap(self, world: MyWorldCupState, me: int, op: str, legal: list[Act], view: dict[str, Any]) -> Act:
        eff = world.t.m.eff[me]
        if op == "swap_in":
            return max(legal, key=lambda a: worth(eff[a.arg]))
        weakest = min((a for a in legal if a.verb is Verb.SWAP), key=lambda a: worth(_line_stats(world, me, a.slot)))
        best_in = max(
            (worth(eff[a.arg]) for c in set(world.hands[me]) for a in world.t.m.swap_acts[me][c]), default=0.0
        )
        if best_in > worth(_line_stats(world, me, weakest.slot)) + 0.2:
            return weakest
        return next(a for a in legal if a.verb is Verb.SKIP)


def matches_left(side: dict[str, Any]) -> int:
    """The group matches the group hand (WC-GAP-3: 10 cards, Spain 12) probably still has to last, this one
    included, read off the cards held now: 3 from 9 cards on, 2 from 5, else 1."""
    total = int(side["hand_count"]) + int(side["fielded"])
    return 3 if total >= 9 else 2 if total >= 5 else 1


def group_share(world: MyWorldCupState, me: int, side: dict[str, Any]) -> Counter[str]:
    """The hand cards this group match should still field (WC-MATCH-8: keep cards back for the other opponents).

    The cards held and the cards already fielded in this match are one plan over the matches left: split into
    one lineup per match, as many cards in each as can be (the extra ones to this match, at most the lineup
    limit), and as strong as each other. Each card, strongest first (``plan_worth`` of its better half), goes to
    the lineup that is weakest so far and has room; this match's lineup starts with what it fielded. A snake
    draft by rank (before, issue 11) left the third match half as strong as the first, and a match that
    fielded a card beyond its share left the next one with two.
    """
    m = world.t.m
    left = matches_left(side)
    fielded = [text.split(":")[0] for text in world.line[me]]
    held = sorted(
        ((max(plan_worth(m.eff[me][a.arg]) for a in m.field_acts[me][cid]), cid) for cid in world.hands[me]),
        key=lambda r: (-r[0], r[1]),
    )
    pool = len(held) + len(fielded)
    sizes = [pool // left + (1 if i < pool % left else 0) for i in range(left)]
    sizes[0] = min(max(sizes[0], len(fielded)), int(side.get("limit") or 4))
    totals = [sum(plan_worth(m.eff[me][text]) for text in world.line[me])] + [0.0] * (left - 1)
    counts = [len(fielded)] + [0] * (left - 1)
    share: Counter[str] = Counter()
    for value, cid in held:
        room = [i for i in range(left) if counts[i] < sizes[i]]
        if not room:
            break
        i = min(room, key=lambda k: (totals[k], k))
        totals[i] += value
        counts[i] += 1
        if i == 0:
            share[cid] += 1
    return share


def plan_worth(c: Stats) -> float:
    """What a card adds to a planned lineup: its worth, but a goal card as about one attack card (0.75 to 1.25).
    Its full value scores only void (WC-MATCH-7); paired, it scores the difference over a defense or an attack
    of value 2 to 7, or nothing (WC-AD-0c, WC-GAP-10), so it is no lineup on its own."""
    k, v, _ = c
    return 0.5 + 0.25 * v if k == GOAL else worth(c)


def card_of(act: Act) -> str:
    """The card a ``field`` action puts into the lineup (its argument is ``card:half``)."""
    return str(act.arg).split(":")[0]


def _line_stats(world: MyWorldCupState, side: int, slot: int) -> Stats:
    return world.t.m.eff[side][world.line[side][slot]]


def _gain(world: MyWorldCupState, side: int, a: Stats, slot: int) -> float:
    """Pairing ``a`` with the opponent's card in ``slot``: the duel, plus the threat it takes away."""
    b = _line_stats(world, 1 - side, slot)
    return duel(a, b) + 0.5 * threat(b)


def _double_gain(n: int) -> float:
    """Expected goals of Spain's double dice: floor(footballs / 2) of 2n dice (WC-GAP-13)."""
    from math import comb

    m = 2 * n
    return sum(comb(m, k) * P_BALL**k * (1 - P_BALL) ** (m - k) * (k // 2) for k in range(m + 1))


AGENT = MyWorldCupHeuristic

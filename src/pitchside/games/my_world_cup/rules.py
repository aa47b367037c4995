"""My World Cup match rules: the phases and who decides what. Comments cite docs/rules/my-world-cup.md.

A match is a loop over small steps (the ``todo`` stack) that stops whenever a coach must answer
an ``ask``: (op, seat, args...). Preparation, lineup, display and pairing live here; resolving a
pair, the dice, fouls and the shootout live in resolve.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pitchside.core.decision import OVER, Decision, DecisionKind
from pitchside.core.errors import IllegalAction
from pitchside.core.game import Event, Outcome
from pitchside.core.legality import Group, Refusal
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup import actions as A
from pitchside.games.my_world_cup.actions import Act, Verb
from pitchside.games.my_world_cup.legality import RULES
from pitchside.games.my_world_cup.neutral import neutral_action
from pitchside.games.my_world_cup.resolve import Resolver
from pitchside.games.my_world_cup.skills import USE_FLIP, USE_SWAP
from pitchside.games.my_world_cup.state import (
    ATTACK,
    DEFENSE,
    EXTRA_TIME_MAX,
    GOAL,
    UNRESOLVED,
    Ending,
    Mode,
    Op,
    Phase,
)

LABELS = {
    Op.DISCARD: "preparation:discard",
    Op.GAMBLE: "preparation:gamble",
    Op.FIELD: "lineup",
    Op.SWAP: "display:swap",
    Op.SWAP_IN: "display:swap-in",
    Op.FIRST: "display:first",
    Op.FLIP: "display:flip",
    Op.LEAD: "pairing:lead",
    Op.PAIR: "pairing:target",
    Op.IGNORE_DEF: "resolution:ignore-defense",
    Op.DOUBLE: "resolution:double-dice",
    Op.REROLL: "resolution:reroll",
    Op.FOUL: "resolution:foul-die",
    Op.REMOVE: "resolution:red-card",
}
KINDS = {op: DecisionKind.TURN for op in LABELS}
KINDS[Op.FIELD] = DecisionKind.HIDDEN_PICK
for _op in (Op.IGNORE_DEF, Op.DOUBLE, Op.REROLL, Op.FOUL):
    KINDS[_op] = DecisionKind.RESPONSE
# Enum members as module names (reading one through its class costs several times a global, Python
# 3.11); tuple.__new__ builds a Decision or an Event without the named tuple's Python-level constructor.
_OVER, _FIELD, _V_FIELD, _HIDDEN_PICK = Phase.OVER, Op.FIELD, Verb.FIELD, DecisionKind.HIDDEN_PICK
_new = tuple.__new__
# The sides still picking a lineup, by (side 0 ready or neutral, side 1 ready or neutral).
_PICKING = {(a, b): tuple(s for s, done in ((0, a), (1, b)) if not done) for a in (False, True) for b in (False, True)}


class MyWorldCupState(Resolver):
    """One My World Cup match. Implements pitchside.core.game.State."""

    __slots__ = ()

    # ------------------------------------------------------------------ protocol

    @property
    def config(self) -> dict[str, Any]:
        return self.t.config

    @property
    def num_seats(self) -> int:
        return 2

    def is_over(self) -> bool:
        return self.phase is _OVER

    def decision(self) -> Decision:
        ask = self.ask
        if ask is None:
            return OVER
        dec = self._dec
        if dec is not None and dec[0] is ask:  # the same question: ready and neutral cannot have changed
            return dec[1]  # type: ignore[no-any-return]
        op, seat = ask[0], ask[1]
        if op is _FIELD:
            ready, neutral = self.ready, self.t.neutral
            seats = _PICKING[ready[0] or neutral[0], ready[1] or neutral[1]]
            d = _new(Decision, (_HIDDEN_PICK, seat, seats, "lineup"))
        else:
            d = _new(Decision, (KINDS[op], seat, (seat,), LABELS[op]))
        self._dec = (ask, d)
        return d

    def legal_actions(self, seat: int) -> list[Act]:
        """The open question's candidate actions that no check of legality.py refuses (cached per ask)."""
        ask = self.ask
        if ask is None:
            return []
        if type(seat) is int and seat == ask[1]:
            acts = self._legal
            if acts is None:
                acts = self._legal = _MOVES[ask[0]](self, seat, ask)
            return acts
        return _MOVES[ask[0]](self, seat, ask)  # not this seat's question: the checks refuse every candidate

    def refusals(self, seat: int, action: Any) -> list[Refusal]:
        return RULES.refusals(self, seat, action)

    def apply(self, seat: int, action: Any) -> list[Event]:
        # An Act of a real Verb among the legal actions; anything else is refused before the state is touched.
        if type(action) is not Act or type(action.verb) is not Verb or action not in self.legal_actions(seat):
            raise self._refused(seat, action)
        ask = self.ask
        assert ask is not None
        self._legal = None
        self.ask = None
        ev: list[Event] = []
        _ANSWERS[ask[0]](self, seat, action, ask, ev)
        self._advance(ev)
        return ev

    def _refused(self, seat: int, action: Any) -> IllegalAction:
        refusal = RULES.refuse(self, seat, action)
        if refusal is None:  # the candidates of _MOVES miss an action the checks allow: a bug, said plainly
            return IllegalAction("WC-GAP-7", f"{action} is not among the legal actions (no rule names why)")
        return refusal.error(action)

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise ValueError("the match is not over")
        home, away = self.score
        if home != away:
            winner: int | None = 0 if home > away else 1
        elif self.ending == Ending.PENALTIES:
            winner = 0 if self.pens[0] > self.pens[1] else 1
        else:
            winner = None  # WC-GAP-20: friendly and group matches may be drawn
        returns = tuple(0.0 if winner is None else (1.0 if s == winner else -1.0) for s in (0, 1))
        teams = self.t.m.teams
        details: dict[str, Any] = {
            "mode": self.t.mode.value,
            "teams": [teams[0].id, teams[1].id],
            "yellows": self.yellows[:],
            "reds": self.reds[:],
        }
        if self.ending == Ending.PENALTIES:
            details["shootout"] = self.pens[:]
        return Outcome((home, away), winner, returns, self.ending, details)

    def determinize(self, seat: int, rng: Rng) -> MyWorldCupState:
        from pitchside.games.my_world_cup.view import determinize

        return determinize(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        from pitchside.games.my_world_cup.view import view

        return view(self, seat)

    # ------------------------------------------------------------------ the loop

    def _advance(self, ev: list[Event]) -> None:
        """Run steps until a coach must answer or the match is over; neutral teams answer at once."""
        while True:
            while self.ask is None:
                if self.todo:
                    step = self.todo.pop()
                    _STEPS[step[0]](self, step, ev)
                elif self.phase is _OVER:
                    return
                else:
                    _NEXT[self.phase](self, ev)
            ask = self.ask
            seat = ask[1]
            if not self.t.neutral[seat]:
                return
            act = neutral_action(self, seat)  # WC-GAP-24
            ev.append(Event("neutral", {"team": seat, "action": None if ask[0] is Op.FIELD else str(act)}))
            self._legal = None
            self.ask = None
            _ANSWERS[ask[0]](self, seat, act, ask, ev)

    def _draw(self, side: int, n: int, ev: list[Event]) -> None:
        """Draw from the shared deck, reshuffling the discard pile when it is empty (WC-GAP-23)."""
        hand, deck = self.hands[side], self.deck
        if 0 < n <= len(deck):  # the usual case, in slices: the top card (the end of the list) first
            drawn = deck[len(deck) - n :]
            drawn.reverse()
            del deck[len(deck) - n :]
            hand += drawn
            ev.append(_new(Event, ("draw", {"team": side, "count": n}, None)))
            ev.append(_new(Event, ("drew", {"team": side, "cards": drawn}, side)))
            return
        drawn = []
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break  # both empty: the draw is skipped
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                ev.append(Event("reshuffle", {"cards": len(self.deck)}))
            cid = self.deck.pop()
            hand.append(cid)
            drawn.append(cid)
        if drawn:
            ev.append(Event("draw", {"team": side, "count": len(drawn)}))
            ev.append(Event("drew", {"team": side, "cards": drawn}, side))

    # ------------------------------------------------------------------ preparation (WC-GAP-7 step 1)

    def _step_draw(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        self._draw(step[1], step[2], ev)

    def _step_depth(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        """WC-TEAM-ESP-1: in the knockout preparation phase, draw n, then discard n."""
        side = step[1]
        n = self.t.m.powers[side].depth
        self._draw(side, n, ev)
        n = min(n, len(self.hands[side]))
        if n > 0:
            self.ask = (Op.DISCARD, side, n)

    def _step_gamble(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        self.ask = (Op.GAMBLE, step[1])  # WC-TEAM-ALG-1, WC-GAP-16: optional

    def _answer_discard(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        self.hands[seat].remove(act.arg)
        self.discard.append(act.arg)
        ev.append(Event("discard", {"team": seat, "card": act.arg}))
        if ask[2] > 1:
            self.ask = (Op.DISCARD, seat, ask[2] - 1)

    def _answer_gamble(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        if act.verb is Verb.SKIP:
            ev.append(Event("skip", {"team": seat, "skill": "lineup_gamble"}))
            return
        balls, faces = self._tactical(seat, 1)
        self.limit[seat] = 5 if balls else 3  # WC-TEAM-ALG-1, WC-INC-4
        ev.append(Event("gamble", {"team": seat, "faces": faces, "limit": self.limit[seat]}))

    def _next_preparation(self, ev: list[Event]) -> None:
        self.phase = Phase.LINEUP

    # ------------------------------------------------------------------ lineup (WC-MATCH-3, WC-GAP-7 step 2)

    def _next_lineup(self, ev: list[Event]) -> None:
        for s in (0, 1):
            if self.ready[s]:
                continue
            if len(self.line[s]) >= self.limit[s] or not self.hands[s]:
                self.ready[s] = True  # nothing left to decide
                ev.append(Event("ready", {"team": s, "count": len(self.line[s])}))
                continue
            self.ask = (Op.FIELD, s)
            return
        self._reveal(ev)

    def _answer_field(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        if act.verb is Verb.READY:
            self.ready[seat] = True
            ev.append(Event("ready", {"team": seat, "count": len(self.line[seat])}))
            return
        self.hands[seat].remove(self.t.m.table.card_of[act.arg])
        line = self.line[seat]
        line.append(act.arg)
        self.stat[seat].append(0)
        ev.append(_new(Event, ("field", {"team": seat, "count": len(line)}, None)))
        ev.append(_new(Event, ("fielded", {"team": seat, "slot": len(line), "card": act.arg}, seat)))

    def _reveal(self, ev: list[Event]) -> None:
        """WC-MATCH-3: the lineups are shown together; then the display-phase skills (WC-GAP-19)."""
        self.revealed = True
        self.phase = Phase.DISPLAY
        ev.append(Event("reveal", {"lineups": [self.line[0][:], self.line[1][:]], "period": self.period}))
        steps: list[tuple[Any, ...]] = []
        ps = self.t.m.powers
        for side in self.t.m.order:  # world-rank order, each team all its display skills
            steps.extend((code, side) for code in ps[side].display)
        self.todo.extend(reversed(steps))

    # ------------------------------------------------------------------ display (WC-GAP-7 step 3)

    def _step_swap(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        side = step[1]  # WC-TEAM-ENG-3, WC-GAP-14: once per match, not in extra time
        if self.period == 0 and self._can(side, USE_SWAP) and self.hands[side] and self.line[side]:
            self.ask = (Op.SWAP, side)

    def _step_first(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        side = step[1]  # WC-TEAM-CIV-2
        if any(self._stats(side, i)[0] == GOAL for i in range(len(self.line[side]))):
            self.ask = (Op.FIRST, side)

    def _step_flip(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        side = step[1]
        if self._can(side, USE_FLIP) and self._flippable(side):
            self.ask = (Op.FLIP, side)

    def _flippable(self, side: int) -> list[int]:
        return [i for i in range(len(self.line[side])) if self._stats(side, i)[0] in (ATTACK, DEFENSE)]

    def _answer_swap(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        if act.verb is Verb.SKIP:
            ev.append(Event("skip", {"team": seat, "skill": "swap_once"}))
        else:
            ev.append(Event("swap-slot", {"team": seat, "slot": act.slot + 1}))
            self.ask = (Op.SWAP_IN, seat, act.slot)

    def _answer_swap_in(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        slot = ask[2]
        old = self.line[seat][slot]
        self.hands[seat].remove(act.card)
        self.hands[seat].append(old.split(":", 1)[0])  # WC-GAP-14: the replaced card returns to hand
        self.line[seat][slot] = act.arg
        self.used[seat] |= USE_SWAP
        ev.append(Event("swap", {"team": seat, "slot": slot + 1, "out": old, "in": act.arg}))

    def _answer_first(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        if act.verb is Verb.SKIP:
            ev.append(Event("skip", {"team": seat, "skill": "goal_first"}))
            return
        balls, faces = self._tactical(seat, 1)
        first = not balls  # WC-TEAM-CIV-2: a number -> that card pairs first; a football -> nothing
        if first:
            self.first[seat] = act.slot
        ev.append(Event("goal-first", {"team": seat, "slot": act.slot + 1, "faces": faces, "first": first}))

    def _answer_flip(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        if act.verb is Verb.SKIP:
            ev.append(Event("skip", {"team": seat, "skill": "flip_once"}))
            return
        old = self.line[seat][act.slot]
        cid, half = old.split(":", 1)
        new = f"{cid}:{'top' if half == 'bottom' else 'bottom'}"  # grade ignored
        self.line[seat][act.slot] = new
        self.used[seat] |= USE_FLIP
        ev.append(Event("flip", {"team": seat, "slot": act.slot + 1, "out": old, "in": new}))

    def _next_display(self, ev: list[Event]) -> None:
        self.phase = Phase.PAIRING

    # ------------------------------------------------------------------ pairing (WC-MATCH-4, WC-GAP-8)

    def _chooser(self, side: int) -> int:
        """WC-TEAM-PRK-1, WC-GAP-17: a North Korea card's choices are the opponent's."""
        return 1 - side if self.t.m.powers[side].opponent_pairs else side

    def _top(self, side: int) -> int:
        """The highest effective speed among the side's unresolved cards, -1 if none."""
        eff, line, st = self.t.m.eff[side], self.line[side], self.stat[side]
        best = -1
        for i in range(len(line)):
            if st[i] == 0:
                sp = eff[line[i]][2]
                if sp > best:
                    best = sp
        return best

    def _leads(self, side: int, top: int | None = None) -> list[int]:
        """The side's unresolved cards of the highest effective speed (``top``, when known)."""
        if top is None:
            top = self._top(side)
        eff, line, st = self.t.m.eff[side], self.line[side], self.stat[side]
        return [i for i in range(len(line)) if st[i] == 0 and eff[line[i]][2] == top]

    def _next_pairing(self, ev: list[Event]) -> None:
        for side in self.t.m.order:  # WC-GAP-15: Ivory Coast's first card precedes every card
            f = self.first[side]
            if f >= 0:
                self.first[side] = -1
                if self.stat[side][f] == 0:
                    self._target(side, f, ev)
                    return
        t0, t1 = self._top(0), self._top(1)
        if t0 < 0 and t1 < 0:
            self._end_period(ev)  # WC-MATCH-6
            return
        # WC-MATCH-4: the fastest card; a tie between the teams: WC-GAP-8b
        side = (0 if t0 > t1 else 1) if t0 != t1 else self._tie_winner()
        leads = self._leads(side, t0 if side == 0 else t1)
        first = self._stats(side, leads[0])
        if any(self._stats(side, i) != first for i in leads[1:]):
            self.ask = (Op.LEAD, self._chooser(side), side)  # WC-GAP-8b: the owner picks among its tied cards
            return
        self._target(side, leads[0], ev)

    def _tie_winner(self) -> int:
        """WC-MATCH-10, WC-TEAM-BRA-3, WC-GAP-8b: tie_priority first, then the better world rank."""
        p0, p1 = self.t.m.powers[0].tie_priority, self.t.m.powers[1].tie_priority
        if p0 != p1:
            return 0 if p0 else 1
        return self.t.m.order[0]

    def _answer_lead(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        self._target(ask[2], act.slot, ev)

    def _void_allowed(self, side: int) -> bool:
        """WC-MATCH-7: more unresolved cards than the opponent (the active card included)."""
        return self.stat[side].count(UNRESOLVED) > self.stat[1 - side].count(UNRESOLVED)

    def _target(self, side: int, a: int, ev: list[Event]) -> None:
        o = 1 - side
        opts = self._unresolved(o)
        chooser = self._chooser(side)
        if not opts:  # WC-GAP-8c: void is forced
            self._resolve(side, a, -1, chooser, ev)
            return
        if not self._void_allowed(side):
            first = self._stats(o, opts[0])
            if all(self._stats(o, i) == first for i in opts[1:]):  # no real choice
                self._resolve(side, a, opts[0], chooser, ev)
                return
        self.ask = (Op.PAIR, chooser, side, a)

    def _answer_pair(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        self._resolve(ask[2], ask[3], -1 if act.verb is Verb.VOID else act.slot, seat, ev)

    # ------------------------------------------------------------------ end of a period (WC-GAP-7 step 5)

    def _end_period(self, ev: list[Event]) -> None:
        for side in (0, 1):  # WC-GAP-23: every lineup card goes to the discard pile
            self.discard.extend(c.split(":", 1)[0] for c in self.line[side])
        self.line, self.stat = [[], []], [[], []]
        self.first, self.ready, self.revealed = [-1, -1], [False, False], False
        level = self.score[0] == self.score[1]
        if self.t.mode is Mode.KNOCKOUT and level and self.period == 0:  # WC-GAP-21: extra time
            self.period = 1
            self.limit = [EXTRA_TIME_MAX, EXTRA_TIME_MAX]
            self.phase = Phase.LINEUP
            ev.append(Event("extra-time", {"score": self.score[:]}))
        elif self.t.mode is Mode.KNOCKOUT and level:
            self.phase = Phase.SHOOTOUT  # WC-GAP-21: penalty shootout
            ev.append(Event("shootout", {"first": self.t.m.order[0]}))
        else:
            self._finish(Ending.EXTRA_TIME if self.period else Ending.FULL_TIME, ev)

    def _next_shootout(self, ev: list[Event]) -> None:
        self._next_kick(ev)

    # ------------------------------------------------------------------ steps of resolve.py

    def _step_attack(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        self._attack(step[1], step[2], step[3], ev)

    def _step_goal(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        self._goal(step[1], step[2], "goal", ev)

    def _step_foul(self, step: tuple[Any, ...], ev: list[Event]) -> None:
        self._foul(step[1], ev)


_S = MyWorldCupState
_STEPS: dict[str, Callable[[MyWorldCupState, tuple[Any, ...], list[Event]], None]] = {
    "draw": _S._step_draw,
    "depth": _S._step_depth,
    Op.GAMBLE: _S._step_gamble,
    Op.SWAP: _S._step_swap,
    Op.FIRST: _S._step_first,
    Op.FLIP: _S._step_flip,
    "attack": _S._step_attack,
    "goal": _S._step_goal,
    Op.FOUL: _S._step_foul,
}
STEP_NAMES = frozenset(_STEPS)
_NEXT: dict[Phase, Callable[[MyWorldCupState, list[Event]], None]] = {
    Phase.PREPARATION: _S._next_preparation,
    Phase.LINEUP: _S._next_lineup,
    Phase.DISPLAY: _S._next_display,
    Phase.PAIRING: _S._next_pairing,
    Phase.SHOOTOUT: _S._next_shootout,
}
# ------------------------------------------------------------------ each question's candidate actions
# Every action the checks could pass is a candidate; legality.py's checks keep the legal ones, so legal
# moves and refusals come from the same checks. One group of candidates per (question, verb) key.

_G = Group[Act]


def _only(op: Op, *acts: Act) -> tuple[_G, ...]:
    return tuple(((op, a.verb), (a,), False) for a in acts)


def _slots(op: Op, verb: Verb, n: int) -> _G:
    return (op, verb), A.SLOTS[verb][:n], False


# The one-action groups, built once.
(_FIELD_READY,) = _only(Op.FIELD, A.READY)
(_SWAP_SKIP,) = _only(Op.SWAP, A.SKIP)
(_FIRST_SKIP,) = _only(Op.FIRST, A.SKIP)
(_FLIP_SKIP,) = _only(Op.FLIP, A.SKIP)
(_PAIR_VOID,) = _only(Op.PAIR, A.VOID)


def _from_hand(st: MyWorldCupState, op: Op, verb: Verb, side: int) -> _G:
    """Both halves of every card in the side's hand. Their fixed checks (the card set, alike halves,
    the team's grade) run once per card and matchup (RULES.fixed_legal), cached with the matchup."""
    m = st.t.m
    passed = m.grade[side].passed.get(op)
    if passed is None:
        passed = m.grade[side].passed[op] = {}
    halves = m.table.halves if verb is _V_FIELD else m.table.swaps
    cands: list[Act] = []
    for c in sorted(set(st.hands[side])):
        acts = passed.get(c)
        if acts is None:
            acts = passed[c] = tuple(RULES.fixed_legal((op, verb), st, side, halves[c]))
        cands += acts
    return (op, verb), cands, True


def _moves_discard(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    cands = [Act(Verb.DISCARD, c) for c in sorted(set(st.hands[ask[1]]))]
    return RULES.legal_groups(st, seat, (((Op.DISCARD, Verb.DISCARD), cands, False),))


def _moves_field(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    return RULES.legal_groups(st, seat, (_from_hand(st, _FIELD, _V_FIELD, ask[1]), _FIELD_READY))


def _moves_swap(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    groups = (_slots(Op.SWAP, Verb.SWAP, len(st.line[ask[1]])), _SWAP_SKIP)
    return RULES.legal_groups(st, seat, groups)


def _moves_swap_in(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    return RULES.legal_groups(st, seat, (_from_hand(st, Op.SWAP_IN, Verb.SWAP, ask[1]),))


def _moves_first(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    groups = (_slots(Op.FIRST, Verb.FIRST, len(st.line[ask[1]])), _FIRST_SKIP)
    return RULES.legal_groups(st, seat, groups)


def _moves_flip(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    groups = (_slots(Op.FLIP, Verb.FLIP, len(st.line[ask[1]])), _FLIP_SKIP)
    return RULES.legal_groups(st, seat, groups)


def _moves_lead(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    return RULES.legal_groups(st, seat, (_slots(Op.LEAD, Verb.LEAD, len(st.line[ask[2]])),))


def _moves_pair(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    groups = (_slots(Op.PAIR, Verb.PAIR, len(st.line[1 - ask[2]])), _PAIR_VOID)
    return RULES.legal_groups(st, seat, groups)


def _moves_remove(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
    return RULES.legal_groups(st, seat, (_slots(Op.REMOVE, Verb.REMOVE, len(st.line[ask[2]])),))


def _fixed_moves(op: Op, *acts: Act) -> Callable[[MyWorldCupState, int, tuple[Any, ...]], list[Act]]:
    """A question answered by a fixed set of actions (roll or skip, double or single...)."""
    groups = _only(op, *acts)

    def moves(st: MyWorldCupState, seat: int, ask: tuple[Any, ...]) -> list[Act]:
        return RULES.legal_groups(st, seat, groups)

    return moves


_MOVES: dict[Op, Callable[[MyWorldCupState, int, tuple[Any, ...]], list[Act]]] = {
    Op.DISCARD: _moves_discard,
    Op.GAMBLE: _fixed_moves(Op.GAMBLE, A.ROLL, A.SKIP),
    Op.FIELD: _moves_field,
    Op.SWAP: _moves_swap,
    Op.SWAP_IN: _moves_swap_in,
    Op.FIRST: _moves_first,
    Op.FLIP: _moves_flip,
    Op.LEAD: _moves_lead,
    Op.PAIR: _moves_pair,
    Op.IGNORE_DEF: _fixed_moves(Op.IGNORE_DEF, A.IGNORE, A.SKIP),
    Op.DOUBLE: _fixed_moves(Op.DOUBLE, A.DOUBLE, A.SINGLE),
    Op.REROLL: _fixed_moves(Op.REROLL, A.REROLL, A.SKIP),
    Op.FOUL: _fixed_moves(Op.FOUL, A.REROLL, A.IGNORE, A.SKIP),
    Op.REMOVE: _moves_remove,
}
_ANSWERS: dict[Op, Callable[[MyWorldCupState, int, Act, tuple[Any, ...], list[Event]], None]] = {
    Op.DISCARD: _S._answer_discard,
    Op.GAMBLE: _S._answer_gamble,
    Op.FIELD: _S._answer_field,
    Op.SWAP: _S._answer_swap,
    Op.SWAP_IN: _S._answer_swap_in,
    Op.FIRST: _S._answer_first,
    Op.FLIP: _S._answer_flip,
    Op.LEAD: _S._answer_lead,
    Op.PAIR: _S._answer_pair,
    Op.IGNORE_DEF: _S._answer_ignore_def,
    Op.DOUBLE: _S._answer_double,
    Op.REROLL: _S._answer_reroll,
    Op.FOUL: _S._answer_foul,
    Op.REMOVE: _S._answer_remove,
}
ASK_OPS = frozenset(_ANSWERS)

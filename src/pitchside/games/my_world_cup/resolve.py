"""Resolving pairs (WC-MATCH-5, WC-AD-0, WC-GOAL-0, WC-FOUL-3, WC-GAP-10/11), dice, fouls and the shootout.

Resolution runs as small steps on the state's ``todo`` stack; a step that needs a coach's answer
(double dice, a reroll, an ignore, a red-card removal) opens an ``ask`` and the answer continues it.
Comments cite docs/rules/my-world-cup.md.
"""

from __future__ import annotations

from typing import Any

from pitchside.core.game import Event
from pitchside.games.my_world_cup.actions import Act, Verb
from pitchside.games.my_world_cup.cards import BALL, CLEAN, FOUL_FACES, FOUL_LETTER, PENALTY, RED, YELLOW
from pitchside.games.my_world_cup.skills import (
    USE_IGNORE_DEFENSE,
    USE_IGNORE_FOUL,
    USE_REROLL,
    USE_REROLL_FOUL,
)
from pitchside.games.my_world_cup.state import (
    ATTACK,
    DEFENSE,
    FOUL,
    GOAL,
    REMOVED,
    RESOLVED,
    ROLL_ATTACK,
    ROLL_COUNTER,
    ROLL_KICK,
    SHOOTOUT_KICKS,
    UNRESOLVED,
    Data,
    Ending,
    Op,
    Phase,
)

_HOW = {ROLL_ATTACK: "attack", ROLL_COUNTER: "counter-attack", ROLL_KICK: "kick"}
_BATCH = 8  # the box has 8 tactical dice: larger rolls go in batches (WC-GAP-4)


class Resolver(Data):
    __slots__ = ()

    # ------------------------------------------------------------------ helpers

    def _can(self, side: int, bit: int) -> bool:
        """A once-per-match ability the team has and has not used yet."""
        return bool(self.t.m.powers[side].once & bit) and not self.used[side] & bit

    def _unresolved(self, side: int) -> list[int]:
        st = self.stat[side]
        return [i for i in range(len(st)) if st[i] == UNRESOLVED]

    def _stats(self, side: int, slot: int) -> tuple[int, int, int]:
        return self.t.m.eff[side][self.line[side][slot]]

    def _goal(self, side: int, n: int, how: str, ev: list[Event]) -> None:
        self.score[side] += n
        ev.append(Event("goal", {"team": side, "goals": n, "how": how, "score": self.score[:]}))

    def _nothing(self, why: str, ev: list[Event]) -> None:
        ev.append(Event("nothing", {"why": why}))

    def _tactical(self, side: int, n: int) -> tuple[int, str]:
        """Roll ``n`` tactical dice: (footballs, faces as text, B = football) (WC-GAP-4)."""
        faces = self.t.m.dice.tactical
        balls, text = 0, []
        for i in self.rng.dice(n, 6, _BATCH):  # a setup's named rolls first (rng.rolls: face indexes)
            f = faces[i]
            if f == BALL:
                balls += 1
                text.append("B")
            else:
                text.append(f)
        out = "".join(text)
        self.rolls.append(f"{side}T:{out}")
        return balls, out

    def _foul_die(self, side: int) -> str:
        face = self.t.m.dice.foul[self.rng.roll(6)]
        self.rolls.append(f"{side}F:{FOUL_LETTER[face]}")
        return face

    # ------------------------------------------------------------------ one pair

    def _resolve(self, side: int, a: int, b: int, chooser: int, ev: list[Event]) -> None:
        """Resolve the active card ``a`` of ``side`` against slot ``b`` of the other side, or void if b < 0."""
        o = 1 - side
        eff = self.t.m.eff
        ca = self.line[side][a]
        self.stat[side][a] = RESOLVED  # WC-GAP-8d: both cards are finished
        ka, va, _ = eff[side][ca]
        todo = self.todo
        if b < 0:  # WC-MATCH-7: void resolution
            ev.append(Event("pair", {"team": side, "slot": a + 1, "card": ca, "target": None, "chooser": chooser}))
            if ka == ATTACK:
                self._attack(side, va, -1, ev)
            elif ka == GOAL:
                self._goal(side, va, "goal", ev)
            else:
                self._nothing("void " + ("defense" if ka == DEFENSE else "foul"), ev)
            return
        cb = self.line[o][b]
        self.stat[o][b] = RESOLVED
        kb, vb, _ = eff[o][cb]
        ev.append(
            Event("pair", {"team": side, "slot": a + 1, "card": ca, "target": b + 1, "against": cb, "chooser": chooser})
        )
        if ka == FOUL or kb == FOUL:  # WC-FOUL-3, WC-GAP-10
            if ka == FOUL and kb == FOUL:  # both negated, both roll, chooser first
                ev.append(Event("negated", {"team": -1}))
                todo.append(("foul", 1 - chooser))
                todo.append(("foul", chooser))
            else:
                fouler = side if ka == FOUL else o
                ev.append(Event("negated", {"team": 1 - fouler}))
                todo.append(("foul", fouler))
            return
        if ka == DEFENSE or kb == DEFENSE:
            if ka == kb:  # WC-GAP-10: defense vs defense
                self._nothing("defense vs defense", ev)
                return
            d_side, d = (side, va) if ka == DEFENSE else (o, vb)
            x_side, xk, x = (o, kb, vb) if ka == DEFENSE else (side, ka, va)
            if xk == ATTACK:  # WC-AD-0b
                full = x if self._can(x_side, USE_IGNORE_DEFENSE) else -1
                if x > d or full > 0:
                    self._attack(x_side, x - d if x > d else 0, full, ev)
                else:
                    self._nothing("defense holds", ev)  # WC-AD-0b, WC-GAP-11
            elif x > d:  # WC-AD-0c: goal beats defense
                self._goal(x_side, x - d, "goal", ev)
            elif x < d:  # WC-AD-0c: counter-attack
                self._roll(d_side, d - x + self.t.m.powers[d_side].counter, 1, ROLL_COUNTER, ev)
            else:
                self._nothing("goal equals defense", ev)  # WC-GAP-11
            return
        # WC-GAP-10: attack/goal vs attack/goal: the higher value acts, with the difference (as against a
        # defense, WC-AD-0b/0c); equal values: nothing (WC-GAP-11).
        if va == vb:
            self._nothing("equal values", ev)
            return
        w, k, n = (side, ka, va - vb) if va > vb else (o, kb, vb - va)
        todo.append(("attack", w, n, -1) if k == ATTACK else ("goal", w, n))

    # ------------------------------------------------------------------ attack rolls

    def _attack(self, side: int, n: int, full: int, ev: list[Event]) -> None:
        """An attack roll of ``n`` dice; ``full`` > n offers Argentina's ignore_defense_once."""
        if full > n and self._can(side, USE_IGNORE_DEFENSE):
            self.ask = (Op.IGNORE_DEF, side, n, full)
            return
        self._attack_dice(side, n, ev)

    def _attack_dice(self, side: int, n: int, ev: list[Event]) -> None:
        if n <= 0:
            self._nothing("no dice", ev)
            return
        if self.t.m.powers[side].double_dice:  # WC-GAP-13: optional, declared before rolling
            self.ask = (Op.DOUBLE, side, n)
            return
        self._roll(side, n, 1, ROLL_ATTACK, ev)

    def _roll(self, side: int, n: int, mode: int, purpose: int, ev: list[Event], again: bool = False) -> None:
        """Roll for a goal: mode 1 = any football scores one (WC-AD-0a); mode 2 = Spain's double dice."""
        dice = n * mode
        balls, faces = self._tactical(side, dice)
        goals = balls // 2 if mode == 2 else (1 if balls else 0)
        ev.append(
            Event("roll", {"team": side, "dice": dice, "faces": faces, "for": _HOW[purpose], "double": mode == 2})
        )
        best = dice // 2 if mode == 2 else 1
        if not again and goals < best and self._can(side, USE_REROLL):
            self.ask = (Op.REROLL, side, n, mode, purpose, goals)
            return
        self._rolled(side, purpose, goals, ev)

    def _rolled(self, side: int, purpose: int, goals: int, ev: list[Event]) -> None:
        if purpose == ROLL_KICK:
            self.kicks[side] += 1
            self.pens[side] += 1 if goals else 0
            ev.append(Event("kick", {"team": side, "scored": bool(goals), "shootout": self.pens[:]}))
        elif goals:
            self._goal(side, goals, _HOW[purpose], ev)  # WC-GAP-26: counter-attack goals to the roller

    # ------------------------------------------------------------------ fouls

    def _foul(self, side: int, ev: list[Event], again: bool = False) -> None:
        face = self._foul_die(side)  # WC-FOUL-3: the fouling side rolls the foul die once
        ev.append(Event("foul-die", {"team": side, "face": face, "reroll": again}))
        self._foul_face(side, face, ev)

    def _foul_face(self, side: int, face: str, ev: list[Event]) -> None:
        if face != CLEAN and (self._can(side, USE_REROLL_FOUL) or self._can(side, USE_IGNORE_FOUL)):
            self.ask = (Op.FOUL, side, FOUL_FACES.index(face))
            return
        self._foul_effect(side, face, ev)

    def _foul_effect(self, side: int, face: str, ev: list[Event]) -> None:
        """WC-GAP-5, applied to the fouling team."""
        if face == YELLOW:
            self.yellows[side] += 1
            second = self.yellows[side] % 2 == 0
            ev.append(Event("yellow", {"team": side, "yellows": self.yellows[side], "second": second}))
            if second:  # a second yellow becomes a red (WC-GAP-5, WC-PROJ-6)
                self._red(side, ev)
        elif face == RED:
            self._red(side, ev)
        elif face == PENALTY:
            self._goal(1 - side, 1, "penalty", ev)  # WC-GAP-26: to the fouled team

    def _red(self, side: int, ev: list[Event]) -> None:
        self.reds[side] += 1
        ev.append(Event("red", {"team": side, "reds": self.reds[side]}))
        opts = self._unresolved(side)
        if not opts:
            return  # no effect if none left (WC-GAP-5)
        first = self._stats(side, opts[0])
        if all(self._stats(side, i) == first for i in opts[1:]):
            self._remove(side, opts[0], ev)  # no real choice
        else:
            self.ask = (Op.REMOVE, 1 - side, side)  # the opponent chooses

    def _remove(self, side: int, slot: int, ev: list[Event]) -> None:
        self.stat[side][slot] = REMOVED
        if self.first[side] == slot:
            self.first[side] = -1
        ev.append(Event("removed", {"team": side, "slot": slot + 1, "card": self.line[side][slot]}))

    # ------------------------------------------------------------------ shootout (WC-GAP-21)

    def _next_kick(self, ev: list[Event]) -> None:
        a = self.t.m.order[0]  # the better world rank kicks first
        b = 1 - a
        ka, kb, pa, pb = self.kicks[a], self.kicks[b], self.pens[a], self.pens[b]
        if ka <= SHOOTOUT_KICKS and kb <= SHOOTOUT_KICKS:
            decided = pa > pb + (SHOOTOUT_KICKS - kb) or pb > pa + (SHOOTOUT_KICKS - ka)
        else:
            decided = False
        if ka == kb and ka >= SHOOTOUT_KICKS and pa != pb:
            decided = True  # after five each, or a sudden-death pair
        if decided:
            self._finish(Ending.PENALTIES, ev)
            return
        side = a if ka == kb else b
        self._roll(side, self.t.m.powers[side].kick_dice, 1, ROLL_KICK, ev)

    def _finish(self, ending: Ending, ev: list[Event]) -> None:
        for side in (0, 1):
            if self.t.neutral[side] and self.hands[side]:  # WC-GAP-24: a neutral team keeps no hand
                self.discard.extend(self.hands[side])
                self.hands[side] = []
        self.phase = Phase.OVER
        self.ending = ending.value
        self.ask = None
        self.todo = []
        ev.append(Event("over", {"ending": ending.value, "score": self.score[:], "shootout": self.pens[:]}))

    # ------------------------------------------------------------------ answers

    def _answer_ignore_def(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        _, side, n, full = ask
        if act.verb is Verb.IGNORE:  # WC-GAP-25: ignore_defense_once
            self.used[side] |= USE_IGNORE_DEFENSE
            ev.append(Event("skill", {"team": side, "skill": "ignore_defense_once", "dice": full}))
            self._attack_dice(side, full, ev)
        else:
            self._attack_dice(side, n, ev)

    def _answer_double(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        _, side, n = ask  # WC-GAP-13
        self._roll(side, n, 2 if act.verb is Verb.DOUBLE else 1, ROLL_ATTACK, ev)

    def _answer_reroll(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        _, side, n, mode, purpose, goals = ask
        if act.verb is Verb.REROLL:  # WC-GAP-25: reroll_once
            self.used[side] |= USE_REROLL
            ev.append(Event("skill", {"team": side, "skill": "reroll_once"}))
            self._roll(side, n, mode, purpose, ev, again=True)
        else:
            self._rolled(side, purpose, goals, ev)

    def _answer_foul(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        _, side, face_i = ask
        face = FOUL_FACES[face_i]
        if act.verb is Verb.REROLL:  # WC-GAP-25: reroll_foul_once
            self.used[side] |= USE_REROLL_FOUL
            ev.append(Event("skill", {"team": side, "skill": "reroll_foul_once"}))
            self._foul(side, ev, again=True)
        elif act.verb is Verb.IGNORE:  # WC-GAP-25: ignore_foul_once
            self.used[side] |= USE_IGNORE_FOUL
            ev.append(Event("skill", {"team": side, "skill": "ignore_foul_once", "face": face}))
        else:
            self._foul_effect(side, face, ev)

    def _answer_remove(self, seat: int, act: Act, ask: tuple[Any, ...], ev: list[Event]) -> None:
        self._remove(ask[2], act.slot, ev)  # WC-GAP-5

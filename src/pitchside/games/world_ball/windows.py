"""Response windows and prompts: shots and saves, the 争议事件 chain, "you may" prompts.

Each open window is a frame on ``state.stack`` (a dict of scalars). The top frame decides who
acts. A window asks its seats one at a time, clockwise from the left of the player who acted
last, and closes when every seat it concerns has passed in one unbroken lap (WB-GAP-6, WB-GAP-10):

* ``shot``  — opened by a shot (射门, 任意球, 点球). Opponents of the shooter answer with a Save
  (救险, a goalkeeper's 射门, Terry's discard, 人墙) or 误判, or pass. Enough Saves negate the shot
  at once; a lap of passes scores it (WB-GAP-5).
* ``save``  — opened by each Save. The shooter's team may answer with 黑哨 (or Messi's skill);
  a lap of passes and the Save counts toward the saves the shot needs.
* ``event`` — opened by every event card. Anyone may answer with 争议事件; each one played
  restarts the lap; at the end the event acts iff an even number were stacked on it.
* ``prompt`` — one seat's "you may" (第二口气, Klose, Puyol): 'skill [CARD]' or 'pass'.

A seat holding no card is not asked: nothing it could answer with is possible without one (hand
sizes are public). Nor is anyone asked for a reactive card whose every copy is in the discard pile.
"""

from __future__ import annotations

from typing import Any

from pitchside.core.decision import Decision, DecisionKind
from pitchside.core.game import Event
from pitchside.games.world_ball import actions as A
from pitchside.games.world_ball.actions import Play, Verb
from pitchside.games.world_ball.effects import GOAL, SAVE_PLAYED, SHOT_NEGATED, SHOT_PLAYED, Prompt
from pitchside.games.world_ball.events import EVENT_EFFECTS
from pitchside.games.world_ball.events import with_defaults as event_params
from pitchside.games.world_ball.mechanics import Mechanics
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, team

Frame = dict[str, Any]
_LABELS = {SHOT: "shot", SAVE: "save", EVENT: "controversy"}
_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}
_PLAYS: dict[str, Play] = {}
# tuple.__new__: a Decision's fields in order, without the named tuple's Python-level constructor
_new = tuple.__new__


_EQUIPS: dict[str, Play] = {}


def play_card(cid: str) -> Play:
    """The action 'play CID' (shared objects: legal lists are rebuilt often)."""
    p = _PLAYS.get(cid)
    if p is None:
        p = _PLAYS[cid] = Play(Verb.PLAY, cid)
    return p


def equip_card(cid: str) -> Play:
    """The action 'equip CID' (shared objects, as ``play_card``)."""
    p = _EQUIPS.get(cid)
    if p is None:
        p = _EQUIPS[cid] = Play(Verb.EQUIP, cid)
    return p


class Windows(Mechanics):
    __slots__ = ()

    # ----------------------------------------------------------------- who is asked

    def _unseen(self, answers: str) -> bool:
        """Could a reactive card answering ``answers`` still be in some hand? (public information)"""
        key = (len(self.discard), self.half, self.sudden)
        cache = self._seen
        if cache is None or cache[0] != key:
            c = self.t.content
            discard = self.discard
            gates = {a: any(c.counts[cid] > discard.count(cid) for cid in c.reactive(a)) for a in ("event", "save")}
            cache = self._seen = (key, gates)
        return bool(cache[1][answers])

    def _asks(self, f: Frame) -> int:
        """The seats this window asks at all, as a bit mask."""
        hands, n, k = self.hands, self.t.n, f["k"]
        mask = 0
        if k == SHOT:
            for s in range(1 - team(f["seat"]), n, 2):
                if hands[s]:
                    mask |= 1 << s
            return mask
        if k == SAVE:
            shooter = f["shooter"]
            if self._unseen("save"):
                for s in range(team(shooter), n, 2):
                    if hands[s]:
                        mask |= 1 << s
            elif hands[shooter] and any(
                p.when(self, shooter, f)  # type: ignore[arg-type]
                for p in self.pw[shooter].prompts.get(SAVE_PLAYED, ())
            ):
                mask = 1 << shooter
            return mask
        if self._unseen("event"):
            for s in range(n):
                if hands[s]:
                    mask |= 1 << s
        return mask

    def _order(self, mask: int, start: int) -> tuple[int, ...]:
        """The seats of ``mask`` clockwise from ``start`` (inclusive)."""
        n = self.t.n
        key = (n, start, mask)
        got = _ORDERS.get(key)
        if got is None:
            got = _ORDERS[key] = tuple(s for s in ((start + i) % n for i in range(n)) if (mask >> s) & 1)
        return got

    def window_seats(self, f: Frame) -> tuple[int, ...]:
        """The seats the top frame may still ask in this lap, in order, the deciding seat first."""
        if f["k"] == PROMPT:
            return (f["seat"],)
        return self._order(self._asks(f) & ~f["passed"], f["at"])

    def settle(self, ev: list[Event]) -> None:
        """Advance open windows until a seat must answer, closing those everybody passed."""
        stack = self.stack
        n = self.t.n
        while stack:
            f = stack[-1]
            if f["at"] >= 0:
                return
            mask = self._asks(f) & ~f["passed"]
            if mask:
                seats = self._order(mask, (f["from"] + 1) % n)
                f["at"] = seats[0]
                self._dec = _new(Decision, (DecisionKind.RESPONSE, seats[0], seats, _LABELS[f["k"]]))
                return
            stack.pop()
            k = f["k"]
            if k == SHOT:
                self._goal(f, ev)
            elif k == SAVE:
                self._save_counts(f, ev)
            else:
                self._resolve_event(f, ev)

    # ----------------------------------------------------------------- legal answers

    def window_legal(self, seat: int) -> list[Play]:
        f = self.stack[-1]
        k = f["k"]
        if k == SHOT:
            return self._shot_answers(f, seat)
        if k == SAVE:
            return self._save_answers(f, seat)
        if k == EVENT:
            return [*self._reactive(seat, "event"), A.PASS]
        return self._prompt_answers(f, seat)

    def _reactive(self, seat: int, answers: str) -> list[Play]:
        hand = self.hands[seat]
        return [play_card(cid) for cid in self.t.content.reactive(answers) if cid in hand]

    def may_save(self, f: Frame, seat: int) -> bool:
        """WB-GAP-13 (not injured), Kaká's dribble (not the denied seat)."""
        return not self.injured[seat] and f["blocked"] != seat

    def captain_for(self, saver: int, cost: int) -> int:
        """The first teammate clockwise who may pay this 救险's cost instead (Puyol), or -1."""
        if cost <= 0:
            return -1
        n, pw, stamina = self.t.n, self.pw, self.stamina
        for i in range(2, n, 2):
            s = (saver + i) % n
            if pw[s].captain and stamina[s] >= cost:
                return s
        return -1

    def _shot_answers(self, f: Frame, seat: int) -> list[Play]:
        shooter, hand = f["seat"], self.hands[seat]
        acts: list[Play] = []
        if self.may_save(f, seat):
            pw = self.pw[seat]
            cost = self.save_cost(seat, shooter, "save")
            helped = not (f["refused"] >> seat) & 1 and self.captain_for(seat, cost) >= 0
            if self.stamina[seat] >= cost or helped:
                if "save" in hand:
                    acts.append(play_card("save"))  # WB-ACT-4
                ch = self.char(seat)
                gk = ch is not None and ch.goalkeeper and not self.pw[shooter].no_gk_save  # WB-CHAR-5, Drogba
                for cid in sorted(set(hand)):
                    if cid != "save" and (pw.discard_as_save or (gk and cid == "shoot")):
                        acts.append(Play(Verb.SAVE, cid))  # a goalkeeper's 射门, Terry's discard
            if f["play"] in pw.wall and self.stamina[seat] >= self.save_cost(seat, shooter, "wall"):
                acts.extend(Play(Verb.WALL, cid) for cid in sorted(set(hand)))  # 人墙
        acts.extend(self._reactive(seat, "shot"))  # 误判
        acts.append(A.PASS)
        return acts

    def _save_prompts(self, f: Frame, seat: int) -> list[Prompt]:
        return [p for p in self.pw[seat].prompts.get(SAVE_PLAYED, ()) if p.when(self, seat, f)]  # type: ignore[arg-type]

    def _save_answers(self, f: Frame, seat: int) -> list[Play]:
        acts = self._reactive(seat, "save")  # 黑哨
        for p in self._save_prompts(f, seat):  # Messi
            acts.extend(self._prompt_uses(p, seat))
        return [*dict.fromkeys(acts), A.PASS]

    def _prompt_uses(self, p: Prompt, seat: int) -> list[Play]:
        if p.cost > self.stamina[seat]:
            return []
        if p.card:
            return [Play(Verb.SKILL, cid) for cid in sorted(set(self.hands[seat]))]
        return [A.SKILL]

    def _prompt(self, f: Frame) -> Prompt | None:
        for p in self.pw[f["seat"]].prompts.get(f["point"], ()):
            if p.effect == f["effect"]:
                return p
        return None

    def _prompt_answers(self, f: Frame, seat: int) -> list[Play]:
        if f["effect"] == "captain":
            return [A.SKILL, A.PASS]
        p = self._prompt(f)
        return [*(self._prompt_uses(p, seat) if p else []), A.PASS]

    # ----------------------------------------------------------------- applying answers

    def window_apply(self, seat: int, act: Play, ev: list[Event]) -> None:
        f = self.stack[-1]
        k = f["k"]
        if k == PROMPT:
            self._answer_prompt(f, seat, act, ev)
            return
        if act.verb is Verb.PASS:
            f["passed"] |= 1 << seat
            f["from"], f["at"] = seat, -1
            self.emit(ev, "pass", seat=seat, window=k)
            return
        if k == SHOT:
            if act.verb is Verb.PLAY and act.arg != "save":
                self._acted(f, seat)
                self.open_event(seat, act.arg, -1, "", ev)  # 误判
            else:
                self.declare_save(f, seat, self._how(f, seat, act), act.arg, ev)
        elif k == SAVE:
            self._acted(f, seat)
            if act.verb is Verb.PLAY:
                self.open_event(seat, act.arg, -1, "", ev)  # 黑哨
            else:
                self._use_prompt_option(self._save_prompts(f, seat), seat, act, ev)  # Messi
        else:  # a 争议事件 on the chain (WB-GAP-10)
            self._acted(f, seat)
            self.discard_card(seat, act.arg)
            self.played = True
            f["depth"] += 1
            self.emit(ev, "controversy", seat=seat, card=f["card"], depth=f["depth"])

    def _how(self, f: Frame, seat: int, act: Play) -> str:
        """What kind of Save an answer is: the card, a goalkeeper's 射门, Terry's discard, 人墙."""
        if act.verb is Verb.PLAY:
            return "card"
        if act.verb is Verb.WALL:
            return "wall"
        ch = self.char(seat)
        if act.arg == "shoot" and ch is not None and ch.goalkeeper and not self.pw[f["seat"]].no_gk_save:
            return "gk"
        return "discard"

    @staticmethod
    def _acted(f: Frame, seat: int) -> None:
        """A card was played in this window: the lap starts again at the player's left."""
        f["passed"], f["from"], f["at"] = 0, seat, -1

    def _use_prompt_option(self, prompts: list[Prompt], seat: int, act: Play, ev: list[Event]) -> None:
        p = prompts[0]
        if act.arg:
            self.discard_card(seat, act.arg)
            self.played = True
        zero = self.pay(seat, p.cost, ev, p.effect)
        self.emit(ev, "skill", seat=seat, effect=p.effect, card=act.arg)
        p.apply(self, seat, {"seat": seat}, ev)  # type: ignore[arg-type]
        if zero:
            self.zero_prompt(seat, ev)

    def _answer_prompt(self, f: Frame, seat: int, act: Play, ev: list[Event]) -> None:
        self.stack.pop()
        if f["effect"] == "captain":
            self._captain_answer(f, act.verb is Verb.SKILL, ev)
            return
        if act.verb is Verb.PASS:
            self.emit(ev, "pass", seat=seat, window=f["effect"])
            return
        p = self._prompt(f)
        assert p is not None
        if act.arg:
            self.discard_card(seat, act.arg)
            self.played = True
        zero = self.pay(seat, p.cost, ev, p.effect)
        self.emit(ev, "skill", seat=seat, effect=p.effect, card=act.arg)
        p.apply(self, seat, f, ev)  # type: ignore[arg-type]
        if zero:
            self.zero_prompt(seat, ev)

    # ----------------------------------------------------------------- shots

    def play_shot(self, seat: int, card: str, play: str, ev: list[Event]) -> None:
        """A shot (WB-ACT-3, WB-SET-2, WB-GAP-7): pay, then the opponents' window (WB-GAP-6)."""
        cost = self.shot_cost(seat, play) or 0
        self.discard_card(seat, card)
        self.played = True
        if play == "shoot":
            self.shots += 1
        zero = self.pay(seat, cost, ev, "shot")
        blocked, self.block = self.block, -1
        need = self.needs(seat, play)
        self.stack.append({"k": SHOT, "seat": seat, "play": play, "card": card, "need": need, "saves": 0,
                           "blocked": blocked, "refused": 0, "from": seat, "at": -1, "passed": 0})  # fmt: skip
        self.emit(ev, "shot", seat=seat, play=play, card=card, cost=cost, need=need, blocked=blocked)
        ctx = {"shooter": seat, "play": play, "by": -1}
        self.fire(SHOT_PLAYED, ctx, ev)  # Beckham
        self.push_prompts(SHOT_PLAYED, ctx, ev)  # Klose
        if zero:
            self.zero_prompt(seat, ev)

    def declare_save(self, f: Frame, seat: int, how: str, card: str, ev: list[Event]) -> None:
        """A Save is declared; Puyol may first offer to pay for it (WB-GAP-6)."""
        cost = self.save_cost(seat, f["seat"], how)
        if how != "wall" and not (f["refused"] >> seat) & 1:
            captain = self.captain_for(seat, cost)
            if captain >= 0:  # the declared card waits, face up, in the prompt
                self.hands[seat].remove(card)
                self.stack.append({"k": PROMPT, "effect": "captain", "point": "captain", "seat": captain,
                                   "at": captain, "saver": seat, "how": how, "card": card, "cost": cost})  # fmt: skip
                return
        self._execute_save(seat, how, card, seat, cost, ev)

    def _captain_answer(self, p: Frame, pays: bool, ev: list[Event]) -> None:
        saver, cost = p["saver"], p["cost"]
        self.hands[saver].append(p["card"])
        if pays:
            self.emit(ev, "skill", seat=p["seat"], effect="captain", card="")
            self._execute_save(saver, p["how"], p["card"], p["seat"], cost, ev)
            return
        self.emit(ev, "pass", seat=p["seat"], window="captain")
        self.stack[-1]["refused"] |= 1 << saver  # not asked again for this shot
        if self.stamina[saver] >= cost:
            self._execute_save(saver, p["how"], p["card"], saver, cost, ev)
        # else the Save cannot be paid: it is not played (the card goes back), and the saver answers again

    def _execute_save(self, seat: int, how: str, card: str, payer: int, cost: int, ev: list[Event]) -> None:
        f = self.stack[-1]
        self._acted(f, seat)
        self.discard_card(seat, card)
        self.played = True
        zero = self.pay(payer, cost, ev, "save")
        self.emit(ev, "save", seat=seat, how=how, card=card, cost=cost, payer=payer, shooter=f["seat"])
        self.stack.append({"k": SAVE, "seat": seat, "how": how, "card": card, "shooter": f["seat"],
                           "from": seat, "at": -1, "passed": 0})  # fmt: skip
        if zero:
            self.zero_prompt(payer, ev)

    def negate_save(self, ev: list[Event], why: str) -> None:
        """The Save being answered is negated and does not count (黑哨, Messi)."""
        f = self.stack.pop()
        assert f["k"] == SAVE, f
        self.emit(ev, "save-negated", seat=f["seat"], shooter=f["shooter"], why=why)

    def _save_counts(self, f: Frame, ev: list[Event]) -> None:
        shot = self.stack[-1]
        saver = f["seat"]
        if shot["play"] in self.pw[saver].full_save:  # Casillas
            shot["saves"] = max(shot["saves"] + 1, shot["need"])
        else:
            shot["saves"] += 1
        self.emit(ev, "save-counts", seat=saver, saves=shot["saves"], need=shot["need"])
        if shot["saves"] >= shot["need"]:  # WB-GAP-6: negated at once
            self.negate_shot(saver, ev)

    def negate_shot(self, by: int, ev: list[Event]) -> None:
        """The open shot is negated (WB-ACT-4); ``by`` is the saver who brought S to R, -1 for 误判."""
        f = self.stack.pop()
        assert f["k"] == SHOT, f
        self.emit(ev, "shot-negated", shooter=f["seat"], play=f["play"], by=by)
        self.fire(SHOT_NEGATED, {"shooter": f["seat"], "play": f["play"], "by": by}, ev)

    def _goal(self, f: Frame, ev: list[Event]) -> None:
        """A lap of passes with fewer saves than needed: a goal, one point (WB-GAP-5)."""
        shooter = f["seat"]
        side = team(shooter)
        self.score[side] += 1
        self.emit(ev, "goal", seat=shooter, team=side, play=f["play"], score=self.score[:])
        if self.sudden:  # WB-GAP-22: the first goal wins
            self.finish("sudden-death", ev)
            return
        self.fire(GOAL, {"shooter": shooter, "play": f["play"], "by": -1}, ev)

    # ----------------------------------------------------------------- events

    def open_event(self, seat: int, card: str, target: int, extra: str, ev: list[Event]) -> None:
        """An event card is played (no stamina, WB-GAP-9); the 争议事件 window opens (WB-GAP-10)."""
        self.hands[seat].remove(card)
        self.played = True
        self.stack.append({"k": EVENT, "seat": seat, "card": card, "target": target, "extra": extra,
                           "depth": 0, "from": seat, "at": -1, "passed": 0})  # fmt: skip
        self.emit(ev, "event", seat=seat, card=card, target=target, extra=extra)

    def _resolve_event(self, f: Frame, ev: list[Event]) -> None:
        card, seat, target = f["card"], f["seat"], f["target"]
        e = self.t.content.events[card]
        if f["depth"] % 2:  # an odd number of 争议事件: negated
            self.discard.append(card)
            self.emit(ev, "event-negated", seat=seat, card=card, depth=f["depth"])
            return
        self.emit(ev, "event-resolves", seat=seat, card=card, target=target, depth=f["depth"])
        if e.pending:  # WB-GAP-14
            if card in self.pending[target]:
                self.discard.append(card)
            else:
                self.pending[target].append(card)
                self.emit(ev, "pending", seat=target, card=card)
            return
        self.discard.append(card)
        eff = EVENT_EFFECTS[e.effect]
        eff.run(self, seat, target, f["extra"], event_params(e.effect, e.params), ev)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- implemented in rules.py

    def finish(self, ending: str, ev: list[Event]) -> None:
        raise NotImplementedError

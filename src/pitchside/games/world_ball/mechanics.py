"""The verbs effects are written in: draw, recover, lose stamina, injure, costs, triggers.

Everything here is a small operation on the state with its events; effects.py and events.py
call these, windows.py and rules.py build the flow of play from them.
"""

from __future__ import annotations

from typing import Any

from pitchside.core.game import Event
from pitchside.games.world_ball.cards import Character, Content
from pitchside.games.world_ball.effects import STAMINA_ZERO, Ctx, build_powers
from pitchside.games.world_ball.state import DRAW, PROMPT, SHOT, Data

# tuple.__new__: an Event's fields in order, without the named tuple's Python-level constructor
_new_event = tuple.__new__


class Mechanics(Data):
    __slots__ = ()

    # ----------------------------------------------------------------- derived facts

    @property
    def content(self) -> Content:
        return self.t.content

    def char(self, seat: int) -> Character | None:
        cid = self.chars[seat]
        return self.t.content.characters[cid] if cid else None

    def refresh_powers(self, seat: int) -> None:
        """Recompute a seat's powers after its character or skill area changed (cached per combination)."""
        key = (self.chars[seat], tuple(self.skills[seat]))
        cache = self.t.powers_cache
        pw = cache.get(key)
        if pw is None:
            c = self.t.content
            sources: list[tuple[str, Any]] = []
            ch = c.characters[key[0]] if key[0] else None
            if ch is not None:
                sources.append((ch.effect, ch.params))
            for sid in key[1]:
                sk = c.skills[sid]
                sources.append((sk.effect, sk.params))
            pw = cache[key] = build_powers(sources, ch)
        self.pw[seat] = pw
        self._fire = None

    def max_stamina(self, seat: int) -> int:
        """WB-CHAR-2 plus 体能充沛 (WB-GAP-2): settled with the seat's powers (effects.Powers.settle)."""
        return self.pw[seat].max_stamina

    def hand_limit(self, seat: int) -> int:
        """WB-TURN-5, WB-GAP-24: 4, Rooney 6, or as a skill says (effects.Powers.settle)."""
        return self.pw[seat].limit

    def draw_count(self, seat: int) -> int:
        return self.pw[seat].draw_count or DRAW  # WB-TURN-3

    def clockwise(self, start: int) -> list[int]:
        """Every seat clockwise beginning with ``start`` (WB-GAP-27 orders simultaneous triggers)."""
        n = self.t.n
        return [(start + i) % n for i in range(n)]

    # ----------------------------------------------------------------- events

    @staticmethod
    def emit(ev: list[Event], kind: str, **data: Any) -> None:
        ev.append(_new_event(Event, (kind, data, None)))

    # ----------------------------------------------------------------- cards

    def draw(self, seat: int, k: int, ev: list[Event], why: str = "") -> list[str]:
        """Draw up to ``k`` from the deck; an empty deck gives what remains (WB-GAP-19)."""
        deck = self.deck
        if k <= 0:
            got = []
        elif k >= len(deck):
            got, self.deck = deck[::-1], []
        else:
            got = deck[-1 : -k - 1 : -1]
            del deck[-k:]
        self.hands[seat].extend(got)
        ev.append(Event("draw", {"seat": seat, "count": len(got), "why": why}))
        if got:
            ev.append(Event("drew", {"seat": seat, "cards": got}, seat))
        return got

    def discard_card(self, seat: int, cid: str) -> None:
        self.hands[seat].remove(cid)
        self.discard.append(cid)

    def give(self, seat: int, cid: str, target: int, ev: list[Event]) -> None:
        """Move a card from one hand to a teammate's (Iniesta); only the two of them see which."""
        self.hands[seat].remove(cid)
        self.hands[target].append(cid)
        self.emit(ev, "give", seat=seat, target=target)
        ev.append(Event("gave", {"seat": seat, "target": target, "card": cid}, seat))
        ev.append(Event("given", {"seat": seat, "target": target, "card": cid}, target))

    def steal_random(self, player: int, target: int, ev: list[Event]) -> None:
        """抢断: one uniformly random card of the target's hand (WB-GAP-31)."""
        hand = self.hands[target]
        if not hand:
            self.emit(ev, "steal", seat=player, target=target, count=0)
            return
        cid = hand.pop(self.rng.below(len(hand)))
        self.hands[player].append(cid)
        self.emit(ev, "steal", seat=player, target=target, count=1)
        ev.append(Event("stole", {"seat": player, "target": target, "card": cid}, player))
        ev.append(Event("lost", {"seat": player, "target": target, "card": cid}, target))

    # ----------------------------------------------------------------- stamina and injury

    def recover(self, seat: int, k: int, ev: list[Event], why: str = "") -> None:
        """Recover stamina, never above the maximum (WB-GAP-2)."""
        before = self.stamina[seat]
        self.stamina[seat] = min(self.max_stamina(seat), before + k)
        self.emit(ev, "stamina", seat=seat, stamina=self.stamina[seat], change=self.stamina[seat] - before, why=why)

    def pay(self, seat: int, k: int, ev: list[Event], why: str = "") -> bool:
        """Pay a cost already checked affordable; True if this made the stamina 0 (a Second Wind moment)."""
        if k <= 0:
            return False
        before = self.stamina[seat]
        self.stamina[seat] = max(0, before - k)
        self.emit(ev, "stamina", seat=seat, stamina=self.stamina[seat], change=self.stamina[seat] - before, why=why)
        return before > 0 and self.stamina[seat] == 0

    def lose(self, seat: int, k: int, ev: list[Event], why: str = "") -> None:
        """Lose stamina to an effect (minimum 0); a "becomes 0" prompt is offered at once."""
        if self.pay(seat, k, ev, why):
            self.zero_prompt(seat, ev)

    def zero_prompt(self, seat: int, ev: list[Event]) -> None:
        """Offer the "when your stamina becomes 0" prompts of ``seat`` (第二口气), if it has a card."""
        if self.hands[seat]:
            self.push_prompts(STAMINA_ZERO, {"seat": seat}, ev, only=seat)

    def injure(self, seat: int, ev: list[Event]) -> None:
        """WB-GAP-13: injured until his next recovery phase; immune characters are not."""
        if self.pw[seat].no_injury:
            self.emit(ev, "injury", seat=seat, injured=self.injured[seat], immune=True)
            return
        self.injured[seat] = True
        self.emit(ev, "injury", seat=seat, injured=True, immune=False)

    # ----------------------------------------------------------------- the skill area

    def equip(self, seat: int, cid: str, ev: list[Event]) -> None:
        """WB-SKILL-2, WB-SKILL-4: one skill of each class; equipping another replaces the old one."""
        cls = self.t.content.skills[cid].cls
        area = self.skills[seat]
        old_max = self.max_stamina(seat)
        replaced = ""
        for sid in area:
            if self.t.content.skills[sid].cls == cls:
                replaced = sid
                break
        if replaced:
            area.remove(replaced)
            self.discard.append(replaced)
        self.hands[seat].remove(cid)
        area.append(cid)
        self.played = True
        self._skills_changed(seat, old_max)
        self.emit(ev, "equip", seat=seat, card=cid, cls=cls, replaced=replaced)

    def discard_skill(self, seat: int, cid: str, ev: list[Event]) -> None:
        """Remove an equipped skill to the discard pile (战术破坏, WB-GAP-15)."""
        if cid not in self.skills[seat]:
            self.emit(ev, "skill-gone", seat=seat, card=cid)
            return
        old_max = self.max_stamina(seat)
        self.skills[seat].remove(cid)
        self.discard.append(cid)
        self._skills_changed(seat, old_max)
        self.emit(ev, "skill-discarded", seat=seat, card=cid)

    def _skills_changed(self, seat: int, old_max: int) -> None:
        self.refresh_powers(seat)
        new_max = self.max_stamina(seat)
        if new_max > old_max:  # 体能充沛: current +1 when equipped
            self.stamina[seat] += new_max - old_max
        self.stamina[seat] = min(self.stamina[seat], new_max)  # capped to max when removed

    # ----------------------------------------------------------------- costs (WB-CHAR-4, WB-ACT-2, WB-SET-2, WB-GAP-25)

    def shot_cost(self, seat: int, play: str) -> int | None:
        """Stamina a shot of kind ``play`` costs ``seat`` now; None if he cannot shoot (WB-CHAR-5)."""
        pw = self.pw[seat]
        if play == "shoot":
            if pw.free_first_shot and self.shots == 0 and pw.shoot is not None:
                return 0
            return pw.shoot  # the character's cost with its modifiers (effects.Powers.settle)
        if pw.free_set_pieces:
            return 0
        return self.t.content.basics[play].cost

    def save_cost(self, saver: int, shooter: int, how: str) -> int:
        """Stamina a Save costs: the Save cost (人墙: 0), then "costs 0" effects, then +/- modifiers, minimum 0."""
        pw = self.pw[saver]
        if how == "wall":
            base = 0
        else:
            base = pw.save
            if pw.free_save_max >= 0 and len(self.hands[saver]) <= pw.free_save_max:
                base = 0
            base += pw.save_delta
        return max(0, base + self.pw[shooter].opp_save_delta)

    def needs(self, seat: int, play: str) -> int:
        """Saves a shot needs (WB-GAP-6, WB-GAP-7), raised by skills."""
        base = self.t.content.basics[play].needs
        return max(base, self.pw[seat].needs.get(play, 0))

    def raise_needs(self, extra: int, ev: list[Event]) -> None:
        """The open shot needs ``extra`` more saves (Klose)."""
        for f in reversed(self.stack):
            if f["k"] == SHOT:
                f["need"] += extra
                self.emit(ev, "needs", shooter=f["seat"], need=f["need"])
                return

    # ----------------------------------------------------------------- triggers and prompts

    def fire(self, point: str, ctx: Ctx, ev: list[Event]) -> None:
        """Run every automatic trigger at ``point``, clockwise from the active player (WB-GAP-27)."""
        pws = self.pw
        table = self._fire
        if table is None:
            table = self._fire = {
                p: tuple(s for s, pw in enumerate(pws) if p in pw.triggers)
                for p in {p for pw in pws for p in pw.triggers}
            }
        seats = table.get(point)
        if not seats:
            return
        if len(seats) > 1:
            n, a = self.t.n, self.active
            seats = tuple(sorted(seats, key=lambda s: (s - a) % n))
        for s in seats:
            for fn in pws[s].triggers[point]:
                fn(self, s, ctx, ev)  # type: ignore[arg-type]

    def push_prompts(self, point: str, ctx: Ctx, ev: list[Event], only: int = -1) -> None:
        """Open a prompt for every seat with a "you may" at ``point`` that applies now. The first
        seat clockwise from the active player is asked first (its frame goes on top)."""
        frames: list[dict[str, Any]] = []
        seats = [only] if only >= 0 else self.clockwise(self.active)
        for s in seats:
            for p in self.pw[s].prompts.get(point, ()):
                if p.cost > self.stamina[s] or (p.card and not self.hands[s]):
                    continue
                if p.when(self, s, ctx):  # type: ignore[arg-type]
                    frames.append({**ctx, "k": PROMPT, "effect": p.effect, "point": point, "seat": s, "at": s})
        self.stack.extend(reversed(frames))

    def teammates(self, seat: int) -> list[int]:
        """Clockwise from ``seat``'s left (teams sit alternately, WB-SETUP-2)."""
        n = self.t.n
        return [(seat + i) % n for i in range(2, n, 2)]

    def opponents(self, seat: int) -> list[int]:
        n = self.t.n
        return [(seat + i) % n for i in range(1, n, 2)]

"""Sonic Cup rules: what may be played now, and what it does. Comments cite docs/rules/sonic-cup.md."""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import is_
from typing import Any

from pitchside.core.decision import OVER, Decision, DecisionKind
from pitchside.core.game import Event, Outcome
from pitchside.core.legality import Refusal
from pitchside.core.rng import Rng
from pitchside.core.window import Window
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.candidates import legal_actions
from pitchside.games.sonic_cup.cards import Card
from pitchside.games.sonic_cup.legality import RULES
from pitchside.games.sonic_cup.state import (
    GOAL,
    KICKOFF_ZONE,
    TEAM_NAMES,
    Data,
    Ending,
    Pending,
    Phase,
    Role,
    team,
)

_LABELS = {
    Phase.TURN: "turn",
    Phase.STEAL: "steal",
    Phase.FOLLOW_UP: "follow-up",
    Phase.SHOOTING: "shooting-phase",
    Phase.ROLE_CHANGE: "change-player",
    Phase.EXCHANGE: "exchange",
    Phase.SING_DISCARD: "crowd-singing-discard",
}
_KINDS = {
    Phase.TURN: DecisionKind.TURN,
    Phase.STEAL: DecisionKind.RESPONSE,
    Phase.FOLLOW_UP: DecisionKind.RESPONSE,
    Phase.SHOOTING: DecisionKind.RESPONSE,
    Phase.ROLE_CHANGE: DecisionKind.HIDDEN_PICK,
    Phase.EXCHANGE: DecisionKind.TURN,
    Phase.SING_DISCARD: DecisionKind.RESPONSE,
}


# tuple.__new__: a Decision's or an Event's fields in order, without the named tuple's Python-level constructor
_new_decision = _new_event = tuple.__new__
_PENDING = {Verb.PK: Pending.PK, Verb.ANY: Pending.ANY, Verb.FW: Pending.FW}  # the play a first pick starts
# Members read on every decision, as module constants: Phase.TURN looks the member up on the enum class each
# time (~1,000 instructions in Python 3.11), a module constant is one dict lookup
_OVER, _TURN, _SHOOTING, _GK = Phase.OVER, Phase.TURN, Phase.SHOOTING, Role.GK


class SonicCupState(Data):
    """A Sonic Cup match. Implements pitchside.core.game.State."""

    __slots__ = ()

    # ----------------------------------------------------------------- protocol

    @property
    def config(self) -> dict[str, Any]:
        return self.t.config

    @property
    def num_seats(self) -> int:
        return self.t.n

    def card(self, cid: str) -> Card:
        return self.t.deck.cards[cid]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def decision(self) -> Decision:
        phase = self.phase
        if phase is _OVER:
            return OVER
        seats = self.queue.seats
        actor = self.actor
        label = _LABELS[phase] if phase is _TURN and not self.kickoff else self._label()  # a turn: the usual
        # tuple.__new__: the fields in order, without the named tuple's Python-level constructor
        return _new_decision(Decision, (_KINDS[phase], actor, tuple(seats) if seats else (actor,), label))

    def _label(self) -> str:
        label = _LABELS[self.phase]
        if self.phase is _SHOOTING:
            side = "defend" if team(self.actor) != self.attack else "attack"
            return f"{label}:{side}"
        if self.phase is _TURN and self.kickoff:
            return "kick-off"
        return label

    def legal_actions(self, seat: int) -> list[Play]:
        cached = self._legal
        if cached is not None and cached[0] == seat and type(seat) is int:
            return cached[1]
        acts = legal_actions(self, seat)
        self._legal = (seat, acts)
        return acts

    def apply(self, seat: int, action: Any) -> list[Event]:
        # An action that is one of the legal actions listed for this seat in this state (the very
        # object) passed every check already; any other is judged by the rulebook.
        cached = self._legal
        if cached is None or type(seat) is not int or cached[0] != seat or not any(map(is_, cached[1], repeat(action))):
            refusal = RULES.refuse(self, seat, action)
            if refusal is not None:
                raise refusal.error(action)
        self._legal = None
        ev: list[Event] = []
        _APPLY[self.phase](self, seat, action, ev)
        return ev

    def refusals(self, seat: int, action: Any) -> list[Refusal]:
        return RULES.refusals(self, seat, action)

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise ValueError("the match is not over")
        blue, red = self.score
        winner = None if blue == red else (0 if blue > red else 1)
        returns = tuple(0.0 if winner is None else (1.0 if team(s) == winner else -1.0) for s in range(self.t.n))
        return Outcome((blue, red), winner, returns, self.ending.value, {"deck_counter": self.counter})

    def determinize(self, seat: int, rng: Rng) -> SonicCupState:
        from pitchside.games.sonic_cup.view import determinize

        return determinize(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        from pitchside.games.sonic_cup.view import view

        return view(self, seat)

    # ----------------------------------------------------------------- helpers

    def limit(self, seat: int) -> int:
        """Hand limit: the deal size, +1 for a Goalkeeper (SC-GAP-3, SC-ROLE-GK-a)."""
        if self.tired[seat]:
            return 3  # SC-ROLE-GK-b, SC-GAP-21
        return self.t.deal + (1 if _GK in self.roles[seat] else 0)

    def after(self, seat: int, side: int) -> int:
        """The first seat of ``side`` clockwise after ``seat`` (itself last) (SC-GAP-4)."""
        n = self.t.n
        for i in range(1, n + 1):
            s = (seat + i) % n
            if s & 1 == side:
                return s
        raise AssertionError("no seat on that side")

    def side_from(self, seat: int, side: int) -> list[int]:
        """Every seat of ``side`` in clockwise order, starting after ``seat``."""
        n = self.t.n
        return [s for s in ((seat + i) % n for i in range(1, n + 1)) if s & 1 == side]

    def _event(self, ev: list[Event], kind: str, **data: Any) -> None:
        ev.append(_new_event(Event, (kind, data, None)))

    def _discard(self, seat: int, cid: str) -> None:
        self.hands[seat].remove(cid)
        self.discard.append(cid)  # SC-CARD-5

    # ----------------------------------------------------------------- drawing and time

    def _draw_card(self, inside: bool, ev: list[Event]) -> str | None:
        """Top card, reshuffling lazily (SC-DECK-1, SC-GAP-25); None if there is none or time is up."""
        if not self.deck and not self._deck_exhausted(inside, ev):
            return None
        return self.deck.pop() if self.deck else None

    def _deck_exhausted(self, inside: bool, ev: list[Event]) -> bool:
        """The deck ran out; True if play goes on with a new deck."""
        last = self.counter >= self.t.final_count
        if not last and not self.extra_time:
            self.counter += 1  # SC-DECK-2
            self._reshuffle(ev)
            return True
        if inside:  # SC-DECK-3b/3c, SC-ET-b/c: finish the phase with a fresh deck
            self.end_after_phase = True
            self._reshuffle(ev)
            return True
        if self.extra_time or self.score[0] != self.score[1]:  # SC-DECK-3a, SC-ET-a
            self._finish(Ending.EXTRA_TIME if self.extra_time else Ending.TIME, ev)
            return False
        self._start_extra_time(ev)
        return True

    def _start_extra_time(self, ev: list[Event]) -> None:
        self.extra_time = True  # SC-END-2, SC-DECK-3a: shuffle one last time
        self._event(ev, "extra-time")
        self._reshuffle(ev)

    def _reshuffle(self, ev: list[Event]) -> None:
        self.deck, self.discard = self.discard, []
        self.rng.shuffle(self.deck)
        self._event(ev, "reshuffle", cards=len(self.deck), counter=self.counter, extra_time=self.extra_time)

    def _phase_over(self, ev: list[Event]) -> bool:
        """A Shooting Phase/penalty ended; apply a deck exhaustion held back for it. True if over."""
        if self.phase is Phase.OVER:
            return True
        if not self.end_after_phase:
            return False
        self.end_after_phase = False
        if self.extra_time or self.score[0] != self.score[1]:
            self._finish(Ending.EXTRA_TIME if self.extra_time else Ending.TIME, ev)
            return True
        self.extra_time = True  # SC-DECK-3b: extra time with the just-shuffled deck
        self._event(ev, "extra-time")
        return False

    def _refill(self, seat: int, inside: bool, ev: list[Event], upto: int | None = None) -> bool:
        """Draw to the hand limit (SC-TURN-2); False if the match ended meanwhile (SC-GAP-26)."""
        hand = self.hands[seat]
        want = (self.limit(seat) if upto is None else upto) - len(hand)
        drawn: list[str] = []
        ok = True
        for _ in range(want):
            cid = self._draw_card(inside, ev)
            if cid is None:  # time is up (SC-GAP-26), or a tiny custom deck has no card left
                ok = self.phase is not Phase.OVER
                break
            hand.append(cid)
            drawn.append(cid)
        if drawn:
            over = ev.pop() if not ok and ev and ev[-1].kind == "over" else None
            ev.append(Event("draw", {"seat": seat, "count": len(drawn)}))
            ev.append(Event("drew", {"seat": seat, "cards": drawn}, seat))
            if over is not None:  # the end of the match is the last thing that happened
                ev.append(over)
        return ok

    def _finish(self, ending: Ending, ev: list[Event]) -> None:
        self.phase = Phase.OVER
        self.ending = ending
        self.queue = Window()
        self.pending, self.picks = Pending.NONE, []
        self._event(ev, "over", ending=ending.value, score=self.score[:])

    def _score(self, side: int, ev: list[Event], how: str) -> bool:
        """One point (SC-SP-2a/2b); True if that is the third: KO (SC-END-1)."""
        self.score[side] += 1
        self._event(ev, "goal", team=TEAM_NAMES[side], how=how, score=self.score[:])
        if self.score[side] >= 3:
            self._finish(Ending.KO, ev)
            return True
        return False

    # ----------------------------------------------------------------- turns

    def begin_turn(self, seat: int, ev: list[Event], kickoff: bool = False) -> None:
        self.phase, self.actor, self.queue = Phase.TURN, seat, Window()
        self.played, self.pending, self.picks = 0, Pending.NONE, []
        self.mf_used, self.kickoff, self.shoot = False, kickoff, 0
        self._event(ev, "turn", seat=seat, kickoff=kickoff)
        if seat == self.singer:  # SC-CROWD-2: refill, end at once; singing is over
            self.singer = -1
            self._event(ev, "singing-over", seat=seat)
            if self._refill(seat, False, ev):
                self.end_turn(seat, ev)

    def end_turn(self, seat: int, ev: list[Event], nxt: int | None = None) -> None:
        """A turn ended; open the steal window (SC-PK2-1, SC-GAP-15) or start the next turn."""
        n = self.t.n
        x = (seat + 1) % n if nxt is None else nxt
        if n > 2:  # SC-GAP-31: no steals at 2 seats
            queue = Window(s for s in ((seat + i) % n for i in range(1, n)) if s != x)
            if queue.open:  # SC-PK2-2: priority clockwise from the player who just ended
                self.phase, self.queue, self.actor = Phase.STEAL, queue, queue.seat
                self.steal_from, self.next_seat = seat, x
                self.played, self.pending, self.picks, self.shoot = 0, Pending.NONE, [], 0
                return
        self.begin_turn(x, ev)

    def _play_turn(self, seat: int, act: Play, ev: list[Event]) -> None:
        verb = act.verb
        if verb is Verb.PASS:  # SC-TURN-4: no refill
            self.passes += 1
            self._event(ev, "pass", seat=seat)
            self.end_turn(seat, ev)
        elif verb is Verb.END:
            self.passes = 0
            if self.shoot:
                self._shoot_failed(seat, ev)
            elif self._refill(seat, False, ev):  # SC-TURN-2; may end time (SC-DECK-3a)
                self.end_turn(seat, ev)
        elif verb is Verb.SING:
            self.passes = 0
            self._sing(seat, ev)
        elif verb is Verb.KB:
            self._shot(seat, act.arg, ev)
        elif act.zone == 0:  # first picks of a multi-card play
            self.hands[seat].remove(act.arg)
            self.pending = _PENDING[verb]
            self.picks.append(act.arg)
            self.played += 1
            self._event(ev, "pick", seat=seat, verb=str(verb), card=act.arg)  # str(): the value, not enum's property
        else:
            self._move_ball(seat, act, ev)

    def _move_ball(self, seat: int, act: Play, ev: list[Event]) -> None:
        cards = [*self.picks, act.arg]
        self.hands[seat].remove(act.arg)
        self.discard.extend(cards)
        self.played += 1
        self.pending, self.picks = Pending.NONE, []
        if act.verb is Verb.MPK:
            self.mf_used = True
        frm, self.ball = self.ball, act.zone
        self._event(ev, "ball", seat=seat, verb=str(act.verb), cards=cards, frm=frm, to=act.zone)
        c = self.card(act.arg)
        # SC-SHOOT-3, SC-SHOOT-8, SC-GAP-13: only an attacker's single Shoot card into the goal zone
        if act.verb is Verb.MOVE and c.shoot and act.zone == GOAL[team(seat)]:
            self.shoot = c.shoot
            self._event(ev, "shoot-card", seat=seat, arrows=c.shoot)
            if not any(self.card(h).kick_block & c.shoot for h in self.hands[seat]):
                self._shoot_failed(seat, ev)  # SC-SHOOT-6: no matching KB, the turn ends

    def _shoot_failed(self, seat: int, ev: list[Event]) -> None:
        """A Shoot card without a matching KB: refill, then a follow-up (SC-SHOOT-6, SC-FU-1)."""
        arrows, self.shoot = self.shoot, 0
        if not self._refill(seat, False, ev):
            return
        self._event(ev, "no-shot", seat=seat)
        self._open_follow_up(seat, arrows, False, ev)

    def _open_follow_up(self, shooter: int, arrows: int, in_sp: bool, ev: list[Event]) -> None:
        side = team(shooter)
        if self.t.n == 2:  # SC-FU-3: no follow-up at 2 seats
            self._defense_holds(shooter, in_sp, ev)
            return
        mate = self.after(shooter, side)  # SC-GAP-16: the next attacking teammate
        self.phase, self.actor, self.queue = Phase.FOLLOW_UP, mate, Window([mate])
        self.fu_shooter, self.fu_in_sp, self.shoot = shooter, in_sp, arrows
        self.attack = side  # the follow-up's attacking team (SC-SHOOT-2), also outside a Shooting Phase

    def _defense_holds(self, shooter: int, in_sp: bool, ev: list[Event]) -> None:
        """No shot: the defender after the Shoot-card player goes next (SC-FU-1, SC-SP-2d)."""
        if in_sp:
            self._event(ev, "defense-success", how="no-follow-up")
            if self._phase_over(ev):
                return
        self.end_turn(shooter, ev, self.after(shooter, 1 - team(shooter)))

    # ----------------------------------------------------------------- shooting

    def _shot(self, seat: int, cid: str, ev: list[Event]) -> None:
        """A shooting KB: refill, then the defenders answer (SC-SP-1, SC-SP-3).

        A shot from a turn, or a follow-up outside a Shooting Phase, opens the phase: the shooter refills, his
        turn ends, and only then does the phase begin (SC-SP-1, SC-FU-1). That refill is outside the phase: an
        empty last deck there is SC-DECK-3a / SC-ET-a (SC-PROJ-3). Every later refill is inside (SC-DECK-3b).
        """
        inside = self.phase is Phase.SHOOTING or (self.phase is Phase.FOLLOW_UP and self.fu_in_sp)
        c = self.card(cid)
        self._discard(seat, cid)
        self.shoot, self.passes = 0, 0
        self.attack, self.arrows, self.shot_arrows, self.last_shooter = team(seat), c.kick_block, c.kick_block, seat
        self._event(ev, "shot", seat=seat, card=cid, arrows=c.kick_block)
        if not self._refill(seat, inside, ev):
            return
        self._ask(self.side_from(seat, 1 - team(seat)))  # the Shooting Phase (begins here if not inside)

    def _ask(self, seats: list[int]) -> None:
        self.phase, self.queue, self.actor = Phase.SHOOTING, Window(seats), seats[0]

    def _play_follow_up(self, seat: int, act: Play, ev: list[Event]) -> None:
        if act.verb is Verb.KB:  # SC-FU-1: success, the Shooting Phase starts
            self._event(ev, "follow-up", seat=seat)
            self._shot(seat, act.arg, ev)
        else:
            self._event(ev, "pass", seat=seat)
            self.shoot = 0
            self._defense_holds(self.fu_shooter, self.fu_in_sp, ev)

    def _play_shooting(self, seat: int, act: Play, ev: list[Event]) -> None:
        if team(seat) != self.attack:
            self._defend(seat, act, ev)
        else:
            self._attack(seat, act, ev)

    def _defend(self, seat: int, act: Play, ev: list[Event]) -> None:
        if act.verb is Verb.PASS:
            self._event(ev, "pass", seat=seat)
            nxt = self.queue.answered()
            if nxt is not None:
                self.actor = nxt
                return
            # SC-SP-3, SC-SP-2a: every defender passed: goal; the next defender kicks off
            if self._score(self.attack, ev, "shot") or self._phase_over(ev):
                return
            self._restart(1 - self.attack, self.after(self.last_shooter, 1 - self.attack), self.last_shooter, ev)
            return
        c = self.card(act.arg)
        self._discard(seat, act.arg)
        if act.verb is Verb.FOUL:
            self._event(ev, "foul", seat=seat, card=act.arg)
            if not self._refill(seat, True, ev):
                return
            self._penalty(seat, ev)
            return
        forced = not c.kick_block & self.arrows  # SC-ROLE-GK-b: any KB, unlimited, but tiring
        self.arrows, self.last_blocker = c.kick_block, seat
        self._event(ev, "block", seat=seat, card=act.arg, arrows=c.kick_block, forced=forced)
        if forced:
            self.tired[seat] = True
        if not self._refill(seat, True, ev):
            return
        self._ask(self.side_from(seat, self.attack))  # SC-SP-4: the next attacker answers

    def _attack(self, seat: int, act: Play, ev: list[Event]) -> None:
        verb = act.verb
        if verb is Verb.KB:
            self._shot(seat, act.arg, ev)
        elif verb is Verb.MOVE:  # SC-SP-7: a Shoot card changes direction
            c = self.card(act.arg)
            self._discard(seat, act.arg)
            self.shoot = c.shoot
            self._event(ev, "ball", seat=seat, verb="move", cards=[act.arg], frm=self.ball, to=self.ball)
            self._event(ev, "shoot-card", seat=seat, arrows=c.shoot)
            if not any(self.card(h).kick_block & c.shoot for h in self.hands[seat]):
                self._sp_shoot_failed(seat, ev)
        elif verb is Verb.END:
            self._sp_shoot_failed(seat, ev)
        else:
            self._event(ev, "pass", seat=seat)
            nxt = self.queue.answered()
            if nxt is not None:
                self.actor = nxt
                return
            # SC-SP-2c: every attacker passed: the defender after the last blocker plays next
            self._event(ev, "defense-success", how="attackers-passed")
            if self._phase_over(ev):
                return
            blocker = self.last_blocker
            self.end_turn(blocker, ev, self.after(blocker, 1 - self.attack))

    def _sp_shoot_failed(self, seat: int, ev: list[Event]) -> None:
        arrows, self.shoot = self.shoot, 0
        if not self._refill(seat, True, ev):
            return
        self._event(ev, "no-shot", seat=seat)
        self._open_follow_up(seat, arrows, True, ev)

    def _penalty(self, fouler: int, ev: list[Event]) -> None:
        """Reveal 5 cards, 3 after a Goalkeeper's foul; a matching KB scores (SC-SP-6, SC-GAP-19)."""
        reveals = 3 if Role.GK in self.roles[fouler] else 5  # SC-ROLE-GK-c
        attack, scored = self.attack, False
        shown: list[str] = []  # held aside so a reshuffle mid-penalty cannot reveal them again
        for _ in range(reveals):
            cid = self._draw_card(True, ev)
            if cid is None:
                break
            shown.append(cid)
            hit = bool(self.card(cid).kick_block & self.shot_arrows)
            self._event(ev, "penalty-reveal", card=cid, hit=hit)
            if hit:
                scored = True
                break
        self.discard.extend(shown)
        self._event(ev, "penalty", team=TEAM_NAMES[attack], scored=scored)
        if scored and self._score(attack, ev, "penalty"):
            return
        if self._phase_over(ev):
            return
        # SC-SP-2b: whether or not it scored, the defender after the fouler kicks off
        scorer = self.last_shooter if scored else -1
        self._restart(1 - attack, self.after(fouler, 1 - attack), scorer, ev)

    # ----------------------------------------------------------------- restarts

    def _restart(self, kicking: int, kicker: int, scorer: int, ev: list[Event]) -> None:
        """SC-RS-1..4 in the order of docs/rules/sonic-cup.md: change, recovery, exchange, kick-off."""
        self.ball, self.kick_seat, self.scorer, self.passes = KICKOFF_ZONE[kicking], kicker, scorer, 0
        self.shoot, self.pending, self.picks = 0, Pending.NONE, []
        self._event(ev, "restart", team=TEAM_NAMES[kicking], seat=kicker, ball=self.ball)
        if self.t.n == 2 and scorer >= 0:  # SC-RS-3
            self.phase, self.queue, self.actor = Phase.ROLE_CHANGE, Window([0, 1]), 0
            self.role_picks = ["", ""]
            return
        self._recover_and_exchange(ev)

    def _play_role(self, seat: int, act: Play, ev: list[Event]) -> None:
        self.role_picks[seat] = act.arg or "keep"
        self._event(ev, "committed", seat=seat)
        nxt = self.queue.answered()
        if nxt is not None:
            self.actor = nxt
            return
        for s, pick in enumerate(self.role_picks):  # revealed together (SC-RS-3)
            if pick != "keep":
                role = Role(pick)
                self.roles[s] = frozenset({role})
                self.used_roles[team(s)] = self.used_roles[team(s)] | {role}
            self._event(ev, "player-card", seat=s, role=sorted(r.value for r in self.roles[s]), changed=pick != "keep")
        self.role_picks = []
        self._recover_and_exchange(ev)

    def _recover_and_exchange(self, ev: list[Event]) -> None:
        n = self.t.n
        for s in range(n):  # SC-ROLE-GK-b: stamina recovers, the Goalkeeper refills
            self.tired[s] = False
            # SC-PROJ-10: a singing Goalkeeper stays empty-handed until his next turn (SC-CROWD-2)
            if Role.GK in self.roles[s] and s != self.singer and not self._refill(s, False, ev):
                return
        kicker = self.kick_seat
        self.phase, self.swapped = Phase.EXCHANGE, 0
        self.queue = Window((kicker + i) % n for i in range(n))  # SC-RS-2, SC-GAP-23
        self.actor = kicker

    def _play_exchange(self, seat: int, act: Play, ev: list[Event]) -> None:
        if act.verb is Verb.SWAP:
            self._discard(seat, act.arg)
            self.swapped += 1
            self._event(ev, "swap", seat=seat, card=act.arg)
            if self.swapped < 3:
                return
        k, self.swapped = self.swapped, 0
        if k and not self._refill(seat, False, ev, len(self.hands[seat]) + k):
            return
        nxt = self.queue.answered()
        if nxt is not None:
            self.actor = nxt
            return
        kicker = self.kick_seat
        if not self.hands[kicker]:  # SC-GAP-20: a singer cannot kick off
            mates = [s for s in self.side_from(kicker, team(kicker)) if self.hands[s]]
            kicker = mates[0] if mates else kicker
        self.begin_turn(kicker, ev, kickoff=True)

    # ----------------------------------------------------------------- steals and singing

    def _play_steal(self, seat: int, act: Play, ev: list[Event]) -> None:
        if act.verb is Verb.PASS:
            nxt = self.queue.answered()
            if nxt is not None:
                self.actor = nxt
            else:
                self.begin_turn(self.next_seat, ev)
            return
        # SC-PK2-1: the stealer's turn starts with his two-card Power Kick
        self._event(ev, "steal", seat=seat, skipped=self.next_seat)
        self.begin_turn(seat, ev)
        self._play_turn(seat, act, ev)

    def _sing(self, seat: int, ev: list[Event]) -> None:
        """SC-CROWD-2: discard the hand; teammates draw 1; opponents discard 1 each."""
        side = team(seat)
        self.singer, self.sang[side] = seat, True
        self.discard.extend(self.hands[seat])
        self._event(ev, "sing", seat=seat, cards=self.hands[seat][:])
        self.hands[seat] = []
        for mate in self.side_from(seat, side)[:-1]:
            if not self._refill(mate, False, ev, len(self.hands[mate]) + 1):
                return
        victims = [s for s in self.side_from(seat, 1 - side) if self.hands[s]]
        if victims:
            self.phase, self.queue, self.actor = Phase.SING_DISCARD, Window(victims), victims[0]
        else:
            self.end_turn(seat, ev)

    def _play_discard(self, seat: int, act: Play, ev: list[Event]) -> None:
        self._discard(seat, act.arg)
        self._event(ev, "crowd-discard", seat=seat, card=act.arg)
        nxt = self.queue.answered()
        if nxt is not None:
            self.actor = nxt
        else:
            self.end_turn(self.singer, ev)


_APPLY: dict[Phase, Callable[[SonicCupState, int, Play, list[Event]], None]] = {
    Phase.TURN: SonicCupState._play_turn,
    Phase.STEAL: SonicCupState._play_steal,
    Phase.FOLLOW_UP: SonicCupState._play_follow_up,
    Phase.SHOOTING: SonicCupState._play_shooting,
    Phase.ROLE_CHANGE: SonicCupState._play_role,
    Phase.EXCHANGE: SonicCupState._play_exchange,
    Phase.SING_DISCARD: SonicCupState._play_discard,
}

"""World Ball rules: the protocol, the draft, the turn and the end. Comments cite docs/rules/world-ball.md.

Windows and prompts (shots, saves, the 争议事件 chain) are in windows.py; the small verbs effects
use (draw, recover, costs, triggers) in mechanics.py.
"""

from __future__ import annotations

from typing import Any

from pitchside.core.decision import OVER, Decision, DecisionKind
from pitchside.core.errors import IllegalAction
from pitchside.core.game import Event, Outcome
from pitchside.core.legality import Refusal
from pitchside.core.rng import Rng
from pitchside.games.world_ball import actions as A
from pitchside.games.world_ball.actions import Play, Verb
from pitchside.games.world_ball.effects import ACTION_END, EQUIP, TURN_START
from pitchside.games.world_ball.events import EVENT_EFFECTS
from pitchside.games.world_ball.events import with_defaults as event_params
from pitchside.games.world_ball.state import (
    HALF_TIME_HAND,
    OPENING_HAND,
    PROMPT,
    TEAM_NAMES,
    Phase,
    team,
)
from pitchside.games.world_ball.windows import Windows, equip_card, play_card

_WINDOW_KIND = {"shot": "shot", "save": "save", "event": "controversy"}
_PHASE_LABEL = {Phase.DRAFT: "draft", Phase.ACTION: "action", Phase.DISCARD: "discard"}
# tuple.__new__: a Decision's fields in order, without the named tuple's Python-level constructor
_new = tuple.__new__
# Enum members read at every decision, as module names (through the class: several times a global, Python 3.11)
_OVER, _ACTION, _DISCARD = Phase.OVER, Phase.ACTION, Phase.DISCARD


class WorldBallState(Windows):
    """A World Ball match. Implements pitchside.core.game.State."""

    __slots__ = ()

    # ----------------------------------------------------------------- protocol

    @property
    def config(self) -> dict[str, Any]:
        return self.t.config

    @property
    def num_seats(self) -> int:
        return self.t.n

    def is_over(self) -> bool:
        return self.phase is _OVER

    def decision(self) -> Decision:
        d = self._dec
        if d is not None:
            return d  # type: ignore[no-any-return]
        if self.phase is _OVER:
            d = OVER
        elif self.stack:
            f = self.stack[-1]
            label = "prompt:" + f["effect"] if f["k"] == PROMPT else _WINDOW_KIND[f["k"]]
            d = _new(Decision, (DecisionKind.RESPONSE, f["at"], self.window_seats(f), label))
        else:
            d = _new(Decision, (DecisionKind.TURN, self.active, (self.active,), _PHASE_LABEL[self.phase]))
        self._dec = d
        return d

    def legal_actions(self, seat: int) -> list[Play]:
        cached = self._legal
        if cached is not None and cached[0] == seat and type(seat) is int:  # 0.0 == 0, True == 1: neither is a seat
            return cached[1]
        if self.phase is _OVER or type(seat) is not int or seat != self.decision().seat:
            return []
        if self.stack:
            acts = self.window_legal(seat)
        elif self.phase is _ACTION:
            acts = self._action_moves(seat)
        elif self.phase is _DISCARD:
            acts = [Play(Verb.DISCARD, c) for c in sorted(set(self.hands[seat]))]
        else:
            acts = [Play(Verb.PICK, c) for c in self.offers[seat]]
        self._legal = (seat, acts)
        return acts

    def apply(self, seat: int, action: Any) -> list[Event]:
        cached = self._legal
        hit = cached is not None and cached[0] == seat and type(seat) is int
        legal = cached[1] if hit else self.legal_actions(seat)  # type: ignore[index]
        if type(action) is not Play or action not in legal:
            raise self.why_illegal(seat, action)
        self._legal = None
        self._dec = None
        ev: list[Event] = []
        if self.stack:
            self.window_apply(seat, action, ev)
        elif self.phase is _ACTION:
            self._play_action(seat, action, ev)
        elif self.phase is _DISCARD:
            self._discard_phase(seat, action.arg, ev)
        else:
            self._pick(seat, action.arg, ev)
        self.settle(ev)
        return ev

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise ValueError("the match is not over")
        a, b = self.score
        winner = None if a == b else (0 if a > b else 1)  # WB-WIN-1, WB-GAP-22
        returns = tuple(0.0 if winner is None else (1.0 if team(s) == winner else -1.0) for s in range(self.t.n))
        details = {"characters": self.chars[:], "halves": self.half, "sudden_death": self.sudden}
        return Outcome((a, b), winner, returns, self.ending, details)

    def determinize(self, seat: int, rng: Rng) -> WorldBallState:
        from pitchside.games.world_ball.view import determinize

        return determinize(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        from pitchside.games.world_ball.view import view

        return view(self, seat)

    def why_illegal(self, seat: int, action: Any) -> IllegalAction:
        from pitchside.games.world_ball.legality import explain

        return explain(self, seat, action)

    def refusals(self, seat: int, action: Any) -> list[Refusal]:
        # Until this game's rules move onto core/legality.py: the one rule its refusal tree names.
        if action in self.legal_actions(seat):
            return []
        e = self.why_illegal(seat, action)
        return [Refusal(e.rule, e.message)]

    # ----------------------------------------------------------------- setup and the draft

    def _pick(self, seat: int, cid: str, ev: list[Event]) -> None:
        """WB-SETUP-4, WB-CHAR-7: the chosen character is revealed; the others leave the game."""
        self.chars[seat] = cid
        self.offers[seat] = []
        self.refresh_powers(seat)
        self.emit(ev, "pick", seat=seat, character=cid)
        nxt = (seat + 1) % self.t.n
        if nxt == self.starter:
            self.start_match(ev)
        else:
            self.active = nxt

    def start_match(self, ev: list[Event]) -> None:
        """WB-SETUP-5, WB-STAM-2, WB-GAP-3, WB-GAP-4: stamina, the shuffled deck, 4 cards each, S starts."""
        n = self.t.n
        for s in range(n):
            self.refresh_powers(s)
            self.stamina[s] = self.max_stamina(s)
        self.deck = list(self.t.content.physical)
        self.rng.shuffle(self.deck)
        self.emit(ev, "kick-off", characters=self.chars[:], deck=len(self.deck), starter=self.starter)
        for s in self.clockwise(self.starter):
            self.draw(s, OPENING_HAND, ev, "opening")
        self.begin_turn(self.starter, ev)

    # ----------------------------------------------------------------- the turn (WB-TURN-0..6)

    def begin_turn(self, seat: int, ev: list[Event]) -> None:
        self.phase, self.active = _ACTION, seat
        self.shots = self.uses = 0
        self.no_shots = self.played = self.skip_draw = False
        self.skill_target = self.block = -1
        self.emit(ev, "turn", seat=seat, half=self.half, deck=len(self.deck))
        # 1. turn start: the pending area, in the order placed (WB-TURN-1, WB-GAP-14)
        cards, self.pending[seat] = self.pending[seat], []
        events = self.t.content.events
        for cid in cards:
            self.discard.append(cid)
            e = events[cid]
            self.emit(ev, "pending-resolves", seat=seat, card=cid)
            EVENT_EFFECTS[e.effect].run(self, -1, seat, "", event_params(e.effect, e.params), ev)
        self.fire(TURN_START, {"seat": seat}, ev)
        # 2. recovery: full stamina, healed (WB-TURN-2)
        self.stamina[seat] = self.max_stamina(seat)
        self.injured[seat] = False
        self.emit(ev, "recovery", seat=seat, stamina=self.stamina[seat])
        # 3. draw 2, unless a 黄牌 says otherwise (WB-TURN-3)
        if self.skip_draw:
            self.emit(ev, "draw-skipped", seat=seat)
        else:
            self.draw(seat, self.draw_count(seat), ev, "draw-phase")
        self.skip_draw = False
        # 4. the action phase: decisions from here on (WB-TURN-4)

    def _action_moves(self, seat: int) -> list[Play]:
        """WB-TURN-4: shots and set pieces, equipping, events, the character's [action] skill, end."""
        c = self.t.content
        hand = self.hands[seat]
        distinct = sorted(set(hand))
        pw = self.pw[seat]
        stamina = self.stamina[seat]
        acts: list[Play] = []
        opponents: list[int] | None = None
        for cid in distinct:
            basic = c.basics.get(cid)
            if basic is not None:
                if self.no_shots:  # 盯人
                    continue
                if cid == "save":
                    if pw.save_as_shot:  # Henry: 救险 as 射门
                        cost = self.shot_cost(seat, "shoot")
                        if cost is not None and cost <= stamina:
                            acts.append(Play(Verb.SHOOT, "save"))
                    continue
                cost = self.shot_cost(seat, cid)
                if cost is not None and cost <= stamina:  # WB-CHAR-5, WB-GAP-2
                    acts.append(play_card(cid))
                continue
            if cid in c.skills:
                acts.append(equip_card(cid))  # WB-SKILL-2
                continue
            e = c.events[cid]
            if e.timing != "action":  # WB-EVT-3: the three reactive events wait for their moment
                continue
            target = e.target
            if target == "none":
                acts.append(play_card(cid))
                continue
            if opponents is None:
                opponents = self.opponents(seat)
            for o in opponents:
                if target == "opponent":
                    if not (e.pending and cid in self.pending[o]):  # WB-GAP-14: no two of one name
                        acts.append(Play(Verb.PLAY, cid, o))
                elif target == "opponent_hand":
                    if self.hands[o]:
                        acts.append(Play(Verb.PLAY, cid, o))
                else:  # opponent_skill
                    acts.extend(Play(Verb.PLAY, cid, o, sid) for sid in self.skills[o])
        skill = pw.action
        if skill is not None and self.uses < skill.uses:  # WB-GAP-16
            if self.skill_target >= 0:
                targets = [self.skill_target]
            else:
                targets = self.teammates(seat) if skill.target == "teammate" else self.opponents(seat)
            if skill.card == "none":
                acts.extend(Play(Verb.SKILL, "", t) for t in targets)
            else:
                acts.extend(Play(Verb.SKILL, cid, t) for t in targets for cid in distinct)
        acts.append(A.END)
        return acts

    def _play_action(self, seat: int, act: Play, ev: list[Event]) -> None:
        verb, cid = act.verb, act.arg
        if verb is Verb.END:
            self._end_action(seat, ev)
        elif verb is Verb.EQUIP:
            self.equip(seat, cid, ev)
            cls = self.t.content.skills[cid].cls
            self.fire(EQUIP, {"seat": seat, "card": cid, "cls": cls}, ev)
        elif verb is Verb.SHOOT:
            self.play_shot(seat, cid, "shoot", ev)  # Henry
        elif verb is Verb.SKILL:
            self._use_action_skill(seat, act, ev)
        elif cid in self.t.content.basics:
            self.play_shot(seat, cid, cid, ev)
        else:
            self.open_event(seat, cid, act.target, act.extra, ev)

    def _use_action_skill(self, seat: int, act: Play, ev: list[Event]) -> None:
        skill = self.pw[seat].action
        assert skill is not None
        self.uses += 1
        self.skill_target = act.target
        if skill.card == "discard":
            self.discard_card(seat, act.arg)
            self.played = True
        self.emit(ev, "skill", seat=seat, effect=skill.effect, card=act.arg if skill.card == "discard" else "",
                  target=act.target)  # fmt: skip
        skill.apply(self, seat, act.arg, act.target, ev)

    def _end_action(self, seat: int, ev: list[Event]) -> None:
        self.emit(ev, "end", seat=seat)
        self.fire(ACTION_END, {"seat": seat}, ev)  # Schweinsteiger
        if len(self.hands[seat]) > self.hand_limit(seat):
            self.phase = Phase.DISCARD  # WB-TURN-5
            return
        self._end_turn(ev)

    def _discard_phase(self, seat: int, cid: str, ev: list[Event]) -> None:
        """WB-TURN-5: discard one card at a time down to the hand limit (not "playing", WB-GAP-20)."""
        self.discard_card(seat, cid)
        self.emit(ev, "discard", seat=seat, card=cid)
        if len(self.hands[seat]) <= self.hand_limit(seat):
            self._end_turn(ev)

    def _end_turn(self, ev: list[Event]) -> None:
        """WB-TURN-6; WB-END-1 with WB-GAP-20: quiet turns with an empty deck end the half or match."""
        self.block = -1
        n = self.t.n
        if self.deck:
            self.quiet = 0
        else:
            self.quiet = 0 if self.played else self.quiet + 1
            if self.quiet >= n:
                self._end_period(ev)
                return
        self.begin_turn((self.active + 1) % n, ev)

    # ----------------------------------------------------------------- halves and the end

    def _end_period(self, ev: list[Event]) -> None:
        if self.sudden:
            self.finish("sudden-death", ev)  # the sudden-death deck ran out: a draw (WB-PROJ-9)
        elif self.half < self.t.halves:
            self._half_time(ev)
        elif self.score[0] == self.score[1] and self.t.sudden_death:
            self._sudden_death(ev)
        else:
            self.finish("full-time", ev)

    def _half_time(self, ev: list[Event]) -> None:
        """WB-END-2, WB-GAP-21: every match card back into the deck; fresh characters; 4 cards each."""
        deck = self.discard
        for s in range(self.t.n):
            deck.extend(self.hands[s])
            deck.extend(self.skills[s])
            deck.extend(self.pending[s])
            self.hands[s], self.skills[s], self.pending[s] = [], [], []
        self.deck, self.discard = deck, []
        self.rng.shuffle(self.deck)
        self.half, self.quiet = 2, 0
        for s in range(self.t.n):
            self.refresh_powers(s)
            self.stamina[s] = self.max_stamina(s)
            self.injured[s] = False
        start = (self.starter + 1) % self.t.n
        self.emit(ev, "half-time", score=self.score[:], deck=len(self.deck), starter=start)
        for s in self.clockwise(start):
            self.draw(s, HALF_TIME_HAND, ev, "half-time")
        self.begin_turn(start, ev)

    def _sudden_death(self, ev: list[Event]) -> None:
        """WB-GAP-22: the discard pile becomes a new deck; the first goal wins."""
        self.deck, self.discard = self.discard, []
        self.rng.shuffle(self.deck)
        self.sudden, self.quiet = True, 0
        self.emit(ev, "sudden-death", score=self.score[:], deck=len(self.deck))
        self.begin_turn((self.active + 1) % self.t.n, ev)

    def finish(self, ending: str, ev: list[Event]) -> None:
        self.phase = Phase.OVER
        self.ending = ending
        self.stack = []
        self.emit(ev, "over", ending=ending, score=self.score[:], teams=list(TEAM_NAMES))

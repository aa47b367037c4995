"""What an action does, and the protocol's State methods."""

from __future__ import annotations

from typing import Any

from pitchside.core.decision import OVER, Decision, DecisionKind
from pitchside.core.game import Event, Outcome
from pitchside.core.legality import Refusal
from pitchside.core.rng import Rng
from tests.example_game import view
from tests.example_game.actions import Pick, Verb
from tests.example_game.legality import RULES
from tests.example_game.state import KICKS, Data, Side


class PenaltyState(Data):
    __slots__ = ()
    num_seats = 2

    @property
    def config(self) -> dict[str, Any]:
        return {"seats": 2}  # the game has no options

    def decision(self) -> Decision:
        if self.is_over():
            return OVER
        kicker, keeper = self.kicker(), 1 - self.kicker()
        if self.aim is None:  # PK-2: a hidden pick, the kicker first
            return Decision(DecisionKind.HIDDEN_PICK, kicker, (kicker, keeper), "kick")
        return Decision(DecisionKind.HIDDEN_PICK, keeper, (keeper,), "dive")

    def legal_actions(self, seat: int) -> list[Pick]:
        return RULES.legal(self, seat, [Pick(v, s) for v in Verb for s in Side])

    def refusals(self, seat: int, action: Any) -> list[Refusal]:
        return RULES.refusals(self, seat, action)

    def apply(self, seat: int, action: Any) -> list[Event]:
        refusal = RULES.refuse(self, seat, action)
        if refusal is not None:
            raise refusal.error(action)
        if action.verb is Verb.KICK:
            self.aim = action.side
            return [Event("aim", {"side": action.side.value}, to=seat), Event("picked", {"seat": seat})]
        kicker, aim = self.kicker(), self.aim
        assert aim is not None
        goal = action.side != aim  # PK-3
        self.goals[kicker].append(goal)
        self.aim = None
        return [Event("kick", {"kicker": kicker, "side": aim.value, "dive": action.side.value, "goal": goal})]

    def outcome(self) -> Outcome:
        a, b = self.score()
        winner = 0 if a > b else 1  # PK-5: never level at the end (PK-4)
        ending = "sudden-death" if len(self.goals[0]) > KICKS else "five-kicks"
        return Outcome((a, b), winner, (1.0, -1.0) if winner == 0 else (-1.0, 1.0), ending)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> PenaltyState:
        return view.determinize(self, seat, rng)

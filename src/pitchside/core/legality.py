"""Each rule written once: a named check that returns a Refusal (rule ID and reason) or nothing.

A game's legal actions are its candidate actions that no check refuses, and an illegal action is
refused with the first check that refuses it: legal-move generation and the explanation of a
refusal run the same code, so they cannot drift apart. ``refusals`` lists *every* rule that
forbids an action; the conformance check asks that the rule named is one of them.

    RULES = Rulebook[MyState, Play](key=lambda st, seat, act: (st.phase, act.verb))

    @RULES.check((Phase.TURN, Verb.MOVE))
    def one_card_moves_adjacent(st, seat, act):  # SC-MAN-2
        if abs(act.zone - st.ball) > 1:
            return Refusal("SC-MAN-2", "a one-card maneuver moves to an adjacent zone or stays")
        return None

Checks registered under ``ANY`` judge every action, before the specific ones (whose turn it is,
the card is in the hand...). Checks run in the order they were registered.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from pitchside.core.errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A")

ANY: Hashable = "*"  # the key of checks that judge every action


@dataclass(frozen=True, slots=True)
class Refusal:
    rule: str  # the rulebook ID, e.g. "SC-PK-3a"
    message: str  # why, in the player's words

    def error(self, action: object) -> IllegalAction:
        return IllegalAction(self.rule, f"{action} is not allowed: {self.message}")


Check = Callable[[S, int, A], Refusal | None]


class Rulebook(Generic[S, A]):
    """A game's checks, grouped by ``key(state, seat, action)`` (for example the phase and verb)."""

    def __init__(self, key: Callable[[S, int, A], Hashable]) -> None:
        self.key = key
        self.general: list[Check[S, A]] = []
        self.by_key: dict[Hashable, list[Check[S, A]]] = {}
        self.names: dict[Check[S, A], str] = {}

    def check(self, *keys: Hashable) -> Callable[[Check[S, A]], Check[S, A]]:
        """Register a check under each of ``keys`` (``ANY``: every action)."""

        def register(fn: Check[S, A]) -> Check[S, A]:
            for k in keys:
                if k == ANY:
                    self.general.append(fn)
                else:
                    self.by_key.setdefault(k, []).append(fn)
            self.names[fn] = getattr(fn, "__name__", repr(fn))
            return fn

        return register

    def checks_for(self, st: S, seat: int, act: A) -> list[Check[S, A]]:
        return [*self.general, *self.by_key.get(self.key(st, seat, act), ())]

    def refuse(self, st: S, seat: int, act: A) -> Refusal | None:
        """The first rule that forbids ``act`` now, or None if none does."""
        for fn in self.general:
            r = fn(st, seat, act)
            if r is not None:
                return r
        for fn in self.by_key.get(self.key(st, seat, act), ()):
            r = fn(st, seat, act)
            if r is not None:
                return r
        return None

    def refusals(self, st: S, seat: int, act: A) -> list[Refusal]:
        """Every rule that forbids ``act`` now (empty if it is allowed by every check)."""
        out = []
        for fn in self.checks_for(st, seat, act):
            try:
                r = fn(st, seat, act)
            except Exception:  # a later check may assume an earlier one held; it cannot judge
                continue
            if r is not None:
                out.append(r)
        return out

    def legal(self, st: S, seat: int, candidates: Iterable[A]) -> list[A]:
        """The candidates no check refuses, in their order."""
        refuse = self.refuse
        return [a for a in candidates if refuse(st, seat, a) is None]

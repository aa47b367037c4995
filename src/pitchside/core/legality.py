"""Each rule written once: a named check that returns a Refusal (rule ID and reason) or nothing.

A game's legal actions are its candidate actions that no check refuses, and an illegal action is
refused with the first check that refuses it: legal-move generation and the explanation of a
refusal run the same code, so they cannot drift apart. ``refusals`` lists *every* rule that
forbids an action; the conformance check asks that the rule named is one of them.

    RULES = Rulebook[MyState, Play](key=lambda st, seat, act: (st.phase, act.verb))

    @RULES.check(ANY, state=True)
    def whose_turn(st, seat, act):  # SC-TURN-1: depends on the state and seat only
        return None if seat == st.actor else Refusal("SC-TURN-1", f"it is seat {st.actor}'s turn")

    @RULES.check((Phase.TURN, Verb.MOVE))
    def one_card_moves_adjacent(st, seat, act):  # SC-MAN-2
        if abs(act.zone - st.ball) > 1:
            return Refusal("SC-MAN-2", "a one-card maneuver moves to an adjacent zone or stays")
        return None

Checks registered under ``ANY`` judge every action, before the specific ones (whose turn it is,
the card is in the hand...). Checks run in the order they were registered. An ``ANY`` check that
refuses objects of another type lets ``key`` and the specific checks assume the game's action type;
``refusals`` never calls the specific checks for an action ``key`` cannot read.

Speed (legal-move generation runs at every decision): each key's checks are worked out once, as
tuples, when they are registered. A check registered with ``state=True`` promises to look only at
the state and the seat (and the action's key), not at the rest of the action: ``legal`` then runs
it once per key per call instead of once per candidate. ``legal_keyed`` skips the key function
when the caller knows every candidate's key (the candidates of one verb in one phase).

A check registered with ``fixed=True`` promises to look only at the seat, the action and what stays
the same for the whole match (the teams, the card set), never at what changes. A game may pass a
table of candidates through those checks once (``fixed_legal``, cached with the fixed data) and
then call ``legal_keyed(..., fixed_done=True)``, which runs only the other checks.

A check registered with ``input=True`` judges only whether the action is well-formed input (a
foreign object, an unknown card, a card the seat does not hold): ``refuse`` and ``refusals`` run
it, while ``legal``, ``legal_keyed``, ``fixed_legal`` and ``legal_groups`` skip it, since a game's
candidates are its own well-formed actions (built from its own cards and hands).

A game may also run a key's per-action checks (every check but the state-only and input ones) on
its own, with ``action_legal``, and cache what passes with whatever those checks read (for example
per card and ball zone); a group marked ``ACTIONS_DONE`` then runs only the state-only checks.

A game's fixed tuple of lazily built groups (``legal_built``) can be made once with ``plan``: each
group's checks are then looked up when the plan is made (and again whenever a check is registered),
not at every decision.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

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
# Candidates that share one key, for ``Rulebook.legal_groups``: (key, candidates, done), where
# ``done`` says which per-candidate checks every candidate has passed already: none (0 or False),
# the key's fixed checks (``FIXED_DONE``, or True: ``fixed_legal``) or all of them (``ACTIONS_DONE``:
# ``action_legal``). A plain tuple: legal-move generation builds some at every decision.
Group = tuple[Hashable, Sequence[A], int]
NONE_DONE, FIXED_DONE, ACTIONS_DONE = 0, 1, 2
# A group whose candidates are built only if the key's state-only checks pass, for
# ``Rulebook.legal_built``: (key, probe, build, done). ``probe`` is any action of the key (the
# state-only checks read nothing of it but its key); ``build(state, seat, context)`` makes the
# candidates; ``done`` as in ``Group``.
C = TypeVar("C")
Built = tuple[Hashable, A, Callable[[S, int, C], Sequence[A]], int]


class BuiltPlan(Generic[A, S, C]):
    """Lazily built groups a game passes to ``legal_built`` at every decision (its fixed tuples of
    ``Built``), with each group's checks looked up once: ``steps`` holds, per group, (the key's own
    state-only checks, probe, build, the per-candidate checks left by ``done``). Made by
    ``Rulebook.plan``, which keeps it current when checks are registered later."""

    __slots__ = ("groups", "passed", "steps")

    def __init__(self, groups: tuple[Built[A, S, C], ...], passed: frozenset[Check[S, A]]) -> None:
        self.groups = groups
        self.passed = passed
        self.steps: tuple[tuple[_Checks[S, A], A, Callable[[S, int, C], Sequence[A]], _Checks[S, A]], ...] = ()


# One key's checks: (state-only checks, the other checks, all of them in registration order,
# the other checks but the fixed ones, the fixed ones, the checks left by ``done``).
_Checks = tuple[Check[S, A], ...]
_Plan = tuple[
    _Checks[S, A],
    _Checks[S, A],
    _Checks[S, A],
    _Checks[S, A],
    _Checks[S, A],
    tuple[_Checks[S, A], _Checks[S, A], _Checks[S, A]],
]


class Rulebook(Generic[S, A]):
    """A game's checks, grouped by ``key(state, seat, action)`` (for example the phase and verb)."""

    def __init__(self, key: Callable[[S, int, A], Hashable]) -> None:
        self.key = key
        self.general: list[Check[S, A]] = []
        self.by_key: dict[Hashable, list[Check[S, A]]] = {}
        self.names: dict[Check[S, A], str] = {}
        self.state_only: set[Check[S, A]] = set()
        self.fixed: set[Check[S, A]] = set()
        self.input_only: set[Check[S, A]] = set()
        self._any: _Plan[S, A] = ((), (), (), (), (), ((), (), ()))  # a key with no checks of its own
        self._plans: dict[Hashable, _Plan[S, A]] = {}
        self._general_state: _Checks[S, A] = ()  # the ANY checks registered state=True
        self._own_state: dict[Hashable, _Checks[S, A]] = {}  # per key, its own state=True checks
        self._built_plans: list[BuiltPlan[A, S, Any]] = []

    def check(
        self, *keys: Hashable, state: bool = False, fixed: bool = False, input: bool = False
    ) -> Callable[[Check[S, A]], Check[S, A]]:
        """Register a check under each of ``keys`` (``ANY``: every action). ``state=True``: the
        check looks only at the state and the seat, never at the action beyond its key.
        ``fixed=True``: it looks only at the seat, the action and the match's fixed data.
        ``input=True``: it judges only whether the action is well-formed input; candidates skip it."""

        def register(fn: Check[S, A]) -> Check[S, A]:
            for k in keys:
                if k == ANY:
                    self.general.append(fn)
                else:
                    self.by_key.setdefault(k, []).append(fn)
            self.names[fn] = getattr(fn, "__name__", repr(fn))
            if state:
                self.state_only.add(fn)
            if fixed:
                self.fixed.add(fn)
            if input:
                self.input_only.add(fn)
            self._replan()
            return fn

        return register

    def _replan(self) -> None:
        self._any = self._plan(self.general)
        self._plans = {k: self._plan([*self.general, *fns]) for k, fns in self.by_key.items()}
        judged = self._judged
        self._general_state = tuple(fn for fn in judged(self.general) if fn in self.state_only)
        own = self.by_key.items()
        self._own_state = {k: tuple(fn for fn in judged(fns) if fn in self.state_only) for k, fns in own}
        for plan in self._built_plans:
            self._plan_steps(plan)

    def plan(self, groups: Iterable[Built[A, S, C]], *, passed: Iterable[Check[S, A]] = ()) -> BuiltPlan[A, S, C]:
        """``groups`` for ``legal_built`` with their checks looked up once (kept current).

        ``passed``: state-only checks that pass every group of this plan whenever the game uses it
        (the game picks the plan by what those checks read, e.g. no play pending): they are left out.
        A game that says so must test it (its legal actions with and without the plan)."""
        plan: BuiltPlan[A, S, C] = BuiltPlan(tuple(groups), frozenset(passed))
        if not plan.passed <= self.state_only:
            raise ValueError("a plan can leave out only state-only checks")
        self._plan_steps(plan)
        self._built_plans.append(plan)
        return plan

    def _plan_steps(self, plan: BuiltPlan[A, S, Any]) -> None:
        plan.steps = self._steps(plan.groups, plan.passed)

    def _steps(
        self, groups: Iterable[Built[A, S, C]], passed: frozenset[Check[S, A]] = frozenset()
    ) -> tuple[tuple[_Checks[S, A], A, Callable[[S, int, C], Sequence[A]], _Checks[S, A]], ...]:
        """Per group: (its key's state-only checks but ``passed``, probe, build, the checks left by ``done``)."""
        own, plans, default = self._own_state, self._plans, self._any
        if passed:
            return tuple(
                (tuple(fn for fn in own.get(k, ()) if fn not in passed), p, b, plans.get(k, default)[5][d])
                for k, p, b, d in groups
            )
        return tuple((own.get(k, ()), p, b, plans.get(k, default)[5][d]) for k, p, b, d in groups)

    def _judged(self, checks: list[Check[S, A]]) -> list[Check[S, A]]:
        """The checks that judge a game's candidates: all but the input checks."""
        return [fn for fn in checks if fn not in self.input_only]

    def _plan(self, checks: list[Check[S, A]]) -> _Plan[S, A]:
        every, checks = checks, self._judged(checks)
        state = tuple(fn for fn in checks if fn in self.state_only)
        other = tuple(fn for fn in checks if fn not in self.state_only)
        fixed = tuple(fn for fn in checks if fn in self.fixed)
        unfixed = tuple(fn for fn in other if fn not in self.fixed)
        return state, other, tuple(every), unfixed, fixed, (other, unfixed, ())

    def general_refusal(self, st: S, seat: int, probe: A) -> Refusal | None:
        """The first ANY check registered ``state=True`` that refuses (``probe``: any action), e.g.
        whether ``seat`` may act at all now; then ``legal_built(..., general=False)``."""
        for fn in self._general_state:
            r = fn(st, seat, probe)
            if r is not None:
                return r
        return None

    def action_checks(self, key: Hashable) -> tuple[Check[S, A], ...]:
        """The per-action checks of ``key`` (``action_legal`` runs them), in the order they run."""
        return self._plans.get(key, self._any)[1]

    def checks_for(self, st: S, seat: int, act: A) -> list[Check[S, A]]:
        """Every check that judges ``act`` now, in the order they run."""
        try:
            k = self.key(st, seat, act)
        except Exception:  # the key cannot read it (a foreign object): only the ANY checks judge it
            return list(self.general)
        return list(self._plans.get(k, self._any)[2])

    def refuse(self, st: S, seat: int, act: A) -> Refusal | None:
        """The first rule that forbids ``act`` now, or None if none does."""
        # the ANY checks first, before ``key`` reads the action: they refuse foreign objects
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
        """The candidates no check refuses, in their order (exactly those ``refuse`` passes).

        State-only checks run once per key: if one refuses, every candidate of that key is out.
        """
        key, plans, default = self.key, self._plans, self._any
        # key -> the checks left to run per candidate, or None: a state-only check refused them all
        seen: dict[Hashable, tuple[Check[S, A], ...] | None] = {}
        out = []
        for a in candidates:
            k = key(st, seat, a)
            if k in seen:
                checks = seen[k]
                if checks is None:
                    continue
            else:
                state, checks, _, _, _, _ = plans.get(k, default)
                for fn in state:
                    if fn(st, seat, a) is not None:
                        checks = None
                        break
                seen[k] = checks
                if checks is None:
                    continue
            for fn in checks:
                if fn(st, seat, a) is not None:
                    break
            else:
                out.append(a)
        return out

    def legal_keyed(
        self, key: Hashable, st: S, seat: int, candidates: Iterable[A], *, fixed_done: bool = False
    ) -> list[A]:
        """``legal`` for candidates that all have this ``key`` (the caller knows it: the moves of
        one verb in one phase), without computing the key per candidate. ``fixed_done``: every
        candidate has passed the key's fixed checks (``fixed_legal``), which are not run again."""
        state, checks, _, unfixed, _, _ = self._plans.get(key, self._any)
        if fixed_done:
            checks = unfixed
        out = []
        first = True
        for a in candidates:
            if first:
                first = False
                for fn in state:
                    if fn(st, seat, a) is not None:
                        return []
            for fn in checks:
                if fn(st, seat, a) is not None:
                    break
            else:
                out.append(a)
        return out

    def fixed_legal(self, key: Hashable, st: S, seat: int, candidates: Iterable[A]) -> list[A]:
        """The candidates of this ``key`` that pass its fixed checks (only those): what stays legal
        for ``seat`` as far as the match's fixed data goes. A game may cache it with that data."""
        fixed = self._plans.get(key, self._any)[4]
        return [a for a in candidates if all(fn(st, seat, a) is None for fn in fixed)]

    def action_legal(self, key: Hashable, st: S, seat: int, candidates: Iterable[A]) -> list[A]:
        """The candidates of this ``key`` that pass its per-action checks (all but the state-only
        and input ones), without the state-only checks: what a game may cache with everything
        those checks read, and then pass to ``legal_groups`` marked ``ACTIONS_DONE``."""
        checks = self._plans.get(key, self._any)[1]
        return [a for a in candidates if all(fn(st, seat, a) is None for fn in checks)]

    def legal_groups(self, st: S, seat: int, groups: Iterable[Group[A]]) -> list[A]:
        """``legal_keyed`` over several groups of candidates (one key each) in one call: the ANY checks
        registered ``state=True`` run once for all the groups, each key's own ones once per group."""
        out: list[A] = []
        general = self._general_state
        plans, default, own_state = self._plans, self._any, self._own_state
        for key, cands, done in groups:
            if not cands:
                continue
            a0 = cands[0]
            if general:
                for fn in general:
                    if fn(st, seat, a0) is not None:
                        return []
                general = ()
            for fn in own_state.get(key, ()):
                if fn(st, seat, a0) is not None:
                    break
            else:
                plan = plans.get(key, default)
                checks = plan[5][done]
                if not checks:
                    out += cands
                    continue
                for a in cands:
                    for fn in checks:
                        if fn(st, seat, a) is not None:
                            break
                    else:
                        out.append(a)
        return out

    def legal_built(
        self,
        st: S,
        seat: int,
        context: C,
        groups: Iterable[Built[A, S, C]] | BuiltPlan[A, S, C],
        *,
        general: bool = True,
    ) -> list[A]:
        """``legal_groups`` for groups built lazily: a key's candidates are built (``build(st,
        seat, context)``) only when its state-only checks pass on the group's ``probe``, so a
        decision pays nothing for the keys the state rules out (the same legal actions).
        ``general=False``: the caller has found that the ANY state-only checks pass. ``groups``
        made once with ``plan`` skip looking up each key's checks at every call."""
        steps = groups.steps if isinstance(groups, BuiltPlan) else self._steps(groups)
        if general:
            if not steps:
                return []
            probe = steps[0][1]
            for fn in self._general_state:
                if fn(st, seat, probe) is not None:
                    return []
        out: list[A] = []
        for state_checks, probe, build, checks in steps:
            for fn in state_checks:
                if fn(st, seat, probe) is not None:
                    break
            else:
                cands = build(st, seat, context)
                if not checks:
                    out += cands
                    continue
                for a in cands:
                    for fn in checks:
                        if fn(st, seat, a) is not None:
                            break
                    else:
                        out.append(a)
        return out

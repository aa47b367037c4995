"""The conformance check every game must pass, written only against the core protocol.

``check_game(game, config, seeds)`` plays one random match per seed to the end and checks, as
it goes, the properties the rest of pitchside relies on (docs/architecture.md, "Tests"):

every step
    the decision names a seat while the match runs; that seat has legal actions and every other
    seat has none; every legal action's text round-trips through ``game.parse_action``; private
    events go to a real seat; the match ends within ``max_decisions``.

deep steps (every step of one seed in ``deep_every``, about one step in ``sample_every`` of the
others, and the first step of every seed)
    the setup notation round-trips through JSON (same fingerprint); legal actions are distinct and
    every one applies on a clone, leaving the original untouched (clones are independent); an
    illegal action (another seat acting, a legal action of another phase or out of place, a foreign
    object, a mutated action text) raises IllegalAction naming a rule that ``refusals`` lists for
    it (and the first legal actions have no refusals), and changes nothing; views
    leak nothing: for each seat (on sampled steps: the deciding seat and two others), a
    determinization for that seat (a state differing only in what it cannot see) gives the same
    ``view(seat)`` and the same spectator ``view(None)``; the deciding seat's determinization has
    the same legal actions and is itself a valid setup; views and events are JSON; applying the chosen action
    to a clone gives the same events and state (no hidden chance); applied to the deciding seat's
    determinization, it gives the same public events up to the first declared reveal (a game's
    ``reveal_events``: a card turned from the deck, hidden picks shown): no public event carries
    a hidden card.

end of every match
    the decision is OVER and nobody has legal actions; the outcome has one return per seat; an
    action now raises IllegalAction and changes nothing; the same seed deals the same state; the
    record survives JSON Lines and replays (``core.record.replay``) to the same final state from
    the seed and, for fully deep-checked seeds and one in four of the others, from the setup of a
    random deep step.

Problems are collected, not raised, so one run reports every failing seed; each names the seed,
the move and the decision so that it can be replayed.
"""

from __future__ import annotations

import contextlib
import json
import traceback
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.errors import IllegalAction, InvalidAction, PitchsideError
from pitchside.core.game import Action, Event, Game, State
from pitchside.core.record import MatchRecord, Move, replay
from pitchside.core.rng import Rng

__all__ = ["CheckReport", "check_game", "check_setup"]

MAX_PROBLEMS_PER_SEED = 3


@dataclass
class CheckReport:
    """What ``check_game`` did and what it found. ``ok`` is True when nothing was found."""

    game: str
    config: dict[str, Any]
    seeds: int = 0
    matches: int = 0  # matches played to the end
    decisions: int = 0
    deep_steps: int = 0
    actions_applied: int = 0  # legal actions applied on clones
    illegal_tried: int = 0
    texts_parsed: int = 0
    twins: int = 0  # determinizations checked
    twins_differ: int = 0  # ... of which differed from the real state (hidden information exists)
    events_compared: int = 0  # public events compared with a determinization's
    replays: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        head = (
            f"{self.game} {self.config}: {self.seeds} seeds, {self.matches} matches, {self.decisions} decisions, "
            f"{self.deep_steps} deep steps, {self.actions_applied} legal actions applied on clones, "
            f"{self.illegal_tried} illegal actions tried, {self.texts_parsed} texts parsed, "
            f"{self.twins} determinizations ({self.twins_differ} differing), "
            f"{self.events_compared} event lists compared, {self.replays} replays"
        )
        if self.ok:
            return head + ": ok"
        return head + f": {len(self.problems)} problem(s)\n" + "\n".join("  - " + p for p in self.problems)


@dataclass(frozen=True)
class _Foreign:
    """An object that is no action of any game: applying it must raise IllegalAction."""

    text: str = "<not an action>"

    def __str__(self) -> str:
        return self.text


class _Abort(Exception):
    """Stop checking this seed: a problem makes the rest of the match meaningless."""


def check_game(
    game: Game,
    config: Mapping[str, Any] | None = None,
    seeds: Iterable[int] = range(10),
    *,
    deep_every: int = 10,
    sample_every: int = 40,
    max_decisions: int = 100_000,
    max_problems: int = 20,
    reveal_events: Iterable[str] | None = None,
) -> CheckReport:
    """Play one random match per seed and check the protocol's properties (see the module doc).

    ``deep_every``: one seed in that many (the 1st, the ``deep_every + 1``-th, ...) gets the deep
    checks on every step; 1 deep-checks every seed fully, 0 none. The others get them on about
    one step in ``sample_every`` (chosen at random, so every phase is reached over many seeds),
    on their first step, and at the end. ``max_decisions`` bounds a match: random play must end.
    ``reveal_events``: kinds of public events that show hidden things by the rules (chance or a
    hidden pick); by default the game's ``reveal_events``.
    """
    cfg = dict(config or {})
    reveals = frozenset(game.reveal_events if reveal_events is None else reveal_events)
    report = CheckReport(game.id, cfg)
    _check_notation(game, report)
    for k, seed in enumerate(seeds):
        report.seeds += 1
        full = deep_every > 0 and k % deep_every == 0
        run = _SeedRun(game, cfg, seed, full, sample_every, max_decisions, report, reveals)
        try:
            run.play()
        except _Abort:
            pass
        except Exception as e:  # a crash is a finding, not the end of the check
            tb = traceback.extract_tb(e.__traceback__)[-1]
            with contextlib.suppress(_Abort):
                run.problem(f"raised {type(e).__name__}: {e} (at {tb.filename}:{tb.lineno})")
        if len(report.problems) >= max_problems:
            report.problems.append(f"stopped after {max_problems} problems")
            break
    return report


def check_setup(
    game: Game,
    setup: Mapping[str, Any],
    seed: int = 0,
    *,
    source: str = "<setup>",
    deep_steps: int = 3,
    max_decisions: int = 100_000,
    reveal_events: Iterable[str] | None = None,
) -> CheckReport:
    """Play one random match from ``setup`` to the end under the checks above (issue 7: a setup is
    accepted only if the match can go on from it under the conformance check).

    The setup is read first: a DataError from ``from_setup`` propagates (a refusal is the other
    accepted answer). The first ``deep_steps`` steps get the deep checks, every step the cheap ones;
    at the end the record replays from the setup. ``seed`` is the checker's own chance (the moves).
    """
    reveals = frozenset(game.reveal_events if reveal_events is None else reveal_events)
    state = game.from_setup(setup, source)
    report = CheckReport(game.id, {"setup": True, "seed": seed})
    report.seeds = 1
    run = _SeedRun(game, {}, seed, False, 0, max_decisions, report, reveals)
    run.start, run.deep_first = (dict(setup), state), deep_steps
    try:
        run.play()
    except _Abort:
        pass
    except Exception as e:
        tb = traceback.extract_tb(e.__traceback__)[-1]
        with contextlib.suppress(_Abort):
            run.problem(f"raised {type(e).__name__}: {e} (at {tb.filename}:{tb.lineno})")
    return report


def _check_notation(game: Game, report: CheckReport) -> None:
    """Text that is no action must raise InvalidAction, nothing else."""
    for text in ("", " ", "\x00", "?!", "no such action at all", "🙂"):
        try:
            game.parse_action(text)
        except InvalidAction:
            continue
        except Exception as e:
            report.problems.append(f"parse_action({text!r}) raised {type(e).__name__}, not InvalidAction: {e}")
            continue
        report.problems.append(f"parse_action({text!r}) accepted text that is no action")


class _SeedRun:
    def __init__(
        self,
        game: Game,
        config: dict[str, Any],
        seed: int,
        full: bool,
        sample_every: int,
        max_decisions: int,
        report: CheckReport,
        reveals: frozenset[str],
    ) -> None:
        self.game, self.config, self.seed, self.full = game, config, seed, full
        self.reveals = reveals
        self.sample_every, self.max_decisions, self.report = sample_every, max_decisions, report
        self.rng = Rng(seed * 0x2545F4914F6CDD1D + 0x5151)  # the checker's own chance: moves, twins
        self.where = "start"
        self.found = 0
        self.seen: dict[Action, str] = {}  # every legal action met, with the decision label it was met in
        self.n = 0
        self.start: tuple[dict[str, Any], State] | None = None  # a setup and its state, instead of the seed's deal
        self.deep_first = 1  # the first steps that always get the deep checks

    # ------------------------------------------------------------------ reporting

    def problem(self, message: str, abort: bool = False) -> None:
        self.report.problems.append(f"{self.game.id} seed {self.seed} {self.where}: {message}")
        self.found += 1
        if abort or self.found >= MAX_PROBLEMS_PER_SEED:
            raise _Abort

    def expect(self, cond: bool, message: str, abort: bool = False) -> None:
        if not cond:
            self.problem(message, abort)

    # ------------------------------------------------------------------ the match

    def play(self) -> None:
        game, rep = self.game, self.report
        state = game.new_state(self.config, self.seed) if self.start is None else self.start[1]
        self.n = n = state.num_seats
        fp_start = state.fingerprint()
        moves: list[Move] = []
        mid: tuple[int, dict[str, Any]] | None = None  # a setup taken at a deep step, for replay
        deep_seen = 0
        step = 0
        while not state.is_over():
            if step >= self.max_decisions:
                self.problem(f"random play did not end within {self.max_decisions} decisions", abort=True)
            d = state.decision()
            seat = d.seat
            self.where = f"move {step + 1} ({d.kind.value} {d.label!r}, seat {seat})"
            if d.kind is DecisionKind.OVER or seat is None or not 0 <= seat < n:
                self.problem(f"the match is not over but the decision is {d}", abort=True)
                return
            self.expect(
                not d.seats or seat in d.seats, f"the deciding seat is not among the decision's seats {d.seats}"
            )
            legal = list(state.legal_actions(seat))
            if not legal:
                self.problem("the deciding seat has no legal action before the end", abort=True)
            for other in range(n):
                if other != seat and state.legal_actions(other):
                    self.problem(f"seat {other} has legal actions but seat {seat} decides")
            for a in legal:
                if a not in self.seen:
                    self.seen[a] = d.label
                    self._round_trip(a)
            action = legal[self.rng.below(len(legal))]
            deep = (
                self.full
                or step < self.deep_first
                or (self.sample_every > 0 and self.rng.below(self.sample_every) == 0)
            )
            if deep:
                setup = self._deep(state, seat, legal, action, d.label)
                deep_seen += 1
                if self.rng.below(deep_seen) == 0:  # reservoir: any deep step equally likely
                    mid = (step, setup)
            else:
                events = state.apply(seat, action)
                self._check_events(events)
            moves.append(Move(seat, str(action)))
            step += 1
            rep.decisions += 1
        self.where = f"end after {step} moves"
        self._end(state, fp_start, moves, mid)
        rep.matches += 1

    def _round_trip(self, a: Action) -> None:
        text = str(a)
        self.report.texts_parsed += 1
        try:
            back = self.game.parse_action(text)
        except InvalidAction as e:
            self.problem(f"legal action text {text!r} does not parse: {e}")
            return
        self.expect(back == a, f"{text!r} parses to {back!r}, not to the legal action {a!r}")
        self.expect(str(back) == text, f"{text!r} parses to an action written {str(back)!r}")

    def _check_events(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.to is not None and not (isinstance(e.to, int) and 0 <= e.to < self.n):
                self.problem(f"event {e.kind!r} is addressed to {e.to!r}, which is no seat")

    # ------------------------------------------------------------------ deep checks

    def _deep(self, state: State, seat: int, legal: list[Action], action: Action, label: str) -> dict[str, Any]:
        """Every deep check of one step, then apply ``action``. Returns the setup before it."""
        rep, game = self.report, self.game
        rep.deep_steps += 1
        fp = state.fingerprint()

        # The setup notation round-trips through JSON.
        setup: dict[str, Any] = json.loads(json.dumps(state.to_setup()))
        again = game.from_setup(setup, "<checks>")
        self.expect(again.fingerprint() == fp, "to_setup() -> from_setup() does not give the same state", abort=True)
        self.expect(list(again.legal_actions(seat)) == legal, "the state read from its setup has other legal actions")

        # Every legal action applies on a clone; clones are independent of the original.
        self.expect(len(set(legal)) == len(legal), f"legal actions repeat: {[str(a) for a in legal]}")
        for i, a in enumerate(legal):
            c = state.clone()
            if i == 0:
                self.expect(c.fingerprint() == fp, "clone() has another fingerprint than the original", abort=True)
            if i < 3 and state.refusals(seat, a):
                self.problem(f"legal action {str(a)!r} has refusals: {state.refusals(seat, a)}")
            try:
                self._check_events(c.apply(seat, a))
            except Exception as e:
                self.problem(f"legal action {str(a)!r} raised {type(e).__name__}: {e}")
            rep.actions_applied += 1
            if i == 0:
                self.expect(state.fingerprint() == fp, "applying an action to a clone changed the original", abort=True)
        self.expect(
            state.fingerprint() == fp, "applying actions to clones changed the original (clone is not deep)", abort=True
        )

        # Illegal actions raise IllegalAction and change nothing.
        self._illegal(state, seat, legal, label)
        self.expect(state.fingerprint() == fp, "an illegal action changed the state", abort=True)

        # Views leak nothing; determinize keeps the seat's view.
        twin = self._views(state, seat, legal, fp)
        self.expect(state.fingerprint() == fp, "view() or determinize() changed the state", abort=True)

        # The chosen action: deterministic, and its public events do not depend on hidden information.
        c = state.clone()
        ev_clone = c.apply(seat, action)
        try:
            ev_twin: list[Event] | None = twin.apply(seat, action)
        except IllegalAction as e:
            self.problem(f"{str(action)!r} is legal but refused in a determinization for the same seat: {e}")
            ev_twin = None
        events = state.apply(seat, action)
        self._check_events(events)
        self.expect(events == ev_clone, f"{str(action)!r} gives other events on a clone: chance outside the state?")
        self.expect(
            state.fingerprint() == c.fingerprint(), f"{str(action)!r} gives another state on a clone", abort=True
        )
        try:
            json.dumps([e.to_json() for e in events])
        except (TypeError, ValueError) as e:
            self.problem(f"events of {str(action)!r} are not JSON: {e}")
        # The twin differs in everything the actor cannot see (other hands, deck order, RNG), so the
        # public events must be the same up to the first event the game declares a reveal (a card
        # turned from the deck, hidden picks shown): after it, chance or a reveal may differ.
        if ev_twin is not None:
            rep.events_compared += 1
            pub, pub_twin = self._before_reveal(events), self._before_reveal(ev_twin)
            if pub != pub_twin:
                diff = next((a, b) for a, b in zip([*pub, None], [*pub_twin, None], strict=False) if a != b)
                self.problem(
                    f"public events of {str(action)!r} depend on hidden information: real {diff[0]} vs "
                    f"a determinization for seat {seat}: {diff[1]}"
                )
        return setup

    def _before_reveal(self, events: Sequence[Event]) -> list[Event]:
        out: list[Event] = []
        for e in events:
            if e.kind in self.reveals:
                break
            if e.to is None:
                out.append(e)
        return out

    def _illegal(self, state: State, seat: int, legal: list[Action], label: str) -> None:
        tries: list[tuple[int, Any, str]] = []
        for other in range(self.n):  # another seat acting
            if other != seat:
                tries.append((other, legal[self.rng.below(len(legal))], f"seat {other} out of turn"))
        legal_set = set(legal)
        elsewhere = [a for a, lab in self.seen.items() if lab != label and a not in legal_set]
        here = [a for a, lab in self.seen.items() if lab == label and a not in legal_set]
        for pool, why in ((elsewhere, "of another decision"), (here, "not legal now")):
            for _ in range(min(3, len(pool))):
                tries.append((seat, pool[self.rng.below(len(pool))], why))
        tries.append((seat, _Foreign(), "a foreign object"))
        tries.extend((seat, a, "from a mutated text") for a in self._mutants(legal, legal_set))
        for who, act, why in tries:
            self.report.illegal_tried += 1
            try:
                state.apply(who, act)
            except IllegalAction as e:
                if not (isinstance(e.rule, str) and e.rule.strip()):
                    self.problem(f"IllegalAction for {str(act)!r} ({why}) names no rule")
                else:
                    # The rule named must be one that really forbids the action (issue 7: the
                    # legal-move generator and the refusal explanation must not drift apart).
                    named = [r.rule for r in state.refusals(who, act)]
                    if e.rule not in named:
                        self.problem(
                            f"{str(act)!r} by seat {who} ({why}) is refused under {e.rule}, "
                            f"which is not among the rules that forbid it: {named or 'none'}"
                        )
                continue
            except Exception as e:
                self.problem(f"{str(act)!r} by seat {who} ({why}) raised {type(e).__name__}, not IllegalAction: {e}")
                raise _Abort from None
            self.problem(f"{str(act)!r} by seat {who} ({why}) was accepted", abort=True)

    def _mutants(self, legal: list[Action], legal_set: set[Action]) -> list[Action]:
        """A few texts near a legal action's: each must fail to parse or, if not legal, be refused."""
        out: list[Action] = []
        for _ in range(3):
            text = str(legal[self.rng.below(len(legal))])
            i = self.rng.below(len(text))
            k = self.rng.below(4)
            if k == 0:
                text = text[:i]
            elif k == 1:
                text = text[:i] + "0123456789"[self.rng.below(10)] + text[i + 1 :]
            elif k == 2:
                text = text[:i] + text[i + 1 :]
            else:
                text = text + text[i:]
            self.report.texts_parsed += 1
            try:
                a = self.game.parse_action(text)
            except InvalidAction:
                continue
            except Exception as e:
                self.problem(f"parse_action({text!r}) raised {type(e).__name__}, not InvalidAction: {e}")
                continue
            if a not in legal_set:
                out.append(a)
        return out

    def _views(self, state: State, seat: int, legal: list[Action], fp: str) -> State:
        """Check every seat's view against a determinization for it; return the deciding seat's."""
        rep = self.report
        spectator = state.view(None)
        for who in (None, seat):
            try:
                json.dumps(state.view(who))
            except (TypeError, ValueError) as e:
                self.problem(f"view({who}) is not JSON: {e}")
        seats = list(range(self.n))
        if not self.full:  # sampled steps: the deciding seat and two others
            others = [s for s in seats if s != seat]
            self.rng.shuffle(others)
            seats = sorted([seat, *others[:2]])
        mine: State | None = None
        for s in seats:
            own = state.view(s)
            twin = state.determinize(s, self.rng)
            rep.twins += 1
            if twin.view(s) != own:
                why = _first_diff(own, twin.view(s))
                self.problem(f"view({s}) differs in a state that differs only in what seat {s} cannot see: {why}")
            if twin.view(None) != spectator:
                why = _first_diff(spectator, twin.view(None))
                self.problem(f"view(None) differs in a determinization for seat {s}: {why}")
            if s == seat:
                mine = twin
                if list(twin.legal_actions(s)) != legal:
                    self.problem(f"seat {s}'s legal actions differ in a determinization for it: they leak")
                tfp = twin.fingerprint()
                rep.twins_differ += tfp != fp
                back = self.game.from_setup(json.loads(json.dumps(twin.to_setup())), "<determinized>")
                self.expect(back.fingerprint() == tfp, "a determinization is not a valid setup")
        assert mine is not None
        return mine

    # ------------------------------------------------------------------ the end

    def _end(self, state: State, fp_start: str, moves: list[Move], mid: tuple[int, dict[str, Any]] | None) -> None:
        game, rep = self.game, self.report
        d = state.decision()
        self.expect(d.kind is DecisionKind.OVER and d.seat is None, f"the match is over but the decision is {d}")
        for s in range(self.n):
            self.expect(not state.legal_actions(s), f"seat {s} has legal actions after the end")
        out = state.outcome()
        self.expect(len(out.returns) == self.n, f"the outcome has {len(out.returns)} returns for {self.n} seats")
        self.expect(all(-1.0 <= r <= 1.0 for r in out.returns), f"returns out of [-1, 1]: {out.returns}")
        fp = state.fingerprint()
        for act in [*list(self.seen)[:3], _Foreign()]:
            rep.illegal_tried += 1
            try:
                state.apply(0, act)
            except IllegalAction:
                continue
            self.problem(f"{str(act)!r} was accepted after the end")
        self.expect(state.fingerprint() == fp, "an action after the end changed the state")
        setup = json.loads(json.dumps(state.to_setup()))
        self.expect(game.from_setup(setup).fingerprint() == fp, "the final state does not round-trip its setup")
        if self.start is not None:  # the record from the setup replays to the same final state
            rec = MatchRecord(game.id, game.version, {}, setup=self.start[0], players=["random"] * self.n)
            rec.moves, rec.outcome, rec.fingerprint = moves, out.to_json(), fp
            self._replay(MatchRecord.loads(rec.dumps(), "<setup record>"), fp, "the record from the setup")
            return
        self.expect(game.new_state(self.config, self.seed).fingerprint() == fp_start, "the same seed deals differently")

        # The record, through JSON Lines, replays to the same final state (replay checks the outcome too).
        rec = MatchRecord(game.id, game.version, dict(self.config), seed=self.seed, players=["random"] * self.n)
        rec.moves, rec.outcome, rec.fingerprint = moves, out.to_json(), fp
        self._replay(MatchRecord.loads(rec.dumps(), f"<seed {self.seed}>"), fp, "the seeded record")
        if mid is not None and (self.full or self.rng.below(4) == 0):  # sampled: replays cost a match each
            i, start = mid
            rec2 = MatchRecord(game.id, game.version, dict(self.config), setup=start, players=rec.players)
            rec2.moves, rec2.outcome, rec2.fingerprint = moves[i:], rec.outcome, fp
            self._replay(MatchRecord.loads(rec2.dumps()), fp, f"the record from the setup before move {i + 1}")

    def _replay(self, rec: MatchRecord, fp: str, what: str) -> None:
        self.report.replays += 1
        try:
            got = replay(rec, self.game).state.fingerprint()
        except PitchsideError as e:
            self.problem(f"{what} does not replay: {e}")
            return
        self.expect(got == fp, f"{what} replays to another final state")


def _first_diff(a: Any, b: Any, path: str = "") -> str:
    """Where two views first differ, e.g. ``seats[3].hand: [...] != [...]``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in [*a, *(k for k in b if k not in a)]:
            if a.get(k, ...) != b.get(k, ...):
                return _first_diff(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_diff(x, y, f"{path}[{i}]")
    return f"{path or 'view'}: {a!r} != {b!r}"

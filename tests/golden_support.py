"""Golden files: what the three games' golden tests and regen scripts share (tests/games/*/golden/).

A golden file is the text of one seeded run of the one game loop (pitchside.sim.match.play_match) and
begins with everything needed to produce it again: its header. For a match record (docs/notation.md,
"Match records") that is the record's first line; a My World Cup tournament file keeps its own. A test
reads the header back from the stored text, produces the text again from it alone and compares; a
folder's ``regen.py`` rewrites the files, on purpose only (``--check`` writes nothing).
"""

from __future__ import annotations

import argparse
import difflib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pitchside.agents.base import make_agent
from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game
from pitchside.sim.match import play_match

ROOT = Path(__file__).resolve().parent.parent
Header = dict[str, Any]


def record_header(text: str) -> Header:
    """The header line of a match record."""
    head: Header = json.loads(text.splitlines()[0])
    return head


def play_record(head: Header) -> str:
    """Play the match a record header describes (game, config, seed, one agent name per seat: ``random``
    or the game's own ``heuristic``) and return its record as JSON Lines."""
    game = load_game(head["game"])
    agents = [make_agent(name, game.id) for name in head["players"]]
    return play_match(game, agents, head["config"], head["seed"]).record.dumps()


@dataclass(frozen=True)
class Golden:
    """One golden file: where it lives, the header a fresh copy starts from, how text is made from a header
    and how the header is read back from stored text (a match record's, unless told otherwise)."""

    path: Path
    head: Header
    make: Callable[[Header], str] = play_record
    read_head: Callable[[str], Header] = record_header

    @property
    def name(self) -> str:
        return self.path.stem

    def stored(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def fresh(self) -> str:
        """The text the stored file's own header gives now."""
        return self.make(self.read_head(self.stored()))


def diff(stored: str, fresh: str, name: str, limit: int = 40) -> str:
    lines = list(
        difflib.unified_diff(stored.splitlines(), fresh.splitlines(), f"stored/{name}", f"now/{name}", n=1, lineterm="")
    )
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def line_count(paths: Sequence[Path]) -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths)


def rel(path: Path) -> str:
    return path.resolve().relative_to(ROOT).as_posix()


def regen_hint(folder: Path) -> str:
    return f"rules changed play? if on purpose: .venv/bin/python {rel(folder)}/regen.py (see its README.md)"


def assert_regenerates(golden: Golden, folder: Path) -> None:
    """The stored text is exactly what its own header produces today."""
    stored, fresh = golden.stored(), golden.fresh()
    name = golden.path.name
    assert fresh == stored, f"{name} differs ({regen_hint(folder)}):\n{diff(stored, fresh, name)}"


def assert_record_replays(path: Path) -> None:
    """A stored match record is a finished match, and its moves replay (core.record.replay checks every move,
    the outcome and the final fingerprint)."""
    rec = MatchRecord.load(path)
    assert rec.outcome is not None and rec.fingerprint is not None
    rep = replay(rec, load_game(rec.game))
    assert rep.state.is_over()
    assert rep.state.outcome().to_json() == rec.outcome


def regen(goldens: Sequence[Golden], folder: Path, doc: str | None, argv: list[str] | None = None) -> int:
    """A regen script's main: make every golden file from its ``head`` and write it, or with ``--check`` only
    report what would change (exit 1). Files in ``folder`` that no golden names are reported, never deleted."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if any file would change")
    args = ap.parse_args(argv)
    changed = 0
    for g in goldens:
        fresh = g.make(g.head)
        stored = g.stored() if g.path.exists() else ""
        lines = len(fresh.splitlines())
        if fresh == stored:
            print(f"unchanged  {g.path.name} ({lines} lines)")
            continue
        changed += 1
        if args.check:
            print(f"WOULD CHANGE {g.path.name}\n{diff(stored, fresh, g.path.name)}")
        else:
            g.path.write_text(fresh, encoding="utf-8")
            print(f"{'rewrote' if stored else 'created'}    {g.path.name} ({lines} lines)")
    known = {g.path.resolve() for g in goldens}
    for stray in sorted(p for p in folder.glob("*.json*") if p.resolve() not in known):
        changed += 1
        print(f"NOT IN GOLDEN {stray.name}: delete it, or add its entry back to regen.py")
    if changed and not args.check:
        print(f"Review the diff (git diff {rel(folder)}) before committing.")
    return 1 if changed and args.check else 0

"""A simulation's directory: ``matches.parquet`` (one row per match), ``matches.csv`` (with --csv),
``meta.json`` (what was run) and ``records/`` (with --records, one match record per seed).

Rows from different matches may name different columns (a kind of event one match never had): the
table has them all, a missing count is 0 and a missing label empty.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pitchside.lab.jobs import LabError

MATCHES = "matches.parquet"
CSV = "matches.csv"
META = "meta.json"
RECORDS = "records"


def _pyarrow() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet
    except ImportError:
        raise LabError("writing and reading simulation tables needs pyarrow: pip install 'pitchside[lab]'") from None
    return pa


def columns(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every column, in the order first seen."""
    seen: dict[str, None] = {}
    for r in rows:
        for k in r:
            seen.setdefault(k, None)
    return list(seen)


def filled(rows: Sequence[Mapping[str, Any]], cols: Sequence[str], numeric: set[str]) -> list[dict[str, Any]]:
    return [{c: r.get(c, 0 if c in numeric else None) for c in cols} for r in rows]


def write(out: Path, rows: Sequence[Mapping[str, Any]], meta: Mapping[str, Any], csv: bool,
          records: Sequence[tuple[str, str]] = ()) -> list[Path]:  # fmt: skip
    """Write the simulation to ``out``; the paths written."""
    pa = _pyarrow()
    out.mkdir(parents=True, exist_ok=True)
    cols = columns(rows)
    numeric = {c for c in cols if all(type(r.get(c, 0)) is int for r in rows)}
    table = pa.Table.from_pylist(filled(rows, cols, numeric))
    written = [out / MATCHES]
    pa.parquet.write_table(table, out / MATCHES)
    if csv:
        import pyarrow.csv

        pyarrow.csv.write_csv(table, out / CSV)
        written.append(out / CSV)
    (out / META).write_text(json.dumps(meta, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    written.append(out / META)
    if records:
        rec_dir = out / RECORDS
        rec_dir.mkdir(exist_ok=True)
        for name, text in records:
            (rec_dir / name).write_text(text, encoding="utf-8")
        written.append(rec_dir)
    return written


def read(directory: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The rows and the meta of a simulation directory; LabError naming what is missing or wrong."""
    path = directory / MATCHES
    if not path.is_file():
        raise LabError(f"{directory}: no {MATCHES} here (write one with `pitchside simulate GAME --out {directory}`)")
    pa = _pyarrow()
    try:
        rows: list[dict[str, Any]] = pa.parquet.read_table(path).to_pylist()
    except (OSError, pa.ArrowException) as e:
        raise LabError(f"{path}: not a table this lab wrote ({e})") from None
    meta: dict[str, Any] = {}
    mp = directory / META
    if mp.is_file():
        try:
            loaded = json.loads(mp.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise LabError(f"{mp}: not JSON ({e})") from None
        if isinstance(loaded, dict):
            meta = loaded
    if not rows or "winner" not in rows[0] or "seats" not in rows[0]:
        raise LabError(f"{path}: no match rows with the lab's columns (winner, seats)")
    return rows, meta

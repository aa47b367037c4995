"""Summaries of a simulation's rows: win rates with Wilson intervals, and tests of differences.

Pure Python (no numpy): a few thousand rows are summed in well under a second. Win rates are over
*decided* matches (a draw is neither a win nor a loss), as the issue's targets are stated.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Row = Mapping[str, Any]
Z95 = 1.959963984540054
SEAT_FIELD = re.compile(r"^seat(\d+)\.(.+)$")
TEAM_FIELD = re.compile(r"^team(\d+)\.(.+)$")
NOT_LABELS = {"result", "team_index"}
MAX_VALUES = 64  # a label with more distinct values than this is an identifier, not a category


@dataclass(frozen=True)
class Rate:
    """``wins`` of ``n`` decided matches (``draws`` more were drawn), with its 95 % Wilson interval."""

    label: str
    wins: int
    n: int
    draws: int = 0

    @property
    def p(self) -> float:
        return self.wins / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (nan, nan for n = 0)."""
    if n == 0:
        return math.nan, math.nan
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Two-sided pooled two-proportion z-test: (z, p-value). (0, 1) when it cannot be computed."""
    if n1 == 0 or n2 == 0:
        return 0.0, 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (k1 / n1 - k2 / n2) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def two_means(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Two-sided z-test of a difference of means (Welch's standard error; fine for hundreds of matches)."""
    if len(a) < 2 or len(b) < 2:
        return 0.0, 1.0
    se = math.sqrt(_var(a) / len(a) + _var(b) / len(b))
    if se == 0:
        return 0.0, 1.0
    z = (mean(a) - mean(b)) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def _var(xs: Sequence[float]) -> float:
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


# ---------------------------------------------------------------------------- grouping


def seat_count(rows: Sequence[Row]) -> int:
    return max((int(r["seats"]) for r in rows), default=0)


def tally(pairs: Iterable[tuple[str, str]]) -> list[Rate]:
    """Rates from (label, result) pairs, result one of win / loss / draw; in label order."""
    wins: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    for label, result in pairs:
        if result == "draw":
            draws[label] += 1
            decided[label] += 0
        else:
            decided[label] += 1
            wins[label] += result == "win"
    return [Rate(k, wins[k], decided[k], draws[k]) for k in sorted(decided, key=_natural)]


def _natural(s: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", s))


def by_seat(rows: Sequence[Row]) -> list[Rate]:
    return tally((f"seat {s}", r[f"seat{s}.result"]) for r in rows for s in range(int(r["seats"])))


def by_team(rows: Sequence[Row], names: Sequence[str]) -> list[Rate]:
    """Each team's share of the decided matches."""
    teams = sorted({int(r[f"seat{s}.team_index"]) for r in rows for s in range(int(r["seats"]))})
    pairs = []
    for r in rows:
        for t in teams:
            won = r["winner"]
            pairs.append((_team(names, t), "draw" if won is None else "win" if won == t else "loss"))
    return tally(pairs)


def _team(names: Sequence[str], t: int) -> str:
    return names[t] if 0 <= t < len(names) else f"team {t}"


def label_fields(rows: Sequence[Row]) -> list[str]:
    """The per-seat labels worth a chart: text fields (bot, role, character, team id, grade, ...) with two or
    more values, at most MAX_VALUES; of fields that say the same thing (a team's id, English and Chinese
    names), the first."""
    n = seat_count(rows)
    found: set[str] = set()
    for r in rows[:1]:
        for col in r:
            m = SEAT_FIELD.match(col)
            if m and m.group(2) not in NOT_LABELS and ".ev." not in col and isinstance(r[col], str):
                found.add(m.group(2))
    kept: list[str] = []
    partitions: list[list[str | None]] = [  # the seat and the team have charts of their own
        [str(s) for r in rows for s in range(n)],
        [str(r.get(f"seat{s}.team_index")) for r in rows for s in range(n)],
    ]
    for f in sorted(found, key=lambda f: (not f.endswith("id"), f)):  # an id before the names it stands for
        values = [r.get(f"seat{s}.{f}") for r in rows for s in range(n)]
        distinct = {v for v in values if v is not None}
        if not 2 <= len(distinct) <= MAX_VALUES:
            continue
        if any(_same_partition(values, other) for other in partitions):
            continue
        kept.append(f)
        partitions.append(values)
    return kept


def _same_partition(a: Sequence[str | None], b: Sequence[str | None]) -> bool:
    ab: dict[str | None, str | None] = {}
    ba: dict[str | None, str | None] = {}
    return all(ab.setdefault(x, y) == y and ba.setdefault(y, x) == x for x, y in zip(a, b, strict=True))


def by_label(rows: Sequence[Row], field: str) -> list[Rate]:
    return tally(
        (str(v), r[f"seat{s}.result"])
        for r in rows
        for s in range(int(r["seats"]))
        if (v := r.get(f"seat{s}.{field}")) is not None
    )


def first_team_rate(rows: Sequence[Row]) -> Rate | None:
    """How often the team that had the first turn won (decided matches with a first turn)."""
    pairs = [
        ("first turn", "draw" if r["winner"] is None else "win" if r["winner"] == r["first_team"] else "loss")
        for r in rows
        if r.get("first_team") is not None
    ]
    got = tally(pairs)
    return got[0] if got else None


FIRST_FIELD = re.compile(r"^first\.(.+)$")
NEXT_FIELD = re.compile(r"^next\.(.+)\.(same|other)$")


def order_rates(rows: Sequence[Row]) -> list[Rate]:
    """Who came first (``stats.order_stats``), as shares with intervals (``wins`` of ``n``; no draws):
    for each ``first.KIND``, how often the first-turn team had it and how often the team that had it won
    (decided matches); for each reply, how often the next event was by the same team."""
    kinds = sorted({m.group(1) for r in rows for c in r if (m := FIRST_FIELD.match(c))})
    out = []
    for k in kinds:
        had = [r for r in rows if type(v := r.get(f"first.{k}")) is int and v >= 0]  # -1: there was none
        opened = [r for r in had if r.get("first_team") is not None]
        out.append(Rate(f"first {k}: the first-turn team's", sum(r[f"first.{k}"] == r["first_team"] for r in opened),
                        len(opened)))  # fmt: skip
        decided = [r for r in had if r["winner"] is not None]
        out.append(Rate(f"first {k}: its team won", sum(r[f"first.{k}"] == r["winner"] for r in decided), len(decided)))
    names = sorted({m.group(1) for r in rows for c in r if (m := NEXT_FIELD.match(c))})
    for name in names:
        same = sum(int(r.get(f"next.{name}.same") or 0) for r in rows)
        other = sum(int(r.get(f"next.{name}.other") or 0) for r in rows)
        out.append(Rate(f"next {name}: the same team's", same, same + other))
    return out


def home_rate(rows: Sequence[Row], names: Sequence[str]) -> Rate:
    """Team 0's share of the decided matches (home in My World Cup, blue in Sonic Cup, A in World Ball)."""
    pairs = [(_team(names, 0), "draw" if r["winner"] is None else "win" if r["winner"] == 0 else "loss") for r in rows]
    return tally(pairs)[0]


def headline(rows: Sequence[Row]) -> dict[str, float]:
    """Mean per team per match of every headline statistic (``teamN.NAME`` int columns but event counts;
    a team's figure is its seats' and its own events')."""
    sums: Counter[str] = Counter()
    teams = 0
    for r in rows:
        for col, v in r.items():
            m = TEAM_FIELD.match(col)
            if m and ".ev." not in col and type(v) is int and m.group(2) != "score":
                sums[m.group(2)] += v
        teams += len({r[f"seat{s}.team_index"] for s in range(int(r["seats"]))})
    return {k: sums[k] / teams for k in sorted(sums)} if teams else {}


SPAN_FIELD = re.compile(r"^span\.(.+)\.len\.(\d+)$")
RUN_FIELD = re.compile(r"^run\.(.+)\.(longest|rounds)$")


@dataclass(frozen=True)
class Stretch:
    """A span (a Shooting Phase) or a run (turns passed in a row) over a simulation (``stats.py``)."""

    what: str
    per_match: float  # spans per match; for a run, the rounds (runs as long as the seat count) per match
    matches_with: int  # matches that had at least one
    lengths: Counter[int]  # how many spans had each length; a run: each match's longest run


def stretches(rows: Sequence[Row]) -> list[Stretch]:
    """Every span and run the rows count, over all the matches."""
    spans: dict[str, Counter[int]] = {}
    runs: dict[str, Counter[int]] = {}
    with_span: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    with_round: Counter[str] = Counter()
    for r in rows:
        seen: set[str] = set()
        for col, v in r.items():
            if type(v) is not int:
                continue
            if m := SPAN_FIELD.match(col):
                spans.setdefault(m.group(1), Counter())[int(m.group(2))] += v
                if v:
                    seen.add(m.group(1))
            elif m := RUN_FIELD.match(col):
                name = m.group(1)
                if m.group(2) == "longest":
                    runs.setdefault(name, Counter())[v] += 1
                else:
                    rounds[name] += v
                    with_round[name] += v > 0
        with_span.update(seen)
    n = len(rows) or 1
    out = [Stretch(f"span {k}", sum(c.values()) / n, with_span[k], c) for k, c in sorted(spans.items())]
    out += [Stretch(f"run {k}", rounds[k] / n, with_round[k], c) for k, c in sorted(runs.items())]
    return out


def counts(rows: Sequence[Row], key: Callable[[Row], Any]) -> Counter[Any]:
    return Counter(key(r) for r in rows)


@dataclass(frozen=True)
class Difference:
    """One quantity in two simulations: A's and B's value, and the two-sided p-value of the difference."""

    what: str
    a: str
    b: str
    z: float
    p: float


def compare_rates(what: str, a: Sequence[Rate], b: Sequence[Rate]) -> list[Difference]:
    bm = {r.label: r for r in b}
    out = []
    for ra in a:
        rb = bm.get(ra.label)
        if rb is None:
            continue
        z, p = two_proportions(ra.wins, ra.n, rb.wins, rb.n)
        out.append(Difference(f"{what}: {ra.label}", _pct(ra), _pct(rb), z, p))
    return out


def _pct(r: Rate) -> str:
    return f"{r.p:.1%} of {r.n}" if r.n else "–"


def compare_shares(what: str, a: Counter[Any], b: Counter[Any]) -> list[Difference]:
    na, nb = sum(a.values()), sum(b.values())
    out = []
    for k in sorted(set(a) | set(b), key=str):
        z, p = two_proportions(a[k], na, b[k], nb)
        out.append(Difference(f"{what}: {k}", f"{a[k] / na:.1%}", f"{b[k] / nb:.1%}", z, p))
    return out


def compare_means(what: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    z, p = two_means(a, b)
    return Difference(what, f"{mean(a):.2f}", f"{mean(b):.2f}", z, p)

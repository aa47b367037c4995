"""``pitchside report DIR [--against DIR2]``: one HTML page with PNG plots (matplotlib, Agg backend).

Every text on the page (team and character names, a designer's deck path, the command) is escaped.
With ``--against`` every quantity is shown for both simulations with the p-value of the difference:
win rates and shares by a two-sided pooled two-proportion z-test, means (match length, goals) by a
two-sided z-test with Welch's standard error.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pitchside.lab import analysis as an
from pitchside.lab.analysis import Difference, Rate
from pitchside.lab.jobs import LabError

ALPHA = 0.05


@dataclass
class Sim:
    """One simulation directory, read."""

    path: Path
    rows: list[dict[str, Any]]
    meta: dict[str, Any]
    names: tuple[str, ...] = field(default=())

    @property
    def title(self) -> str:
        m = self.meta
        bots = ",".join(m.get("bots", [])) or "?"
        data = " ".join(m.get("data", []))
        extra = f" · data {data}" if data else ""
        game, seats = m.get("game", self.rows[0]["game"]), self.rows[0]["seats"]
        return f"{game} · {seats} seats · {len(self.rows)} matches · bots {bots}{extra}"


def load(path: Path) -> Sim:
    from pitchside.lab.tables import read

    rows, meta = read(path)
    names = tuple(meta.get("team_names") or sorted({str(r["winner_name"]) for r in rows} - {"draw"}))
    return Sim(path, rows, meta, names)


def _plt() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise LabError("report needs matplotlib: pip install 'pitchside[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.dpi": 100, "font.size": 9, "axes.spines.top": False, "axes.spines.right": False})
    return plt


class Page:
    """The HTML page being written and the directory its images go to."""

    def __init__(self, out: Path, title: str) -> None:
        self.out = out
        self.dir = out.parent
        self.stem = out.stem
        self.parts: list[str] = []
        self.images = 0
        self.title = title
        self.plt = _plt()

    def h2(self, text: str) -> None:
        self.parts.append(f"<h2>{html.escape(text)}</h2>")

    def p(self, text: str) -> None:
        self.parts.append(f"<p>{html.escape(text)}</p>")

    def table(self, head: Sequence[str], rows: Sequence[Sequence[Any]], marks: Sequence[bool] = ()) -> None:
        h = "".join(f"<th>{html.escape(str(x))}</th>" for x in head)
        body = []
        for i, r in enumerate(rows):
            cls = ' class="sig"' if i < len(marks) and marks[i] else ""
            body.append(f"<tr{cls}>" + "".join(f"<td>{html.escape(_fmt(x))}</td>" for x in r) + "</tr>")
        self.parts.append(f"<table><thead><tr>{h}</tr></thead><tbody>{''.join(body)}</tbody></table>")

    def figure(self, fig: Any, alt: str) -> None:
        self.images += 1
        name = f"{self.stem}-{self.images:02d}.png"
        fig.tight_layout()
        fig.savefig(self.dir / name)
        self.plt.close(fig)
        self.parts.append(f'<figure><img src="{html.escape(name)}" alt="{html.escape(alt)}"></figure>')

    def write(self) -> None:
        doc = [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(self.title)}</title>",
            f"<style>{CSS}</style></head><body>",
            f"<h1>{html.escape(self.title)}</h1>",
            *self.parts,
            "</body></html>",
        ]
        self.out.write_text("\n".join(doc) + "\n", encoding="utf-8")


CSS = (
    "body{font-family:system-ui,sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
    "td:first-child,th:first-child{text-align:left}tr.sig td{background:#fff3c4}"
    "img{max-width:100%}h2{border-bottom:1px solid #ddd;margin-top:1.6em}"
)


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        if math.isnan(x):
            return "–"
        return f"{x:.3g}" if abs(x) < 1e-3 and x != 0 else f"{x:.3f}"
    return str(x)


# ---------------------------------------------------------------------------- plots


def _rates_chart(page: Page, title: str, series: Sequence[tuple[str, Sequence[Rate]]]) -> None:
    """Horizontal bars of win rates with Wilson 95 % intervals; one colour per simulation."""
    labels: list[str] = []
    for _, rates in series:
        for r in rates:
            if r.label not in labels:
                labels.append(r.label)
    fig, ax = page.plt.subplots(figsize=(7.5, max(1.6, 0.32 * len(labels) * len(series) + 0.9)))
    height = 0.8 / len(series)
    for j, (name, rates) in enumerate(series):
        by = {r.label: r for r in rates}
        ys, ps, lo, hi = [], [], [], []
        for i, lab in enumerate(labels):
            got = by.get(lab)
            if got is None or got.n == 0:
                continue
            a, b = got.interval
            ys.append(i + (j - (len(series) - 1) / 2) * height)
            ps.append(got.p)
            lo.append(got.p - a)
            hi.append(b - got.p)
        ax.barh(ys, ps, height=height * 0.9, xerr=[lo, hi], capsize=2, label=name, alpha=0.85)
    ax.axvline(0.5, color="#888", lw=0.8, ls="--")
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of decided matches won (95 % Wilson interval)")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(loc="lower right")
    page.figure(fig, title)


def _hist(
    page: Page, title: str, xlabel: str, series: Sequence[tuple[str, Sequence[int]]], count: str = "matches"
) -> None:
    fig, ax = page.plt.subplots(figsize=(7.5, 2.8))
    lo = min(min(v) for _, v in series if v)
    hi = max(max(v) for _, v in series if v)
    bins: Any = range(lo, hi + 2) if hi - lo <= 60 else 40
    for name, values in series:
        ax.hist(values, bins=bins, alpha=0.6 if len(series) > 1 else 0.9, label=name, density=len(series) > 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"share of {count}" if len(series) > 1 else count)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend()
    page.figure(fig, title)


def _bars(page: Page, title: str, series: Sequence[tuple[str, Mapping[str, int]]]) -> None:
    keys = sorted({k for _, c in series for k in c}, key=str)
    fig, ax = page.plt.subplots(figsize=(7.5, max(1.6, 0.35 * len(keys) * len(series) + 0.9)))
    height = 0.8 / len(series)
    for j, (name, c) in enumerate(series):
        total = sum(c.values()) or 1
        ys = [i + (j - (len(series) - 1) / 2) * height for i in range(len(keys))]
        ax.barh(ys, [c.get(k, 0) / total for k in keys], height=height * 0.9, label=name, alpha=0.85)
    ax.set_yticks(range(len(keys)), keys)
    ax.invert_yaxis()
    ax.set_xlabel("share of matches")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(loc="lower right")
    page.figure(fig, title)


# ---------------------------------------------------------------------------- the page


def _rate_rows(rates: Sequence[Rate]) -> list[list[Any]]:
    return [[r.label, r.wins, r.n, r.draws, r.p, r.interval[0], r.interval[1]] for r in rates]


RATE_HEAD = ("", "wins", "decided", "draws", "win rate", "95 % low", "95 % high")
ORDER_HEAD = ("", "yes", "of", "share", "95 % low", "95 % high")


def groups(sim: Sim, fields: Sequence[str] | None = None) -> list[tuple[str, list[Rate]]]:
    """Every win-rate grouping of a simulation: by seat, by team, by each per-seat label."""
    rows = sim.rows
    out = [("seat", an.by_seat(rows)), ("team", an.by_team(rows, sim.names))]
    for f in an.label_fields(rows) if fields is None else fields:
        rates = an.by_label(rows, f)
        if len(rates) > 8:  # characters, teams: strongest first
            rates.sort(key=lambda r: -r.p if r.n else 1.0)
        out.append((f.replace(".", " "), rates))
    return out


def report(path: Path, out: Path | None = None) -> Path:
    sim = load(path)
    out = out or path / "report.html"
    page = Page(out, f"pitchside lab · {sim.title}")
    rows = sim.rows
    _intro(page, [sim])
    page.h2("Results")
    wins = an.counts(rows, lambda r: r["winner_name"])
    page.table(("result", "matches", "share"), [[k, v, v / len(rows)] for k, v in sorted(wins.items())])
    page.h2("Advantages")
    adv: list[Rate] = [an.home_rate(rows, sim.names)]
    first = an.first_team_rate(rows)
    if first is not None:
        adv.append(first)
    page.p(
        f"Home advantage: how often team 0 ({an._team(sim.names, 0)}; the home side in My World Cup, the "
        "first-named team elsewhere) won a decided match. "
        "First-player advantage: how often the team that had the first turn (the kick-off, the starter) won."
    )
    page.table(RATE_HEAD, _rate_rows(adv))
    _rates_chart(page, "Home and first-player advantage", [("", adv)])
    order = an.order_rates(rows)
    if order:
        page.p(
            "Who came first (from the match events): how often the team with the first turn had the first goal "
            "or shot, how often the team with the first goal won (decided matches), and how often the next "
            "event after another was by the same team (Sonic Cup: the next goal after a restart, by the team "
            "that kicked off)."
        )
        page.table(ORDER_HEAD, [[r.label, r.wins, r.n, r.p, r.interval[0], r.interval[1]] for r in order])
    for name, rates in groups(sim):
        page.h2(f"Win rate by {name}")
        page.table(RATE_HEAD, _rate_rows(rates))
        _rates_chart(page, f"Win rate by {name}", [("", rates)])
    page.h2("Match length and goals")
    lengths = [int(r["decisions"]) for r in rows]
    goals = [int(r["goals"]) for r in rows]
    page.table(
        ("", "mean", "min", "max"),
        [["decisions per match", an.mean(lengths), min(lengths), max(lengths)],
         ["goals per match", an.mean(goals), min(goals), max(goals)]],
    )  # fmt: skip
    _hist(page, "Match length", "decisions", [("", lengths)])
    _hist(page, "Goals per match", "goals (both teams)", [("", goals)])
    scores = an.counts(rows, lambda r: r["score"])
    page.table(("most common scores", "matches"), scores.most_common(12))
    page.h2("How matches ended")
    endings = an.counts(rows, lambda r: r["ending"])
    page.table(("ending", "matches", "share"), [[k, v, v / len(rows)] for k, v in sorted(endings.items())])
    _bars(page, "How matches ended", [("", endings)])
    stats = an.headline(rows)
    if stats:
        page.h2("Statistics (mean per team per match, from the match events)")
        page.table(("statistic", "mean"), sorted(stats.items()))
    _stretches(page, an.stretches(rows))
    page.write()
    return out


def compare(path: Path, against: Path, out: Path | None = None) -> Path:
    a, b = load(path), load(against)
    if a.rows[0]["game"] != b.rows[0]["game"]:
        raise LabError(f"{path} is {a.rows[0]['game']} and {against} is {b.rows[0]['game']}: compare one game")
    out = out or path / f"against-{against.resolve().name}.html"
    page = Page(out, f"pitchside lab · A against B · {a.rows[0]['game']}")
    _intro(page, [a, b])
    page.p(
        "Each line shows A, B and the two-sided p-value of the difference: win rates and shares by a pooled "
        f"two-proportion z-test, means by a z-test with Welch's standard error. Highlighted: p < {ALPHA}. "
        "With many lines some fall below it by chance (about one in twenty when nothing changed)."
    )
    diffs: list[Difference] = []
    fields = an.label_fields(a.rows + b.rows)  # the same charts for both
    ga, gb = dict(groups(a, fields)), dict(groups(b, fields))
    advantages = [("home", an.home_rate(a.rows, a.names), an.home_rate(b.rows, b.names))]
    fa, fb = an.first_team_rate(a.rows), an.first_team_rate(b.rows)
    if fa is not None and fb is not None:
        advantages.append(("first turn", fa, fb))
    for what, ra, rb in advantages:
        diffs += an.compare_rates(what, [ra], [rb])
    diffs += an.compare_rates("who came first", an.order_rates(a.rows), an.order_rates(b.rows))
    for name, rates in ga.items():
        if name in gb:
            diffs += an.compare_rates(f"win rate by {name}", rates, gb[name])
    la, lb = [int(r["decisions"]) for r in a.rows], [int(r["decisions"]) for r in b.rows]
    goa, gob = [int(r["goals"]) for r in a.rows], [int(r["goals"]) for r in b.rows]
    diffs.append(an.compare_means("decisions per match", la, lb))
    diffs.append(an.compare_means("goals per match", goa, gob))
    ea, eb = an.counts(a.rows, lambda r: r["ending"]), an.counts(b.rows, lambda r: r["ending"])
    diffs += an.compare_shares("ending", ea, eb)
    da, db = an.counts(a.rows, lambda r: r["winner_name"]), an.counts(b.rows, lambda r: r["winner_name"])
    diffs += an.compare_shares("result", da, db)
    sa, sb = an.headline(a.rows), an.headline(b.rows)
    page.h2("Differences")
    page.table(("", "A", "B", "z", "p"), [[d.what, d.a, d.b, d.z, d.p] for d in diffs], [d.p < ALPHA for d in diffs])
    if sa and sb:
        page.h2("Statistics (mean per team per match)")
        page.table(("statistic", "A", "B"), [[k, sa[k], sb.get(k, math.nan)] for k in sa])
    _rates_chart(page, "Home and first-player advantage", [("A", [x[1] for x in advantages]),
                                                           ("B", [x[2] for x in advantages])])  # fmt: skip
    for name, rates in ga.items():
        if name in gb:
            _rates_chart(page, f"Win rate by {name}", [("A", rates), ("B", gb[name])])
    _hist(page, "Match length", "decisions", [("A", la), ("B", lb)])
    _hist(page, "Goals per match", "goals (both teams)", [("A", goa), ("B", gob)])
    _bars(page, "How matches ended", [("A", ea), ("B", eb)])
    page.write()
    return out


def _stretches(page: Page, found: Sequence[an.Stretch]) -> None:
    if not found:
        return
    page.h2("Stretches of play (from the match events)")
    page.p(
        "A span (a Shooting Phase) runs from its opening event to its closing one; its length is its steps "
        "(shots and blocks). A run is turns passed in a row; a round is a run as long as the seat count that "
        "someone then broke by playing (Sonic Cup: the play SC-PROJ-11 forces)."
    )
    rows = []
    for s in found:
        total = sum(s.lengths.values()) or 1
        mean_len = sum(k * v for k, v in s.lengths.items()) / total
        rows.append([s.what, s.per_match, s.matches_with, mean_len, max(s.lengths, default=0)])
    page.table(("", "per match (runs: rounds)", "matches with one", "mean length (runs: longest)", "longest"), rows)
    for s in found:
        if s.lengths:
            values = [k for k, v in sorted(s.lengths.items()) for _ in range(v)]
            span = s.what.startswith("span")
            xlabel = "length (steps)" if span else "longest run in the match"
            _hist(page, f"{s.what}: lengths", xlabel, [("", values)], "spans" if span else "matches")


def _intro(page: Page, sims: Sequence[Sim]) -> None:
    for tag, sim in zip("AB" if len(sims) > 1 else [""], sims, strict=False):
        m = sim.meta
        head = f"{tag}: " if tag else ""
        cfg = json.dumps(m.get("config", "?"), ensure_ascii=False)
        page.p(f"{head}{sim.path} — {sim.title}; seeds {m.get('seeds', '?')}; config {cfg}")
    page.p("Win rates count decided matches only (a draw is neither a win nor a loss); intervals are 95 % Wilson.")

"""The tournament on a terminal: group tables 小组赛版, the bracket 淘汰赛版 and the record book 世界盃记录册 (Rich)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pitchside.games.my_world_cup.records import HOW_NAMES, HOWS, Result, record_book
from pitchside.games.my_world_cup.tournament import GROUPS, STAGE_NAMES, Fixture, WorldCup

COACH_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow")


class CupView:
    """Renders one tournament."""

    def __init__(self, cup: WorldCup) -> None:
        self.cup = cup
        self.styles = {c: COACH_STYLES[i % len(COACH_STYLES)] for i, c in enumerate(cup.coaches)}

    # ------------------------------------------------------------------ names

    def name(self, tid: str, short: bool = False) -> str:
        t = self.cup.team(tid)
        coach = self.cup.coach_of.get(tid)
        text = escape(f"{t.en}" if short else f"{t.en} {t.zh}")  # names are text, never markup
        if coach is not None:
            return f"[{self.styles[coach]}]{text}[/] [dim]({escape(coach)})[/]"
        return text

    def score(self, r: Result) -> str:
        out = f"[bold]{r.score[0]}–{r.score[1]}[/]"
        if r.ending == "extra-time":
            out += " [dim]a.e.t.[/]"
        elif r.ending == "penalties" and r.shootout is not None:
            out += f" [dim]a.e.t., {r.shootout[0]}–{r.shootout[1]} pens[/]"
        return out

    def fixture(self, f: Fixture) -> str:
        r = self.cup.result(f.number)
        mid = self.score(r) if r is not None else "[dim]vs[/]"
        home, away = self.name(f.home, True), self.name(f.away, True)
        if r is not None and r.winner is not None and f.knockout:
            home = f"[bold]{home}[/]" if r.winner == f.home else f"[dim]{home}[/]"
            away = f"[bold]{away}[/]" if r.winner == f.away else f"[dim]{away}[/]"
        return f"{home} {mid} {away}"

    def numbered(self, number: int) -> str:
        f = self.cup.fixtures[number]
        return f"{f.label}: {self.fixture(f)}"

    # ------------------------------------------------------------------ the whole page

    def page(self) -> RenderableType:
        return Group(self.heading(), self.groups(), self.bracket(), self.book())

    def heading(self) -> RenderableType:
        cup = self.cup
        nxt = cup.next_fixture()
        coaches = " · ".join(
            f"[{self.styles[c]}]{escape(c)}[/]: {escape(', '.join(cup.team(t).en for t in ts))}"
            for c, ts in cup.coaches.items()
        )
        others = "the neutral rule (WC-GAP-24)" if cup.neutral else "bots"
        lines = [
            f"[bold]{escape(cup.name)}[/] · seed {cup.seed} · {cup.played}/{len(cup.fixtures)} matches played"
            + (" · third-place match" if cup.third_place else ""),
            f"Coaches: {coaches or 'none'} · other teams: {others}",
        ]
        champ = cup.champion
        if champ is not None:
            lines.append(f"[bold yellow]🏆 Champion 冠军: {self.name(champ)}[/]")
        elif nxt is not None:
            lines.append(f"Next: {escape(nxt.label)}: {self.name(nxt.home)} vs {self.name(nxt.away)}")
        return Panel(Text.from_markup("\n".join(lines)), title="My World Cup 2010 我的世界盃", box=box.DOUBLE)

    # ------------------------------------------------------------------ groups

    def group(self, g: str) -> RenderableType:
        cup = self.cup
        t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, title=f"Group {g}", title_style="bold")
        t.add_column("", justify="right")
        t.add_column("team")
        for col in ("P", "W", "D", "L", "GF", "GA", "GD", "Pts"):
            t.add_column(col, justify="right")
        done = cup.group_complete(g)
        for i, row in enumerate(cup.standings(g), 1):
            style = "bold" if i <= 2 and done else ""
            t.add_row(
                f"{i}",
                Text.from_markup(self.name(row.team, True) + (" [green]✓[/]" if i <= 2 and done else "")),
                str(row.played),
                str(row.won),
                str(row.drawn),
                str(row.lost),
                str(row.scored),
                str(row.conceded),
                f"{row.difference:+d}",
                f"[bold]{row.points}[/]",
                style=style,
            )
        lines = [f"[dim]MD{f.matchday}[/] {self.fixture(f)}" for f in cup.fixtures if f.group == g]
        return Group(t, Text.from_markup("\n".join(lines)))

    def groups(self) -> RenderableType:
        panels = [Panel(self.group(g), box=box.ROUNDED, expand=True) for g in GROUPS]
        return Panel(Columns(panels, equal=True, expand=True), title="Group stage 小组赛", title_align="left")

    # ------------------------------------------------------------------ knockout

    def bracket(self) -> RenderableType:
        cup = self.cup
        if not any(f.knockout for f in cup.fixtures):
            return Panel(
                Text("The round of 16 is drawn when the last group is complete (WC-GAP-22).", style="dim"),
                title="Knockout 淘汰赛",
                title_align="left",
            )
        t = Table(box=box.SIMPLE, show_header=False, padding=(0, 1), pad_edge=False)
        t.add_column("round", style="bold")
        t.add_column("match", style="dim")
        t.add_column("result")
        for stage in ("r16", "qf", "sf", "third", "final"):
            fixtures = [f for f in cup.fixtures if f.stage == stage]
            for i, f in enumerate(fixtures):
                t.add_row(STAGE_NAMES[stage] if i == 0 else "", f.label, Text.from_markup(self.fixture(f)))
            if fixtures:
                t.add_section()
        return Panel(t, title="Knockout 淘汰赛", title_align="left")

    # ------------------------------------------------------------------ record book

    def book(self) -> RenderableType:
        b: dict[str, Any] = record_book(self.cup)
        if not b["played"]:
            return Panel(
                Text("No match played yet.", style="dim"), title="Record book 世界盃记录册", title_align="left"
            )
        parts: list[RenderableType] = []
        places = b["placings"]
        if places:
            names = {"champion": "🏆 Champion 冠军", "runner_up": "Runner-up 亚军", "third": "Third 季军",
                     "fourth": "Fourth 殿军"}  # fmt: skip
            parts.append(Text.from_markup("   ".join(f"{names[k]}: {self.name(v)}" for k, v in places.items())))
        how = " · ".join(f"{HOW_NAMES.get(h, h)} {n}" for h, n in b["by_how"].items())
        parts.append(
            Text.from_markup(
                f"{b['played']} matches · [bold]{b['goals']}[/] goals ({b['goals_per_match']:.2f} a match): {how}\n"
                f"Cards shown: {b['yellows']} yellow 黄牌 · {b['reds']} red 红牌 · "
                f"{b['extra_time']} matches went to extra time, {len(b['shootouts'])} to a shoot-out"
                + (f"\nBiggest win: {self.numbered(b['biggest_win']['number'])}" if b["biggest_win"] else "")
            )
        )
        scorers = Table(title="Goals by team and how 进球榜", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        scorers.add_column("team")
        scorers.add_column("goals", justify="right")
        for h in HOWS:
            scorers.add_column(h.replace("counter-attack", "counter"), justify="right")
        scorers.add_column("cards 牌", justify="right")
        for tid, row in list(b["teams"].items())[:10]:
            cards = (f"[yellow]{row['yellows']}Y[/]" if row["yellows"] else "") + (
                f" [red]{row['reds']}R[/]" if row["reds"] else ""
            )
            scorers.add_row(
                Text.from_markup(self.name(tid, True)),
                f"[bold]{row['scored']}[/]",
                *[str(row["how"].get(h, 0) or "") for h in HOWS],
                Text.from_markup(cards.strip()),
            )
        top = Table(title="Cards that scored 进球来源 (any kind)", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        top.add_column("card half")
        top.add_column("goals", justify="right")
        for card, n in b["cards"][:10]:
            top.add_row(card, str(n))
        booked = sorted(b["teams"].items(), key=lambda kv: (-kv[1]["reds"], -kv[1]["yellows"], kv[0]))
        discipline = Table(title="Cards shown 黄牌/红牌", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        discipline.add_column("team")
        discipline.add_column("yellow", justify="right")
        discipline.add_column("red", justify="right")
        for tid, row in booked[:8]:
            if row["yellows"] or row["reds"]:
                discipline.add_row(Text.from_markup(self.name(tid, True)), str(row["yellows"]), str(row["reds"]))
        tables: list[RenderableType] = [scorers, top, discipline]
        if b["shootouts"]:
            so = Table(title="Shoot-outs 点球大战", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
            so.add_column("match")
            so.add_column("result")
            for s in b["shootouts"]:
                so.add_row(s["label"], Text.from_markup(self.fixture(self.cup.fixtures[s["number"]])))
            tables.append(so)
        parts.append(Columns(tables, padding=(0, 3)))
        return Panel(Group(*parts), title="Record book 世界盃记录册", title_align="left")


def show(cup: WorldCup) -> RenderableType:
    """The whole tournament: heading, groups, bracket, record book."""
    return CupView(cup).page()

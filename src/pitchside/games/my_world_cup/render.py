"""My World Cup on a terminal: Rich renderables drawn from a seat's view (never from the state).

The terminal finds this module through the game and uses only ``Renderer(config)`` (see
pitchside.terminal.Renderer): ``board``, ``decision``, ``action``, ``event``, ``outcome``, ``help``, and the
optional ``action_rank`` and ``cards`` (the 90-card table). Effective values and speeds (WC-GAP-12) come from
the public team data of the two teams the view names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pitchside.core.errors import InvalidAction
from pitchside.core.game import Event
from pitchside.games.my_world_cup.actions import Verb, parse
from pitchside.games.my_world_cup.cards import CardSet, Half, Kind, load_cards
from pitchside.games.my_world_cup.state import Matchup, matchup

SIDE_STYLE = ("bold dodger_blue1", "bold red1")
KIND_STYLE = {"attack": "bold red", "defense": "bold green", "goal": "bold magenta", "foul": "bold yellow"}
FOOTBALL = "⚽"
MODES = {"friendly": "friendly 热身赛", "group": "group stage 小组赛", "knockout": "knockout 淘汰赛"}
ENDINGS = {"full-time": "full time", "extra-time": "after extra time 加时赛", "penalties": "on penalties 点球大战"}
HOW = {"goal": "goal card", "attack": "attack", "counter-attack": "counter-attack 防守反击", "penalty": "penalty 点球"}
FOUL_FACE = {
    "clean": "clean 无",
    "yellow": "[black on yellow] yellow 黄牌 [/]",
    "red": "[white on red] red 红牌 [/]",
    "penalty": "[bold]penalty 点球[/]",
}
SKILL_USE = {
    "swap_once": "运筹帷幄 swap",
    "goal_first": "goal card first",
    "flip_once": "全攻全守 flip",
    "lineup_gamble": "lineup gamble",
    "reroll_once": "reroll",
    "reroll_foul_once": "foul-die reroll",
    "ignore_foul_once": "ignore the foul die",
    "ignore_defense_once": "full attack (ignore the defense)",
}
_RANK = {
    Verb.FIELD: 0,
    Verb.PAIR: 1,
    Verb.LEAD: 2,
    Verb.REMOVE: 3,
    Verb.FIRST: 4,
    Verb.SWAP: 5,
    Verb.FLIP: 6,
    Verb.DISCARD: 7,
    Verb.DOUBLE: 8,
    Verb.SINGLE: 9,
    Verb.ROLL: 10,
    Verb.REROLL: 11,
    Verb.IGNORE: 12,
    Verb.VOID: 20,
    Verb.READY: 21,
    Verb.SKIP: 22,
}


def stats_text(kind: int | str, value: int, speed: int) -> str:
    """``attack 5/7`` (value/speed) in the kind's colour; a foul has only a speed: ``foul/9``."""
    word = Kind(kind).word if isinstance(kind, int) else kind
    style = KIND_STYLE[word]
    if word == "foul":
        return f"[{style}]foul/{speed}[/]"
    return f"[{style}]{word} {value}/{speed}[/]"


def faces_text(faces: str) -> str:
    """Tactical-die faces ``B13`` as ``⚽ 1 3``."""
    return " ".join(FOOTBALL if f == "B" else f for f in faces)


def half_text(h: Half) -> str:
    return f"{stats_text(h.kind.word, h.value, h.speed)} [dim]({','.join(h.grades)})[/]"


class Renderer:
    """Draws My World Cup views for one configuration (the data files may be custom)."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        cfg = dict(config or {})
        self.config = cfg
        self.deck: CardSet = load_cards(cfg.get("cards_file"))
        self.names: list[str] = ["Home 主队", "Away 客队"]
        self.m: Matchup | None = None
        teams = cfg.get("teams")
        if isinstance(teams, list) and len(teams) == 2:
            self._learn(cfg)

    # ------------------------------------------------------------------ names and numbers

    def _learn(self, cfg: Mapping[str, Any]) -> Matchup:
        home, away = cfg["teams"]
        m = matchup(home, away, cfg.get("cards_file"), cfg.get("teams_file"), cfg.get("dice_file"))
        if self.m is not m:
            self.m = m
            self.names = [escape(f"{t.en} {t.zh}") for t in m.teams]  # data text (a teams file of anyone's)
        return m

    def team(self, side: Any, you: int | None = None) -> str:
        if not isinstance(side, int) or side not in (0, 1):
            return "both teams"
        name = f"[{SIDE_STYLE[side]}]{self.names[side]}[/]"
        return name + " [bold](you)[/]" if side == you else name

    def card(self, side: Any, text: str) -> str:
        """``AD4:top attack 5/7`` with the side's effective numbers when the teams are known."""
        if self.m is not None and side in (0, 1) and text in self.m.eff[side]:
            return f"{text} {stats_text(*self.m.eff[side][text])}"
        cid, _, half = text.partition(":")
        c = self.deck.cards.get(cid)
        if c is None:
            return text
        h = c.bottom if half == "bottom" else c.top
        return f"{text} {stats_text(h.kind.word, h.value, h.speed)}"

    # ------------------------------------------------------------------ the board

    def board(self, view: Mapping[str, Any]) -> RenderableType:
        """Score line, both teams with their skills, the lineups, and (for a coach) the hand."""
        self._learn(view["config"])
        parts: list[RenderableType] = [self.scoreline(view), self.teams(view), self.lineups(view)]
        seat = view.get("seat")
        if isinstance(seat, int) and view["sides"][seat].get("hand") is not None:
            parts.append(self.hand(view, seat))
        return Group(*parts)

    def compact(self, view: Mapping[str, Any]) -> RenderableType:
        """The board in a few lines, for a small terminal (80×24): score, each team and its lineup, the hand."""
        self._learn(view["config"])
        you = view.get("seat")
        dec = view.get("decision") or {}
        lines: list[RenderableType] = [self.scoreline(view)]
        for s, info in enumerate(view["sides"]):
            team = info["team"]
            line = Text("▶ " if dec.get("seat") == s else "  ", style="bold yellow")
            line.append_text(Text.from_markup(self.team(s, you)))
            line.append(f" {team['grade']} #{team['world_rank']} · hand {info['hand_count']}")
            if info["yellows"] or info["reds"]:
                line.append(f" · {info['yellows']}Y {info['reds']}R", style="yellow")
            line.append(" · " + ", ".join(sk["en"] for sk in team["skills"]), style="dim")
            lines.append(line)
            lineup = info.get("lineup")
            row = Text("    lineup: ", style="dim")
            if lineup is None:
                row.append(f"{info['fielded']} behind the screen")
            elif not lineup:
                row.append("no cards")
            for c in lineup or []:
                done = c["status"] != "unresolved"
                cell = (
                    f"{c['slot']} {c['card']} " + Text.from_markup(stats_text(c["kind"], c["value"], c["speed"])).plain
                )
                row.append(cell + ("  " if not done else " ✓  "), style="dim" if done else "")
            lines.append(row)
        if isinstance(you, int) and view["sides"][you].get("hand") is not None:
            hand = view["sides"][you]["hand"] or []
            lines.append(Text.assemble(("Hand 手牌: ", "bold"), " ".join(hand) or "no cards", ("  (info CARD)", "dim")))
        return Group(*lines)

    def scoreline(self, view: Mapping[str, Any]) -> RenderableType:
        score = view["score"]
        line = Text.from_markup(f"{self.team(0, view.get('seat'))}  ")
        line.append(f" {score[0]} : {score[1]} ", style="bold reverse")
        line.append_text(Text.from_markup(f"  {self.team(1, view.get('seat'))}"))
        so = view.get("shootout") or {}
        if any(so.get("kicks", [0, 0])):
            line.append(f"  pens {so['goals'][0]}:{so['goals'][1]}", style="bold")
        line.append(f"    {MODES.get(view.get('mode', ''), view.get('mode'))}", style="dim")
        if view.get("period") == "extra-time":
            line.append("  ")
            line.append(" EXTRA TIME 加时赛 ", style="bold black on yellow")
        line.append(
            f" · {view.get('phase')} · deck 牌库 {view.get('deck')} · discard 弃牌 {len(view.get('discard', []))}",
            style="dim",
        )
        return line

    def teams(self, view: Mapping[str, Any]) -> RenderableType:
        t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, expand=False)
        t.add_column("")
        t.add_column("team 球队")
        t.add_column("grade · rank", no_wrap=True)
        t.add_column("skills 技能")
        t.add_column("hand", justify="right")
        t.add_column("tokens")
        dec = view.get("decision") or {}
        for s, info in enumerate(view["sides"]):
            team = info["team"]
            mark = "[bold yellow]▶[/]" if dec.get("seat") == s else ""
            skills = escape("\n".join(f"{sk['zh']} {sk['en']}" for sk in team["skills"]))
            tokens = []
            if info["yellows"]:
                tokens.append(f"[black on yellow] {info['yellows']} [/]")
            if info["reds"]:
                tokens.append(f"[white on red] {info['reds']} [/]")
            if info.get("used"):
                tokens.append(f"[dim]used {', '.join(info['used'])}[/]")
            name = self.team(s, view.get("seat")) + (" [dim](neutral)[/]" if team.get("neutral") else "")
            t.add_row(
                mark,
                name,
                f"{team['grade']} · #{team['world_rank']}",
                skills,
                str(info["hand_count"]),
                " ".join(tokens),
            )
        return t

    def lineups(self, view: Mapping[str, Any]) -> RenderableType:
        """Both screens 战术屏风: a hidden lineup shows only how many cards are behind it."""
        grid = Table.grid(padding=(0, 3))
        grid.add_column()
        grid.add_column()
        cells: list[RenderableType] = []
        for s, info in enumerate(view["sides"]):
            title = f"{self.team(s, view.get('seat'))} · {info['fielded']}/{info['limit']}"
            if info.get("ready") and not view.get("revealed"):
                title += " [green]ready ✓[/]"
            line = info.get("lineup")
            if line is None:
                body: RenderableType = Text(
                    f"{info['fielded']} card{'s' if info['fielded'] != 1 else ''} behind the screen", style="dim"
                )
            elif not line:
                body = Text("no cards", style="dim")
            else:
                t = Table(box=None, padding=(0, 1), show_header=False)
                for c in line:
                    status = {"resolved": "[dim]✓ done[/]", "removed": "[red]✗ sent off[/]"}.get(c["status"], "")
                    first = " [bold magenta]FIRST[/]" if c.get("first") else ""
                    style = "dim" if c["status"] != "unresolved" else ""
                    t.add_row(
                        f"[bold]{c['slot']}[/]",
                        Text.from_markup(f"{c['card']}", style=style),
                        Text.from_markup(stats_text(c["kind"], c["value"], c["speed"]) + first, style=style),
                        Text.from_markup(status),
                    )
                body = t
            cells.append(Panel(body, title=title, title_align="left", box=box.ROUNDED))
        grid.add_row(*cells)
        return grid

    def hand(self, view: Mapping[str, Any], seat: int) -> RenderableType:
        """The coach's hand: every card with the halves his team may field (grade, WC-CARD-3; Mexico any)."""
        hand: list[str] = view["sides"][seat]["hand"] or []
        counts = Counter(hand)
        title = f"Your hand 手牌 ({len(hand)} card{'' if len(hand) == 1 else 's'})"
        if not hand:
            return Panel(Text("no cards", style="dim"), title=title, title_align="left", box=box.ROUNDED)
        m = self.m
        t = Table(box=box.SIMPLE, padding=(0, 1), pad_edge=False, show_edge=False, header_style="dim")
        t.add_column("card")
        t.add_column("top half 上半")
        t.add_column("bottom half 下半")
        for cid in sorted(counts, key=lambda c: list(self.deck.cards).index(c) if c in self.deck.cards else 99):
            card = self.deck.cards.get(cid)
            label = f"[bold]{cid}[/]" + (f" ×{counts[cid]}" if counts[cid] > 1 else "")
            if card is None:
                t.add_row(label, "?", "")
                continue
            usable = {a.arg for a in m.field_acts[seat].get(cid, ())} if m is not None else set()
            cells = []
            for h, name in ((0, "top"), (1, "bottom")):
                text = f"{cid}:{name}"
                if card.same_halves and h == 1:
                    cells.append("[dim]the same[/]")
                    continue
                if m is not None and text in m.eff[seat]:
                    k, v, sp = m.eff[seat][text]
                    shown = stats_text(k, v, sp)
                else:
                    half = card.half(h)
                    shown = stats_text(half.kind.word, half.value, half.speed)
                cells.append(shown if text in usable else f"[dim strike]{Text.from_markup(shown).plain}[/]")
            t.add_row(label, *cells)
        return Panel(
            t,
            title=title,
            title_align="left",
            box=box.ROUNDED,
            subtitle="value/speed with your skills · struck out: not for your grade",
            subtitle_align="right",
        )

    # ------------------------------------------------------------------ the decision

    def decision(self, view: Mapping[str, Any], legal: Sequence[str] = ()) -> RenderableType:
        dec = view.get("decision") or {}
        ask = view.get("ask") or {}
        you = view.get("seat")
        who = dec.get("seat")
        label = dec.get("label", "")
        if who is None:
            return Panel("The match is over.", title="Final whistle", border_style="green")
        if who != you:
            return Panel(f"Waiting for {self.team(who, you)} ({label}).", border_style="dim")
        op = ask.get("op", "")
        side = view["sides"][you]
        if op == "field":
            period = " (extra time: 0–2 cards)" if view.get("period") == "extra-time" else ""
            text = (
                f"Lineup 布阵{period}: put up to {side['limit']} cards behind your screen, each showing one half "
                f"your grade may use ({side['fielded']} so far); 'ready' when done. The other side sees only how "
                "many."
            )
            if view.get("mode") == "group":  # WC-MATCH-8: one group hand for the three matches
                text += (
                    " [bold yellow]Group stage: this hand must last all three group matches[/] (no new cards "
                    "between them), so keep some for the next ones."
                )
            title = "Lineup 布阵 (hidden pick)"
        elif op == "pair":
            active = ask.get("active_team")
            card = self.card(active, ask.get("active_card", "")) if isinstance(active, int) else "?"
            whose = "Your" if active == you else f"{self.team(active, you)}'s"
            text = (
                f"{whose} card in slot {ask.get('active_slot')}, {card}, is the fastest: choose the card it pairs "
                "with ('pair N' = the other side's slot N)"
                + (", or 'void' to resolve it unpaired." if "void" in legal else ".")
            )
            title = "Pairing 配对"
        elif op == "lead":
            text = "Several cards are tied as the fastest: choose which one is active ('lead N')."
            title = "Pairing 配对: tied speed"
        elif op == "remove":
            text = f"Red card 红牌 for {self.team(ask.get('team'), you)}: choose which of its cards is sent off."
            title = "Red card 红牌"
        elif op == "discard":
            left = ask.get("left")
            text = f"Squad depth 阵容深度: discard {left} more card{'' if left == 1 else 's'} from your hand."
            title = "Preparation 备战阶段"
        elif op == "gamble":
            text = "Algeria's gamble: roll one die — ⚽ → up to 5 cards this match, a number → up to 3; or skip (4)."
            title = "Preparation 备战阶段"
        elif op in ("swap", "swap_in"):
            text = (
                "运筹帷幄 Master strategist (once per match): swap a lineup card with a hand card, or skip."
                if op == "swap"
                else f"Choose the hand card (and half) that replaces slot {ask.get('slot')}."
            )
            title = "Display 展示阶段"
        elif op == "first":
            text = "Roll for one of your goal cards: on a number it is paired first, before every card; or skip."
            title = "Display 展示阶段"
        elif op == "flip":
            text = "全攻全守 Total football (once per match): turn an attack/defense card to its other half, or skip."
            title = "Display 展示阶段"
        elif op == "double":
            n = ask.get("dice", 0)
            text = f"水银泻地: roll {2 * n} dice (a goal per two ⚽) or {n} (any ⚽ scores)."
            title = "Attack roll"
        elif op == "reroll":
            text = f"Your roll scored {ask.get('goals')}: reroll it (once per match) or keep it."
            title = "Reroll"
        elif op == "ignore_def":
            text = f"Roll the full attack ({ask.get('full')} dice, once per match) instead of {ask.get('dice')}?"
            title = "Full attack"
        elif op == "foul":
            text = (
                f"Your foul die shows {FOUL_FACE.get(ask.get('face', ''), ask.get('face'))}: reroll, ignore or accept."
            )
            title = "Foul die 犯规骰子"
        else:
            text, title = label, label
        return Panel(Text.from_markup(text), title=f"[bold green]{title}[/]", title_align="left",
                     subtitle=f"[dim]{dec.get('kind')} · {label}[/]", subtitle_align="right",
                     border_style="bold green")  # fmt: skip

    def action(self, text: str, view: Mapping[str, Any] | None = None) -> str:
        """A few words on what a legal action does, shown beside its notation."""
        try:
            a = parse(text)
        except InvalidAction:
            return ""
        you = view.get("seat") if view else None
        me = you if isinstance(you, int) else 0
        v = a.verb
        lineups = [s.get("lineup") or [] for s in view["sides"]] if view else [[], []]

        def slot(side: int, n: int) -> str:
            line = lineups[side]
            if 0 <= n < len(line):
                c = line[n]
                return stats_text(c["kind"], c["value"], c["speed"])
            return ""

        ask = (view.get("ask") or {}) if view else {}
        if v in (Verb.FIELD, Verb.SWAP) and ":" in a.arg:
            if self.m is not None and a.arg in self.m.eff[me]:
                return stats_text(*self.m.eff[me][a.arg])
            return ""
        if v is Verb.PAIR:
            active = ask.get("active_team", me)
            return "vs " + slot(1 - active if isinstance(active, int) else 1, a.slot)
        if v is Verb.LEAD:
            active = ask.get("active_team", me)
            return slot(active if isinstance(active, int) else me, a.slot)
        if v is Verb.REMOVE:
            team = ask.get("team", 1 - me)
            return "send off " + slot(team if isinstance(team, int) else 1 - me, a.slot)
        if v in (Verb.FIRST, Verb.FLIP, Verb.SWAP):
            return slot(me, a.slot)
        return {
            Verb.READY: "lineup done",
            Verb.VOID: "resolve unpaired 空结算",
            Verb.SKIP: "no",
            Verb.DISCARD: "discard it",
            Verb.ROLL: "roll the die",
            Verb.DOUBLE: "2× dice, ⚽⚽ = 1 goal",
            Verb.SINGLE: "normal dice",
            Verb.REROLL: "roll again",
            Verb.IGNORE: "ignore it",
        }.get(v, "")

    def seat_topics(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Both teams, whose texts say what their skills do (issue 8), as (who, topic id)."""
        self._learn(view["config"])
        return [(self.team(s, view.get("seat")), info["team"]["id"]) for s, info in enumerate(view["sides"])]

    def action_rank(self, text: str) -> int:
        try:
            return _RANK.get(parse(text).verb, 50)
        except InvalidAction:
            return 99

    # ------------------------------------------------------------------ events

    def event(self, ev: Event, you: int | None = None) -> str:
        """One log line (Rich markup) for an event the viewer may see; "" for nothing worth a line."""
        d: Mapping[str, Any] = ev.data
        k = ev.kind
        side = d.get("team")
        who = self.team(side, you)
        if k == "draw":
            return "" if side == you else f"   {who} draws {d.get('count')}"
        if k == "drew":
            return f"   you drew {' '.join(d.get('cards', []))}"
        if k == "reshuffle":
            return f"[bold]Discard pile shuffled 洗牌[/] into a new deck of {d.get('cards')} cards"
        if k == "discard":
            return f"   {who} discards {d.get('card')} (squad depth)"
        if k == "skip":
            return f"   {who} does not use {SKILL_USE.get(d.get('skill', ''), d.get('skill'))}"
        if k == "gamble":
            return f"{who} rolls {faces_text(d.get('faces', ''))} for the lineup: at most {d.get('limit')} cards"
        if k == "field":
            return "" if side == you else f"   {who} puts card {d.get('count')} behind the screen"
        if k == "fielded":
            return f"   you field {self.card(int(d.get('team', 0)), d.get('card', ''))} in slot {d.get('slot')}"
        if k == "ready":
            return f"   {who} is ready: {d.get('count')} card{'s' if d.get('count') != 1 else ''}"
        if k == "reveal":
            parts = []
            for s, line in enumerate(d.get("lineups", [[], []])):
                cards = ", ".join(self.card(s, c) for c in line) or "[dim]no cards[/]"
                parts.append(f"   {self.team(s, you)}: {cards}")
            extra = " (extra time)" if d.get("period") else ""
            return f"[bold reverse] REVEAL 亮牌{extra} [/]\n" + "\n".join(parts)
        if k == "swap-slot":
            return f"   {who} uses 运筹帷幄 on slot {d.get('slot')}"
        if k == "swap":
            return f"{who} swaps slot {d.get('slot')}: {d.get('out')} out, {self.card(side, d.get('in', ''))} in"
        if k == "flip":
            return f"{who} flips slot {d.get('slot')} to {self.card(side, d.get('in', ''))}"
        if k == "goal-first":
            res = "[bold]it pairs first![/]" if d.get("first") else "nothing"
            return f"{who} rolls {faces_text(d.get('faces', ''))} for slot {d.get('slot')}'s goal card: {res}"
        if k == "pair":
            a = f"{who} #{d.get('slot')} {self.card(side, d.get('card', ''))}"
            if d.get("target") is None:
                return f"▸ {a} [bold]void 空结算[/]"
            other = 1 - side if isinstance(side, int) else 0
            b = f"{self.team(other, you)} #{d.get('target')} {self.card(other, d.get('against', ''))}"
            return f"▸ {a} ⟷ {b}"
        if k == "negated":
            return "   the card is negated by the foul 犯规 (失效)" if side != -1 else "   both fouls are negated"
        if k == "nothing":
            return f"   [dim]nothing happens ({d.get('why')})[/]"
        if k == "roll":
            dbl = " (水银泻地 double)" if d.get("double") else ""
            return f"   {who} rolls {d.get('dice')} dice for the {d.get('for')}{dbl}: {faces_text(d.get('faces', ''))}"
        if k == "goal":
            score = d.get("score", [0, 0])
            n = d.get("goals", 1)
            many = f" ×{n}" if n != 1 else ""
            return (
                f"[bold reverse] GOAL 进球{many}! [/] {who} ({HOW.get(d.get('how', ''), d.get('how'))}) "
                f"— {score[0]}:{score[1]}"
            )
        if k == "foul-die":
            again = " again" if d.get("reroll") else ""
            return f"   {who} rolls the foul die{again}: {FOUL_FACE.get(d.get('face', ''), d.get('face'))}"
        if k == "yellow":
            second = " — the second one: [white on red] red [/]" if d.get("second") else ""
            return f"   [black on yellow] yellow card 黄牌 [/] for {who}{second}"
        if k == "red":
            return f"   [white on red] red card 红牌 [/] for {who}"
        if k == "removed":
            return f"   {who}'s card #{d.get('slot')} {self.card(side, d.get('card', ''))} is sent off"
        if k == "skill":
            return f"   {who} uses {SKILL_USE.get(d.get('skill', ''), d.get('skill'))}"
        if k == "kick":
            so = d.get("shootout", [0, 0])
            res = "[bold green]scores[/]" if d.get("scored") else "[bold red]misses[/]"
            return f"   {who} penalty kick {res} — shoot-out {so[0]}:{so[1]}"
        if k == "extra-time":
            score = d.get("score", [0, 0])
            return f"[bold black on yellow] EXTRA TIME 加时赛 [/] at {score[0]}:{score[1]}: each side fields 0–2 cards"
        if k == "shootout":
            return f"[bold reverse] PENALTY SHOOT-OUT 点球大战 [/] {self.team(d.get('first'), you)} kicks first"
        if k == "over":
            score = d.get("score", [0, 0])
            return (
                f"[bold]Final whistle[/]: {score[0]}:{score[1]} ({ENDINGS.get(d.get('ending', ''), d.get('ending'))})"
            )
        if k == "neutral":
            act = d.get("action")
            return "" if act is None else f"   {who} (neutral) plays {act}"
        rest = " ".join(f"{key}={val}" for key, val in d.items())
        return f"{k} {rest}".strip()

    # ------------------------------------------------------------------ end, help, cards

    def outcome(self, outcome: Mapping[str, Any], you: int | None = None) -> RenderableType:
        details = outcome.get("details") or {}
        teams = details.get("teams")
        if isinstance(teams, list) and len(teams) == 2:
            self._learn({**self.config, "teams": teams})
        scores = outcome.get("scores", [0, 0])
        winner = outcome.get("winner")
        head = Text.from_markup(f"{self.team(0)}  ")
        head.append(f" {scores[0]} : {scores[1]} ", style="bold reverse")
        head.append_text(Text.from_markup(f"  {self.team(1)}"))
        lines: list[RenderableType] = [head]
        ending = ENDINGS.get(outcome.get("ending", ""), outcome.get("ending", ""))
        so = details.get("shootout")
        tail = f", shoot-out {so[0]}:{so[1]}" if so else ""
        lines.append(Text(f"Ended {ending}{tail}.", style="dim"))
        if winner is None:
            lines.append(Text("Draw 平局", style="bold"))
        else:
            lines.append(Text.from_markup(f"{self.team(int(winner))} [bold]wins 胜![/]"))
        cards = []
        for s in (0, 1):
            y, r = (details.get("yellows") or [0, 0])[s], (details.get("reds") or [0, 0])[s]
            if y or r:
                cards.append(f"{self.team(s)}: {y} yellow, {r} red")
        if cards:
            lines.append(Text.from_markup("Cards: " + " · ".join(cards)))
        if you is not None and winner is not None:
            won = winner == you
            lines.append(Text("You win! 🏆" if won else "You lose.", style="bold green" if won else "bold red"))
        return Panel(Group(*lines), title="Full time 全场结束", border_style="green", expand=False)

    def help(self) -> RenderableType:
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold")
        t.add_column()
        rows = [
            ("field AD4:top", "lineup: put a hand card behind the screen showing that half (your grade's halves)"),
            ("ready", "lineup done (0 to 4 cards; 0–2 in extra time)"),
            ("pair 3", "your fastest card takes on the other side's card in slot 3"),
            ("void", "resolve unpaired 空结算 (only with more cards left than the opponent)"),
            ("lead 2", "several tied fastest cards: which one acts"),
            ("remove 2", "after the opponent's red card: the card sent off"),
            ("double / single", "Spain's 水银泻地: twice the dice, a goal per two ⚽"),
            ("swap 2, swap G4:top", "England: swap a lineup card with a hand card"),
            ("first 1 / flip 2", "Ivory Coast: goal card first · Netherlands: flip a card"),
            ("discard G2 / roll / reroll / ignore / skip", "squad depth, Algeria, once-per-match skills"),
        ]
        for a, b in rows:
            t.add_row(a, b)
        return Panel(
            Group(
                t,
                Text(
                    "Attack vs defense: roll attack − defense dice, any ⚽ = 1 goal. Goal vs defense: goal − defense "
                    "goals, or the defender counter-attacks. Attack or goal against attack or goal: the higher value "
                    "acts with the difference, so only one side can score (an attack against a goal card: attack 5 "
                    "against goal 2 rolls 3 dice, goal 3 against attack 2 scores 1; equal: nothing). "
                    "A foul negates the other card and rolls the foul die. Each choice shows what it "
                    "would do; 'info goal', 'info attack' tell more.",
                    style="dim",
                ),
            ),
            title="How to answer (docs/notation.md, docs/rules/my-world-cup.md)",
            title_align="left",
        )

    def cards(self) -> RenderableType:
        """The 90-card table (WC-CARD-5): every type with both halves, grades and count."""
        t = Table(
            title=f"My World Cup 2010 tactical cards 战术牌: {len(self.deck)} cards, {len(self.deck.cards)} types",
            box=box.SIMPLE_HEAVY,
        )
        t.add_column("id", style="bold")
        t.add_column("top half 上半")
        t.add_column("bottom half 下半")
        t.add_column("count", justify="right")
        t.add_column("source")
        totals: Counter[str] = Counter()
        for cid, c in self.deck.cards.items():
            kind = "foul" if c.top.kind is Kind.FOUL else "goal" if c.top.kind is Kind.GOAL else "attack/defense"
            totals[kind] += c.count
            src = c.rule or c.source
            t.add_row(cid, half_text(c.top), half_text(c.bottom), str(c.count), f"[dim]{src} ({c.source})[/]")
        t.add_section()
        summary = " · ".join(f"{k} {v}" for k, v in sorted(totals.items()))
        t.add_row("total", f"[dim]{summary}[/]", "", str(len(self.deck)), "")
        t.caption = f"kind value/speed (the grades that may use the half)\n{self.deck.source}"
        return t

"""Playing in a terminal: a human seat that reads moves from the keyboard, and the screen it sees.

Game-agnostic: the drawing comes from the game's own ``render`` module (found next to the game
module, see :func:`renderer_for`); this module only composes it with the event log and the
numbered legal actions, and turns typed text into one of the legal actions.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from pitchside.agents.base import Agent, Observation
from pitchside.core.back import Back
from pitchside.core.decision import DecisionKind
from pitchside.core.errors import IllegalAction, InvalidAction
from pitchside.core.game import Action, Event, Game, State
from pitchside.core.record import Move
from pitchside.core.rng import Rng
from pitchside.core.texts import OVERVIEW, Lang, Topic, TopicKind, UnknownTopic, find
from pitchside.terminal_input import Keyboard

LOG_LINES = 10  # at least; beside the board it grows to the board's height
COMPACT_LOG = 2  # the compact screen's log lines, at least
MORE = frozenset({"more", "+", "m"})  # the next page of a long list of actions (compact screen)
WIDE = 118  # from this width on, the event log goes beside the board
THINKING_DELAY = 0.5  # seconds a bot may think before the spinner shows
PAUSE_EVENTS = frozenset({"goal"})  # event kinds the screen waits on at a terminal (issue 8)


class Renderer(Protocol):
    """What a game's ``render.Renderer(config)`` offers the terminal."""

    def board(self, view: Mapping[str, Any]) -> RenderableType: ...
    def decision(self, view: Mapping[str, Any], legal: Sequence[str] = ()) -> RenderableType: ...
    def action(self, text: str, view: Mapping[str, Any] | None = None) -> str: ...
    def event(self, ev: Event, you: int | None = None) -> str: ...
    def outcome(self, outcome: Mapping[str, Any], you: int | None = None) -> RenderableType: ...
    def help(self) -> RenderableType: ...


class PlainRenderer:
    """The fallback for a game without a render module: the view as data."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self.config = config

    def board(self, view: Mapping[str, Any]) -> RenderableType:
        return Pretty(dict(view))

    def decision(self, view: Mapping[str, Any], legal: Sequence[str] = ()) -> RenderableType:
        return Panel(escape(json.dumps(view.get("decision"))), title="decision")

    def action(self, text: str, view: Mapping[str, Any] | None = None) -> str:
        return ""

    def event(self, ev: Event, you: int | None = None) -> str:
        return escape(f"{ev.kind} {json.dumps(dict(ev.data), ensure_ascii=False)}")

    def outcome(self, outcome: Mapping[str, Any], you: int | None = None) -> RenderableType:
        return Panel(escape(json.dumps(dict(outcome))), title="outcome")

    def help(self) -> RenderableType:
        return Text("Type a number or the text of an action; 'quit' leaves.")


def renderer_for(game: Game, config: Mapping[str, Any] | None = None) -> Any:
    """The game's own renderer (``game.renderer``), or the plain view when it has none."""
    return game.renderer(config) or PlainRenderer(config)


class Layout(StrEnum):
    AUTO = "auto"  # the wide screen when it fits the terminal, else the compact one
    WIDE = "wide"
    COMPACT = "compact"  # for 80×24


class Quit(Exception):
    """The person left the match (typed quit, or the input ended)."""


class RecordingAgent:
    """Passes an agent's choices through and writes them down, so a match left early still has a record."""

    def __init__(self, inner: Agent, moves: list[Move]) -> None:
        self.inner = inner
        self.name = inner.name
        self.moves = moves

    def act(self, obs: Observation, rng: Rng) -> Action:
        action = self.inner.act(obs, rng)
        if isinstance(action, Back):  # the game loop replays the match without those moves: so does the record
            del self.moves[len(self.moves) - action.count :]
        else:
            self.moves.append(Move(obs.seat, str(action)))
        return action


class ThinkingAgent:
    """A bot whose turn shows a spinner when it takes longer than ``delay`` seconds (issue 8), so a
    search bot never looks like a frozen screen. Only at a terminal; the choice itself is the bot's."""

    def __init__(self, inner: Agent, console: Console, delay: float = THINKING_DELAY) -> None:
        self.inner = inner
        self.name = inner.name
        self.console = console
        self.delay = delay

    def act(self, obs: Observation, rng: Rng) -> Action:
        if not self.console.is_terminal:
            return self.inner.act(obs, rng)
        status = self.console.status(f"seat {obs.seat} ({escape(self.name)}) is thinking…")
        timer = threading.Timer(self.delay, status.start)
        timer.daemon = True
        timer.start()
        try:
            return self.inner.act(obs, rng)
        finally:
            timer.cancel()
            if timer.is_alive():
                timer.join()  # a spinner being started right now: let it start, then stop it
            status.stop()


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip()).lower()


def topic_panel(topic: Topic, lang: Lang) -> RenderableType:
    """One rules text, as plain text (data, never markup)."""
    other = topic.title(Lang.EN if lang is Lang.ZH else Lang.ZH)
    title = f"{topic.title(lang)} · {other}" if other != topic.title(lang) else topic.title(lang)
    return Panel(
        Text(topic.body(lang)),
        title=Text(title, style="bold"),
        title_align="left",
        subtitle=Text(f"{topic.kind.label(lang)} · info {topic.id}", style="dim"),
        subtitle_align="right",
        box=box.ROUNDED,
    )


def topic_index(texts: Mapping[str, Topic], lang: Lang) -> RenderableType:
    """Every topic id, by kind, for ``rules GAME`` and ``info`` without a topic."""
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True)
    t.add_column()
    for kind in TopicKind:
        ids = [tid for tid, topic in texts.items() if topic.kind is kind]
        if ids:
            t.add_row(kind.label(lang), Text(" ".join(ids)))
    return t


class TerminalPlayer:
    """A seat played by a person at the keyboard. Use its ``on_event``/``on_decision`` with play_match.

    ``log`` keeps one line for every event this seat may see that the renderer puts into words, and
    ``events`` keeps every visible event itself (the ``log`` command pages through all of it).
    ``on_prompt`` runs before each prompt (the CLI's autosave).
    """

    name = "human"

    def __init__(
        self,
        game: Game,
        renderer: Renderer,
        console: Console,
        seat: int,
        *,
        title: str = "",
        auto: bool = True,
        read: Callable[[str], str] | None = None,
        lang: Lang = Lang.EN,
        config: Mapping[str, Any] | None = None,
        on_prompt: Callable[[], None] | None = None,
        layout: Layout = Layout.AUTO,
    ) -> None:
        self.game = game
        self.r = renderer
        self.console = console
        self.seat = seat
        self.title = title
        self.auto = auto
        self.kb = Keyboard(console, read)
        self.lang = lang
        self.config = config
        self.on_prompt = on_prompt
        self.layout = layout
        self.log: list[str] = []
        self.events: list[Event] = []
        self.seen = 0  # log lines shown at the last prompt
        self.state: State | None = None
        self._auto: tuple[int, str] | None = None  # (log length, action) of a move played for the person
        self._turn: bool | None = None  # after the person acted in their own turn: did that action end it?
        self._texts: Mapping[str, Topic] | None = None
        self.page = 0  # the page of actions on the compact screen (``more`` turns it)
        self.pages = 1  # how many pages the last compact screen had

    @property
    def texts(self) -> Mapping[str, Topic]:
        if self._texts is None:
            self._texts = self.game.texts(self.config)
        return self._texts

    # ------------------------------------------------------------------ play_match hooks

    def on_event(self, state: State, ev: Event) -> None:
        if not ev.visible_to(self.seat):
            return
        self.events.append(ev)
        line = self.r.event(ev, self.seat)
        if line:
            self.log.append(line)
        if ev.kind in PAUSE_EVENTS and self.kb.interactive:
            self.state = state
            self.show(state.view(self.seat), ())
            self.kb.pause(line or "[bold]Goal![/]")

    def catch_up(self, events: Sequence[Event]) -> None:
        """The events of a match replayed from its save, into the log (no pauses)."""
        for ev in events:
            if ev.visible_to(self.seat):
                self.events.append(ev)
                line = self.r.event(ev, self.seat)
                if line:
                    self.log.append(line)
        self.seen = len(self.log)

    def on_decision(self, state: State, seat: int) -> None:
        self.state = state
        self._note_auto()
        dec = state.decision()
        if self._turn is not None and dec.kind is DecisionKind.TURN and seat != self.seat:
            ended_by_choice, self._turn = self._turn, None
            if not ended_by_choice and self.kb.interactive:  # issue 8: the turn ended by itself
                self.show(state.view(self.seat), ())
                self.kb.pause("[bold yellow]Your turn is over[/] — it ended by itself (see the log).")

    def _note_auto(self) -> None:
        """Log a move played for the person, unless its own events already say what happened."""
        if self._auto is not None:
            mark, text = self._auto
            self._auto = None
            if len(self.log) == mark:
                self.log.append(f"   you: {escape(text)} [dim](the only choice)[/]")

    # ------------------------------------------------------------------ the agent

    def act(self, obs: Observation, rng: Rng) -> Action:
        legal = list(obs.legal)
        rank = getattr(self.r, "action_rank", None)
        if rank is not None:  # the game's display order; the numbers follow it
            legal.sort(key=lambda a: rank(str(a)))
        if self.state is not None and (k := self.game.partial(self.state, self.seat)) > 0:
            legal.append(Back(k))  # issue 8: an unfinished multi-card play may be taken back
        texts = [str(a) for a in legal]
        own_turn = self.state is not None and self.state.decision().kind is DecisionKind.TURN
        if self.auto and len(legal) == 1:
            self._auto = (len(self.log), texts[0])
            if own_turn:
                self._turn = False  # played for the person: if it ends the turn, it ended by itself
            return legal[0]
        view = obs.view
        if self.on_prompt is not None:
            self.on_prompt()
        self.page = 0
        self.show(view, texts)
        while True:
            try:
                line = self.kb.line("[bold]your move ›[/] ")
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                self.leave()
                continue
            action = self.answer(line, legal, texts, view)
            if isinstance(action, Back):
                cards = "1 card" if action.count == 1 else f"{action.count} cards"
                self.log.append(f"   you take back your unfinished play ({cards} back to your hand)")
                self.seen = len(self.log)
                return action
            if action is not None:
                self.seen = len(self.log)
                if own_turn:
                    ends = getattr(self.r, "ends_turn", None)
                    self._turn = True if ends is None else bool(ends(str(action)))
                return action

    def leave(self) -> None:
        """Raise Quit if the person confirms (the input ending counts as yes)."""
        if self.kb.confirm("Leave the match? (it is saved: [bold]pitchside play --resume[/] goes on)"):
            raise Quit

    def answer(self, line: str, legal: list[Action], texts: list[str], view: Mapping[str, Any]) -> Action | None:
        """The legal action the line names, or None after telling the person what is wrong."""
        say = self.console.print
        text = line.strip()
        low = _norm(text)
        if not text:
            say(f"[dim]Type a number 1–{len(legal)}, an action, 'help' or 'quit'.[/]")
            return None
        if low in ("quit", "exit", "q"):
            self.leave()
            return None
        if low in ("help", "h", "?"):
            say(self.r.help())
            say(
                "[bold]Answer[/] with a number or the action text (any case). [bold]board[/] draws the screen again; "
                "[bold]log[/] pages through the whole match log; [bold]info X[/] explains a card, role, character, "
                "skill or team ([bold]info[/] alone lists them, [bold]rules[/] is the overview); [bold]skills[/] "
                "shows every skill you can see; [bold]more[/] shows the next page of a long list of actions (every "
                "number works on any page); [bold]quit[/] leaves (the match is saved; "
                "[bold]pitchside play --resume[/] goes on)."
            )
            say(self.actions(texts, view))
            return None
        if low in ("board", "show", "redraw", "r"):
            self.show(view, texts)
            return None
        if low in MORE:
            if self.pages <= 1:
                say(f"[dim]All {len(legal)} actions are on the screen.[/]")
                return None
            self.page = (self.page + 1) % self.pages
            self.show(view, texts)
            return None
        if low in ("log", "l", "history"):
            self.page_log()
            return None
        if low in ("skills", "skill?"):
            say(self.skills_panel(view) or "[dim]No skills to show.[/]")
            return None
        if low == "rules" or low == "info" or low.startswith("info "):
            self.info(text[4:].strip() if low.startswith("info") else OVERVIEW)
            return None
        if text.isdecimal():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            say(f"[bold red]✗ There is no action {n}[/]: choose a number from 1 to {len(legal)}.")
            return None
        for action, t in zip(legal, texts, strict=True):
            if _norm(t) == low:
                return action
        try:
            action = self.game.parse_action(text)
        except InvalidAction as e:
            say(f"[bold red]✗ Cannot read that[/]: {escape(str(e))}")
            say(f"  Type a number 1–{len(legal)}, an action such as '{escape(texts[0])}', or 'help'.")
            return None
        if action in legal:
            return action
        err = self.why(action)
        if err is not None:
            say(f"[bold red]✗ Not allowed now[/] [bold yellow]\\[{escape(err.rule)}][/]: {escape(err.message)}")
        else:
            say(f"[bold red]✗ Not allowed now[/]: '{escape(text)}' is not one of the {len(legal)} legal actions.")
        return None

    def info(self, query: str) -> None:
        """``info X``: the rules text of a card, role, character, skill, event or team; ``info`` lists them."""
        texts = self.texts
        if not texts:
            self.console.print(f"[dim]{escape(self.game.id)} has no rules texts.[/]")
            return
        if not query:
            self.console.print(topic_index(texts, self.lang))
            return
        try:
            self.console.print(topic_panel(find(texts, query), self.lang))
        except UnknownTopic as e:
            self.console.print(f"[bold red]✗[/] {escape(str(e))} ('info' alone lists every topic)")

    def page_log(self) -> None:
        """The whole log, a screenful at a time at a terminal (all at once when input is piped)."""
        lines = self.log or ["[dim]nothing yet[/]"]
        size = max(5, self.console.height - 2) if self.kb.interactive else len(lines)
        for start in range(0, len(lines), size):
            for i in range(start, min(start + size, len(lines))):
                self.console.print(Text.assemble((f"{i + 1:>4} ", "dim"), Text.from_markup(lines[i])))
            if start + size < len(lines):
                try:
                    more = self.kb.line(f"[dim]-- {start + size}/{len(lines)}: Enter for more, q to stop --[/] ")
                except (EOFError, KeyboardInterrupt):
                    return
                if more.strip().lower().startswith("q"):
                    return

    def why(self, action: Action) -> IllegalAction | None:
        """The rule an action breaks, asked of a copy of the match (the original stays untouched)."""
        if self.state is None:
            return None
        try:
            self.state.clone().apply(self.seat, action)
        except IllegalAction as e:
            return e
        except Exception:  # a rules engine that chokes on nonsense still must not crash the terminal
            return None
        return None

    # ------------------------------------------------------------------ the screen

    def show(self, view: Mapping[str, Any], texts: Sequence[str]) -> None:
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(self.screen(view, texts))

    def screen(self, view: Mapping[str, Any], texts: Sequence[str]) -> RenderableType:
        """The wide screen when it fits the terminal (or ``layout`` is wide), else the compact one."""
        if self.layout is Layout.COMPACT:
            return self.compact_screen(view, texts)
        parts: list[RenderableType] = [self.heading(), self.body(view)]
        if texts:
            parts.append(self.r.decision(view, texts))
            parts.append(self.actions(texts, view))
        full = Group(*parts)
        if self.layout is Layout.AUTO and self.console.is_terminal:
            rows = len(self.console.render_lines(full, self.console.options, pad=False))
            if rows >= self.console.height:
                return self.compact_screen(view, texts)
        return full

    def compact_screen(self, view: Mapping[str, Any], texts: Sequence[str]) -> RenderableType:
        """Everything on one small screen (80×24): the game's compact board, the decision without its frame,
        the actions, and as many log lines as are left (at least two). A list of actions too long for the
        rows left is shown a page at a time (``more`` turns the page; every number works on any page), so the
        board never scrolls off."""
        compact = getattr(self.r, "compact", None)
        self._note_auto()
        head = Text.from_markup(f"{self.title}  [dim]· help · log · skills · info X · quit[/]")
        head.truncate(self.console.width, overflow="ellipsis")
        parts: list[RenderableType] = [head, compact(view) if compact is not None else self.r.board(view)]
        self.pages = 1
        if texts:
            dec = self.r.decision(view, texts)
            if isinstance(dec, Panel) and isinstance(dec.renderable, Text):
                title = Text.from_markup(dec.title) if isinstance(dec.title, str) else Text("")
                dec = Text.assemble(title, " — " if title.plain else "", dec.renderable)
            parts.append(dec)
            fixed = self._rows(Group(*parts))
            parts.append(self.action_page(self.actions(texts, view, boxed=False), len(texts), fixed))
        used = self._rows(Group(*parts))
        room = max(COMPACT_LOG, self.console.height - used - 2)  # the log's rule and the prompt
        count = "1 line" if len(self.log) == 1 else f"{len(self.log)} lines"
        rule = Text(f"── log 比赛记录 · {count} (log) ", style="dim")
        parts[2:2] = [rule, self.log_text(room, one_row=True)]
        return Group(*parts)

    def _rows(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def action_page(self, actions: RenderableType, count: int, fixed: int) -> RenderableType:
        """The actions, or the page of them (``self.page``) that fits below ``fixed`` rows of board and decision
        with the log's rule, its lines and the prompt; the last row says how to see the rest."""
        lines = self.console.render_lines(actions, self.console.options, pad=False)
        room = self.console.height - fixed - 1 - COMPACT_LOG - 1
        if len(lines) <= max(room, 2):
            return actions
        per = max(2, room - 1)  # action rows a page, and one row saying there are more
        self.pages = -(-len(lines) // per)
        self.page %= self.pages
        first = self.page * per
        shown = lines[first : first + per]
        segments: list[Segment] = []
        for line in shown:
            segments.extend(line)
            segments.append(Segment.line())
        note = Text(
            f"… page {self.page + 1}/{self.pages} of the {count} actions: more (or +) for the next page; "
            f"any number 1–{count} works",
            style="dim italic",
        )
        note.truncate(self.console.width, overflow="ellipsis")
        return Group(Segments(segments), note)

    def heading(self) -> RenderableType:
        return Text.from_markup(f"{self.title}  [dim]· help · quit[/]")

    def body(self, view: Mapping[str, Any]) -> RenderableType:
        self._note_auto()
        board: RenderableType = self.r.board(view)
        skills = self.skills_panel(view)
        if skills is not None:
            board = Group(board, skills)
        width = self.console.width
        if width < WIDE:
            return Group(board, self.log_panel(LOG_LINES))
        # beside the board, the log is as tall as the board
        left = (width - 2) * 3 // 5
        height = len(self.console.render_lines(board, self.console.options.update_width(left), pad=False))
        log = self.log_panel(max(LOG_LINES, height - 2))
        grid = Table.grid(padding=(0, 2), expand=True)
        grid.add_column(ratio=3)
        grid.add_column(ratio=2)
        grid.add_row(board, log)
        return grid

    def skills_panel(self, view: Mapping[str, Any]) -> RenderableType | None:
        """The rules text of every skill and role the person can see (the renderer's ``seat_topics``)."""
        topics = getattr(self.r, "seat_topics", None)
        if topics is None or not self.texts:
            return None
        rows = Table.grid(padding=(0, 1))
        rows.add_column(no_wrap=True)
        rows.add_column()
        for label, tid in topics(view):
            topic = self.texts.get(tid)
            if topic is None:
                continue
            lines = topic.body(self.lang).splitlines()
            if topic.kind in (TopicKind.CHARACTER, TopicKind.TEAM) and len(lines) > 1:
                lines = lines[1:]  # the first line is the card's numbers, already on the board
            body = " · ".join(lines)
            rows.add_row(Text.from_markup(label), Text.assemble((topic.title(self.lang), "bold"), ": ", body))
        if not rows.row_count:
            return None
        return Panel(rows, title="Skills 技能 · info X for more", title_align="left", box=box.ROUNDED)

    def log_text(self, lines: int, *, one_row: bool = False) -> Text:
        """The last ``lines`` lines; when more came since the person's last move, the first of them (what
        the person's own move did) stay in view, and the ones between are counted (``log`` shows them).
        ``one_row``: each line cut to one screen row (the compact layout)."""
        start = max(0, len(self.log) - lines)
        shown = list(range(start, len(self.log)))
        skipped = 0
        if start > self.seen and lines >= 4:
            head = (lines - 1) // 2
            shown = [*range(self.seen, self.seen + head), -1, *range(len(self.log) - (lines - 1 - head), len(self.log))]
            skipped = len(self.log) - self.seen - (lines - 1)
        if not self.log:
            return Text("nothing yet", style="dim")
        width = max(10, self.console.width - 2)
        body = Text()
        for n, i in enumerate(shown):
            row = Text()
            if i < 0:
                row.append(f"  … {skipped} more line(s): type log …", style="dim italic")
            else:
                new = i >= self.seen
                row.append(Text("• " if new else "  ", style="bold yellow"))
                row.append(Text.from_markup(self.log[i], style="" if new else "dim"))
            if one_row:
                row.truncate(width, overflow="ellipsis")
            body.append(row)
            if n < len(shown) - 1:
                body.append("\n")
        return body

    def log_panel(self, lines: int) -> RenderableType:
        count = "1 line" if len(self.log) == 1 else f"{len(self.log)} lines"
        return Panel(
            self.log_text(lines),
            title="Match log 比赛记录",
            title_align="left",
            subtitle=f"[yellow]•[/] since your last move · {count}: log",
            subtitle_align="right",
            box=box.ROUNDED,
        )

    def actions(self, texts: Sequence[str], view: Mapping[str, Any], boxed: bool = True) -> RenderableType:
        """The legal actions, numbered, in the order given: single ones in columns (numbers run down
        each column); a run of three or more that differ only in their argument (e.g. the first
        pick of a composite move) on one line: ``verb · what it does:  8 K09  9 K12 …``."""
        previews = self.previews(texts)
        if previews:  # each choice with what it would do, one to a line
            lines = Table.grid(padding=(0, 1))
            lines.add_column(no_wrap=True)
            lines.add_column()
            for i, t in enumerate(texts, 1):
                what = previews.get(t) or Text(self.r.action(t, view), style="dim")
                lines.add_row(Text.from_markup(f"[bold cyan]{i:>2}[/] {escape(t)}"), what)
            if not boxed:
                return lines
            return Panel(lines, title=f"Legal actions ({len(texts)}) · what each does", title_align="left")
        runs: list[tuple[str, str, list[tuple[int, str]]]] = []
        for i, t in enumerate(texts, 1):
            verb, _, arg = t.partition(" ")
            desc = self.r.action(t, view)
            if runs and arg and runs[-1][:2] == (verb, desc) and runs[-1][2][-1][1]:
                runs[-1][2].append((i, arg))
            else:
                runs.append((verb, desc, [(i, arg)]))
        parts: list[RenderableType] = []
        cells: list[Text] = []
        for verb, desc, items in runs:
            if len(items) < 3:
                for i, _ in items:
                    markup = f"[bold cyan]{i:>2}[/] {escape(texts[i - 1])}" + (f"  [dim]{desc}[/]" if desc else "")
                    cells.append(Text.from_markup(markup))
                continue
            if cells:
                parts.append(self._columns(cells))
                cells = []
            line = Text.from_markup(f"[bold]{escape(verb)}[/] [dim]· {desc}:[/] ")
            for i, arg in items:
                line.append_text(Text.from_markup(f"  [bold cyan]{i}[/] {escape(arg)}"))
            parts.append(line)
        if cells:
            parts.append(self._columns(cells))
        if not boxed:
            return Group(*parts)
        return Panel(Group(*parts), title=f"Legal actions ({len(texts)})", title_align="left", box=box.ROUNDED)

    def previews(self, texts: Sequence[str]) -> dict[str, Text]:
        """The game's preview of each choice (``Game.preview``), in the person's language; empty if none."""
        if self.state is None:
            return {}
        out: dict[str, Text] = {}
        for t in texts:
            try:
                said = self.game.preview(self.state, self.seat, self.game.parse_action(t))
            except InvalidAction:
                said = None
            if said is not None:
                out[t] = Text(said(self.lang))
        return out

    def _columns(self, cells: list[Text]) -> RenderableType:
        width = max(c.cell_len for c in cells) + 3
        cols = max(1, min(4, (self.console.width - 4) // width))
        rows = -(-len(cells) // cols)
        grid = Table.grid(padding=(0, 3))
        for _ in range(cols):
            grid.add_column(no_wrap=True)
        for r in range(rows):
            grid.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else Text("") for c in range(cols)])
        return grid

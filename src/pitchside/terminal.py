"""Playing in a terminal: a human seat that reads moves from the keyboard, and the screen it sees.

Game-agnostic: the drawing comes from the game's own ``render`` module (found next to the game
module, see :func:`renderer_for`); this module only composes it with the event log and the
numbered legal actions, and turns typed text into one of the legal actions.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from pitchside.agents.base import Agent, Observation
from pitchside.core.errors import IllegalAction, InvalidAction
from pitchside.core.game import Action, Event, Game, State
from pitchside.core.record import Move
from pitchside.core.rng import Rng

LOG_LINES = 10  # at least; beside the board it grows to the board's height
WIDE = 118  # from this width on, the event log goes beside the board


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
        self.moves.append(Move(obs.seat, str(action)))
        return action


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip()).lower()


class TerminalPlayer:
    """A seat played by a person at the keyboard. Use its ``on_event``/``on_decision`` with play_match."""

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
    ) -> None:
        self.game = game
        self.r = renderer
        self.console = console
        self.seat = seat
        self.title = title
        self.auto = auto
        self.read = read or self._input
        self.log: list[str] = []
        self.seen = 0  # log lines shown at the last prompt
        self.state: State | None = None
        self._auto: tuple[int, str] | None = None  # (log length, action) of a move played for the person

    def _input(self, prompt: str) -> str:
        line = self.console.input(prompt)
        if not sys.stdin.isatty():  # typed ahead or piped: echo it, so a transcript reads like a session
            self.console.print(line, markup=False, highlight=False)
        return line

    # ------------------------------------------------------------------ play_match hooks

    def on_event(self, state: State, ev: Event) -> None:
        if ev.visible_to(self.seat):
            line = self.r.event(ev, self.seat)
            if line:
                self.log.append(line)

    def on_decision(self, state: State, seat: int) -> None:
        self.state = state
        self._note_auto()

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
        texts = [str(a) for a in legal]
        if self.auto and len(legal) == 1:
            self._auto = (len(self.log), texts[0])
            return legal[0]
        view = obs.view
        self.show(view, texts)
        while True:
            try:
                line = self.read("[bold]your move ›[/] ")
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                raise Quit from None
            action = self.answer(line, legal, texts, view)
            if action is not None:
                self.seen = len(self.log)
                return action

    def answer(self, line: str, legal: list[Action], texts: list[str], view: Mapping[str, Any]) -> Action | None:
        """The legal action the line names, or None after telling the person what is wrong."""
        say = self.console.print
        text = line.strip()
        low = _norm(text)
        if not text:
            say(f"[dim]Type a number 1–{len(legal)}, an action, 'help' or 'quit'.[/]")
            return None
        if low in ("quit", "exit", "q"):
            raise Quit
        if low in ("help", "h", "?"):
            say(self.r.help())
            say(
                "[bold]Answer[/] with a number or the action text (any case). [bold]board[/] draws the screen again; "
                "[bold]quit[/] leaves (with --record, the moves so far are saved)."
            )
            say(self.actions(texts, view))
            return None
        if low in ("board", "show", "redraw", "r"):
            self.show(view, texts)
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
        parts: list[RenderableType] = [self.heading(), self.body(view)]
        if texts:
            parts.append(self.r.decision(view, texts))
            parts.append(self.actions(texts, view))
        return Group(*parts)

    def heading(self) -> RenderableType:
        return Text.from_markup(f"{self.title}  [dim]· help · quit[/]")

    def body(self, view: Mapping[str, Any]) -> RenderableType:
        self._note_auto()
        board = self.r.board(view)
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

    def log_panel(self, lines: int) -> RenderableType:
        start = max(0, len(self.log) - lines)
        body = Text()
        for i in range(start, len(self.log)):
            new = i >= self.seen
            line = Text.from_markup(self.log[i], style="" if new else "dim")
            body.append(Text("• " if new else "  ", style="bold yellow"))
            body.append(line)
            if i < len(self.log) - 1:
                body.append("\n")
        if not self.log:
            body = Text("nothing yet", style="dim")
        return Panel(
            body,
            title="Match log 比赛记录",
            title_align="left",
            subtitle="[yellow]•[/] since your last move",
            subtitle_align="right",
            box=box.ROUNDED,
        )

    def actions(self, texts: Sequence[str], view: Mapping[str, Any]) -> RenderableType:
        """The legal actions, numbered, in the order given: single ones in columns (numbers run down
        each column); a run of three or more that differ only in their argument (e.g. the first
        pick of a composite move) on one line: ``verb · what it does:  8 K09  9 K12 …``."""
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
        return Panel(Group(*parts), title=f"Legal actions ({len(texts)})", title_align="left", box=box.ROUNDED)

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

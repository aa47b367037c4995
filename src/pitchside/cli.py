"""The ``pitchside`` command: games, play, simulate, report, ladder, replay, cards.

Only Typer is imported up front; Rich, the games, the agents and the game loop are imported
inside the commands, so ``pitchside --help`` stays fast. Every expected failure is a one-line
message and an exit code (2: bad arguments or files, 1: a record that does not replay), never
a traceback.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from pitchside.cli_errors import GuardedGroup, guarded_main

if TYPE_CHECKING:
    from rich.console import Console

    from pitchside.agents.base import Agent
    from pitchside.core.game import Game, State

app: typer.Typer = typer.Typer(
    name="pitchside",
    cls=GuardedGroup,
    help="Chinese tabletop football card games (音速杯 Sonic Cup, …) in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: `pitchside --help` then imports no Rich at all
)

SEED_LIMIT = 2**63  # seeds are stored in records and passed to the games' 64-bit generator
GameArg = Annotated[
    str,
    typer.Argument(
        help="Game id or alias, e.g. sonic-cup, tzq, 音速杯 (see `pitchside games`), or a game of your own "
        "as MODULE:NAME on the Python path (docs/adding-a-game.md)."
    ),
]


def fail(message: str, code: int = 2) -> NoReturn:
    one_line = " / ".join(part.strip() for part in message.splitlines() if part.strip())
    typer.echo(f"pitchside: error: {one_line}", err=True)
    raise typer.Exit(code)


def _console(**kw: Any) -> Console:
    from rich.console import Console

    return Console(highlight=False, **kw)


def _game(name: str, *, spec: bool = True) -> Game:
    """The game ``name`` names: an id or alias, or (``spec``: only from the user's own command line,
    never from a record) a ``MODULE:NAME`` game spec, imported and registered for this process."""
    from pitchside.core import registry
    from pitchside.core.errors import PitchsideError

    try:
        if spec and registry.is_spec(name):
            return registry.load_spec(name)
        return registry.load_game(name)
    except registry.UnknownGame as e:
        fail(f"{e} (see `pitchside games`)")
    except PitchsideError as e:
        fail(str(e))


def _state(game: Game, config: dict[str, Any], seed: int) -> State:
    """A new match, or a clean exit naming the bad setting (e.g. an unsupported seat count)."""
    from pitchside.core.errors import DataError

    try:
        return game.new_state(config, seed)
    except DataError as e:
        fail(str(e))


def _renderer(game: Game, config: dict[str, Any]) -> Any:
    from pitchside.core.errors import DataError
    from pitchside.terminal import renderer_for

    try:
        return renderer_for(game, config)
    except DataError as e:
        fail(str(e))


HomeOpt = Annotated[
    str | None, typer.Option("--home", help="Home team, for games with teams (my-world-cup: esp, Spain, 西班牙).")
]
AwayOpt = Annotated[str | None, typer.Option("--away", help="Away team, for games with teams.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", help="Any config key of the game: KEY=VALUE, VALUE as JSON or text (repeatable)."),
]


def _config(game: Game, seats: int, options: dict[str, Any], sets: list[str] | None) -> dict[str, Any]:
    """The match config: the seat count, the game's own options mapped by its ``cli_config`` (if it has one),
    then ``--set KEY=VALUE`` pairs; the game checks them all when the match is created."""
    from pitchside.core.datafile import trust_data
    from pitchside.core.errors import DataError

    config: dict[str, Any] = {"seats": seats}
    given = {k: v for k, v in options.items() if v is not None}
    if given:
        try:
            config.update(game.cli_config(given))
        except DataError as e:
            fail(f"{e.field}: {e.message}" if e.field and e.field.startswith("--") else str(e))
    for item in sets or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            fail(f"--set needs KEY=VALUE, not {item!r}")
        if key.strip() == "seats":
            fail("give the seat count with --seats, not --set seats=")
        try:
            value: Any = json.loads(raw)
        except (json.JSONDecodeError, RecursionError, ValueError):
            value = raw
        if isinstance(value, str) and value and os.path.lexists(value):
            trust_data(value)  # a file the user names on the command line may be read as a data file
        config[key.strip()] = value
    return config


def _seats(game: Game, seats: int | None, default: int) -> int:
    """The seat count asked for, or the default when the game allows it, else the game's smallest."""
    if seats is not None:
        return seats
    return default if default in game.seat_counts else min(game.seat_counts)


def _agents(spec: str, count: int, game: str) -> list[Agent]:
    """``random`` or ``heuristic`` for every seat, or a comma list used in turn (``heuristic,random``)."""
    from pitchside.agents.base import make_agent

    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        fail("no agent named; known: random, heuristic, ismcts")
    try:
        return [make_agent(names[i % len(names)], game) for i in range(count)]
    except ValueError as e:
        fail(str(e))


# ---------------------------------------------------------------------------- games


@app.command()
def games() -> None:
    """List the games pitchside knows."""
    from rich.markup import escape
    from rich.table import Table

    from pitchside.core.registry import GAMES

    t = Table(title="pitchside games")
    t.add_column("id", style="bold")
    t.add_column("name", no_wrap=True)
    t.add_column("aliases", overflow="fold")
    t.add_column("seats", no_wrap=True)
    for e in GAMES.values():
        t.add_row(*(escape(x) for x in (e.id, e.name, ", ".join(e.aliases), ",".join(map(str, e.seat_counts)))))
    _console().print(t)
    for why in GAMES.broken().values():  # an installed game that does not load: said, not a traceback
        _console(stderr=True).print(f"[yellow]not loaded:[/] {escape(why)}")


# ---------------------------------------------------------------------------- play


LangOpt = Annotated[
    str | None,
    typer.Option("--lang", help="Language of rules texts: zh or en (default: from LANG / LC_ALL)."),
]


def _lang(lang: str | None) -> Any:
    from pitchside.core.texts import Lang, lang_from_env

    if lang is None:
        return lang_from_env(os.environ)
    try:
        return Lang(lang.strip().lower())
    except ValueError:
        fail(f"--lang must be zh or en, not {lang!r}")


@app.command()
def rules(
    game: GameArg,
    topic: Annotated[
        str | None,
        typer.Argument(help="A card, role, character, skill, event or team (id or name); none: the overview."),
    ] = None,
    lang: LangOpt = None,
    every: Annotated[bool, typer.Option("--all", help="Print every topic's text, the overview first.")] = False,
) -> None:
    """Show a game's rules in brief, or the text of one card, role, character, skill, event or team."""
    from rich.markup import escape

    from pitchside.core.texts import OVERVIEW, UnknownTopic, find
    from pitchside.terminal import topic_index, topic_panel

    g = _game(game)
    language = _lang(lang)
    texts = g.texts()
    if not texts:
        fail(f"{g.id} has no rules texts")
    if every:
        if topic is not None:
            fail("give a topic or --all, not both")
        console = _console()
        console.print(topic_panel(texts[OVERVIEW], language))
        for tid, found in texts.items():
            if tid != OVERVIEW:
                console.print(topic_panel(found, language))
        return
    try:
        found = find(texts, topic or OVERVIEW)
    except UnknownTopic as e:
        fail(f"{e} (`pitchside rules {g.id}` lists every topic)")
    console = _console()
    console.print(topic_panel(found, language))
    if topic is None:
        console.print(f"[bold]Topics[/] [dim](pitchside rules {escape(g.id)} TOPIC)[/]")
        console.print(topic_index(texts, language))


@app.command()
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game id or alias, e.g. sonic-cup, tzq, 音速杯 (see `pitchside games`), or a game of your own "
            "as MODULE:NAME on the Python path (docs/adding-a-game.md). Not needed with --resume."
        ),
    ] = None,
    seats: Annotated[
        int | None, typer.Option("--seats", "-n", help="Number of seats (players); default 4, or the game's only.")
    ] = None,
    you: Annotated[int, typer.Option("--you", help="Your seat (0 is Blue or home; seats alternate teams).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Match seed (random if not given).")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Agent for the other seats: heuristic, ismcts, ismcts:500 (iterations), ismcts:1s (seconds) or random "
            "(comma list to vary); "
            "default: the game's heuristic bot, or random if it has none.",
        ),
    ] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the match record (JSON Lines) here.")] = None,
    auto: Annotated[bool, typer.Option("--auto/--no-auto", help="Play your only legal action for you.")] = True,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with the last match played (every match is autosaved).")
    ] = False,
    lang: LangOpt = None,
    layout: Annotated[
        str,
        typer.Option("--layout", help="auto (the wide screen when it fits, else compact), wide or compact (80×24)."),
    ] = "auto",
    home: HomeOpt = None,
    away: AwayOpt = None,
    sets: SetOpt = None,
) -> None:
    """Play a match in the terminal against bots (autosaved; --resume goes on with the last one)."""
    import secrets

    from rich.markup import escape

    from pitchside.core.record import Move
    from pitchside.terminal import Layout, PlainRenderer

    language = _lang(lang)
    try:
        screen = Layout(layout.strip().lower())
    except ValueError:
        fail(f"--layout must be auto, wide or compact, not {layout!r}")
    prefix: list[Move] = []
    save_path = None
    if resume:
        rec = _last_save(game)
        g = _game(rec.game, spec=False)
        config, seed = dict(rec.config), rec.seed or 0
        seats = int(config.get("seats", 0))
        you = rec.players.index("human")
        bots = ",".join("random" if s == you else name for s, name in enumerate(rec.players))  # per seat
        prefix, save_path = list(rec.moves), Path(rec.source)
    else:
        if game is None:
            fail("name a game (see `pitchside games`), or give --resume to go on with the last match")
        g = _game(game)
        seats = _seats(g, seats, 4)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        _check_seed(seed)
        config = _config(g, seats, {"home": home, "away": away}, sets)
        _state(g, config, seed)  # the game checks the seat count and the rest of the config first
    if not 0 <= you < seats:
        fail(f"--you must be a seat from 0 to {seats - 1}")
    if record is not None:
        _check_writable(record)  # before the first move: a bad path must not cost the match
    renderer = _renderer(g, config)
    console = _console()
    if isinstance(renderer, PlainRenderer):
        console.print(f"{escape(g.id)} has no board of its own: playing with the plain view.")
    if bots is None:
        bots = "heuristic" if g.heuristic_agent() is not None else "random"
        if bots == "random":
            console.print(f"{escape(g.id)} has no heuristic bot: the other seats play at random.")
    team_names = tuple(g.team_names())
    team = team_names[g.team_of(config, you)].capitalize()
    title = f"[bold]pitchside[/] · {g.name} · seed {seed} · you: seat {you} ({team})"
    bot_agents = _agents(bots, seats, g.id)  # by seat; the person's is unused
    match = _Match(g, config, seed, you, bot_agents, console, save_path)
    match.moves.extend(prefix)
    human = match.player(renderer, title, auto, language, screen)
    result = match.run(human, resumed=bool(prefix))
    if result is None:  # left
        if record is not None:
            _save(match.record(), record, console)
        raise typer.Exit(0)
    view = result.state.view(you)
    console.print(human.heading())
    console.print(human.body(view))
    console.print(renderer.outcome(result.outcome.to_json(), you))
    mine = sum(1 for m in match.moves if m.seat == you)
    console.print(f"[dim]{len(match.moves)} decisions in the match, {mine} of them yours.[/]")
    final = match.record(result.outcome.to_json(), result.state.fingerprint())
    match.autosave(final)
    if human.kb.interactive:
        _read_the_log(human)
    if record is not None:
        _save(final, record, console)
    elif human.kb.interactive:
        _ask_and_save(final, console)


def _read_the_log(human: Any) -> None:
    """At the end of a match, at a terminal: ``log`` pages through the whole match log; Enter goes on."""
    while True:
        try:
            answer = human.kb.line("[bold]Match over.[/] [bold]log[/] pages through the whole match; Enter goes on › ")
        except (EOFError, KeyboardInterrupt):
            return
        if answer.strip().lower() not in ("log", "l"):
            return
        human.page_log()


def _last_save(game: str | None) -> Any:
    """The newest autosave, read and checked; a finished match or none at all is a clear message."""
    from pitchside import saves
    from pitchside.core.errors import DataError
    from pitchside.core.record import MatchRecord

    path = saves.last()
    if path is None:
        fail(f"no saved match to resume in {saves.matches_dir()} (every `pitchside play` match is saved there)")
    try:
        rec = MatchRecord.load(path)
    except DataError as e:
        fail(f"the last saved match cannot be read: {e}")
    if rec.outcome is not None:
        fail(f"the last match ({path}) is over; watch it with `pitchside replay {path}`")
    if "human" not in rec.players:
        fail(f"{path} has no seat played at the keyboard")
    if game is not None and _game(game).id != rec.game:
        fail(f"the last saved match is {rec.game}, not {game}")
    return rec


class _Match:
    """One terminal match: the person, the bots, the moves so far, its autosave, and going on after Ctrl-C."""

    def __init__(
        self,
        g: Game,
        config: dict[str, Any],
        seed: int,
        you: int,
        bots: list[Agent],
        console: Console,
        save_path: Path | None,
    ) -> None:
        from pitchside import saves
        from pitchside.core.record import Move

        self.g, self.config, self.seed, self.you, self.bots, self.console = g, config, seed, you, bots, console
        self.moves: list[Move] = []
        self.path = save_path or saves.new_path(g.id, seed)
        self.save_failed = False

    def player(self, renderer: Any, title: str, auto: bool, lang: Any, layout: Any) -> Any:
        from pitchside.terminal import TerminalPlayer

        self.human = TerminalPlayer(
            self.g, renderer, self.console, self.you, title=title, auto=auto, lang=lang, config=self.config,
            on_prompt=lambda: self.autosave(self.record()), layout=layout,
        )  # fmt: skip
        return self.human

    def record(self, outcome: dict[str, Any] | None = None, fingerprint: str | None = None) -> Any:
        from pitchside.core.record import MatchRecord

        players = [self.human.name if s == self.you else b.name for s, b in enumerate(self.bots)]
        return MatchRecord(
            self.g.id, self.g.version, self.config, seed=self.seed, players=players, moves=list(self.moves),
            outcome=outcome, fingerprint=fingerprint,
        )  # fmt: skip

    def autosave(self, rec: Any) -> None:
        if self.save_failed:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            rec.save(self.path)
        except OSError as e:  # said once; the match goes on unsaved
            self.save_failed = True
            self.console.print(f"[yellow]The match cannot be autosaved to {self.path}: {e.strerror}[/]")

    def state(self) -> State:
        """The match as the moves so far left it (replayed from the start: the record is the truth)."""
        from pitchside.core.record import replay

        return replay(self.record(), self.g).state

    def run(self, human: Any, resumed: bool) -> Any:
        """Play to the end (a MatchResult), or None when the person left (it is saved)."""
        from pitchside.core.record import replay
        from pitchside.sim.match import play_match
        from pitchside.terminal import Quit, RecordingAgent, ThinkingAgent

        agents = [
            RecordingAgent(human if s == self.you else ThinkingAgent(b, self.console), self.moves)
            for s, b in enumerate(self.bots)
        ]
        state = None
        if resumed:
            done = replay(self.record(), self.g)
            human.catch_up([ev for _, ev in done.events])
            state = done.state
            self.console.print(f"[bold]Resumed after {len(self.moves)} moves[/]: {self.path.name}")
        while True:
            try:
                return play_match(
                    self.g, agents, self.config, self.seed, state=state,
                    on_event=human.on_event, on_decision=human.on_decision,
                )  # fmt: skip
            except Quit:
                break
            except KeyboardInterrupt:  # Ctrl-C while the bots play: ask, and go on from the moves if staying
                self.console.print()
                if human.kb.confirm("Leave the match? (it is saved: [bold]pitchside play --resume[/] goes on)"):
                    break
                state = self.state()
        self.autosave(self.record())
        self.console.print(f"\nYou left the match after {len(self.moves)} moves.")
        self.console.print(f"[dim]It is saved: pitchside play --resume goes on ({self.path}).[/]")
        return None


def _check_seed(seed: int) -> None:
    if not 0 <= seed < SEED_LIMIT:
        fail(f"--seed must be from 0 to {SEED_LIMIT - 1}")


def _check_writable(path: Path) -> None:
    """Open ``path`` for writing now (without truncating it), so a bad path is refused before the match."""
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as e:
        fail(f"cannot write the record to {path}: {e.strerror}")
    if not existed:
        path.unlink(missing_ok=True)


def _save(rec: Any, path: Path, console: Console) -> None:
    from rich.markup import escape

    try:
        rec.save(path)
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror}")
    console.print(f"Record saved to {escape(str(path))}")
    console.print(f"[dim]Watch it again: pitchside replay {escape(str(path))}[/]")


def _ask_and_save(rec: Any, console: Console) -> None:
    """At a terminal, offer to save the record; a path that cannot be written is asked for again."""
    from rich.markup import escape

    while True:
        try:
            answer = console.input("Save the record? File name (Enter to skip): ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        if not answer:
            return
        try:
            rec.save(Path(answer))
        except OSError as e:
            console.print(f"[red]Cannot write {escape(answer)}[/]: {escape(e.strerror or str(e))}")
            continue
        console.print(f"Record saved to {escape(answer)}")
        console.print(f"[dim]Watch it again: pitchside replay {escape(answer)}[/]")
        return


# ---------------------------------------------------------------------------- simulate


# The lab's commands (simulate, report, ladder) live in their own module; registered here, in this place
# in the help. It imports only Typer at the top.
from pitchside.cli_lab import ladder, report, simulate  # noqa: E402

app.command()(simulate)
app.command()(report)
app.command()(ladder)


# ---------------------------------------------------------------------------- replay


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A match record (.jsonl) written by play or simulate.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    data: Annotated[
        list[Path] | None,
        typer.Option("--data", help="A data file (or directory) the record's config names, to allow it (repeatable)."),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", help="A game of your own as MODULE:NAME, for a record of it (docs/adding-a-game.md)."),
    ] = None,
) -> None:
    """Replay a match record: print its public events and check it reaches the recorded end."""
    from rich.markup import escape

    from pitchside.core.datafile import trust_data
    from pitchside.core.errors import DataError, ReplayError
    from pitchside.core.game import Event
    from pitchside.core.record import MatchRecord, Move, start_state
    from pitchside.core.record import replay as run

    trust_data(*(data or []))  # a record may name only these files beyond the game's own
    if game is not None:
        _game(game)  # registers it: the record names it by its id
    try:
        rec = MatchRecord.load(file)
    except DataError as e:
        fail(str(e))
    g = _game(rec.game, spec=False)  # a record never makes us import code
    try:
        start_state(g, rec)  # the header is checked (and its data files allowed or not) before anything is drawn
    except DataError as e:
        fail(str(e))
    moves_out: list[dict[str, Any]] = []
    console = None if as_json else _console()
    renderer = _renderer(g, rec.config)

    def on_move(i: int, move: Move, events: list[Event]) -> None:
        public = [ev for ev in events if ev.visible_to(None)]
        if console is None:
            moves_out.append(
                {"move": i + 1, "seat": move.seat, "action": move.action, "events": [ev.to_json() for ev in public]}
            )
            return
        lines = [renderer.event(ev, None) for ev in public] or [""]
        head = f"[dim]{i + 1:>4}[/] [bold]{move.seat:>2}[/] {escape(move.action):<14}"
        console.print(f"{head} {lines[0]}")
        for line in lines[1:]:
            console.print(f"{'':>23}{line}")

    if console is not None:
        who = f"seed {rec.seed}" if rec.setup is None else "a set-up position"
        head = f"{g.name} · rules {rec.version or '?'} · {json.dumps(rec.config, ensure_ascii=False)} · {who}"
        console.print(f"[bold]{escape(head)}[/] · {len(rec.moves)} moves")
        console.print("[dim]move seat action         events[/]")
    try:
        result = run(rec, g, on_move=on_move)
    except ReplayError as e:
        if console is None:
            typer.echo(
                json.dumps(
                    {
                        "ok": False,
                        "file": str(file),
                        "error": str(e),
                        "move": e.index + 1,
                        "line": e.line,
                        "moves": moves_out,
                    },
                    ensure_ascii=False,
                )
            )
        fail(str(e), 1)
    except DataError as e:
        fail(str(e))
    st = result.state
    over = st.is_over()
    outcome = st.outcome().to_json() if over else None
    if console is None:
        out = {
            "ok": True,
            "file": str(file),
            "game": g.id,
            "version": g.version,
            "config": rec.config,
            "seed": rec.seed,
            "moves": moves_out,
            "over": over,
            "outcome": outcome,
        }
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    if outcome is not None:
        console.print(renderer.outcome(outcome, None))
        check = " and its final state matches the record" if rec.fingerprint else ""
        console.print(f"[green]Replay OK[/]: {len(rec.moves)} moves{check}.")
    else:
        console.print(f"[yellow]The record stops after {len(rec.moves)} moves, before the match is over.[/]")


# ---------------------------------------------------------------------------- cards


@app.command()
def cards(
    game: GameArg,
    deck: Annotated[Path | None, typer.Option("--deck", help="A deck file of your own (TOML) to check.")] = None,
) -> None:
    """Print the card table of a game's deck (for designers)."""
    from pitchside.core.datafile import trust_data

    g = _game(game)
    config: dict[str, Any] = {}
    if deck is not None:
        trust_data(deck)  # a game may name its card file key itself (its cli_config)
        config = _config(g, 0, {"deck": str(deck)}, None)
        config.pop("seats", None)
    r = _renderer(g, config)
    if not hasattr(r, "cards"):
        fail(f"{g.id} has no card table")
    _console().print(r.cards())


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port.")] = 8000,
) -> None:
    """Play in the browser: start the web server (rooms, bots, matches that survive a restart).

    The database is SQLite in $PITCHSIDE_DATA_DIR, or PostgreSQL by $PITCHSIDE_DATABASE_URL; the limits and
    timers are PITCHSIDE_WEB_* variables (see pitchside/web/settings.py).
    """
    from pitchside.core.errors import PitchsideError

    try:
        import uvicorn

        from pitchside.web.app import create_app
        from pitchside.web.settings import Settings

        settings = Settings.from_env()
        if "PITCHSIDE_WEB_BOT_DELAY" not in os.environ:  # people like to see a bot's move before the next one
            settings = dataclasses.replace(settings, bot_delay=0.4)
        web = create_app(settings)
    except ModuleNotFoundError as e:
        fail(f"the web server needs {e.name!r}: install pitchside with its web extra (pip install -e '.[web]')")
    except PitchsideError as e:
        fail(str(e))
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"pitchside: serving on http://{shown}:{port}  (Ctrl-C stops)")
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_max_size=max(65536, settings.max_message_bytes * 4))


# The worldcup command group lives in its own module and registers itself on `app`.
from pitchside.cli_worldcup import worldcup  # noqa: E402

app.add_typer(worldcup, name="worldcup")


def main() -> None:
    guarded_main(app)


if __name__ == "__main__":
    main()

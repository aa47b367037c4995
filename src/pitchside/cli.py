"""The ``pitchside`` command: games, play, simulate, replay, cards.

Only Typer is imported up front; Rich, the games, the agents and the game loop are imported
inside the commands, so ``pitchside --help`` stays fast. Every expected failure is a one-line
message and an exit code (2: bad arguments or files, 1: a record that does not replay), never
a traceback.
"""

from __future__ import annotations

import json
import os
import sys
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
GameArg = Annotated[str, typer.Argument(help="Game id or alias, e.g. sonic-cup, tzq, 音速杯 (see `pitchside games`).")]


def fail(message: str, code: int = 2) -> NoReturn:
    one_line = " / ".join(part.strip() for part in message.splitlines() if part.strip())
    typer.echo(f"pitchside: error: {one_line}", err=True)
    raise typer.Exit(code)


def _console(**kw: Any) -> Console:
    from rich.console import Console

    return Console(highlight=False, **kw)


def _game(name: str) -> Game:
    from pitchside.core.errors import PitchsideError
    from pitchside.core.registry import load_game

    try:
        return load_game(name)
    except PitchsideError as e:
        fail(f"{e} (see `pitchside games`)")


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
    from rich.table import Table

    from pitchside.core.registry import GAMES

    t = Table(title="pitchside games")
    t.add_column("id", style="bold")
    t.add_column("name", no_wrap=True)
    t.add_column("aliases", overflow="fold")
    t.add_column("seats", no_wrap=True)
    for e in GAMES.values():
        t.add_row(e.id, e.name, ", ".join(e.aliases), ",".join(map(str, e.seat_counts)))
    _console().print(t)


# ---------------------------------------------------------------------------- play


@app.command()
def play(
    game: GameArg,
    seats: Annotated[
        int | None, typer.Option("--seats", "-n", help="Number of seats (players); default 4, or the game's only.")
    ] = None,
    you: Annotated[int, typer.Option("--you", help="Your seat (0 is Blue or home; seats alternate teams).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Match seed (random if not given).")] = None,
    bots: Annotated[
        str, typer.Option("--bots", help="Agent for the other seats: heuristic, ismcts or random (comma list to vary).")
    ] = "heuristic",
    record: Annotated[Path | None, typer.Option("--record", help="Save the match record (JSON Lines) here.")] = None,
    auto: Annotated[bool, typer.Option("--auto/--no-auto", help="Play your only legal action for you.")] = True,
    home: HomeOpt = None,
    away: AwayOpt = None,
    sets: SetOpt = None,
) -> None:
    """Play a match in the terminal against bots."""
    import secrets

    from rich.markup import escape

    from pitchside.core.record import MatchRecord, Move
    from pitchside.sim.match import play_match
    from pitchside.terminal import PlainRenderer, Quit, RecordingAgent, TerminalPlayer

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
    team_names = tuple(g.team_names())
    team = team_names[g.team_of(config, you)].capitalize()
    title = f"[bold]pitchside[/] · {g.name} · seed {seed} · you: seat {you} ({team})"
    human = TerminalPlayer(g, renderer, console, you, title=title, auto=auto)
    moves: list[Move] = []
    bot_agents = _agents(bots, seats, g.id)
    agents = [RecordingAgent(human if s == you else bot_agents[s], moves) for s in range(seats)]
    try:
        result = play_match(g, agents, config, seed, on_event=human.on_event, on_decision=human.on_decision)
    except (Quit, KeyboardInterrupt):
        console.print(f"\nYou left the match after {len(moves)} moves.")
        if record is not None:
            partial = MatchRecord(g.id, g.version, config, seed=seed, players=[a.name for a in agents], moves=moves)
            _save(partial, record, console)
        raise typer.Exit(0) from None
    view = result.state.view(you)
    console.print(human.heading())
    console.print(human.body(view))
    console.print(renderer.outcome(result.outcome.to_json(), you))
    console.print(f"[dim]{result.decisions} decisions.[/]")
    if record is not None:
        _save(result.record, record, console)
    elif sys.stdin.isatty():
        _ask_and_save(result.record, console)


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


@app.command()
def simulate(
    game: GameArg,
    seats: Annotated[int, typer.Option("--seats", "-n", help="Number of seats.")] = 2,
    n_games: Annotated[int, typer.Option("--games", "-k", help="How many matches (seeds S..S+K-1).")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="First seed.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    agents: Annotated[str, typer.Option("--agents", help="Agent for every seat (comma list to vary).")] = "random",
    home: HomeOpt = None,
    away: AwayOpt = None,
    sets: SetOpt = None,
) -> None:
    """Play bot matches and summarise results: wins, draws, goals, length, endings."""
    from collections import Counter

    from pitchside.sim.match import StalledMatch, play_match

    g = _game(game)
    if n_games < 1:
        fail("--games must be at least 1")
    _check_seed(seed)
    if seed + n_games > SEED_LIMIT:
        fail(f"--seed + --games must stay below {SEED_LIMIT}")
    config = _config(g, seats, {"home": home, "away": away}, sets)
    _state(g, config, seed)
    agent_list = _agents(agents, seats, g.id)
    teams = tuple(g.team_names())
    wins: Counter[int] = Counter()
    endings: Counter[str] = Counter()
    draws = goals = 0
    decisions: list[int] = []

    def one(s: int) -> None:
        nonlocal draws, goals
        try:
            r = play_match(g, agent_list, config, s)
        except StalledMatch as e:
            fail(str(e), 1)
        out = r.outcome
        if out.winner is None:
            draws += 1
        else:
            wins[out.winner] += 1
        goals += sum(out.scores)
        endings[out.ending] += 1
        decisions.append(r.decisions)

    seeds = range(seed, seed + n_games)
    if as_json:
        for s in seeds:
            one(s)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=_console(stderr=True), transient=True) as progress:
            task = progress.add_task(f"{g.id} · {seats} seats", total=n_games)
            for s in seeds:
                one(s)
                progress.advance(task)
    summary: dict[str, Any] = {
        "game": g.id,
        "version": g.version,
        "seats": seats,
        "games": n_games,
        "seeds": [seed, seed + n_games - 1],
        "agents": [a.name for a in agent_list],
        "wins": {teams[i] if i < len(teams) else str(i): wins[i] for i in range(len(teams))},
        "draws": draws,
        "goals_per_match": round(goals / n_games, 4),
        "decisions_per_match": {"mean": round(sum(decisions) / n_games, 2), "max": max(decisions)},
        "endings": dict(sorted(endings.items())),
    }
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    _print_summary(g, summary)


def _print_summary(g: Game, s: dict[str, Any]) -> None:
    from rich.table import Table

    n = s["games"]
    t = Table(
        title=f"{g.name} · {s['seats']} seats · {n} matches (seeds {s['seeds'][0]}–{s['seeds'][1]})",
        caption=f"agents: {', '.join(sorted(set(s['agents'])))}",
    )
    t.add_column("", style="bold")
    t.add_column("value", justify="right")
    t.add_column("share", justify="right")
    for team, w in s["wins"].items():
        t.add_row(f"{team.capitalize()} wins", str(w), f"{w / n:.1%}")
    t.add_row("draws", str(s["draws"]), f"{s['draws'] / n:.1%}")
    t.add_section()
    t.add_row("goals per match", f"{s['goals_per_match']:.2f}", "")
    dec = s["decisions_per_match"]
    t.add_row("decisions per match", f"mean {dec['mean']:.1f} · max {dec['max']}", "")
    t.add_section()
    for ending, k in s["endings"].items():
        t.add_row(f"ended by {ending}", str(k), f"{k / n:.1%}")
    _console().print(t)


# ---------------------------------------------------------------------------- replay


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A match record (.jsonl) written by play or simulate.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    data: Annotated[
        list[Path] | None,
        typer.Option("--data", help="A data file (or directory) the record's config names, to allow it (repeatable)."),
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
    try:
        rec = MatchRecord.load(file)
    except DataError as e:
        fail(str(e))
    g = _game(rec.game)
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


# The worldcup command group lives in its own module and registers itself on `app`.
from pitchside.cli_worldcup import worldcup  # noqa: E402

app.add_typer(worldcup, name="worldcup")


def main() -> None:
    guarded_main(app)


if __name__ == "__main__":
    main()

"""The ``pitchside`` command: games, play, simulate, replay, cards.

Only Typer is imported up front; Rich, the games, the agents and the game loop are imported
inside the commands, so ``pitchside --help`` stays fast. Every expected failure is a one-line
message and an exit code (2: bad arguments or files, 1: a record that does not replay), never
a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from pitchside.agents.base import Agent
    from pitchside.core.game import Game, State

app = typer.Typer(
    name="pitchside",
    help="Chinese tabletop football card games (音速杯 Sonic Cup, …) in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: `pitchside --help` then imports no Rich at all
)

GameArg = Annotated[str, typer.Argument(help="Game id or alias, e.g. sonic-cup, tzq, 音速杯 (see `pitchside games`).")]


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"pitchside: error: {message}", err=True)
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
    from pitchside.core.errors import DataError

    config: dict[str, Any] = {"seats": seats}
    given = {k: v for k, v in options.items() if v is not None}
    if given:
        hook = getattr(game, "cli_config", None)
        if hook is None:
            fail(f"{game.id} takes no {', '.join('--' + k for k in given)}")
        try:
            config.update(hook(given))
        except DataError as e:
            fail(f"{e.field}: {e.message}" if e.field and e.field.startswith("--") else str(e))
    for item in sets or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            fail(f"--set needs KEY=VALUE, not {item!r}")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        config[key.strip()] = value
    return config


def _seats(game: Game, seats: int | None, default: int) -> int:
    """The seat count asked for, or the default when the game allows it, else the game's smallest."""
    if seats is not None:
        return seats
    counts = tuple(getattr(game, "seat_counts", ()) or (default,))
    return default if default in counts else min(counts)


def _agents(spec: str, count: int, game: str) -> list[Agent]:
    """``random`` or ``heuristic`` for every seat, or a comma list used in turn (``heuristic,random``)."""
    from pitchside.agents.base import make_agent

    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        fail("no agent named; known: random, heuristic")
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
        str, typer.Option("--bots", help="Agent for the other seats: heuristic or random (comma list to vary).")
    ] = "heuristic",
    record: Annotated[Path | None, typer.Option("--record", help="Save the match record (JSON Lines) here.")] = None,
    auto: Annotated[bool, typer.Option("--auto/--no-auto", help="Play your only legal action for you.")] = True,
    home: HomeOpt = None,
    away: AwayOpt = None,
    sets: SetOpt = None,
) -> None:
    """Play a match in the terminal against bots."""
    import secrets

    from pitchside.core.record import MatchRecord, Move
    from pitchside.sim.match import play_match
    from pitchside.terminal import Quit, RecordingAgent, TerminalPlayer

    g = _game(game)
    seats = _seats(g, seats, 4)
    if not 0 <= you < seats:
        fail(f"--you must be a seat from 0 to {seats - 1}")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    config = _config(g, seats, {"home": home, "away": away}, sets)
    _state(g, config, seed)  # check the setup before drawing anything
    renderer = _renderer(g, config)
    console = _console()
    team_names = _team_names(g)
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
    target = record
    if target is None and sys.stdin.isatty():
        try:
            answer = console.input("Save the record? File name (Enter to skip): ").strip()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        target = Path(answer) if answer else None
    if target is not None:
        _save(result.record, target, console)
        console.print(f"[dim]Watch it again: pitchside replay {target}[/]")


def _save(rec: Any, path: Path, console: Console) -> None:
    try:
        rec.save(path)
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror}")
    console.print(f"Record saved to {path}")


def _team_names(game: Game) -> tuple[str, ...]:
    names = getattr(game, "team_names", None)
    if callable(names):
        return tuple(names())
    return ("team 0", "team 1")


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
    config = _config(g, seats, {"home": home, "away": away}, sets)
    _state(g, config, seed)
    agent_list = _agents(agents, seats, g.id)
    teams = _team_names(g)
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
    file: Annotated[Path, typer.Argument(help="A match record (.jsonl) written by play, simulate or the server.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay a match record: print its public events and check it reaches the recorded end."""
    from rich.markup import escape

    from pitchside.core.errors import DataError, ReplayError
    from pitchside.core.game import Event
    from pitchside.core.record import MatchRecord, Move
    from pitchside.core.record import replay as run

    try:
        rec = MatchRecord.load(file)
    except DataError as e:
        fail(str(e))
    g = _game(rec.game)
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
        fail(f"{file}: {e}", 1)
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
    g = _game(game)
    config: dict[str, Any] = {}
    if deck is not None:  # a game may name its card file key itself (its cli_config)
        config = _config(g, 0, {"deck": str(deck)}, None) if hasattr(g, "cli_config") else {"deck": str(deck)}
        config.pop("seats", None)
    r = _renderer(g, config)
    if not hasattr(r, "cards"):
        fail(f"{g.id} has no card table")
    _console().print(r.cards())


# ---------------------------------------------------------------------------- worldcup

worldcup = typer.Typer(
    name="worldcup",
    help="My World Cup 2010 我的世界盃: the whole tournament, stored after every completed match.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(worldcup, name="worldcup")

IdOpt = Annotated[int | None, typer.Option("--id", help="Tournament id (default: the latest; see `worldcup list`).")]
KILL_HOOK = "PITCHSIDE_TEST_KILL_AT"  # tests only: "MATCH:DECISION" or "MATCH:saved" -> SIGKILL this process


def _db() -> Any:
    from sqlalchemy.exc import SQLAlchemyError

    from pitchside.store.db import open_db

    try:
        return open_db()
    except SQLAlchemyError as e:
        fail(f"cannot open the database: {e}")


def _cup(db: Any, tid: int | None) -> tuple[int, Any]:
    """A stored tournament (by id, or the latest) as a WorldCup."""
    from pitchside.core.errors import DataError
    from pitchside.games.my_world_cup.game import GAME
    from pitchside.games.my_world_cup.tournament import WorldCup
    from pitchside.store.tournaments import NoTournament, load

    try:
        info = load(db, tid, game=GAME.id)
    except NoTournament as e:
        fail(f"{e}: start one with `pitchside worldcup new` or `pitchside worldcup sim`")
    try:
        return info.id, WorldCup.from_json(info.snapshot, f"tournament {info.id}")
    except DataError as e:
        fail(str(e))


def _kill_at(number: int, decision: int | str) -> bool:
    import os

    return os.environ.get(KILL_HOOK, "") == f"{number}:{decision}"


def _die() -> None:
    import os
    import signal

    os.kill(os.getpid(), signal.SIGKILL)


def _store(db: Any, tid: int, cup: Any, done: Any) -> None:
    """Save the completed match and the tournament after it, in one transaction."""
    from pitchside.store.tournaments import StaleTournament, save_match

    try:
        save_match(db, tid, done.row(), cup.to_json(), finished=cup.is_over())
    except StaleTournament as e:
        fail(f"{e} (is another `pitchside worldcup` playing it?)", 1)
    if _kill_at(done.plan.fixture.number, "saved"):
        _die()


def _bot_hook(number: int) -> Any:
    """The test hook: SIGKILL inside match ``number`` at the given decision (nothing of it is saved)."""
    count = 0

    def on_decision(state: State, seat: int) -> None:
        nonlocal count
        count += 1
        if _kill_at(number, count):
            _die()

    return on_decision


def _create(seed: int | None, coaches: dict[str, list[str]], neutral: bool, third: bool, name: str | None) -> Any:
    import secrets

    from pitchside.core.errors import DataError
    from pitchside.games.my_world_cup.tournament import WorldCup

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    if not 0 <= seed < 2**31:
        fail("--seed must be from 0 to 2147483647")
    try:
        return WorldCup.new(seed, coaches, neutral=neutral, third_place=third, name=name or "")
    except DataError as e:
        fail(e.message)


def _save_new(db: Any, cup: Any) -> int:
    from pitchside.games.my_world_cup.game import GAME
    from pitchside.store.tournaments import create

    config = {"coaches": cup.coaches, "neutral": cup.neutral, "third_place": cup.third_place}
    return create(db, name=cup.name, game=GAME.id, seed=cup.seed, config=config, snapshot=cup.to_json())


def _coaches(specs: list[str]) -> dict[str, list[str]]:
    """``you=esp,bra`` (ids, English or Chinese names) into {coach: [team ids]}."""
    from pitchside.core.errors import DataError
    from pitchside.games.my_world_cup.game import find_team

    out: dict[str, list[str]] = {}
    for spec in specs:
        name, sep, teams = spec.partition("=")
        name = name.strip()
        if not sep or not name or not teams.strip():
            fail(f"--coach needs NAME=TEAM,TEAM, e.g. you=esp,bra (not {spec!r})")
        if name in out:
            fail(f"coach {name!r} is given twice")
        ids = []
        for t in teams.split(","):
            try:
                ids.append(find_team(t, f"--coach {name}"))
            except DataError as e:
                fail(f"--coach {name}: {e.message}")
        out[name] = ids
    return out


@worldcup.command("new")
def worldcup_new(
    coach: Annotated[
        list[str] | None,
        typer.Option("--coach", help="A coach and the teams he controls: NAME=esp,bra (repeat for 1-4 coaches)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Tournament seed (random if not given).")] = None,
    neutral: Annotated[
        bool, typer.Option("--neutral", help="Teams nobody controls follow the neutral rule (WC-GAP-24), not a bot.")
    ] = False,
    third_place: Annotated[bool, typer.Option("--third-place", help="Play a third-place match (WC-GAP-22).")] = False,
    name: Annotated[str | None, typer.Option("--name", help="A name for the tournament.")] = None,
) -> None:
    """Start the 2010 World Cup: 8 groups, then the knockout bracket."""
    coaches = _coaches(coach or [])
    if not coaches:
        fail("name at least one coach, e.g. --coach you=esp,bra (a tournament of bots only: `worldcup sim`)")
    cup = _create(seed, coaches, neutral, third_place, name)
    db = _db()
    tid = _save_new(db, cup)
    console = _console()
    console.print(f"Tournament [bold]#{tid}[/] · {cup.name} · seed {cup.seed}")
    for c, ts in cup.coaches.items():
        console.print(f"  {c}: " + ", ".join(f"{cup.team(t).en} {cup.team(t).zh} ({cup.team(t).group})" for t in ts))
    nxt = cup.next_fixture()
    console.print(f"First match: {nxt.label}: {cup.team(nxt.home).en} vs {cup.team(nxt.away).en}")
    console.print(f"[dim]Play it: pitchside worldcup play --id {tid}[/]")


@worldcup.command("play")
def worldcup_play(
    tid: IdOpt = None,
    all_matches: Annotated[bool, typer.Option("--all", help="Go on to the end (quit stops it).")] = False,
    bots: Annotated[str, typer.Option("--bots", help="Agent for teams no coach controls.")] = "heuristic",
    auto: Annotated[bool, typer.Option("--auto/--no-auto", help="Play a coach's only legal action for him.")] = True,
) -> None:
    """Play the next match: a coach plays his team at the keyboard (both seats if both are his), bots the rest."""
    from pitchside.games.my_world_cup.game import GAME

    db = _db()
    tid, cup = _cup(db, tid)
    console = _console()
    bot_agents = _agents(bots, 2, GAME.id)
    while cup.next_match() is not None:
        _play_one(db, tid, cup, console, bot_agents, auto, all_matches)
        if not all_matches:
            return
    champ = cup.champion
    console.print(f"Tournament #{tid} is over. Champion: {cup.team(champ).en if champ else '?'}")
    console.print(f"[dim]pitchside worldcup show --id {tid}[/]")


def _play_one(db: Any, tid: int, cup: Any, console: Console, bot_agents: list[Agent], auto: bool, more: bool) -> None:
    """One tournament match at the terminal: coaches at the keyboard, bots (or the neutral rule) elsewhere."""
    from pitchside.core.game import Event
    from pitchside.games.my_world_cup.game import GAME
    from pitchside.games.my_world_cup.render_cup import CupView
    from pitchside.sim.worldcup import play_next, players
    from pitchside.terminal import Quit, TerminalPlayer

    plan = cup.next_match()
    fx = plan.fixture
    renderer = _renderer(GAME, plan.config)
    humans: list[TerminalPlayer] = []
    agents: list[Any] = list(bot_agents)
    names = players(plan, bot_agents[0].name)
    for side in (0, 1):
        coach = plan.coaches[side]
        if coach is None:
            continue
        team = cup.team((fx.home, fx.away)[side])
        title = (
            f"[bold]World Cup #{tid}[/] · {fx.label} · {cup.team(fx.home).en} vs {cup.team(fx.away).en}"
            f" · [bold]{coach}[/]: {team.en} {team.zh} (seat {side})"
        )
        agents[side] = human = TerminalPlayer(GAME, renderer, console, side, title=title, auto=auto)
        humans.append(human)
    kill = _bot_hook(fx.number)

    def on_event(st: State, ev: Event) -> None:
        for h in humans:
            h.on_event(st, ev)

    def on_decision(st: State, seat: int) -> None:
        for h in humans:
            h.on_decision(st, seat)
        kill(st, seat)

    try:
        done = play_next(cup, agents, on_event=on_event, on_decision=on_decision, names=names)
    except (Quit, KeyboardInterrupt):
        console.print(f"\nYou left {fx.label}: it is not saved. `pitchside worldcup play --id {tid}` starts it again.")
        raise typer.Exit(0) from None
    assert done is not None
    _store(db, tid, cup, done)
    for h in humans:
        console.print(h.heading())
        console.print(h.body(done.match.state.view(h.seat)))
    view = CupView(cup)
    if humans:
        you = humans[0].seat if len(humans) == 1 else None
        console.print(renderer.outcome(done.match.outcome.to_json(), you))
    console.print(f"[bold]#{fx.number + 1} {fx.label}[/]: {view.fixture(fx)}  [dim]({' vs '.join(names)})[/]")
    if fx.group:
        console.print(view.group(fx.group))
    nxt = cup.next_fixture()
    if nxt is not None and not more:
        console.print(
            f"[dim]Next: {nxt.label}: {cup.team(nxt.home).en} vs {cup.team(nxt.away).en} · "
            f"pitchside worldcup play --id {tid}[/]"
        )
    if cup.is_over():
        console.print(f"[bold yellow]🏆 Champion: {view.name(cup.champion)}[/]")


@worldcup.command("sim")
def worldcup_sim(
    seed: Annotated[int | None, typer.Option("--seed", help="Tournament seed (random if not given).")] = None,
    tid: Annotated[
        int | None, typer.Option("--id", help="Continue this stored tournament instead (bots play every team).")
    ] = None,
    neutral: Annotated[bool, typer.Option("--neutral", help="Uncontrolled teams follow the neutral rule.")] = False,
    third_place: Annotated[bool, typer.Option("--third-place", help="Play a third-place match.")] = False,
    name: Annotated[str | None, typer.Option("--name", help="A name for the tournament.")] = None,
    bots: Annotated[str, typer.Option("--bots", help="Agent for every team.")] = "heuristic",
    show: Annotated[bool, typer.Option("--show", help="Print the tournament at the end (as `worldcup show`).")] = False,
) -> None:
    """Play a whole tournament with bots and store it (or continue a stored one to the end)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from pitchside.games.my_world_cup.game import GAME
    from pitchside.games.my_world_cup.render_cup import show as show_cup
    from pitchside.sim.worldcup import play_next, players

    db = _db()
    if tid is None:
        cup = _create(seed, {}, neutral, third_place, name)
        tid = _save_new(db, cup)
    else:
        tid, cup = _cup(db, tid)
    agents = _agents(bots, 2, GAME.id)
    console = _console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"World Cup #{tid}", total=len(cup.fixtures), completed=cup.played)
        while (plan := cup.next_match()) is not None:
            names = players(plan, agents[0].name, coaches=False)  # bots play the coaches' teams too
            done = play_next(cup, agents, on_decision=_bot_hook(plan.fixture.number), names=names)
            assert done is not None
            _store(db, tid, cup, done)
            progress.update(task, total=len(cup.fixtures), completed=cup.played, description=done.plan.fixture.label)
    out = _console()
    if show:
        out.print(show_cup(cup))
    champ = cup.champion
    out.print(
        f"Tournament [bold]#{tid}[/] · seed {cup.seed} · {cup.played} matches · champion: "
        f"[bold]{cup.team(champ).en} {cup.team(champ).zh}[/]"
        if champ
        else f"Tournament #{tid}: no champion"
    )
    out.print(f"[dim]pitchside worldcup show --id {tid}[/]")


@worldcup.command("show")
def worldcup_show(
    tid: IdOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the snapshot and the record book as JSON.")] = False,
) -> None:
    """Print the group tables, the bracket and the record book."""
    from pitchside.games.my_world_cup.records import record_book
    from pitchside.games.my_world_cup.render_cup import show as show_cup

    db = _db()
    tid, cup = _cup(db, tid)
    if as_json:
        book = record_book(cup)
        typer.echo(json.dumps({"id": tid, "record_book": book, "snapshot": cup.to_json()}, ensure_ascii=False))
        return
    console = _console()
    console.print(f"[dim]Tournament #{tid}[/]")
    console.print(show_cup(cup))


@worldcup.command("list")
def worldcup_list() -> None:
    """The stored tournaments, newest first."""
    from rich.table import Table

    from pitchside.games.my_world_cup.game import GAME
    from pitchside.store.tournaments import list_tournaments

    rows = list_tournaments(_db(), game=GAME.id)
    if not rows:
        typer.echo("No tournament yet: `pitchside worldcup new --coach you=esp` or `pitchside worldcup sim`.")
        return
    t = Table(title="World Cup tournaments")
    for col in ("id", "name", "seed", "coaches", "played", "status", "champion", "updated"):
        t.add_column(col, justify="right" if col in ("id", "seed", "played") else "left")
    for r in rows:
        snap = r.snapshot
        champ = next((x.get("winner") for x in reversed(snap.get("results", [])) if r.status == "finished"), None)
        coaches = ", ".join(f"{c}={'+'.join(ts)}" for c, ts in (snap.get("coaches") or {}).items()) or "bots"
        total = len(snap.get("fixtures", []))
        t.add_row(str(r.id), r.name, str(r.seed), coaches, f"{r.played}/{total}", r.status, champ or "",
                  r.updated_at.strftime("%Y-%m-%d %H:%M"))  # fmt: skip
    _console().print(t)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

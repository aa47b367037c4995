"""``pitchside worldcup``: the whole My World Cup 2010 tournament, stored after every match.

``pitchside.cli`` adds this command group to its app. The shared helpers are taken from
``pitchside.cli`` when a command runs (no import cycle); heavy modules load inside commands too.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from types import ModuleType

    from rich.console import Console

    from pitchside.agents.base import Agent
    from pitchside.core.game import State


def _cli() -> ModuleType:
    from pitchside import cli

    return cli


def esc(text: str) -> str:
    """User or data text inside markup: printed as it is."""
    from rich.markup import escape

    return escape(text)


def fail(message: str, code: int = 2) -> NoReturn:
    _cli().fail(message, code)
    raise AssertionError("fail() exits")


worldcup = typer.Typer(
    name="worldcup",
    help="My World Cup 2010 我的世界盃: the whole tournament, stored after every completed match.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

IdOpt = Annotated[int | None, typer.Option("--id", help="Tournament id (default: the latest; see `worldcup list`).")]


def _db() -> Any:
    from pitchside.store.db import StoreError, open_db

    try:
        return open_db()
    except StoreError as e:
        fail(str(e))


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


def _store(db: Any, tid: int, cup: Any, done: Any) -> None:
    """Save the completed match and the tournament after it, in one transaction."""
    from pitchside.store.db import StoreError
    from pitchside.store.tournaments import StaleTournament, save_match

    try:
        save_match(db, tid, done.row(), cup.to_json(), finished=cup.is_over())
    except StaleTournament as e:
        fail(f"{e} (is another `pitchside worldcup` playing it?)", 1)
    except StoreError as e:
        fail(str(e), 1)


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
        fail(
            f"--name: {e.message}"
            if e.field == "name"
            else f"--coach: {e.message}"
            if e.field == "coaches"
            else e.message
        )


def _save_new(db: Any, cup: Any) -> int:
    from pitchside.games.my_world_cup.game import GAME
    from pitchside.store.tournaments import create

    config = {"coaches": cup.coaches, "neutral": cup.neutral, "third_place": cup.third_place}
    return create(db, name=cup.name, game=GAME.id, seed=cup.seed, config=config, snapshot=cup.to_json())


def _coaches(specs: list[str]) -> dict[str, list[str]]:
    """``you=esp,bra`` (ids, English or Chinese names) into {coach: [team ids]}."""
    from pitchside.core.errors import DataError
    from pitchside.core.names import check_name
    from pitchside.games.my_world_cup.game import find_team
    from pitchside.games.my_world_cup.tournament import COACH_LIMIT

    out: dict[str, list[str]] = {}
    for spec in specs:
        name, sep, teams = spec.partition("=")
        name = name.strip()
        if not sep or not name or not teams.strip():
            fail(f"--coach needs NAME=TEAM,TEAM, e.g. you=esp,bra (not {spec!r})")
        try:
            name = check_name(name, "--coach", COACH_LIMIT)
        except DataError as e:
            fail(f"--coach {name!r}: {e.message}")
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
    console = _cli()._console()
    console.print(f"Tournament [bold]#{tid}[/] · {esc(cup.name)} · seed {cup.seed}")
    for c, ts in cup.coaches.items():  # names are user text: never markup
        teams = ", ".join(f"{cup.team(t).en} {cup.team(t).zh} ({cup.team(t).group})" for t in ts)
        console.print(f"  {c}: {teams}", markup=False)
    nxt = cup.next_fixture()
    console.print(f"First match: {nxt.label}: {cup.team(nxt.home).en} vs {cup.team(nxt.away).en}", markup=False)
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
    console = _cli()._console()
    bot_agents = _cli()._agents(bots, 2, GAME.id)
    bot_results = 0  # bots' results on the screen since the last pause
    while (plan := cup.next_match()) is not None:
        coached = any(c is not None for c in plan.coaches)
        if coached and bot_results:  # the coach's lineup clears the screen: let him read them first
            _pause(console, f"{bot_results} bot match{'es' if bot_results > 1 else ''} above.", "Your match next:")
        bot_results = 0 if coached else bot_results + 1
        _play_one(db, tid, cup, console, bot_agents, auto, all_matches)
        if coached and not all_matches:
            return  # one run plays the bots' matches on up to, and including, the next coach's match
        if coached and cup.next_match() is not None:
            _pause(console, "Match over: your result is above.")
    champ = cup.champion
    console.print(f"Tournament #{tid} is over. Champion: {cup.team(champ).en if champ else '?'}", markup=False)
    console.print(f"[dim]pitchside worldcup show --id {tid}[/]")


def _pause(console: Console, message: str, then: str = "Next match:") -> None:
    """At a terminal, wait for Enter so a result is read before the next lineup pushes it off the screen."""
    from pitchside.terminal_input import Keyboard

    Keyboard(console).pause(f"[bold]{esc(message)}[/] {esc(then)}")


def _play_one(db: Any, tid: int, cup: Any, console: Console, bot_agents: list[Agent], auto: bool, more: bool) -> None:
    """One tournament match at the terminal: coaches at the keyboard, bots (or the neutral rule) elsewhere."""
    from pitchside.core.game import Event
    from pitchside.games.my_world_cup.game import GAME
    from pitchside.games.my_world_cup.render_cup import CupView
    from pitchside.sim.worldcup import play_next, players
    from pitchside.terminal import Quit, TerminalPlayer, ThinkingAgent

    plan = cup.next_match()
    fx = plan.fixture
    renderer = _cli()._renderer(GAME, plan.config)
    humans: list[TerminalPlayer] = []
    agents: list[Any] = [ThinkingAgent(b, console) for b in bot_agents]  # a spinner when a bot takes long
    names = players(plan, bot_agents[0].name)
    for side in (0, 1):
        coach = plan.coaches[side]
        if coach is None:
            continue
        team = cup.team((fx.home, fx.away)[side])
        title = (
            f"[bold]World Cup #{tid}[/] · {esc(f'{fx.label} · {cup.team(fx.home).en} vs {cup.team(fx.away).en}')}"
            f" · [bold]{esc(coach)}[/]: {esc(f'{team.en} {team.zh}')} (seat {side})"
        )
        agents[side] = human = TerminalPlayer(
            GAME, renderer, console, side, title=title, auto=auto, lang=_cli()._lang(None), config=plan.config
        )
        humans.append(human)

    def on_event(st: State, ev: Event) -> None:
        for h in humans:
            h.on_event(st, ev)

    def on_decision(st: State, seat: int) -> None:
        for h in humans:
            h.on_decision(st, seat)

    try:
        done = play_next(cup, agents, on_event=on_event, on_decision=on_decision, names=names)
    except (Quit, KeyboardInterrupt):
        console.print(
            f"\nYou left {fx.label}: it is not saved. `pitchside worldcup play --id {tid}` starts it again.",
            markup=False,
        )
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
    who = esc(" vs ".join(names))
    console.print(f"[bold]#{fx.number + 1} {esc(fx.label)}[/]: {view.fixture(fx)}  [dim]({who})[/]")
    if fx.group:
        console.print(view.group(fx.group))
    nxt = cup.next_fixture()
    if nxt is not None and not more:
        console.print(
            f"[dim]Next: {esc(f'{nxt.label}: {cup.team(nxt.home).en} vs {cup.team(nxt.away).en}')} · "
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
    agents = _cli()._agents(bots, 2, GAME.id)
    console = _cli()._console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    try:
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"World Cup #{tid}", total=len(cup.fixtures), completed=cup.played)
            while (plan := cup.next_match()) is not None:
                names = players(plan, agents[0].name, coaches=False)  # bots play the coaches' teams too
                done = play_next(cup, agents, names=names)
                assert done is not None
                _store(db, tid, cup, done)
                progress.update(
                    task, total=len(cup.fixtures), completed=cup.played, description=done.plan.fixture.label
                )
    except KeyboardInterrupt:  # every finished match is stored: say which tournament goes on, and how
        import sys

        from rich.console import Console as Plain

        say = Plain(file=sys.__stderr__, highlight=False)  # not the bar's console: ^C may have cut it mid-draw
        say.print(f"Interrupted: tournament #{tid} is stored after {cup.played} matches. Go on with:")
        say.print(f"  pitchside worldcup sim --id {tid}")
        raise typer.Exit(130) from None
    out = _cli()._console()
    if show:
        out.print(show_cup(cup))
    champ = cup.champion
    out.print(
        f"Tournament [bold]#{tid}[/] · seed {cup.seed} · {cup.played} matches · champion: "
        f"[bold]{esc(f'{cup.team(champ).en} {cup.team(champ).zh}')}[/]"
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
    console = _cli()._console()
    console.print(f"[dim]Tournament #{tid}[/]")
    console.print(show_cup(cup))


@worldcup.command("list")
def worldcup_list() -> None:
    """The stored tournaments, newest first."""
    from rich.table import Table
    from rich.text import Text

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
        coaches, total, champ = _summary(r.snapshot, r.status == "finished")
        cells = (str(r.id), r.name, str(r.seed), coaches, f"{r.played}/{total}", r.status, champ,
                 r.updated_at.strftime("%Y-%m-%d %H:%M"))  # fmt: skip
        t.add_row(*(Text(c) for c in cells))  # stored text is never markup
    _cli()._console().print(t)


def _summary(snap: Any, finished: bool) -> tuple[str, str, str]:
    """Coaches, number of fixtures and champion of a stored snapshot, for the list; '?' where it is damaged."""
    if not isinstance(snap, dict):
        return "?", "?", "?"
    coaches, fixtures, results = snap.get("coaches"), snap.get("fixtures"), snap.get("results")
    if isinstance(coaches, dict) and all(isinstance(ts, list) for ts in coaches.values()):
        who = ", ".join(f"{c}={'+'.join(map(str, ts))}" for c, ts in coaches.items()) or "bots"
    else:
        who = "?" if coaches else "bots"
    total = str(len(fixtures)) if isinstance(fixtures, list) else "?"
    champ = ""
    if finished and isinstance(results, list) and results and isinstance(results[-1], dict):
        champ = str(results[-1].get("winner") or "")
    return who, total, champ

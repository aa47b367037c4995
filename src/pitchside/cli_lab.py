"""The lab's commands (issue 11): ``simulate``, ``report`` and ``ladder``.

``pitchside.cli`` registers them on its app. The shared helpers are taken from ``pitchside.cli`` when a
command runs (no import cycle); the lab, Rich, pyarrow, matplotlib and openskill load inside the commands.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from types import ModuleType

    from pitchside.core.game import Game
    from pitchside.lab.jobs import MatchJob, MatchOut


def _cli() -> ModuleType:
    from pitchside import cli

    return cli


def fail(message: str, code: int = 2) -> NoReturn:
    _cli().fail(message, code)
    raise AssertionError("fail() exits")


BotsOpt = Annotated[
    str | None,
    typer.Option(
        "--bots",
        "--agents",
        help="Bot per seat: heuristic, random, ismcts, ismcts:500 (iterations), ismcts:1s (comma list, used in turn); "
        "default: the game's heuristic bot, or random if it has none.",
    ),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option("--workers", "-w", help="Processes playing the matches, this one included (default: the CPUs)."),
]
BackendOpt = Annotated[str, typer.Option("--backend", help="local (processes on this machine) or ray.")]
AddressOpt = Annotated[str | None, typer.Option("--address", help="Ray cluster address (--backend ray).")]
DataOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--data",
        help="A data file of your own: FILE is the game's deck or card file (its --deck); KEY=FILE names the "
        "config key (my-world-cup teams_file=FILE, dice_file=FILE; world-ball data=DIR). Repeatable.",
    ),
]
RolesOpt = Annotated[
    str | None, typer.Option("--roles", help="Sonic Cup roles per seat, comma-separated, + within a seat: FW,FW.")
]
CharsOpt = Annotated[
    str | None, typer.Option("--characters", help="World Ball characters per seat, comma-separated (no draft).")
]
SetOpt = Annotated[list[str] | None, typer.Option("--set", help="Any config key of the game: KEY=VALUE (repeatable).")]


def _game_and_seeds(game: str, seed: int, n_games: int) -> Game:
    """The game named, with --seed and --games checked: seeds seed .. seed+games-1 must all be valid."""
    cli = _cli()
    g: Game = cli._game(game)
    if n_games < 1:
        fail("--games must be at least 1")
    cli._check_seed(seed)
    if seed + n_games > cli.SEED_LIMIT:
        fail(f"--seed + --games must stay below {cli.SEED_LIMIT}")
    return g


def _job_game(name: str, g: Game) -> str:
    """How a job names its game to the worker processes: the user's MODULE:NAME spec, else the game's id
    (which a worker resolves importing that game's module alone; an alias may import the others first)."""
    from pitchside.core.registry import is_spec

    return name if is_spec(name) else g.id


def _bots(g: Game, spec: str | None) -> list[str]:
    if spec is None:
        return ["heuristic" if g.heuristic_agent() is not None else "random"]
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        fail("no agent named; known: random, heuristic, ismcts")
    from pitchside.agents.base import make_agent

    for name in dict.fromkeys(names):
        try:
            make_agent(name, g.id)
        except ValueError as e:
            fail(str(e))
    return names


def _workers(workers: int | None) -> int:
    if workers is None:
        return max(1, os.cpu_count() or 1)
    if workers < 1:
        fail("--workers must be at least 1")
    return workers


def _backend(name: str, address: str | None) -> Any:
    from pitchside.lab.runner import Backend

    try:
        b = Backend(name)
    except ValueError:
        fail(f"--backend must be one of: {', '.join(x.value for x in Backend)}")
    if address is not None and b is not Backend.RAY:
        fail("--address is for --backend ray")
    return b


def _game_config(
    g: Game,
    seats: int,
    options: dict[str, Any],
    sets: list[str] | None,
    data: list[str] | None,
    roles: str | None,
    characters: str | None,
) -> tuple[dict[str, Any], list[str]]:
    """The config and the data files named on the command line (trusted here and sent to the workers)."""
    from pitchside.core.datafile import trust_data

    trusted: list[str] = []
    extra: list[str] = []
    for item in data or []:
        key, sep, path = item.partition("=")
        if not sep or os.path.lexists(item):
            key, path = "", item
        if not os.path.lexists(path):
            fail(f"--data {item}: no such file or directory")
        trusted.append(os.path.abspath(path))
        trust_data(path)
        if key:
            extra.append(f"{key}={json.dumps(path)}")
        else:
            options = {**options, "deck": path}
    for item in sets or []:
        raw = item.partition("=")[2]
        try:
            value = json.loads(raw)
        except (json.JSONDecodeError, RecursionError, ValueError):
            value = raw
        if isinstance(value, str) and value and os.path.lexists(value):
            trusted.append(os.path.abspath(value))
    if roles is not None:
        extra.append("roles=" + json.dumps([[r for r in s.split("+") if r] for s in roles.split(",")]))
    if characters is not None:
        extra.append("characters=" + json.dumps([c.strip() for c in characters.split(",")]))
    config = _cli()._config(g, seats, options, [*extra, *(sets or [])])
    if "deck" in options:
        from pitchside.core.errors import DataError

        try:
            g.normalize_config(config)
        except DataError as e:
            if e.field == "deck":  # the game takes no single data file as its deck
                fail(f"--data {options['deck']}: {g.id} takes no deck file; name the config key: --data KEY=PATH "
                     "(world-ball: --data data=DIR, a directory of its data files)")  # fmt: skip
    return config, trusted


def _run(jobs: list[MatchJob], workers: int, backend: Any, address: str | None, records: bool,
         trusted: list[str], label: str, quiet: bool) -> list[MatchOut]:  # fmt: skip
    from pitchside.lab.jobs import LabError
    from pitchside.lab.runner import batches, run

    work = batches(jobs, workers, records, trusted)
    done = [0]

    def advance(k: int) -> None:
        done[0] += k

    try:
        if quiet:
            return run(work, workers, backend, address, advance)
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=_cli()._console(stderr=True), transient=True) as progress:
            task = progress.add_task(label, total=len(jobs))

            def shown(k: int) -> None:
                advance(k)
                progress.advance(task, k)

            return run(work, workers, backend, address, shown)
    except LabError as e:
        fail(str(e), 1)
    except KeyboardInterrupt:  # Ctrl-C: rows come out whole or not at all (a partial set would skew every rate)
        typer.echo(f"\npitchside: interrupted after {done[0]} of {len(jobs)} matches: nothing was written", err=True)
        raise typer.Exit(130) from None


# ---------------------------------------------------------------------------- simulate


def simulate(
    game: Annotated[str, typer.Argument(help="Game id or alias (see `pitchside games`), or MODULE:NAME.")],
    seats: Annotated[int, typer.Option("--seats", "-n", help="Number of seats.")] = 2,
    n_games: Annotated[int, typer.Option("--games", "-k", help="How many matches (seeds S..S+K-1).")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="First seed.")] = 0,
    bots: BotsOpt = None,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Match k seats the bot list turned by k (each bot plays each seat).")
    ] = False,
    workers: WorkersOpt = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write matches.parquet (one row per match) and meta.json here.")
    ] = None,
    csv: Annotated[bool, typer.Option("--csv", help="Also write matches.csv (with --out).")] = False,
    records: Annotated[bool, typer.Option("--records", help="Also write every match record (with --out).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    data: DataOpt = None,
    roles: RolesOpt = None,
    characters: CharsOpt = None,
    home: Annotated[str | None, typer.Option("--home", help="Home team (my-world-cup: esp, Spain, 西班牙).")] = None,
    away: Annotated[str | None, typer.Option("--away", help="Away team (my-world-cup).")] = None,
    sets: SetOpt = None,
) -> None:
    """Play bot matches in parallel; summarise them, and write one row per match with --out."""
    from pitchside.lab.jobs import MatchJob

    cli = _cli()
    g = _game_and_seeds(game, seed, n_games)
    if (csv or records) and out is None:
        fail("--csv and --records write into the --out directory: give --out DIR")
    n_workers = _workers(workers)
    chosen = _backend(backend, address)
    config, trusted = _game_config(g, seats, {"home": home, "away": away}, sets, data, roles, characters)
    cli._state(g, config, seed)  # the game checks the config and reads its data files before any worker starts
    names = _bots(g, bots)
    if out is not None:
        _check_out(out)
    jobs = []
    for i in range(n_games):
        turn = i % len(names) if rotate else 0
        seat_bots = tuple(names[(turn + s) % len(names)] for s in range(seats))
        jobs.append(MatchJob(_job_game(game, g), config, seed + i, seat_bots))
    started = time.perf_counter()
    outs = _run(jobs, n_workers, chosen, address, records, trusted, f"{g.id} · {seats} seats", as_json)
    elapsed = time.perf_counter() - started
    rows = [o.row for o in outs]
    summary = _summary(g, rows, seats, seed, n_games, [o.row["bots"] for o in outs])
    if out is not None:
        meta = {
            "game": g.id,
            "name": g.name,
            "version": g.version,
            "seats": seats,
            "games": n_games,
            "seeds": [seed, seed + n_games - 1],
            "bots": names,
            "rotate": rotate,
            "config": config,
            "data": data or [],
            "team_names": list(g.team_names()),
            "workers": n_workers,
            "backend": chosen.value,
            "seconds": round(elapsed, 3),
            "summary": summary,
        }
        recs = [(f"{g.id}-{o.row['seed']}.jsonl", o.record) for o in outs if o.record is not None]  # --records
        _write(out, rows, meta, csv, recs, quiet=as_json)
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    _print_summary(g, summary)


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        fail(f"--out {out}: not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"--out {out}: {e.strerror}")
    from pitchside.lab.jobs import LabError
    from pitchside.lab.tables import _pyarrow

    try:
        _pyarrow()  # before the matches: a missing extra must not cost the run
    except LabError as e:
        fail(str(e))


def _write(out: Path, rows: list[dict[str, Any]], meta: dict[str, Any], csv: bool,
           recs: list[tuple[str, str]], quiet: bool) -> None:  # fmt: skip
    from pitchside.lab.tables import write

    try:
        paths = write(out, rows, meta, csv, recs)
    except OSError as e:
        fail(f"cannot write into {out}: {e.strerror}")
    if not quiet:
        from rich.markup import escape

        shown = ", ".join(escape(p.name) for p in paths)
        _cli()._console(stderr=True).print(f"[dim]{len(rows)} rows → {escape(str(out))}: {shown}[/]")


def _summary(g: Game, rows: list[dict[str, Any]], seats: int, seed: int, n: int, bots: list[str]) -> dict[str, Any]:
    from collections import Counter

    teams = tuple(g.team_names())
    wins: Counter[int] = Counter(r["winner"] for r in rows if r["winner"] is not None)
    endings = Counter(r["ending"] for r in rows)
    decisions = [r["decisions"] for r in rows]
    return {
        "game": g.id,
        "version": g.version,
        "seats": seats,
        "games": n,
        "seeds": [seed, seed + n - 1],
        "agents": bots[0].split(",") if len(set(bots)) == 1 else sorted(set(bots)),
        "wins": {teams[i] if i < len(teams) else str(i): wins[i] for i in range(len(teams))},
        "draws": sum(1 for r in rows if r["winner"] is None),
        "goals_per_match": round(sum(r["goals"] for r in rows) / n, 4),
        "decisions_per_match": {"mean": round(sum(decisions) / n, 2), "max": max(decisions)},
        "endings": dict(sorted(endings.items())),
    }


def _print_summary(g: Game, s: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    n = s["games"]
    t = Table(
        title=escape(f"{g.name} · {s['seats']} seats · {n} matches (seeds {s['seeds'][0]}–{s['seeds'][1]})"),
        caption=escape(f"agents: {', '.join(sorted(set(','.join(s['agents']).split(','))))}"),
    )
    t.add_column("", style="bold")
    t.add_column("value", justify="right")
    t.add_column("share", justify="right")
    for team, w in s["wins"].items():
        t.add_row(escape(f"{team.capitalize()} wins"), str(w), f"{w / n:.1%}")
    t.add_row("draws", str(s["draws"]), f"{s['draws'] / n:.1%}")
    t.add_section()
    t.add_row("goals per match", f"{s['goals_per_match']:.2f}", "")
    dec = s["decisions_per_match"]
    t.add_row("decisions per match", f"mean {dec['mean']:.1f} · max {dec['max']}", "")
    t.add_section()
    for ending, k in s["endings"].items():
        t.add_row(escape(f"ended by {ending}"), str(k), f"{k / n:.1%}")
    _cli()._console().print(t)


# ---------------------------------------------------------------------------- report


def report(
    directory: Annotated[Path, typer.Argument(help="A simulation directory (simulate --out DIR).")],
    against: Annotated[
        Path | None, typer.Option("--against", help="Another simulation of the same game: compare them side by side.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="The HTML file (default: DIR/report.html or DIR/against-B.html).")
    ] = None,
) -> None:
    """Write one HTML page of plots about a simulation (win rates, lengths, goals, endings, advantages)."""
    from pitchside.lab.jobs import LabError
    from pitchside.lab.report import compare
    from pitchside.lab.report import report as write_report

    if out is not None and out.parent and not out.parent.is_dir():
        fail(f"--out {out}: no directory {out.parent}")
    try:
        path = write_report(directory, out) if against is None else compare(directory, against, out)
    except LabError as e:
        fail(str(e))
    except OSError as e:
        fail(f"cannot write the report: {e.strerror}")
    typer.echo(f"Report written to {path}")


# ---------------------------------------------------------------------------- ladder


def ladder(
    game: Annotated[str, typer.Argument(help="Game id or alias (see `pitchside games`), or MODULE:NAME.")],
    bots: Annotated[
        str, typer.Option("--bots", help="Two or more bots, comma-separated: random,heuristic,ismcts,ismcts:1s.")
    ],
    seats: Annotated[int, typer.Option("--seats", "-n", help="Number of seats (a bot fills its team's seats).")] = 2,
    n_games: Annotated[
        int, typer.Option("--games", "-k", help="Seeds per pair of bots; each seed is played from both sides.")
    ] = 50,
    seed: Annotated[int, typer.Option("--seed", "-s", help="First seed.")] = 0,
    workers: WorkersOpt = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Also write the matches (as simulate --out) and ratings here.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    data: DataOpt = None,
    sets: SetOpt = None,
) -> None:
    """A round robin between bots, with openskill ratings and their intervals."""
    from pitchside.lab.jobs import LabError
    from pitchside.lab.ladder import crosstable, pairings, ratings

    cli = _cli()
    g = _game_and_seeds(game, seed, n_games)
    names = list(dict.fromkeys(_bots(g, bots)))
    if len(names) < 2:
        fail("--bots needs two or more different bots")
    n_workers = _workers(workers)
    chosen = _backend(backend, address)
    config, trusted = _game_config(g, seats, {}, sets, data, None, None)
    cli._state(g, config, seed)
    teams = {g.team_of(config, s) for s in range(seats)}
    if sorted(teams) != [0, 1]:
        fail(f"a ladder needs two teams: {g.id} at {seats} seats has {len(teams)}")
    if out is not None:
        _check_out(out)
    jobs = pairings(_job_game(game, g), config, names, seats, lambda s: g.team_of(config, s), n_games, seed)
    outs = _run(jobs, n_workers, chosen, address, False, trusted, f"{g.id} ladder · {len(jobs)} matches", as_json)
    rows = [o.row for o in outs]
    try:
        table = ratings(rows, names)
    except LabError as e:
        fail(str(e))
    cross = crosstable(rows, names)
    result = {
        "game": g.id,
        "seats": seats,
        "matches": len(rows),
        "seeds": [seed, seed + n_games - 1],
        "model": "openskill PlackettLuce; interval mu ± 2 sigma; ranked by mu - 3 sigma",
        "ratings": [
            {"bot": r.bot, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "low": round(r.low, 3),
             "high": round(r.high, 3), "wins": r.wins, "draws": r.draws, "losses": r.losses}
            for r in table
        ],
        "head_to_head": [
            {"bot": a, "against": b, "wins": w, "decided": n} for (a, b), (w, n) in sorted(cross.items())
        ],
    }  # fmt: skip
    if out is not None:
        meta = {"game": g.id, "name": g.name, "version": g.version, "seats": seats, "games": len(rows),
                "seeds": [seed, seed + n_games - 1], "bots": names, "ladder": result, "config": config,
                "data": data or [], "team_names": list(g.team_names())}  # fmt: skip
        _write(out, rows, meta, False, [], quiet=as_json)
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    _print_ladder(g, result)


def _print_ladder(g: Game, res: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    seeds = f"seeds {res['seeds'][0]}–{res['seeds'][1]}"
    t = Table(title=escape(f"{g.name} · {res['seats']} seats · {res['matches']} matches ({seeds})"),
              caption=escape(res["model"]))  # fmt: skip
    for col in ("bot", "rating (mu)", "interval", "won", "drawn", "lost"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for r in res["ratings"]:
        t.add_row(escape(r["bot"]), f"{r['mu']:.1f}", f"{r['low']:.1f} – {r['high']:.1f}",
                  str(r["wins"]), str(r["draws"]), str(r["losses"]))  # fmt: skip
    console = _cli()._console()
    console.print(t)
    h = Table(title="head to head: share of decided matches won")
    h.add_column("bot")
    h.add_column("against")
    h.add_column("won", justify="right")
    for x in res["head_to_head"]:
        share = f"{x['wins']}/{x['decided']} ({x['wins'] / x['decided']:.0%})" if x["decided"] else "–"
        h.add_row(escape(x["bot"]), escape(x["against"]), share)
    console.print(h)

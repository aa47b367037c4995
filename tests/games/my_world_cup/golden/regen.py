"""Regenerate the My World Cup golden files, on purpose only (see README.md in this folder).

    .venv/bin/python tests/games/my_world_cup/golden/regen.py           # rewrite every file
    .venv/bin/python tests/games/my_world_cup/golden/regen.py --check   # only report what would change

Three match records (a friendly, a group match and a knockout match that goes to a shoot-out), played
by the My World Cup heuristic bot and RandomAgent through the one game loop
(pitchside.sim.match.play_match), and the final snapshot (WorldCup.to_json) of one whole tournament
played by heuristic bots through the same loop (pitchside.sim.worldcup.play_all). Each file's header
alone is enough to play it again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, for `tests`
    sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from pitchside.agents.base import make_agent
from pitchside.games.my_world_cup.tournament import WorldCup
from pitchside.sim.worldcup import play_all
from tests.golden_support import Golden, Header, regen

HERE = Path(__file__).resolve().parent
GAME_ID = "my-world-cup"
H, R = "heuristic", "random"
# mode: (seed, [home agent, away agent]). The teams are drawn from the seed. Friendly 19 has a red card,
# group 14 a yellow; knockout 29 is 2–2 after extra time and won 6–5 on penalties (sudden death).
MATCHES: dict[str, tuple[int, list[str]]] = {
    "friendly": (19, [H, R]),
    "group": (14, [R, H]),
    "knockout": (29, [H, H]),
}
# The whole tournament: its seed, a third-place match, heuristic bots at both seats of every match.
CUP: Header = {"game": GAME_ID, "seed": 1, "third_place": True, "players": [H, H]}


def header(mode: str, seed: int, players: list[str]) -> dict[str, Any]:
    """The header a new golden record starts from (play_match fills in the full config)."""
    return {"game": GAME_ID, "config": {"mode": mode}, "seed": seed, "players": players}


def _line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def snapshot_text(head: Header, snapshot: dict[str, Any]) -> str:
    """A JSON document ``{"header": ..., "snapshot": ...}``: the header on the first line, then one line per
    snapshot key, and one per fixture and per result, so a change shows as the lines it touches."""
    out = [f'{{"header":{_line(head)},', '"snapshot":{']
    keys = list(snapshot)
    for i, key in enumerate(keys):
        value, comma = snapshot[key], "," if i < len(keys) - 1 else ""
        if key in ("fixtures", "results"):
            rows = [_line(row) + ("," if j < len(value) - 1 else "") for j, row in enumerate(value)]
            out += [f"{_line(key)}:[", *rows, f"]{comma}"]
        else:
            out.append(f"{_line(key)}:{_line(value)}{comma}")
    out.append("}}")
    return "\n".join(out) + "\n"


def cup_header(text: str) -> Header:
    head: Header = json.loads(text)["header"]
    return head


def play_cup(head: Header) -> str:
    """Play the whole tournament the header describes and return its final snapshot as text."""
    cup = WorldCup.new(head["seed"], third_place=head["third_place"])
    play_all(cup, [make_agent(name, head["game"]) for name in head["players"]])
    return snapshot_text(head, cup.to_json())


GOLDEN: tuple[Golden, ...] = (
    *(
        Golden(HERE / f"{GAME_ID}-{mode}-seed{seed}.jsonl", header(mode, seed, players))
        for mode, (seed, players) in MATCHES.items()
    ),
    Golden(HERE / f"{GAME_ID}-tournament-seed{CUP['seed']}.json", CUP, play_cup, cup_header),
)


def main(argv: list[str] | None = None) -> int:
    return regen(GOLDEN, HERE, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())

"""Read a setup (docs/notation.md, "Setup notation") from JSON text or a file.

A game's ``from_setup`` names the bad field of a malformed setup; here the error also gets the
line of that field in the file, so ``scenario.json:14: field 'hands.2': ...`` points at it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.errors import DataError
from pitchside.core.game import Action, Game, State, config_dict
from pitchside.core.locate import json_line
from pitchside.core.rng import Rng
from pitchside.core.strictjson import decode, loads, read_bytes

MAX_SETUP_BYTES = 4 * 1024 * 1024

# Unnamed cards (issue 7, one rule for every game): the cards of the card set a setup does not name go to
# the deck ("deck", the default) or, in a game that has cards outside the match, "elsewhere".
REST = ("deck", "elsewhere")
_REST_ORDER = 0x5E7_0F_2E57  # the unnamed cards' order has its own generator: the match's rng stays as named


def read_rest(setup: Mapping[str, Any], source: str, game_name: str, elsewhere: bool = True) -> str:
    """A setup's ``rest``: where the cards it does not name go; "deck" unless it says "elsewhere".

    A game with no place for cards outside the match (``elsewhere`` false) refuses "elsewhere"."""
    rest = setup.get("rest", "deck")
    if not isinstance(rest, str) or rest not in REST:
        allowed = "'deck' (the default) or 'elsewhere'" if elsewhere else "only 'deck' (the default)"
        raise DataError(source, None, "rest", f"{rest!r}: where the cards the setup does not name go: {allowed}")
    if rest == "elsewhere" and not elsewhere:
        raise DataError(
            source, None, "rest", f"{game_name} has no cards outside the match: the cards a setup does not name "
            "go to the deck ('rest' may only be 'deck')"
        )  # fmt: skip
    return rest


def unnamed_cards(physical: Iterable[str], named: Counter[str]) -> list[str]:
    """The cards of the card set ``physical`` a setup does not name (``named``: its census), sorted."""
    return sorted((Counter(physical) - named).elements())


def rest_in_deck(deck: list[str], unnamed: list[str], rng: Rng) -> list[str]:
    """The deck with the unnamed cards beneath the named ones (those are drawn first, the deck's last card next),
    in an order drawn from the setup's ``rng`` by a generator of its own (``rng`` itself is left as named)."""
    if not unnamed:
        return deck
    order = list(unnamed)
    Rng(rng.state ^ _REST_ORDER).shuffle(order)
    return order + deck


def load_setup(game: Game, path: str | Path) -> State:
    """The state a setup file describes; a DataError names the file, line and field."""
    raw = read_bytes(path, MAX_SETUP_BYTES, "a setup")
    return loads_setup(game, decode(raw, str(path)), str(path))


def loads_setup(game: Game, text: str, source: str = "<setup>") -> State:
    """The state a setup in JSON text describes; a DataError names ``source``, line and field."""
    obj = loads(text, source)
    if not isinstance(obj, dict):
        raise DataError(source, json_line(text, []), None, "a setup is a JSON object")
    try:
        check_setup_seats(obj, source)
        return game.from_setup(obj, source)
    except DataError as e:
        if e.file != source or e.line is not None or not e.field:
            raise
        raise DataError(source, field_line(text, obj, e.field), e.field, e.message) from None


def field_line(text: str, obj: Any, field: str) -> int | None:
    """Line of a dotted field (``hands.2``, ``seats``) in the JSON ``text`` that parsed to ``obj``.

    The field is looked up at the top and, failing that, inside ``config``; when only a prefix
    exists (a card missing from ``hands.2``), the line of that prefix.
    """
    parts: list[str | int] = [int(p) if p.isdigit() else p for p in field.split(".")]
    best = _existing(obj, parts)
    if len(best) < len(parts) and len(_existing(obj, ["config", *parts])) == len(parts) + 1:
        best = ["config", *parts]
    return json_line(text, best) if best else None


def _existing(obj: Any, path: list[str | int]) -> list[str | int]:
    """The longest prefix of ``path`` that exists in ``obj``."""
    found: list[str | int] = []
    for key in path:
        in_dict = isinstance(obj, dict) and isinstance(key, str) and key in obj
        in_list = isinstance(obj, list) and isinstance(key, int) and 0 <= key < len(obj)
        if not (in_dict or in_list):
            break
        obj = obj[key]
        found.append(key)
    return found


def scalar_mismatch(value: Any, blank: Any) -> str | None:
    """Why ``value`` cannot fill a setup field whose blank value is ``blank`` (None if it can)."""
    if isinstance(blank, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(blank, int):
        return None if isinstance(value, int) and not isinstance(value, bool) else "must be an integer"
    if isinstance(blank, str):
        return None if isinstance(value, str) else "must be a string"
    return None


def check_seats(config: Any, source: str, field: str = "seats") -> None:
    """A config's ``seats``, when given, is a whole number (every game's seat count is; 4.0 or [2] is not)."""
    if isinstance(config, dict) and "seats" in config:
        n = config["seats"]
        if not isinstance(n, int) or isinstance(n, bool):
            raise DataError(source, None, field, f"{n!r} is not a seat count: a whole number such as 4")


def check_setup_header(setup: Any, source: str, game_id: str, aliases: tuple[str, ...] = ()) -> None:
    """What every setup's header must be: a JSON object of this game whose seat counts agree."""
    if not isinstance(setup, Mapping):
        raise DataError(source, None, None, "a setup is a JSON object")
    name = setup.get("game", game_id)
    if name != game_id and name not in aliases:
        raise DataError(source, None, "game", f"{name!r}: this is a {game_id} setup reader")
    check_setup_seats(setup, source)


def setup_config(setup: Any, source: str) -> dict[str, Any]:
    """What a game's ``normalize_config`` reads from a setup: its ``config`` (a JSON object, or none: core's
    config_dict) with the top-level ``seats`` when the config gives none (check_setup_seats: the two agree)."""
    if not isinstance(setup, Mapping):
        raise DataError(source, None, None, "a setup is a JSON object")
    cfg = config_dict(setup.get("config"), source)
    if "seats" in setup:
        cfg.setdefault("seats", setup["seats"])
    return cfg


def check_setup_seats(setup: Any, source: str) -> None:
    """A top-level ``seats`` must agree with ``config.seats`` when a setup gives both (one table, one count)."""
    if not isinstance(setup, dict):
        return
    check_seats(setup, source)
    config = setup.get("config")
    check_seats(config, source, "config.seats")
    if "seats" not in setup:
        return
    if isinstance(config, dict) and "seats" in config and config["seats"] != setup["seats"]:
        raise DataError(
            source, None, "seats", f"{setup['seats']!r} seats, but config.seats is {config['seats']!r}: give one count"
        )


def check_playable(state: State, source: str) -> None:
    """A setup is accepted only if the match can go on from it (issue 7), whatever the game.

    While the match runs, the decision names a seat among its ``seats``, that seat has a legal
    action, every other seat has none, and every legal action applies (on a clone); a finished
    match gives no seat a legal action. Anything else is a DataError naming ``phase`` and the
    decision. A game's own invariants come first, in its reader; this is the net under them.
    """
    where = "the match cannot go on from this setup"
    try:
        n = state.num_seats
        over = state.is_over()
        d = state.decision()
    except Exception as e:  # a state whose own methods fail is no state a match can be in
        raise DataError(source, None, "phase", f"{where}: asking who decides fails ({type(e).__name__})") from None
    what = f"{d.kind.value} {d.label!r}" if d.label else d.kind.value
    if over != (d.kind is DecisionKind.OVER) or over != (d.seat is None):
        raise DataError(source, None, "phase", f"{where}: over is {over} but the decision is {what}, seat {d.seat}")
    if d.seat is not None and not 0 <= d.seat < n:
        raise DataError(source, None, "phase", f"{where}: the decision ({what}) names seat {d.seat}")
    if d.seat is not None and d.seats and d.seat not in d.seats:
        raise DataError(source, None, "phase", f"{where}: seat {d.seat} decides ({what}) but is not among {d.seats}")
    mine: list[Action] = []
    for s in range(n):
        try:
            legal = list(state.legal_actions(s))
        except Exception as e:
            raise DataError(
                source, None, "phase", f"{where}: seat {s}'s legal actions fail ({what}; {type(e).__name__})"
            ) from None
        if s == d.seat:
            mine = legal
        elif legal:
            who = "the match is over" if over else f"seat {d.seat} decides ({what})"
            raise DataError(source, None, "phase", f"{where}: {who}, yet seat {s} has legal actions")
    if d.seat is None:
        return
    if not mine:
        raise DataError(source, None, "phase", f"{where}: seat {d.seat} decides ({what}) but has no legal action")
    for a in mine:
        try:
            state.clone().apply(d.seat, a)
        except Exception as e:
            raise DataError(
                source, None, "phase", f"{where}: seat {d.seat}'s legal {str(a)!r} fails ({what}; {type(e).__name__})"
            ) from None

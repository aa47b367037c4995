"""Tactical cards and dice as data, loaded from TOML and validated (WC-CARD, WC-GOAL, WC-AD, WC-FOUL, WC-GAP-4..6).

A card is named by its type id (``AD4``); copies of a type are interchangeable. A fielded card
shows one half, written ``AD4:top`` or ``AD4:bottom`` (WC-CARD-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property, lru_cache, partial
from pathlib import Path
from typing import Any, NoReturn, Protocol

from pitchside.core.datafile import TomlTables, data_file, parse_toml, read_data
from pitchside.core.errors import DataError

DATA = Path(__file__).parent / "data"
DEFAULT_CARDS = DATA / "cards.toml"
DEFAULT_DICE = DATA / "dice.toml"

GRADES = "ABCD"


class Kind(IntEnum):
    """The four functional kinds of WC-CARD-1 (WC-INC-1)."""

    ATTACK = 0
    DEFENSE = 1
    GOAL = 2
    FOUL = 3

    @property
    def word(self) -> str:
        return self.name.lower()


KIND_WORDS = {k.word: k for k in Kind}


@dataclass(frozen=True, slots=True)
class Half:
    kind: Kind
    value: int  # 0 for a foul (WC-INC-6)
    speed: int
    grades: str  # the grades that may field it, a subset of "ABCD" in that order (WC-CARD-3)

    def text(self) -> str:
        if self.kind is Kind.FOUL:
            return f"foul/{self.speed} ({','.join(self.grades)})"
        return f"{self.kind.word} {self.value}/{self.speed} ({','.join(self.grades)})"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    top: Half
    bottom: Half
    count: int
    source: str = "seed"
    rule: str = ""

    def half(self, h: int) -> Half:
        return self.bottom if h else self.top

    @property
    def same_halves(self) -> bool:
        """Both halves print the same thing (G2, G5, the fouls): only ``:top`` is offered."""
        return self.top == self.bottom


@dataclass(frozen=True)
class CardSet:
    """The card types (by id, file order) and the physical 90-card deck they make."""

    cards: Mapping[str, Card]
    source: str

    @cached_property
    def physical(self) -> tuple[str, ...]:
        return tuple(cid for cid, c in self.cards.items() for _ in range(c.count))

    def __len__(self) -> int:
        return len(self.physical)

    def __getitem__(self, cid: str) -> Card:
        return self.cards[cid]


class _Fail(Protocol):
    def __call__(self, key: str, message: str) -> NoReturn: ...


_CARD_KEYS = {"id", "count", "top", "bottom", "source", "rule"}
_HALF_KEYS = {"kind", "value", "speed", "grades"}


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _half(raw: Any, key: str, fail: _Fail) -> Half:
    if not isinstance(raw, Mapping):
        fail(key, "must be a table { kind = ..., value = ..., speed = ..., grades = ... }")
    for k in raw:
        if k not in _HALF_KEYS:
            fail(key, f"unknown key {k!r}; expected {', '.join(sorted(_HALF_KEYS))}")
    kind = KIND_WORDS.get(raw.get("kind"))  # type: ignore[arg-type]
    if kind is None:
        fail(key, f"kind must be one of {', '.join(KIND_WORDS)} (WC-CARD-1)")
    value, speed = raw.get("value", 0), raw.get("speed", -1)
    if not _int(value) or not 0 <= value <= 20:
        fail(key, "value must be an integer 0..20")
    if not _int(speed) or not 0 <= speed <= 20:
        fail(key, "speed must be an integer 0..20")
    value, speed = int(value), int(speed)
    if kind is Kind.FOUL and value:
        fail(key, "a foul half has no value (WC-INC-6): leave it 0")
    if kind in (Kind.ATTACK, Kind.DEFENSE) and value + speed != 10:
        fail(key, f"an attack/defense half has value + speed = 10 (WC-AD-0d), not {value + speed}")
    if kind is not Kind.FOUL and value < 1:
        fail(key, "an attack, defense or goal half needs a value of at least 1")
    grades = raw.get("grades")
    if not isinstance(grades, str) or not grades or any(g not in GRADES for g in grades):
        fail(key, 'grades must be letters from "ABCD" (WC-CARD-3)')
    if "".join(sorted(set(grades))) != grades:
        fail(key, 'grades must be distinct letters in order, e.g. "BCD"')
    return Half(kind, value, speed, grades)


def _row(raw: Mapping[str, Any], fail: _Fail) -> Card:
    for key in raw:
        if key not in _CARD_KEYS:
            fail(key, f"unknown key; expected one of {', '.join(sorted(_CARD_KEYS))}")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid or not cid.isalnum() or not cid[0].isalpha():
        fail("id", "must be an alphanumeric id starting with a letter, e.g. AD4")
    count = raw.get("count", 1)
    if not _int(count) or count < 1:
        fail("count", "must be a positive integer")
    top = _half(raw.get("top"), "top", fail)
    bottom = _half(raw.get("bottom"), "bottom", fail)
    if (top.kind is Kind.FOUL) != (bottom.kind is Kind.FOUL):
        fail("bottom", "a foul card is a foul on both halves (WC-FOUL-1)")
    if top.kind is Kind.GOAL and bottom.kind is not Kind.GOAL:
        fail("bottom", "a goal card is a goal on both halves (WC-GOAL-1..5)")
    if top.kind in (Kind.ATTACK, Kind.DEFENSE) and {top.kind, bottom.kind} != {Kind.ATTACK, Kind.DEFENSE}:
        fail("bottom", "an attack/defense card has an attack half and a defense half (WC-AD-1..9)")
    if set(top.grades) | set(bottom.grades) != set(GRADES):
        fail("bottom", "every grade must be able to use at least one half of every card (reference §1.7)")
    source = raw.get("source", "seed")
    if source not in ("seed", "proposed"):
        fail("source", 'must be "seed" or "proposed"')
    rule = raw.get("rule", "")
    if not isinstance(rule, str):
        fail("rule", "must be a rule ID string")
    return Card(cid, top, bottom, count, source, rule)


def parse_cards(text: str, source: str = "<cards>") -> CardSet:
    f = TomlTables(text, source, "card")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(f.rows):
        card = _row(raw, partial(f.fail, i))
        if card.id in cards:
            f.fail(i, "id", f"duplicate card id {card.id!r}")
        cards[card.id] = card
    total = sum(c.count for c in cards.values())
    if total < 16:
        raise DataError(source, None, "card", f"{total} cards are too few for a match")
    return CardSet(cards, source)


def load_cards(path: str | None = None) -> CardSet:
    """The card file a config's ``cards_file`` names, or the game's own (core.datafile: which files may be read)."""
    return _load_cards(data_file(path, "cards_file", DEFAULT_CARDS))


@lru_cache(maxsize=16)
def _load_cards(path: str) -> CardSet:
    return parse_cards(read_data(path, "cards_file", DEFAULT_CARDS), path)


# --------------------------------------------------------------------------- dice

BALL = "ball"
CLEAN, YELLOW, RED, PENALTY = "clean", "yellow", "red", "penalty"
FOUL_FACES = (CLEAN, YELLOW, RED, PENALTY)
FOUL_LETTER = {CLEAN: "-", YELLOW: "Y", RED: "R", PENALTY: "P"}


@dataclass(frozen=True)
class Dice:
    """The tactical die (WC-COMP-1, WC-GAP-4) and the foul die (WC-COMP-8, WC-GAP-5)."""

    tactical: tuple[str, ...]  # six faces: "ball" or a number face
    foul: tuple[str, ...]  # six faces from FOUL_FACES
    tactical_count: int  # tactical dice in the box: larger rolls are made in batches (WC-GAP-4)
    source: str

    @property
    def p_ball(self) -> float:
        return self.tactical.count(BALL) / len(self.tactical)

    def p_at_least(self, k: int, n: int) -> float:
        """Chance of at least ``k`` footballs among ``n`` tactical dice."""
        from math import comb

        p = self.p_ball
        return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def parse_dice(text: str, source: str = "<dice>") -> Dice:
    doc = parse_toml(text, source)

    def line(table: str, key: str) -> int | None:
        inside = False
        for n, raw in enumerate(text.splitlines(), 1):
            s = raw.strip()
            if s.startswith("["):
                inside = s == f"[{table}]"
            elif inside and s.split("=")[0].strip() == key:
                return n
        return None

    def fail(table: str, key: str, message: str) -> NoReturn:
        raise DataError(source, line(table, key), f"{table}.{key}", message)

    out: dict[str, tuple[str, ...]] = {}
    counts: dict[str, int] = {}
    for table in ("tactical", "foul"):
        t = doc.get(table)
        if not isinstance(t, dict):
            raise DataError(source, None, table, f"the file needs a [{table}] table")
        faces = t.get("faces")
        if not isinstance(faces, list) or len(faces) != 6 or not all(isinstance(f, str) for f in faces):
            fail(table, "faces", "must list six faces")
        if table == "tactical":
            if BALL not in faces or all(f == BALL for f in faces):
                fail(table, "faces", 'a tactical die needs "ball" faces and number faces')
            if any(f != BALL and not f.isdigit() for f in faces):
                fail(table, "faces", 'faces are "ball" or a number such as "3"')
        elif any(f not in FOUL_FACES for f in faces):
            fail(table, "faces", f"foul-die faces are {', '.join(FOUL_FACES)}")
        count = t.get("count", 1)
        if not _int(count) or count < 1:
            fail(table, "count", "must be a positive integer")
        out[table], counts[table] = tuple(faces), count
    return Dice(out["tactical"], out["foul"], counts["tactical"], source)


def load_dice(path: str | None = None) -> Dice:
    """The dice file a config's ``dice_file`` names, or the game's own."""
    return _load_dice(data_file(path, "dice_file", DEFAULT_DICE))


@lru_cache(maxsize=4)
def _load_dice(path: str) -> Dice:
    return parse_dice(read_data(path, "dice_file", DEFAULT_DICE), path)

"""Action cards as data: the printed card types, loaded from TOML and validated (SC-GAP-1, SC-GAP-2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntFlag
from functools import cached_property, lru_cache, partial
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, Protocol

from pitchside.core.datafile import TomlTables, data_file, read_data
from pitchside.core.texts import Bilingual, Topic, TopicKind, parse_topics

DATA = Path(__file__).parent / "data"
DEFAULT_DECK = DATA / "deck.toml"


class Arrow(IntFlag):
    """Shoot (purple) and Kick/Block (white) directions; one common bit is a match (SC-SHOOT-5)."""

    L = 1
    C = 2
    R = 4


def arrows_text(bits: int) -> str:
    return "".join(a.name or "" for a in Arrow if bits & a)


def parse_arrows(text: str) -> int:
    bits = 0
    for ch in text:
        if ch not in "LCR":
            raise ValueError(f"arrow {ch!r} is not one of L, C, R")
        bits |= Arrow[ch]
    return bits


def mirror_arrows(bits: int) -> int:
    return (bits & Arrow.C) | (Arrow.R if bits & Arrow.L else 0) | (Arrow.L if bits & Arrow.R else 0)


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card type. Every card maneuvers (SC-MAN-1); at most one special (SC-CARD-3)."""

    id: str
    maneuver: frozenset[int]
    shoot: int = 0  # purple arrows, only with target 1 or 9 (SC-MAN-5)
    power_kick: tuple[int, ...] = ()  # SC-PK-2
    kick_block: int = 0  # white arrows (SC-SHOOT-4)
    foul: bool = False  # SC-SP-2b
    count: int = 1

    @property
    def special(self) -> str:
        if self.power_kick:
            return "power-kick"
        if self.kick_block:
            return "kick-block"
        return "foul" if self.foul else "-"

    def describe(self) -> str:
        parts = [f"{self.id}: >" + "/".join(map(str, sorted(self.maneuver)))]
        if self.shoot:
            parts.append(f"shoot {arrows_text(self.shoot)}")
        if self.power_kick:
            parts.append("PK >>" + "/".join(map(str, self.power_kick)))
        if self.kick_block:
            parts.append(f"KB {arrows_text(self.kick_block)}")
        if self.foul:
            parts.append("Foul")
        return " ".join(parts)


@dataclass(frozen=True)
class Deck:
    """The card types of a deck (by id) and the physical deck they make, in a fixed order."""

    cards: Mapping[str, Card]
    source: str
    # candidates.py caches each card's actions here (every decision's candidates): one deck object serves every match
    moves: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @cached_property  # every new match deals from it
    def physical(self) -> tuple[str, ...]:
        return tuple(cid for cid, card in self.cards.items() for _ in range(card.count))

    def __len__(self) -> int:
        return sum(c.count for c in self.cards.values())

    def __getitem__(self, cid: str) -> Card:
        return self.cards[cid]


class _Fail(Protocol):
    def __call__(self, key: str, message: str) -> NoReturn: ...


_KEYS = {"id", "maneuver", "shoot", "power_kick", "kick_block", "foul", "count"}


def _row(raw: Mapping[str, Any], fail: _Fail) -> Card:
    """Validate one [[card]] table; ``fail(key, message)`` raises with the location."""
    for key in raw:
        if key not in _KEYS:
            fail(key, f"unknown key; expected one of {', '.join(sorted(_KEYS))}")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid or not cid.isalnum():
        fail("id", "must be a non-empty alphanumeric string")
    man = raw.get("maneuver")
    if not isinstance(man, list) or not 1 <= len(man) <= 3:
        fail("maneuver", "must list 1 to 3 target zones (SC-MAN-1)")
    for z in man:
        if not isinstance(z, int) or isinstance(z, bool) or not 1 <= z <= 9:
            fail("maneuver", f"zone {z!r} is not an integer 1..9")
    if len(set(man)) != len(man):
        fail("maneuver", "repeats a zone")
    count = raw.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        fail("count", "must be a positive integer")
    shoot = _arrows(raw, "shoot", fail)
    if shoot and not {1, 9} & set(man):
        fail("shoot", "shoot arrows need maneuver target 1 or 9 (SC-MAN-5)")
    kb = _arrows(raw, "kick_block", fail)
    pk = raw.get("power_kick", [])
    if not isinstance(pk, list) or len(pk) > 2:
        fail("power_kick", "must list 1 or 2 target zones (SC-PK-2)")
    for z in pk:
        if not isinstance(z, int) or isinstance(z, bool) or not 1 <= z <= 9:
            fail("power_kick", f"zone {z!r} is not an integer 1..9")
        if any(abs(z - m) < 2 for m in man):
            fail("power_kick", f"target {z} is adjacent to a maneuver zone; a Power Kick is non-adjacent (SC-PK-1)")
    foul = raw.get("foul", False)
    if not isinstance(foul, bool):
        fail("foul", "must be true or false")
    if sum(bool(x) for x in (pk, kb, foul)) > 1:
        fail("id", "a card has at most one special function (SC-CARD-3)")
    return Card(cid, frozenset(man), shoot, tuple(pk), kb, foul, count)


def _arrows(raw: Mapping[str, Any], key: str, fail: _Fail) -> int:
    text = raw.get(key, "")
    if not isinstance(text, str):
        fail(key, 'must be a string of arrows such as "LC"')
    try:
        return parse_arrows(text)
    except ValueError as e:
        fail(key, str(e))


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    f = TomlTables(text, source, "card")
    cards: dict[str, Card] = {}
    for i, raw in enumerate(f.rows):
        card = _row(raw, partial(f.fail, i))
        if card.id in cards:
            f.fail(i, "id", f"duplicate card id {card.id!r}")
        cards[card.id] = card
    return Deck(cards, source)


def load_deck(path: str | None = None) -> Deck:
    """The deck file a config's ``deck`` names, or the game's own (core.datafile says which files may be read)."""
    return _load_deck(data_file(path, "deck", DEFAULT_DECK))


@lru_cache(maxsize=16)
def _load_deck(path: str) -> Deck:
    return parse_deck(read_data(path, "deck", DEFAULT_DECK), path)


# --------------------------------------------------------------------------- rules texts

DEFAULT_TEXTS = DATA / "texts.toml"
_ARROW_WORDS = {"L": ("左", "left"), "C": ("中", "centre"), "R": ("右", "right")}


def _dirs(bits: int, lang: int) -> str:
    return ("、" if lang == 0 else ", ").join(_ARROW_WORDS[a][lang] for a in arrows_text(bits))


def card_topic(card: Card) -> Topic:
    """A printed card type's text: the functions it shows, each pointing at its own topic."""
    zones = "/".join(map(str, sorted(card.maneuver)))
    zh = [f"运球 → 区域{zones}（info maneuver）"]
    en = [f"Maneuver → zone {zones} (info maneuver)"]
    if card.shoot:
        zh.append(f"射门方向：{_dirs(card.shoot, 0)}（info shoot）")
        en.append(f"Shoot directions: {_dirs(card.shoot, 1)} (info shoot)")
    if card.power_kick:
        pk = "/".join(map(str, card.power_kick))
        zh.append(f"长传 Power Kick ⇒ 区域{pk}，需两张牌（info power_kick）")
        en.append(f"Power Kick ⇒ zone {pk}, with two cards (info power_kick)")
    if card.kick_block:
        zh.append(f"射挡 KB：{_dirs(card.kick_block, 0)}（info kick_block）")
        en.append(f"Kick/Block: {_dirs(card.kick_block, 1)} (info kick_block)")
    if card.foul:
        zh.append("犯规 Foul：只有守方可出（info foul）")
        en.append("Foul: defenders only (info foul)")
    zh.append(f"牌库中共{card.count}张。出牌时只使用其中一个功能。")
    en.append(f"{card.count} in the deck. A card played uses one of its functions.")
    return Topic(card.id, TopicKind.CARD, Bilingual(f"动作牌 {card.id}", f"Action card {card.id}"),
                 Bilingual("\n".join(zh), "\n".join(en)))  # fmt: skip


@lru_cache(maxsize=4)
def load_texts(path: str | None = None) -> Mapping[str, Topic]:
    """The rules texts (data/texts.toml) and one topic per card type of the game's own deck."""
    name = data_file(path, "texts", DEFAULT_TEXTS)
    topics = dict(parse_topics(read_data(name, "texts", DEFAULT_TEXTS), name))
    for card in load_deck().cards.values():
        topics.setdefault(card.id, card_topic(card))
    return MappingProxyType(topics)

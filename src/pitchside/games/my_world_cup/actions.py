"""My World Cup actions and their text notation (docs/notation.md, "Actions (My World Cup 2010)").

An action is ``verb [arg]``: ``field AD4:top``, ``ready``, ``pair 3``, ``void``, ``lead 2``,
``discard G2``, ``roll``, ``skip``, ``swap 2`` then ``swap AD4:top``, ``first 1``, ``flip 2``,
``double``, ``single``, ``reroll``, ``ignore``, ``remove 3``. A slot is a lineup position 1..9
in the order the cards were fielded.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from pitchside.core.errors import InvalidAction


class Verb(StrEnum):
    FIELD = "field"  # lineup: put a hand card behind the screen showing a half (WC-GAP-7)
    READY = "ready"  # lineup: finished (WC-MATCH-3)
    DISCARD = "discard"  # preparation: squad depth discard (WC-TEAM-ESP-1)
    ROLL = "roll"  # preparation: Algeria's gamble (WC-TEAM-ALG-1)
    SKIP = "skip"  # decline an optional skill
    SWAP = "swap"  # display: England's swap, lineup slot then hand card (WC-TEAM-ENG-3)
    FIRST = "first"  # display: Ivory Coast's goal card first (WC-TEAM-CIV-2)
    FLIP = "flip"  # display: Netherlands' flip
    LEAD = "lead"  # pairing: which of the tied cards is active (WC-GAP-8b)
    PAIR = "pair"  # pairing: the target card (WC-MATCH-4)
    VOID = "void"  # pairing: void resolution (WC-MATCH-7)
    DOUBLE = "double"  # Spain: double dice for this roll (WC-TEAM-ESP-3, WC-GAP-13)
    SINGLE = "single"  # Spain: normal dice for this roll
    REROLL = "reroll"  # reroll_once / reroll_foul_once
    IGNORE = "ignore"  # ignore_foul_once / ignore_defense_once
    REMOVE = "remove"  # red card: the opponent removes a card (WC-GAP-5)


_CARD = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")
_CARD_HALF = re.compile(r"^([A-Za-z][A-Za-z0-9]*):(top|bottom)$")
_SLOT = re.compile(r"^[1-9]$")
_TEXT = re.compile(r"^([a-z]+)(?: (\S+))?$")

_NONE = {Verb.READY, Verb.ROLL, Verb.SKIP, Verb.VOID, Verb.DOUBLE, Verb.SINGLE, Verb.REROLL, Verb.IGNORE}
_SLOT_VERBS = {Verb.FIRST, Verb.FLIP, Verb.LEAD, Verb.PAIR, Verb.REMOVE}


class Act(NamedTuple):
    verb: Verb
    arg: str = ""  # "AD4:top", "G2" or a slot "3"

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else str(self.verb)  # a StrEnum's str is its value

    def __repr__(self) -> str:
        return f"Act({str(self)!r})"

    @property
    def slot(self) -> int:
        """The 0-based lineup index of a slot argument."""
        return int(self.arg) - 1

    @property
    def card(self) -> str:
        return self.arg.split(":", 1)[0]

    @property
    def half(self) -> int:
        """0 for top, 1 for bottom."""
        return 1 if self.arg.endswith(":bottom") else 0


def half_text(card: str, half: int) -> str:
    return f"{card}:{'bottom' if half else 'top'}"


def parse(text: str) -> Act:
    m = _TEXT.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise InvalidAction(f"cannot read {text!r}: expected 'verb [arg]', e.g. 'field AD4:top' or 'pair 2'")
    word, arg = m.group(1), m.group(2) or ""
    try:
        verb = Verb(word)
    except ValueError:
        raise InvalidAction(f"unknown verb {word!r}; verbs are {', '.join(v.value for v in Verb)}") from None
    if verb in _NONE:
        if arg:
            raise InvalidAction(f"{verb.value!r} takes no argument: {text!r}")
    elif verb in _SLOT_VERBS:
        if not _SLOT.match(arg):
            raise InvalidAction(f"{verb.value!r} needs a lineup slot 1..9, e.g. '{verb.value} 2'")
    elif verb is Verb.FIELD:
        if not _CARD_HALF.match(arg):
            raise InvalidAction("'field' needs a card and its half, e.g. 'field AD4:top'")
    elif verb is Verb.DISCARD:
        if not _CARD.match(arg):
            raise InvalidAction("'discard' needs a card id, e.g. 'discard G2'")
    elif not (_SLOT.match(arg) or _CARD_HALF.match(arg)):  # SWAP
        raise InvalidAction("'swap' needs a lineup slot ('swap 2') or a hand card and half ('swap AD4:top')")
    return Act(verb, arg)


READY = Act(Verb.READY)
ROLL = Act(Verb.ROLL)
SKIP = Act(Verb.SKIP)
VOID = Act(Verb.VOID)
DOUBLE = Act(Verb.DOUBLE)
SINGLE = Act(Verb.SINGLE)
REROLL = Act(Verb.REROLL)
IGNORE = Act(Verb.IGNORE)

SLOTS = {v: tuple(Act(v, str(i)) for i in range(1, 10)) for v in (*_SLOT_VERBS, Verb.SWAP)}


def slot_act(verb: Verb, index: int) -> Act:
    """The (shared) action ``verb <index + 1>``."""
    return SLOTS[verb][index]

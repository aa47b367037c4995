"""Sonic Cup actions and their text notation (docs/notation.md).

An action is ``verb [arg][>zone]``: ``move K13>4``, ``pk P04``, ``pk K22>2``, ``any M02``,
``kb K18``, ``swap M21``, ``role GK``, ``pass``. A play of several cards is a short sequence
of single choices (``pk`` first card, then ``pk`` second card with the target).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from pitchside.core.errors import InvalidAction


class Verb(StrEnum):
    MOVE = "move"  # one card's maneuver, incl. a Shoot card and the Long-shot jump (SC-MAN-1)
    PK = "pk"  # two-card Power Kick: first card, then second card >target (SC-PK-3)
    MPK = "mpk"  # Midfielder's one-card Power Kick (SC-ROLE-MF)
    ANY = "any"  # any three cards as one maneuver: two picks, then the third >target (SC-MAN-3)
    FW = "fw"  # Forward's any two cards: one pick, then the second >target (SC-ROLE-FW)
    DF = "df"  # Defender's any one card >target (SC-ROLE-DF)
    KB = "kb"  # Kick/Block: shot, follow-up, block or forced block (SC-SHOOT-4)
    FOUL = "foul"  # SC-SP-2b
    SING = "sing"  # Crowd Singing (SC-CROWD-2)
    PASS = "pass"  # end a turn without playing, or decline a window (SC-TURN-4)
    END = "end"  # end a turn after playing cards, then refill (SC-TURN-2)
    SWAP = "swap"  # restart exchange: give back one card (SC-RS-2)
    DONE = "done"  # restart exchange: finished, draw as many as given back
    DISCARD = "discard"  # an opponent's Crowd Singing discard (SC-CROWD-2)
    ROLE = "role"  # 2-player change of player card at a restart (SC-RS-3)
    KEEP = "keep"  # 2-player: keep the current player card


# Which verbs take a card/role argument, and which take a >zone.
_ARG = {Verb.MOVE, Verb.PK, Verb.MPK, Verb.ANY, Verb.FW, Verb.DF, Verb.KB, Verb.FOUL,
        Verb.SWAP, Verb.DISCARD, Verb.ROLE}  # fmt: skip
_ZONE_ALWAYS = {Verb.MOVE, Verb.MPK, Verb.DF}
_ZONE_MAYBE = {Verb.PK, Verb.ANY, Verb.FW}
_TEXT = re.compile(r"^([a-z]+)(?: ([A-Za-z0-9]+))?(?:>([1-9]))?$")


class Play(NamedTuple):
    verb: Verb
    arg: str = ""  # a card type id, or a role code for ROLE
    zone: int = 0  # the target zone, 0 when none

    def __str__(self) -> str:
        text = str(self.verb)  # a StrEnum's value (and the text of a malformed play, for its refusal)
        if self.arg:
            text += f" {self.arg}"
        if self.zone:
            text += f">{self.zone}"
        return text

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


def parse(text: str) -> Play:
    m = _TEXT.match(text.strip())
    if not m:
        raise InvalidAction(f"cannot read {text!r}: expected 'verb [card][>zone]', e.g. 'move K13>4'")
    word, arg, zone = m.group(1), m.group(2) or "", int(m.group(3) or 0)
    try:
        verb = Verb(word)
    except ValueError:
        verbs = ", ".join(v.value for v in Verb)
        raise InvalidAction(f"unknown verb {word!r}; verbs are {verbs}") from None
    if (verb in _ARG) != bool(arg):
        raise InvalidAction(f"{verb.value!r} {'needs a card' if verb in _ARG else 'takes no card'}: {text!r}")
    if verb in _ZONE_ALWAYS and not zone:
        raise InvalidAction(f"{verb.value!r} needs a target zone, e.g. '{verb.value} {arg or 'K13'}>4'")
    if zone and verb not in _ZONE_ALWAYS | _ZONE_MAYBE:
        raise InvalidAction(f"{verb.value!r} takes no target zone: {text!r}")
    return Play(verb, arg, zone)


PASS = Play(Verb.PASS)
END = Play(Verb.END)
DONE = Play(Verb.DONE)
SING = Play(Verb.SING)
KEEP = Play(Verb.KEEP)

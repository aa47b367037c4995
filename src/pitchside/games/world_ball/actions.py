"""World Ball actions and their text notation (docs/notation.md, "Actions (World Ball)").

An action is ``verb [id] [@seat] [id]``: ``pick messi``, ``play shoot``, ``play save``,
``play sliding_tackle @3``, ``play tactical_disruption @3 wall``, ``save shoot``, ``shoot save``,
``wall penalty``, ``equip long_shot``, ``skill``, ``skill save``, ``skill shoot @2``, ``skill @1``,
``discard save``, ``end``, ``pass``. Card and character ids are those of the data files.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from pitchside.core.errors import InvalidAction


class Verb(StrEnum):
    PICK = "pick"  # choose a character in the draft (WB-SETUP-4)
    PLAY = "play"  # a card for its printed use: 射门/set piece (a shot), 救险 (a Save), an event
    SHOOT = "shoot"  # a card played AS a 射门 (Henry: a 救险)
    SAVE = "save"  # a card played AS a 救险 (goalkeeper: a 射门; Terry: any card)
    WALL = "wall"  # 人墙: discard any card as a Save against a free kick
    EQUIP = "equip"  # a skill card into the skill area (WB-SKILL-2)
    SKILL = "skill"  # a character's [action] skill, or a "you may" answered yes
    DISCARD = "discard"  # discard phase (WB-TURN-5)
    END = "end"  # end the action phase (WB-TURN-4, WB-TURN-6)
    PASS = "pass"  # decline a window or a prompt


_NEEDS_ARG = {Verb.PICK, Verb.PLAY, Verb.SHOOT, Verb.SAVE, Verb.WALL, Verb.EQUIP, Verb.DISCARD}
_MAY_TARGET = {Verb.PLAY, Verb.SKILL}
_BARE = {Verb.END, Verb.PASS}
_TEXT = re.compile(r"^([a-z]+)(?: ([a-z][a-z0-9_]*))?(?: @(\d{1,2}))?(?: ([a-z][a-z0-9_]*))?$")


class Play(NamedTuple):
    verb: Verb
    arg: str = ""  # a card id, or a character id for PICK
    target: int = -1  # a seat, -1 when none
    extra: str = ""  # a second id: the skill card 战术破坏 discards

    def __str__(self) -> str:
        text = self.verb.value
        if self.arg:
            text += " " + self.arg
        if self.target >= 0:
            text += f" @{self.target}"
        if self.extra:
            text += " " + self.extra
        return text

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


def parse(text: str) -> Play:
    if not isinstance(text, str):
        raise InvalidAction(f"an action is text, not {type(text).__name__}")
    m = _TEXT.match(" ".join(text.split()))
    if not m:
        raise InvalidAction(
            f"cannot read {text!r}: expected 'verb [card] [@seat] [card]', e.g. 'play sliding_tackle @3'"
        )
    word, arg, seat, extra = m.group(1), m.group(2) or "", m.group(3), m.group(4) or ""
    try:
        verb = Verb(word)
    except ValueError:
        verbs = ", ".join(v.value for v in Verb)
        raise InvalidAction(f"unknown verb {word!r}; verbs are {verbs}") from None
    target = int(seat) if seat is not None else -1
    if verb in _NEEDS_ARG and not arg:
        raise InvalidAction(f"{verb.value!r} needs a card or character id: {text!r}")
    if verb in _BARE and (arg or seat is not None or extra):
        raise InvalidAction(f"{verb.value!r} takes nothing else: {text!r}")
    if seat is not None and verb not in _MAY_TARGET:
        raise InvalidAction(f"{verb.value!r} takes no target seat: {text!r}")
    if extra and (verb is not Verb.PLAY or seat is None):
        raise InvalidAction(f"only 'play CARD @SEAT ID' takes a second id: {text!r}")
    return Play(verb, arg, target, extra)


PASS = Play(Verb.PASS)
END = Play(Verb.END)
SKILL = Play(Verb.SKILL)

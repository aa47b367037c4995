"""World Ball state: the table, the cards, the characters and where the match is (no rules here).

Rules live in rules.py and windows.py; this module holds the data, its copy and its setup notation.
Open response windows and prompts are *frames* on a small stack (plain dicts of scalars), so the
whole state is lists, ints and dicts: clone() is a handful of copies and the setup is JSON as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from pitchside.core.rng import Rng
from pitchside.core.state import SEATS, GameState, cache, derived, field, fixed

if TYPE_CHECKING:
    from pitchside.games.world_ball.cards import Content
    from pitchside.games.world_ball.effects import Powers

TEAM_NAMES = ("A", "B")  # WB-SETUP-1: team A (even seats) and team B (odd seats)
SEAT_COUNTS = (2, 4, 6, 8, 10)  # WB-GEN-1
HAND_LIMIT = 4  # WB-TURN-5
OPENING_HAND = 4  # WB-GAP-3
DRAW = 2  # WB-TURN-3
HALF_TIME_HAND = 4  # WB-GAP-21


def offer_size(n: int) -> int:
    """WB-SETUP-3: 3 characters each at 10 seats, else 4."""
    return 3 if n == 10 else 4


def team(seat: int) -> int:
    """WB-SETUP-2: teams sit alternately; even seats are team A, odd seats team B (WB-PROJ-1)."""
    return seat & 1


class Phase(IntEnum):
    DRAFT = 0  # WB-SETUP-3/4: characters chosen and revealed in order
    ACTION = 1  # WB-TURN-4 (turn start, recovery and draw run without decisions)
    DISCARD = 2  # WB-TURN-5
    OVER = 3


# Frame kinds (the "k" of a frame dict).
SHOT, SAVE, EVENT, PROMPT = "shot", "save", "event", "prompt"


@dataclass
class Table:
    """What does not change during a match: seats, content, options. Shared by every clone."""

    n: int
    content: Content
    config: dict[str, Any]
    halves: int  # WB-END-2, WB-GAP-29
    sudden_death: bool  # WB-GAP-22
    powers_cache: dict[tuple[str, tuple[str, ...]], Powers] = dc_field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        self.powers_cache = self.content.powers_cache  # shared by every match on the same content


class Data(GameState):
    """The mutable part of a match, declared once (core/state.py): clone, setup and fingerprint follow."""

    t: Table = fixed()
    rng: Rng
    phase: Phase
    active: int = field(seat=True)  # whose turn it is; the drafting seat during the draft
    starter: int = field(seat=True)  # S of WB-GAP-4: revealed first, took the first turn of the match
    chars: list[str] = field(length=SEATS)  # chosen character per seat, "" until chosen
    offers: list[list[str]] = field(length=SEATS)  # characters drawn and not yet chosen (hidden, WB-SETUP-3)
    hands: list[list[str]] = field(length=SEATS)
    deck: list[str]  # the top card is the last one
    discard: list[str]  # public, oldest first
    stamina: list[int] = field(length=SEATS)  # WB-GAP-2 (its bounds need the character: setup._check)
    injured: list[bool] = field(length=SEATS)  # WB-GAP-13
    skills: list[list[str]] = field(length=SEATS)  # skill area per seat, in the order equipped (WB-GAP-15)
    pending: list[list[str]] = field(length=SEATS)  # pending area per seat, in the order placed (WB-GAP-14)
    score: list[int] = field(length=2)  # per team
    half: int = field(range=(1, 2))  # WB-END-2
    sudden: bool  # sudden death is running (WB-GAP-22)
    quiet: int  # consecutive quiet turns with an empty deck (WB-GAP-20)
    played: bool  # a card was played in the current turn (WB-GAP-20)
    shots: int  # 射门 played by the active player this turn (Lampard, Schweinsteiger)
    no_shots: bool  # 盯人 resolved at this turn's start
    uses: int  # uses of the active character's [action] skill this turn (WB-GAP-16)
    skill_target: int = field(seat=True, none=-1)  # the teammate a multi-use [action] skill went to this turn
    block: int = field(seat=True, none=-1)  # seat denied saves against the active player's next shot (Kaká)
    stack: list[dict[str, Any]]  # open windows and prompts, the last one on top (frames: setup._stack)
    ending: str
    skip_draw: bool = derived()  # transient inside a turn start: a pending 黄牌 resolved (False between decisions)
    pw: list[Powers] = derived(copy="list")  # from chars and skills (effects.powers_of)
    _legal: tuple[int, list[Any]] | None = cache()
    _dec: Any = cache()
    _fire: dict[str, tuple[int, ...]] | None = cache(keep=True)  # from pw: the seats with triggers at each point
    _seen: Any = cache(keep=True)  # windows._unseen, keyed by the discard pile's length and the period

    def setup_header(self) -> dict[str, Any]:
        return {"game": "world-ball", "seats": self.t.n, "config": self.t.config}

"""World Ball state: the table, the cards, the characters and where the match is (no rules here).

Rules live in rules.py and windows.py; this module holds the data, its copy and its setup notation.
Open response windows and prompts are *frames* on a small stack (plain dicts of scalars), so the
whole state is lists, ints and dicts: clone() is a handful of copies and the setup is JSON as is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from pitchside.core.rng import Rng
from pitchside.core.slots import SlotState

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
    powers_cache: dict[tuple[str, tuple[str, ...]], Powers] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        self.powers_cache = self.content.powers_cache  # shared by every match on the same content


class Data(SlotState):
    """The mutable part of a match. Plain fields so clone() is a handful of copies."""

    __slots__ = (
        "_dec",
        "_fire",
        "_legal",
        "_seen",
        "active",
        "block",
        "chars",
        "deck",
        "discard",
        "ending",
        "half",
        "hands",
        "injured",
        "no_shots",
        "offers",
        "pending",
        "phase",
        "played",
        "pw",
        "quiet",
        "rng",
        "score",
        "shots",
        "skill_target",
        "skills",
        "skip_draw",
        "stack",
        "stamina",
        "starter",
        "sudden",
        "t",
        "uses",
    )  # fmt: skip

    t: Table
    rng: Rng
    phase: Phase
    active: int  # whose turn it is; the drafting seat during the draft
    starter: int  # S of WB-GAP-4: revealed first, took the first turn of the match
    chars: list[str]  # chosen character per seat, "" until chosen
    offers: list[list[str]]  # characters drawn and not yet chosen from (hidden, WB-SETUP-3)
    hands: list[list[str]]
    deck: list[str]  # the top card is the last one
    discard: list[str]  # public, oldest first
    stamina: list[int]  # WB-GAP-2
    injured: list[bool]  # WB-GAP-13
    skills: list[list[str]]  # skill area per seat, in the order equipped (WB-GAP-15)
    pending: list[list[str]]  # pending area per seat, in the order placed (WB-GAP-14)
    score: list[int]  # per team
    half: int  # 1 or 2
    sudden: bool  # sudden death is running (WB-GAP-22)
    quiet: int  # consecutive quiet turns with an empty deck (WB-GAP-20)
    played: bool  # a card was played in the current turn (WB-GAP-20)
    shots: int  # 射门 played by the active player this turn (Lampard, Schweinsteiger)
    no_shots: bool  # 盯人 resolved at this turn's start
    uses: int  # uses of the active character's [action] skill this turn (WB-GAP-16)
    skill_target: int  # the teammate a multi-use [action] skill went to this turn, -1 if none
    skip_draw: bool  # transient inside a turn start: a pending 黄牌 resolved (never set between decisions)
    block: int  # seat denied saves against the active player's next shot (Kaká), -1 if none
    stack: list[dict[str, Any]]  # open windows and prompts, the last one on top
    ending: str
    pw: list[Powers]  # derived from chars and skills (effects.powers_of); not in the setup
    _legal: tuple[int, list[Any]] | None
    _dec: Any
    _fire: dict[str, tuple[int, ...]] | None  # derived from pw: the seats with triggers at each point
    _seen: Any  # cache of windows._unseen, keyed by the discard pile's length and the period

    def copy_into(self, new: Data) -> None:
        new.t = self.t
        new.rng = self.rng.copy()
        new.phase = self.phase
        new.active = self.active
        new.starter = self.starter
        new.chars = self.chars[:]
        new.offers = [o[:] for o in self.offers]
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.stamina = self.stamina[:]
        new.injured = self.injured[:]
        new.skills = [s[:] for s in self.skills]
        new.pending = [p[:] for p in self.pending]
        new.score = self.score[:]
        new.half = self.half
        new.sudden = self.sudden
        new.quiet = self.quiet
        new.played = self.played
        new.shots = self.shots
        new.no_shots = self.no_shots
        new.uses = self.uses
        new.skill_target = self.skill_target
        new.block = self.block
        new.skip_draw = self.skip_draw
        new.stack = [dict(f) for f in self.stack]
        new.ending = self.ending
        new.pw = self.pw[:]
        new._legal = None
        new._dec = None
        new._fire = self._fire
        new._seen = self._seen

    # Which fields the setup notation carries, in this order (docs/notation.md).
    SETUP_FIELDS = (
        "phase", "active", "starter", "chars", "offers", "hands", "deck", "discard", "stamina",
        "injured", "skills", "pending", "score", "half", "sudden", "quiet", "played", "shots",
        "no_shots", "uses", "skill_target", "block", "stack", "ending",
    )  # fmt: skip

    def to_setup(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "world-ball",
            "seats": self.t.n,
            "config": self.t.config,
            "rng": self.rng.state,
        }
        for name in self.SETUP_FIELDS:
            value = getattr(self, name)
            if name == "phase":
                value = value.name.lower()
            elif name == "stack":
                value = [dict(f) for f in value]
            elif isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            out[name] = value
        return out

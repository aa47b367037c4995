"""Sonic Cup state: the table, the cards, the ball and where the match is (no rules here).

Rules live in rules.py; this module declares the data (core/state.py derives its copy and setup notation).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from pitchside.core.rng import Rng
from pitchside.core.state import SEATS, GameState, cache, field, fixed
from pitchside.core.window import Window
from pitchside.games.sonic_cup.cards import Arrow, Deck

BLUE, RED = 0, 1
TEAM_NAMES = ("blue", "red")
KICKOFF_ZONE = (4, 6)  # SC-KO-1: Blue kicks off from 4, Red from 6
GOAL = (9, 1)  # the zone each team shoots at (SC-COMP-2)
LONG_SHOT_FROM = (6, 4)  # SC-ROLE-LSF: Blue from 6, Red from 4
FORWARD_ZONES = (frozenset({5, 6, 7, 8}), frozenset({2, 3, 4, 5}))  # SC-GAP-10
DEFENDER_ZONES = (frozenset({2, 3, 4}), frozenset({6, 7, 8}))  # SC-GAP-10
DEAL = {2: 9, 4: 7, 6: 5, 8: 5, 10: 5}  # SC-SETUP-5
DECK_PASSES = {2: 2, 4: 3, 6: 3, 8: 4, 10: 4}  # SC-END-2a..c
MAX_COUNT = 1 << 31  # counters in a setup: never negative, never absurd
ARROWS = (0, int(Arrow.L | Arrow.C | Arrow.R))  # a set of arrow directions (SC-SHOOT-4)


class Role(StrEnum):
    FW = "FW"  # Forward 前锋
    LSF = "LSF"  # Long-shot Forward 远射前锋
    MF = "MF"  # Midfielder 中场
    DF = "DF"  # Defender 后卫
    GK = "GK"  # Goalkeeper 守门员


ROLE_NAMES = {
    Role.FW: ("Forward", "前锋"),
    Role.LSF: ("Long-shot Forward", "远射前锋"),
    Role.MF: ("Midfielder", "中场"),
    Role.DF: ("Defender", "后卫"),
    Role.GK: ("Goalkeeper", "守门员"),
}


class Phase(IntEnum):
    TURN = 0  # a seat's turn (SC-TURN)
    STEAL = 1  # the Power Kick steal window (SC-PK2, SC-GAP-15)
    FOLLOW_UP = 2  # one attacker may follow up a Shoot card (SC-FU)
    SHOOTING = 3  # the Shooting Phase: a seat blocks/fouls or shoots/changes direction (SC-SP)
    ROLE_CHANGE = 4  # 2 players: change of player card at a restart (SC-RS-3)
    EXCHANGE = 5  # restart hand exchange (SC-RS-2)
    SING_DISCARD = 6  # opponents each discard one card to Crowd Singing (SC-CROWD-2)
    OVER = 7


class Pending(StrEnum):
    """The multi-card play a turn has started and not finished (written as its verb)."""

    NONE = ""
    PK = "pk"  # two-card Power Kick: the first card is picked (SC-PK-3)
    ANY = "any"  # any three cards: one or two picked (SC-MAN-3)
    FW = "fw"  # the Forward's any two cards: one picked (SC-ROLE-FW)


class Ending(StrEnum):
    NONE = ""  # the match is running
    KO = "ko"  # SC-END-1
    TIME = "time"  # SC-END-2
    EXTRA_TIME = "extra-time"  # SC-ET


@dataclass(frozen=True)
class Table:
    """What does not change during a match: seats, deck, limits. Shared by every clone."""

    n: int
    deck: Deck
    config: dict[str, Any]

    @property
    def deal(self) -> int:
        return DEAL[self.n]

    @property
    def final_count(self) -> int:
        return DECK_PASSES[self.n]


def team(seat: int) -> int:
    """Seats alternate teams (SC-SETUP-4d); seat 0 is Blue (preview #1, SC-EX-1)."""
    return seat & 1


class Data(GameState):
    """The mutable part of a match, declared once: core derives clone(), to_setup() and the setup reader."""

    t: Table = fixed()
    rng: Rng
    roles: list[frozenset[Role]] = field(length=SEATS)
    used_roles: list[frozenset[Role]] = field(length=2)  # per team: player cards that have played (SC-GAP-24)
    hands: list[list[str]] = field(length=SEATS)
    deck: list[str]  # the top card is the last one
    discard: list[str]
    ball: int = field(range=(1, 9))
    score: list[int] = field(range=(0, 3), length=2)  # per team
    counter: int  # the deck counter, 1..final_count (SC-DECK-2): checked by the setup reader per seat count
    extra_time: bool  # SC-GAP-28
    end_after_phase: bool  # the last deck ran out inside a Shooting Phase/penalty (SC-DECK-3b/c)
    phase: Phase
    actor: int = field(seat=True)
    queue: Window  # the open window: seats still to answer, the actor first (closed in a turn)
    played: int = field(range=(0, MAX_COUNT))  # cards played this turn
    pending: Pending  # an unfinished multi-card play
    picks: list[str]  # cards already chosen for it, out of the hand
    mf_used: bool  # SC-ROLE-MF: once per turn
    kickoff: bool  # a kick-off turn: must play, no singing (SC-KO-2, SC-CROWD-1)
    shoot: int = field(range=ARROWS)  # purple arrows of the actor's Shoot card just played (SC-GAP-13), else 0
    steal_from: int = field(seat=True)  # R of SC-GAP-15
    next_seat: int = field(seat=True)  # X of SC-GAP-15: whose turn comes if nobody steals
    attack: int = field(range=(0, 1))  # attacking team in the Shooting Phase (SC-SHOOT-2)
    arrows: int = field(range=ARROWS)  # white arrows the next shot/block must match (SC-SP-5)
    shot_arrows: int = field(range=ARROWS)  # arrows of the last shooting KB: the penalty reference (SC-GAP-19)
    last_shooter: int = field(seat=True)
    last_blocker: int = field(seat=True)
    fu_shooter: int = field(seat=True)  # who played the Shoot card a follow-up answers
    fu_in_sp: bool  # the follow-up is inside a Shooting Phase (SC-SP-7)
    tired: list[bool] = field(length=SEATS)  # a Goalkeeper after a forced block (SC-GAP-21)
    singer: int = field(seat=True, none=-1)  # seat whose Crowd Singing is running, -1 if none
    sang: list[bool] = field(length=2)  # per team (SC-CROWD-1)
    swapped: int = field(range=(0, MAX_COUNT))  # cards the actor gave back in this exchange
    kick_seat: int = field(seat=True)  # who kicks off after the pending restart
    scorer: int = field(seat=True, none=-1)  # 2p: the seat who just scored, -1 if none (SC-RS-3)
    role_picks: list[str]  # 2p hidden change picks, "" = not yet committed
    ending: Ending
    passes: int = field(range=(0, MAX_COUNT))  # turns passed in a row with no card played (SC-PROJ-11)
    _legal: tuple[int, list[Any]] | None = cache()

    def setup_header(self) -> dict[str, Any]:
        return {"game": "sonic-cup", "seats": self.t.n, "config": self.t.config}

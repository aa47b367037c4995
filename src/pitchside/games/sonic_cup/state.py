"""Sonic Cup state: the table, the cards, the ball and where the match is (no rules here).

Rules live in rules.py; this module holds the data, its copy, and its setup notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from pitchside.core.rng import Rng
from pitchside.core.slots import SlotState
from pitchside.games.sonic_cup.cards import Deck

BLUE, RED = 0, 1
TEAM_NAMES = ("blue", "red")
KICKOFF_ZONE = (4, 6)  # SC-KO-1: Blue kicks off from 4, Red from 6
GOAL = (9, 1)  # the zone each team shoots at (SC-COMP-2)
LONG_SHOT_FROM = (6, 4)  # SC-ROLE-LSF: Blue from 6, Red from 4
FORWARD_ZONES = (frozenset({5, 6, 7, 8}), frozenset({2, 3, 4, 5}))  # SC-GAP-10
DEFENDER_ZONES = (frozenset({2, 3, 4}), frozenset({6, 7, 8}))  # SC-GAP-10
DEAL = {2: 9, 4: 7, 6: 5, 8: 5, 10: 5}  # SC-SETUP-5
DECK_PASSES = {2: 2, 4: 3, 6: 3, 8: 4, 10: 4}  # SC-END-2a..c


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


class Ending(StrEnum):
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


class Data(SlotState):
    """The mutable part of a match. Plain fields so clone() is a handful of copies."""

    __slots__ = (
        "_legal",
        "actor",
        "arrows",
        "attack",
        "ball",
        "counter",
        "deck",
        "discard",
        "end_after_phase",
        "ending",
        "extra_time",
        "fu_in_sp",
        "fu_shooter",
        "hands",
        "kick_seat",
        "kickoff",
        "last_blocker",
        "last_shooter",
        "mf_used",
        "next_seat",
        "passes",
        "pending",
        "phase",
        "picks",
        "played",
        "queue",
        "rng",
        "role_picks",
        "roles",
        "sang",
        "score",
        "scorer",
        "shoot",
        "shot_arrows",
        "singer",
        "steal_from",
        "swapped",
        "t",
        "tired",
        "used_roles",
    )  # fmt: skip

    t: Table
    rng: Rng
    roles: list[frozenset[Role]]
    used_roles: list[frozenset[Role]]  # per team: player cards that have played (SC-GAP-24)
    hands: list[list[str]]
    deck: list[str]  # the top card is the last one
    discard: list[str]
    ball: int
    score: list[int]  # per team
    counter: int  # the deck counter, 1.. (SC-DECK-2)
    extra_time: bool  # SC-GAP-28
    end_after_phase: bool  # the last deck ran out inside a Shooting Phase/penalty (SC-DECK-3b/c)
    phase: Phase
    actor: int
    queue: list[int]  # seats still to answer the open window, actor first
    played: int  # cards played this turn
    pending: str  # verb of an unfinished multi-card play ("" when none)
    picks: list[str]  # cards already chosen for it, out of the hand
    mf_used: bool  # SC-ROLE-MF: once per turn
    kickoff: bool  # a kick-off turn: must play, no singing (SC-KO-2, SC-CROWD-1)
    shoot: int  # purple arrows of a Shoot card just played by the actor (SC-GAP-13), else 0
    steal_from: int  # R of SC-GAP-15
    next_seat: int  # X of SC-GAP-15: whose turn comes if nobody steals
    attack: int  # attacking team in the Shooting Phase (SC-SHOOT-2)
    arrows: int  # white arrows the next shot/block must match (SC-SP-5)
    shot_arrows: int  # arrows of the last shooting KB: the penalty reference (SC-GAP-19)
    last_shooter: int
    last_blocker: int
    fu_shooter: int  # who played the Shoot card a follow-up answers
    fu_in_sp: bool  # the follow-up is inside a Shooting Phase (SC-SP-7)
    tired: list[bool]  # a Goalkeeper after a forced block (SC-GAP-21)
    singer: int  # seat whose Crowd Singing is running, -1 if none
    sang: list[bool]  # per team (SC-CROWD-1)
    swapped: int  # cards the actor gave back in this exchange
    kick_seat: int  # who kicks off after the pending restart
    scorer: int  # 2p: the seat who just scored, -1 if none (SC-RS-3)
    passes: int  # turns passed in a row with no card played (SC-PROJ-11)
    role_picks: list[str]  # 2p hidden change picks, "" = not yet committed
    ending: str
    _legal: tuple[int, list[Any]] | None

    def copy_into(self, new: Data) -> None:
        new.t = self.t
        new.rng = self.rng.copy()
        new.roles = self.roles[:]
        new.used_roles = self.used_roles[:]
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.ball = self.ball
        new.score = self.score[:]
        new.counter = self.counter
        new.extra_time = self.extra_time
        new.end_after_phase = self.end_after_phase
        new.phase = self.phase
        new.actor = self.actor
        new.queue = self.queue[:]
        new.played = self.played
        new.pending = self.pending
        new.picks = self.picks[:]
        new.mf_used = self.mf_used
        new.kickoff = self.kickoff
        new.shoot = self.shoot
        new.steal_from = self.steal_from
        new.next_seat = self.next_seat
        new.attack = self.attack
        new.arrows = self.arrows
        new.shot_arrows = self.shot_arrows
        new.last_shooter = self.last_shooter
        new.last_blocker = self.last_blocker
        new.fu_shooter = self.fu_shooter
        new.fu_in_sp = self.fu_in_sp
        new.tired = self.tired[:]
        new.singer = self.singer
        new.sang = self.sang[:]
        new.swapped = self.swapped
        new.kick_seat = self.kick_seat
        new.scorer = self.scorer
        new.role_picks = self.role_picks[:]
        new.ending = self.ending
        new.passes = self.passes
        new._legal = None

    # Which fields the setup notation carries, with their JSON form.
    SETUP_FIELDS = (
        "hands", "deck", "discard", "ball", "score", "counter", "extra_time", "end_after_phase",
        "phase", "actor", "queue", "played", "pending", "picks", "mf_used", "kickoff", "shoot",
        "steal_from", "next_seat", "attack", "arrows", "shot_arrows", "last_shooter",
        "last_blocker", "fu_shooter", "fu_in_sp", "tired", "singer", "sang", "swapped",
        "kick_seat", "scorer", "role_picks", "ending", "passes",
    )  # fmt: skip

    def to_setup(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "sonic-cup",
            "seats": self.t.n,
            "config": self.t.config,
            "rng": self.rng.state,
            "roles": [sorted(r.value for r in rs) for rs in self.roles],
            "used_roles": [sorted(r.value for r in rs) for rs in self.used_roles],
        }
        for name in self.SETUP_FIELDS:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            out[name] = value.name.lower() if isinstance(value, Phase) else value
        return out

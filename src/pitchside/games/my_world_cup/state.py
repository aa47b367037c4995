"""My World Cup state: the two teams, their hands and lineups, and where the match is (no rules here).

Rules live in rules.py (phases) and resolve.py (pairings, dice, fouls, shootout); this module
holds the data, its copy and its setup notation. Side 0 is the home team, side 1 the away team;
seat s plays side s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import lru_cache
from typing import Any

from pitchside.core.rng import Rng
from pitchside.core.state import GameState, cache, field, fixed
from pitchside.games.my_world_cup.actions import Act, Verb, half_text
from pitchside.games.my_world_cup.cards import CardSet, Dice, Kind, load_cards, load_dice
from pitchside.games.my_world_cup.skills import Powers
from pitchside.games.my_world_cup.teams import Team, TeamSet, load_teams, powers

HOME, AWAY = 0, 1
SIDES = 2  # one seat per side; a fixed length lets clone() copy the per-side lists unrolled
SIDE_NAMES = ("home", "away")
LINEUP_MAX = 4  # WC-MATCH-3
LINEUP_SLOTS = 9  # no lineup limit is above 9 (WC-TEAM-ALG-1 raises it, the setup reader caps it)
COUNT_MAX = 1 << 31  # scores, cards and bits in a setup: never negative
EXTRA_TIME_MAX = 2  # WC-GAP-21
FRIENDLY_HAND = 6  # WC-GAP-3
GROUP_HAND = 10  # WC-GAP-3
KNOCKOUT_DRAW = 4  # WC-GAP-3
KNOCKOUT_START = 4  # WC-GAP-3: a standalone knockout match starts from 4 cards
NEUTRAL_DRAW = 4  # WC-GAP-24
SHOOTOUT_KICKS = 5  # WC-GAP-21

ATTACK, DEFENSE, GOAL, FOUL = Kind.ATTACK.value, Kind.DEFENSE.value, Kind.GOAL.value, Kind.FOUL.value

# Lineup card status.
UNRESOLVED, RESOLVED, REMOVED = 0, 1, 2

# What a roll is for.
ROLL_ATTACK, ROLL_COUNTER, ROLL_KICK = 0, 1, 2


class Mode(StrEnum):
    FRIENDLY = "friendly"  # 热身赛
    GROUP = "group"  # 小组赛
    KNOCKOUT = "knockout"  # 淘汰赛


class Phase(IntEnum):
    PREPARATION = 0  # 备战阶段
    LINEUP = 1  # 布阵 (hidden pick)
    DISPLAY = 2  # 展示阶段
    PAIRING = 3  # 配对阶段, with the resolution of each pair
    SHOOTOUT = 4  # 点球大战
    OVER = 5


class Op(StrEnum):
    """What the open ``ask`` asks (written by its value in the setup notation)."""

    DISCARD = "discard"  # squad depth discard (WC-TEAM-ESP-1)
    GAMBLE = "gamble"  # Algeria's lineup gamble (WC-TEAM-ALG-1)
    FIELD = "field"  # the lineup, a hidden pick (WC-MATCH-3, WC-GAP-7)
    SWAP = "swap"  # England: which lineup slot (WC-TEAM-ENG-3)
    SWAP_IN = "swap_in"  # England: which hand card comes in (WC-GAP-14)
    FIRST = "first"  # Ivory Coast's goal card first (WC-TEAM-CIV-2)
    FLIP = "flip"  # Netherlands' flip (WC-GAP-25)
    LEAD = "lead"  # which of the tied fastest cards is active (WC-GAP-8)
    PAIR = "pair"  # the target card or void (WC-MATCH-4, WC-MATCH-7)
    IGNORE_DEF = "ignore_def"  # Argentina's ignore_defense_once (WC-GAP-25)
    DOUBLE = "double"  # Spain's double dice (WC-GAP-13)
    REROLL = "reroll"  # reroll_once (WC-GAP-25)
    FOUL = "foul"  # reroll or ignore the foul die (WC-GAP-5)
    REMOVE = "remove"  # the card a red card removes (WC-GAP-5)


class Ending(StrEnum):
    FULL_TIME = "full-time"
    EXTRA_TIME = "extra-time"
    PENALTIES = "penalties"


@dataclass(frozen=True)
class Matchup:
    """Everything fixed by the two teams and the data files; cached and shared by every match."""

    cards: CardSet
    dice: Dice
    teamset: TeamSet
    teams: tuple[Team, Team]
    powers: tuple[Powers, Powers]
    order: tuple[int, int]  # sides by world rank, better first (WC-MATCH-10, WC-GAP-19)
    eff: tuple[dict[str, tuple[int, int, int]], dict[str, tuple[int, int, int]]]  # "AD4:top" -> kind, value, speed
    field_acts: tuple[dict[str, tuple[Act, ...]], dict[str, tuple[Act, ...]]]  # card id -> its `field` actions
    swap_acts: tuple[dict[str, tuple[Act, ...]], dict[str, tuple[Act, ...]]]  # card id -> its `swap` actions
    grade: tuple[GradeTable, GradeTable]  # per side: what its grade may show (the above, usable, passed)
    table: CardTable  # the card set's halves


_Half = tuple[str, str, int, int, int, str]  # card id, "AD4:top", kind, value, speed, grades


@lru_cache(maxsize=16)
def _halves(cards_file: str | None) -> tuple[_Half, ...]:
    """Every distinct fielded form of every card (a card with alike halves has only its top)."""
    out: list[_Half] = []
    for cid, card in load_cards(cards_file).cards.items():
        for h in (0, 1) if not card.same_halves else (0,):
            half = card.half(h)
            out.append((cid, half_text(cid, h), half.kind.value, half.value, half.speed, half.grades))
        if card.same_halves:  # the bottom is never fielded, but a flip could name it: same numbers
            half = card.bottom
            out.append(("", half_text(cid, 1), half.kind.value, half.value, half.speed, half.grades))
    return tuple(out)


@dataclass(frozen=True)
class GradeTable:
    """What a team of one grade may do with each card of a card set: shared by every matchup."""

    field_acts: dict[str, tuple[Act, ...]]  # card id -> the `field` actions of the halves it may show
    swap_acts: dict[str, tuple[Act, ...]]  # card id -> the same as `swap` actions
    usable: frozenset[str]  # those halves ("AD4:top") (WC-CARD-3, WC-GAP-18)
    # op -> card id -> the card's actions that pass the fixed checks (legality.py), filled on first use
    passed: dict[str, dict[str, tuple[Act, ...]]]


@lru_cache(maxsize=256)
def _grade_table(cards_file: str | None, grade: str, any_grade: bool) -> GradeTable:
    """Per card id, the `field` and the `swap` actions a team of that grade may take (WC-CARD-3, WC-GAP-18)."""
    fa: dict[str, list[Act]] = {}
    sa: dict[str, list[Act]] = {}
    for cid, text, _k, _v, _s, grades in _halves(cards_file):
        if not cid:
            continue
        fa.setdefault(cid, [])
        sa.setdefault(cid, [])
        if any_grade or grade in grades:
            fa[cid].append(Act(Verb.FIELD, text))
            sa[cid].append(Act(Verb.SWAP, text))
    usable = frozenset(a.arg for acts in fa.values() for a in acts)
    return GradeTable({c: tuple(a) for c, a in fa.items()}, {c: tuple(a) for c, a in sa.items()}, usable, {})


@dataclass(frozen=True)
class CardTable:
    """Each card's halves as text and as candidate actions: shared by every matchup of a card set."""

    card_of: dict[str, str]  # every half's text -> its card id: "AD4:top" -> "AD4"
    alike: frozenset[str]  # the bottoms of cards whose halves are alike, named by their top (WC-CARD-2)
    halves: dict[str, tuple[Act, Act]]  # card id -> (field top, field bottom), every half a candidate
    swaps: dict[str, tuple[Act, Act]]  # card id -> (swap top, swap bottom)


@lru_cache(maxsize=16)
def _card_table(cards_file: str | None) -> CardTable:
    cards = load_cards(cards_file).cards
    return CardTable(
        {half_text(c, h): c for c in cards for h in (0, 1)},
        frozenset(half_text(c, 1) for c, card in cards.items() if card.same_halves),
        {c: (Act(Verb.FIELD, half_text(c, 0)), Act(Verb.FIELD, half_text(c, 1))) for c in cards},
        {c: (Act(Verb.SWAP, half_text(c, 0)), Act(Verb.SWAP, half_text(c, 1))) for c in cards},
    )


@lru_cache(maxsize=1024)
def _eff(cards_file: str | None, speed: tuple[int, ...], value: tuple[int, ...]) -> dict[str, tuple[int, int, int]]:
    """Effective kind, value and speed of every half (WC-GAP-12: bonuses stack, never below 0)."""
    return {
        text: (k, max(0, v + value[k]) if k != FOUL else 0, max(0, sp + speed[k]))
        for _c, text, k, v, sp, _g in _halves(cards_file)
    }


@lru_cache(maxsize=2048)
def matchup(home: str, away: str, cards_file: str | None, teams_file: str | None, dice_file: str | None) -> Matchup:
    cards, dice, teamset = load_cards(cards_file), load_dice(dice_file), load_teams(teams_file)
    teams = (teamset[home], teamset[away])
    ps = powers(*teams)
    order = (HOME, AWAY) if teams[0].world_rank <= teams[1].world_rank else (AWAY, HOME)
    effs = tuple(_eff(cards_file, tuple(p.speed), tuple(p.value)) for p in ps)
    grade = (
        _grade_table(cards_file, teams[0].grade, ps[0].any_grade),
        _grade_table(cards_file, teams[1].grade, ps[1].any_grade),
    )
    return Matchup(
        cards,
        dice,
        teamset,
        teams,
        ps,
        order,
        (effs[0], effs[1]),
        (grade[0].field_acts, grade[1].field_acts),
        (grade[0].swap_acts, grade[1].swap_acts),
        grade,
        _card_table(cards_file),
    )


@dataclass(frozen=True)
class Table:
    """What does not change during a match: the matchup, the mode, who is neutral, the config."""

    m: Matchup
    mode: Mode
    neutral: tuple[bool, bool]
    config: dict[str, Any]


class Data(GameState):
    """The mutable part of a match, declared once (core/state.py): clone, to_setup and the setup
    reader's type checks come from these declarations. Fields are in setup order (docs/notation.md)."""

    t: Table = fixed()
    rng: Rng = field(range=(0, 5))  # named rolls: face indexes of the six-faced dice (data/dice.toml)
    hands: list[list[str]] = field(length=SIDES)  # per side, card ids
    deck: list[str]  # the shared deck; the last card is drawn next (WC-GAP-2)
    discard: list[str]  # the discard pile, oldest first (public)
    elsewhere: list[str]  # cards held by teams outside this match (a tournament's other hands), sorted
    line: list[list[str]] = field(length=SIDES)  # per side, the lineup in fielding order: "AD4:top" (WC-CARD-2)
    stat: list[list[int]] = field(range=(UNRESOLVED, REMOVED), length=SIDES)  # per side and slot
    score: list[int] = field(range=(0, COUNT_MAX), length=SIDES)
    period: int = field(range=(0, 1))  # 0 regular time, 1 extra time (WC-GAP-21)
    limit: list[int] = field(range=(0, 9), length=SIDES)  # lineup maximum L (WC-MATCH-3, WC-TEAM-ALG-1, WC-GAP-21)
    ready: list[bool] = field(length=SIDES)  # lineup committed
    revealed: bool  # lineups shown (display phase reached)
    yellows: list[int] = field(range=(0, COUNT_MAX), length=SIDES)
    reds: list[int] = field(range=(0, COUNT_MAX), length=SIDES)
    used: list[int] = field(range=(0, COUNT_MAX), length=SIDES)  # once-per-match abilities used, USE_* bits
    first: list[int] = field(none=-1, range=(0, LINEUP_SLOTS - 1), length=SIDES)  # Ivory Coast's slot (WC-TEAM-CIV-2)
    todo: list[tuple[Any, ...]]  # pending steps, a stack: the last one runs next
    ask: tuple[Any, ...] | None  # the open question: (op, seat, args...)
    pens: list[int] = field(range=(0, COUNT_MAX), length=SIDES)  # shootout goals
    kicks: list[int] = field(range=(0, COUNT_MAX), length=SIDES)  # shootout kicks taken
    rolls: list[str]  # every die roll of the match, public: "T:B13" tactical, "F:Y" foul
    phase: Phase
    ending: str
    _legal: list[Act] | None = cache(keep=True)  # legal actions of the open ask; recomputed when it changes
    _dec: tuple[Any, Any] | None = cache(keep=True)  # (the ask, its Decision): decision() of the same ask

    def setup_header(self) -> dict[str, Any]:
        return {"game": "my-world-cup", "config": self.t.config}

"""Team skills 技能: one small registered function per skill code (reference §2.4).

A team's skills are data (data/teams.toml): rows naming a ``code`` and its parameters. Each code
is one function registered here with ``@skill``; at the start of a match it writes what the skill
does into the team's ``Powers`` (speed and value bonuses, once-per-match abilities, phase hooks),
and the rules read only ``Powers``. A team made of existing skills needs no code; a new skill is
one function here plus one scenario test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pitchside.games.my_world_cup.cards import Kind

ATTACK, DEFENSE, GOAL, FOUL = Kind.ATTACK.value, Kind.DEFENSE.value, Kind.GOAL.value, Kind.FOUL.value

# Once-per-match abilities: one bit each in the state's ``used`` mask.
USE_SWAP = 1  # swap_once (WC-TEAM-ENG-3)
USE_FLIP = 2  # flip_once
USE_REROLL = 4  # reroll_once
USE_REROLL_FOUL = 8  # reroll_foul_once
USE_IGNORE_FOUL = 16  # ignore_foul_once
USE_IGNORE_DEFENSE = 32  # ignore_defense_once
USE_NAMES = {
    USE_SWAP: "swap",
    USE_FLIP: "flip",
    USE_REROLL: "reroll",
    USE_REROLL_FOUL: "reroll_foul",
    USE_IGNORE_FOUL: "ignore_foul",
    USE_IGNORE_DEFENSE: "ignore_defense",
}


class Powers:
    """What one team's skills do in one match (against one opponent). Built once per pairing of teams."""

    __slots__ = (
        "any_grade",
        "counter",
        "depth",
        "display",
        "double_dice",
        "goal_first",
        "kick_dice",
        "once",
        "opponent_pairs",
        "prep",
        "speed",
        "tie_priority",
        "value",
    )

    def __init__(self) -> None:
        self.speed = [0, 0, 0, 0]  # per Kind: added to the printed speed (WC-GAP-12)
        self.value = [0, 0, 0, 0]  # per Kind: added to the printed value (foul: unused)
        self.depth = 0  # depth(n) (WC-TEAM-ESP-1)
        self.tie_priority = False  # WC-TEAM-BRA-3
        self.any_grade = False  # WC-TEAM-MEX-1
        self.opponent_pairs = False  # WC-TEAM-PRK-1
        self.goal_first = False  # WC-TEAM-CIV-2
        self.double_dice = False  # WC-TEAM-ESP-3
        self.counter = 0  # extra counter-attack dice
        self.kick_dice = 2  # dice per shootout kick (WC-GAP-21)
        self.once = 0  # once-per-match abilities, USE_* bits
        self.prep: list[str] = []  # preparation-phase skills in the team's order ("depth", "gamble")
        self.display: list[str] = []  # display-phase skills in the team's order ("swap", "first", "flip")


@dataclass(frozen=True)
class Context:
    """What a skill may look at when it is set up: the two teams' grades."""

    grade: str
    opp_grade: str


SkillFn = Callable[..., None]


@dataclass(frozen=True)
class SkillDef:
    code: str
    params: Mapping[str, str]  # parameter name -> its type: "speed_kinds", "value_kinds", "n", "grade"
    fn: SkillFn
    summary: str

    def apply(self, me: Powers, opp: Powers, ctx: Context, params: Mapping[str, Any]) -> None:
        self.fn(me, opp, ctx, **params)


SKILLS: dict[str, SkillDef] = {}


def skill(code: str, summary: str, **params: str) -> Callable[[SkillFn], SkillFn]:
    """Register ``fn(me, opp, ctx, **params)`` as the skill ``code``."""

    def register(fn: SkillFn) -> SkillFn:
        if code in SKILLS:
            raise ValueError(f"skill code {code!r} registered twice")
        SKILLS[code] = SkillDef(code, dict(params), fn, summary)
        return fn

    return register


def kinds_of(kind: str | list[str]) -> list[int]:
    words = [kind] if isinstance(kind, str) else kind
    out: list[int] = []
    for w in words:
        out.extend(range(4) if w == "all" else [Kind[w.upper()].value])
    return out


# --------------------------------------------------------------------------- modifiers


@skill("speed", "adds n to the effective speed of own cards of that kind", kind="speed_kinds", n="n")
def _speed(me: Powers, opp: Powers, ctx: Context, kind: str | list[str], n: int) -> None:
    for k in kinds_of(kind):
        me.speed[k] += n


@skill("opp_speed", "adds n (negative) to the effective speed of the opponent's cards", kind="speed_kinds", n="n")
def _opp_speed(me: Powers, opp: Powers, ctx: Context, kind: str | list[str], n: int) -> None:
    for k in kinds_of(kind):
        opp.speed[k] += n


@skill("speed_vs_grade", "as speed(all,+n), only against an opponent of that grade", grade="grade", n="n")
def _speed_vs_grade(me: Powers, opp: Powers, ctx: Context, grade: str, n: int) -> None:
    if ctx.opp_grade == grade:
        for k in range(4):
            me.speed[k] += n


@skill("value", "adds n to the value of own cards of that kind, in comparisons and voids", kind="value_kinds", n="n")
def _value(me: Powers, opp: Powers, ctx: Context, kind: str | list[str], n: int) -> None:
    for k in kinds_of(kind):
        me.value[k] += n


# --------------------------------------------------------------------------- phases


@skill("depth", "group: starting hand +n; knockout preparation: draw n, then discard n", n="n")
def _depth(me: Powers, opp: Powers, ctx: Context, n: int) -> None:
    me.depth += n
    if "depth" not in me.prep:
        me.prep.append("depth")


@skill("lineup_gamble", "preparation: optional die; football -> lineup max 5, number -> max 3")
def _lineup_gamble(me: Powers, opp: Powers, ctx: Context) -> None:
    me.prep.append("gamble")


@skill("any_grade", "any half of any card may be fielded")
def _any_grade(me: Powers, opp: Powers, ctx: Context) -> None:
    me.any_grade = True


@skill("swap_once", "display phase, once per match, not in extra time: swap a hand card with a lineup card")
def _swap_once(me: Powers, opp: Powers, ctx: Context) -> None:
    me.once |= USE_SWAP
    me.display.append("swap")


@skill("goal_first", "display phase: pick a goal card, roll; number -> it is the first active card")
def _goal_first(me: Powers, opp: Powers, ctx: Context) -> None:
    me.goal_first = True
    me.display.append("first")


@skill("flip_once", "display phase, once per match: flip a fielded attack/defense card, grade ignored")
def _flip_once(me: Powers, opp: Powers, ctx: Context) -> None:
    me.once |= USE_FLIP
    me.display.append("flip")


@skill("tie_priority", "wins cross-team speed ties before world rank")
def _tie_priority(me: Powers, opp: Powers, ctx: Context) -> None:
    me.tie_priority = True


@skill("opponent_pairs", "the opponent makes all of this team's pairing choices")
def _opponent_pairs(me: Powers, opp: Powers, ctx: Context) -> None:
    me.opponent_pairs = True


# --------------------------------------------------------------------------- dice


@skill("double_dice", "optional per own attack roll: twice the dice, a goal per two footballs")
def _double_dice(me: Powers, opp: Powers, ctx: Context) -> None:
    me.double_dice = True


@skill("reroll_once", "once per match, reroll all dice of one own tactical-dice roll")
def _reroll_once(me: Powers, opp: Powers, ctx: Context) -> None:
    me.once |= USE_REROLL


@skill("reroll_foul_once", "once per match, reroll one own foul-die result")
def _reroll_foul_once(me: Powers, opp: Powers, ctx: Context) -> None:
    me.once |= USE_REROLL_FOUL


@skill("ignore_foul_once", "once per match, ignore one own foul-die result")
def _ignore_foul_once(me: Powers, opp: Powers, ctx: Context) -> None:
    me.once |= USE_IGNORE_FOUL


@skill("ignore_defense_once", "once per match, an own attack-vs-defense roll uses the full attack value")
def _ignore_defense_once(me: Powers, opp: Powers, ctx: Context) -> None:
    me.once |= USE_IGNORE_DEFENSE


@skill("counter", "own counter-attacks roll n extra dice", n="n")
def _counter(me: Powers, opp: Powers, ctx: Context, n: int) -> None:
    me.counter += n


@skill("shootout_dice", "own penalty-shootout kicks roll n dice", n="n")
def _shootout_dice(me: Powers, opp: Powers, ctx: Context, n: int) -> None:
    me.kick_dice = n

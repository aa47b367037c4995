"""Abilities of characters and skill cards: one registered function per effect id.

A character row or a skill-card row in the data names an ``effect`` and its ``params``; the
function registered under that id *installs* the ability into a :class:`Powers` bundle: a number
the rules read (hand limit, cost modifiers, saves a shot needs), a trigger run at a time point
(WB-TURN-4b), a prompt that asks its owner, or an [action] skill (WB-GAP-16). Adding a character
with an existing ability is a data row; a new ability is one function here and one scenario test.

Powers are computed per (character, equipped skills) and cached on the table, so the hot paths
read plain attributes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pitchside.games.world_ball.state import HAND_LIMIT, team

if TYPE_CHECKING:
    from pitchside.core.game import Event
    from pitchside.games.world_ball.cards import Character
    from pitchside.games.world_ball.rules import WorldBallState

    St = WorldBallState
else:
    St = Any

Ctx = dict[str, Any]
Trigger = Callable[[St, int, Ctx, "list[Event]"], None]

# Time points of automatic triggers (WB-TURN-4b), fired for every seat clockwise from the active
# player (WB-GAP-27). ctx keys: shooter, play ("shoot" / a set-piece id), by (the negating seat or -1).
SHOT_PLAYED = "shot_played"
SHOT_NEGATED = "shot_negated"
GOAL = "goal"
EQUIP = "equip"  # ctx: seat, card, cls
ACTION_END = "action_end"  # ctx: seat
TURN_START = "turn_start"  # ctx: seat
POINTS = (SHOT_PLAYED, SHOT_NEGATED, GOAL, EQUIP, ACTION_END, TURN_START)

# Prompt points: the owner is asked ('skill [CARD]' or 'pass').
STAMINA_ZERO = "stamina_zero"  # ctx: seat
SAVE_PLAYED = "save_played"  # an option inside the save window; ctx: shooter, saver


@dataclass(frozen=True)
class Prompt:
    """A triggered "you may": offered to its owner as a decision when ``when`` holds."""

    effect: str
    point: str
    card: bool  # answered by discarding one card ('skill CARD') rather than 'skill'
    cost: int  # stamina it costs to use
    when: Callable[[St, int, Ctx], bool]
    apply: Callable[[St, int, Ctx, list[Event]], None]


@dataclass(frozen=True)
class ActionSkill:
    """An [action] skill (WB-GAP-16): 'skill CARD @SEAT' or 'skill @SEAT' in the own action phase."""

    effect: str
    card: str  # "discard" (a cost), "give" (the card goes to the target) or "none"
    target: str  # "teammate" or "opponent"
    uses: int  # per turn, always to the same target
    apply: Callable[[St, int, str, int, list[Event]], None]


class Powers:
    """Everything a seat's character and equipped skills add to the rules."""

    __slots__ = (
        "action",
        "captain",
        "discard_as_save",
        "draw_count",
        "free_first_shot",
        "free_save_max",
        "free_set_pieces",
        "full_save",
        "hand_limit",
        "limit",
        "max_delta",
        "max_stamina",
        "names",
        "needs",
        "no_gk_save",
        "no_injury",
        "opp_save_delta",
        "prompts",
        "save",
        "save_as_shot",
        "save_delta",
        "shoot",
        "shoot_delta",
        "triggers",
        "wall",
    )  # fmt: skip

    def __init__(self) -> None:
        self.hand_limit = 0  # 0 = the default (WB-TURN-5)
        self.draw_count = 0  # 0 = the default (WB-TURN-3)
        self.no_injury = False
        self.needs: dict[str, int] = {}  # play -> saves needed at least
        self.shoot_delta = 0
        self.save_delta = 0
        self.free_first_shot = False
        self.free_save_max = -1  # saves cost 0 while the hand has at most this many cards
        self.free_set_pieces = False
        self.opp_save_delta = 0  # added to every save against this seat's shots
        self.no_gk_save = False
        self.full_save: frozenset[str] = frozenset()  # plays one save of this seat fully negates
        self.max_delta = 0
        self.save_as_shot = False
        self.discard_as_save = False
        self.wall: frozenset[str] = frozenset()  # plays this seat may answer by discarding any card
        self.captain = False
        self.triggers: dict[str, list[Trigger]] = {}
        self.prompts: dict[str, list[Prompt]] = {}
        self.action: ActionSkill | None = None
        self.names: tuple[str, ...] = ()  # the effect ids installed
        # What the rules read most, settled once the abilities are installed (settle): for no character
        self.limit = HAND_LIMIT  # the hand limit (WB-TURN-5, WB-GAP-24)
        self.max_stamina = 0  # WB-CHAR-2 plus 体能充沛 (WB-GAP-2)
        self.shoot: int | None = None  # a 射门's cost before "free" effects; None: cannot shoot (WB-CHAR-5)
        self.save = 0  # the character's Save cost

    def settle(self, ch: Character | None) -> None:
        """Compute the facts read on every decision from the character and the installed abilities: the
        powers are cached per (character, equipped skills), so these are too (Mechanics reads them)."""
        self.limit = self.hand_limit or HAND_LIMIT
        if ch is not None:
            self.max_stamina = ch.stamina + self.max_delta
            self.shoot = None if ch.shoot is None else max(0, ch.shoot + self.shoot_delta)
            self.save = ch.save

    def on(self, point: str, fn: Trigger) -> None:
        self.triggers.setdefault(point, []).append(fn)

    def prompt(self, p: Prompt) -> None:
        self.prompts.setdefault(p.point, []).append(p)


@dataclass(frozen=True)
class Ability:
    id: str
    kind: str  # "passive", "trigger" or "action" (the character tags of the reference)
    install: Callable[[Powers, Mapping[str, Any]], None]
    schema: Mapping[str, tuple[type, Any]]  # param -> (type, default); REQUIRED = no default
    doc: str = ""


REQUIRED: Any = object()
ABILITIES: dict[str, Ability] = {}
_EMPTY = Powers()


def ability(eid: str, kind: str, **schema: tuple[type, Any]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register ``fn(pw, params)`` as the ability ``eid``."""

    def deco(fn: Callable[..., None]) -> Callable[..., None]:
        ABILITIES[eid] = Ability(eid, kind, fn, schema, (fn.__doc__ or "").strip())
        return fn

    return deco


def with_defaults(eid: str, params: Mapping[str, Any]) -> dict[str, Any]:
    ab = ABILITIES[eid]
    out = {k: d for k, (_t, d) in ab.schema.items() if d is not REQUIRED}
    out.update(params)
    return out


def build_powers(sources: list[tuple[str, Mapping[str, Any]]], ch: Character | None = None) -> Powers:
    """The powers of a character (``ch``, its ability first in ``sources``) plus its equipped skills, given
    as (effect id, params) pairs."""
    if not sources and ch is None:
        return _EMPTY
    pw = Powers()
    for eid, params in sources:
        ABILITIES[eid].install(pw, with_defaults(eid, params))
    pw.names = tuple(eid for eid, _ in sources)
    pw.settle(ch)
    return pw


def _plays(p: Mapping[str, Any]) -> frozenset[str]:
    return frozenset({p["play"]})


def _who_matches(who: str, me: int, seat: int) -> bool:
    if who == "self":
        return seat == me
    if who == "teammate":
        return seat != me and team(seat) == team(me)
    if who == "opponent":
        return team(seat) != team(me)
    return who == "any"


# --------------------------------------------------------------------------- passives


@ability("hand_limit", "passive", limit=(int, REQUIRED))
def hand_limit(pw: Powers, p: Mapping[str, Any]) -> None:
    """Your hand limit is ``limit`` (Rooney 6 — WB-TURN-5; van der Sar, Lahm 5 — WB-GAP-24)."""
    pw.hand_limit = max(pw.hand_limit, p["limit"])


@ability("draw_count", "passive", count=(int, REQUIRED))
def draw_count(pw: Powers, p: Mapping[str, Any]) -> None:
    """You draw ``count`` instead of 2 in your draw phase (Xavi)."""
    pw.draw_count = max(pw.draw_count, p["count"])


@ability("no_injury", "passive")
def no_injury(pw: Powers, p: Mapping[str, Any]) -> None:
    """You cannot become injured (Čech; 铁人 Iron Man)."""
    pw.no_injury = True


@ability("shot_needs", "passive", play=(str, REQUIRED), needs=(int, REQUIRED))
def shot_needs(pw: Powers, p: Mapping[str, Any]) -> None:
    """Your shots of kind ``play`` need ``needs`` saves (Pirlo; 世界波; 定位球专家)."""
    play = p["play"]
    pw.needs[play] = max(pw.needs.get(play, 0), p["needs"])


@ability("shoot_cost", "passive", delta=(int, REQUIRED))
def shoot_cost(pw: Powers, p: Mapping[str, Any]) -> None:
    """Your 射门 costs ``delta`` more (negative: less; minimum 0) (远射 Long Shot)."""
    pw.shoot_delta += p["delta"]


@ability("save_cost", "passive", delta=(int, REQUIRED))
def save_cost(pw: Powers, p: Mapping[str, Any]) -> None:
    """Your 救险 costs ``delta`` more (negative: less; minimum 0) (门线解围 Goal-line Clearance)."""
    pw.save_delta += p["delta"]


@ability("free_first_shot", "passive")
def free_first_shot(pw: Powers, p: Mapping[str, Any]) -> None:
    """The first 射门 you play each turn costs 0 (Lampard)."""
    pw.free_first_shot = True


@ability("free_save_small_hand", "passive", max_cards=(int, REQUIRED))
def free_save_small_hand(pw: Powers, p: Mapping[str, Any]) -> None:
    """While you hold at most ``max_cards`` cards, your 救险 costs 0 (Ferdinand)."""
    pw.free_save_max = max(pw.free_save_max, p["max_cards"])


@ability("free_set_pieces", "passive")
def free_set_pieces(pw: Powers, p: Mapping[str, Any]) -> None:
    """Your set-piece cards cost 0 stamina (Piqué)."""
    pw.free_set_pieces = True


@ability("opp_save_cost", "passive", delta=(int, REQUIRED))
def opp_save_cost(pw: Powers, p: Mapping[str, Any]) -> None:
    """Every Save against your shots costs its player ``delta`` more (Cristiano Ronaldo)."""
    pw.opp_save_delta += p["delta"]


@ability("no_gk_save", "passive")
def no_gk_save(pw: Powers, p: Mapping[str, Any]) -> None:
    """Goalkeepers cannot use 射门 as 救险 against your shots (Drogba)."""
    pw.no_gk_save = True


@ability("full_save", "passive", play=(str, REQUIRED))
def full_save(pw: Powers, p: Mapping[str, Any]) -> None:
    """A single Save of yours fully negates a shot of kind ``play`` (Casillas vs 点球)."""
    pw.full_save = pw.full_save | _plays(p)


@ability("max_stamina", "passive", delta=(int, REQUIRED))
def max_stamina(pw: Powers, p: Mapping[str, Any]) -> None:
    """Max stamina + ``delta`` (体能充沛 Endurance); the rules add it on equip and cap on removal."""
    pw.max_delta += p["delta"]


@ability("save_as_shot", "passive")
def save_as_shot(pw: Powers, p: Mapping[str, Any]) -> None:
    """In your action phase you may play 救险 cards as 射门, paying your Shoot cost (Henry)."""
    pw.save_as_shot = True


@ability("discard_as_save", "trigger")
def discard_as_save(pw: Powers, p: Mapping[str, Any]) -> None:
    """Whenever you could play a 救险 you may discard any card instead (Terry, WB-TURN-4a, WB-GAP-17)."""
    pw.discard_as_save = True


@ability("wall", "passive", play=(str, "free_kick"))
def wall(pw: Powers, p: Mapping[str, Any]) -> None:
    """You may answer an opposing ``play`` by discarding any card, no stamina; it counts as a Save (人墙)."""
    pw.wall = pw.wall | _plays(p)


@ability("captain", "trigger")
def captain(pw: Powers, p: Mapping[str, Any]) -> None:
    """When a teammate plays a 救险, you may pay its stamina cost instead of him (Puyol)."""
    pw.captain = True


# --------------------------------------------------------------------------- automatic triggers


@ability("recover_on_negate", "trigger", amount=(int, 1))
def recover_on_negate(pw: Powers, p: Mapping[str, Any]) -> None:
    """When you negate a shot, recover ``amount`` stamina (Buffon)."""
    amount = p["amount"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["by"] == seat:
            st.recover(seat, amount, ev, "recover_on_negate")

    pw.on(SHOT_NEGATED, run)


@ability("draw_on_negate", "trigger", count=(int, 1))
def draw_on_negate(pw: Powers, p: Mapping[str, Any]) -> None:
    """When you negate a shot, draw ``count`` cards (Júlio César; 预判 Anticipation)."""
    count = p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["by"] == seat:
            st.draw(seat, count, ev, "draw_on_negate")

    pw.on(SHOT_NEGATED, run)


@ability("drain_shooter", "trigger", amount=(int, 1), play=(str, "shoot"))
def drain_shooter(pw: Powers, p: Mapping[str, Any]) -> None:
    """When you negate a shot of kind ``play``, its shooter loses ``amount`` stamina (Cannavaro)."""
    amount, play = p["amount"], p["play"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["by"] == seat and ctx["play"] == play:
            st.lose(ctx["shooter"], amount, ev, "drain_shooter")

    pw.on(SHOT_NEGATED, run)


@ability("draw_on_shot_negated", "trigger", who=(str, "self"), play=(str, "any"), count=(int, 1))
def draw_on_shot_negated(pw: Powers, p: Mapping[str, Any]) -> None:
    """When a shot of kind ``play`` by ``who`` (self / teammate / opponent) is negated, draw
    ``count`` (Lúcio: own 射门; 门前抢点 Poacher: own shot; Villa: a teammate's; Eto'o: an opponent's)."""
    who, play, count = p["who"], p["play"], p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if (play == "any" or ctx["play"] == play) and _who_matches(who, seat, ctx["shooter"]):
            st.draw(seat, count, ev, "draw_on_shot_negated")

    pw.on(SHOT_NEGATED, run)


@ability("draw_on_shot_played", "trigger", play=(str, REQUIRED), count=(int, 1))
def draw_on_shot_played(pw: Powers, p: Mapping[str, Any]) -> None:
    """When you play a shot of kind ``play``, draw ``count`` (Beckham: 任意球)."""
    play, count = p["play"], p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["shooter"] == seat and ctx["play"] == play:
            st.draw(seat, count, ev, "draw_on_shot_played")

    pw.on(SHOT_PLAYED, run)


@ability("draw_on_goal", "trigger", who=(str, "teammate"), count=(int, 1))
def draw_on_goal(pw: Powers, p: Mapping[str, Any]) -> None:
    """When ``who`` scores, draw ``count`` (Sneijder: a teammate)."""
    who, count = p["who"], p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if _who_matches(who, seat, ctx["shooter"]):
            st.draw(seat, count, ev, "draw_on_goal")

    pw.on(GOAL, run)


@ability("recover_on_goal", "trigger", amount=(int, 1))
def recover_on_goal(pw: Powers, p: Mapping[str, Any]) -> None:
    """When your shot scores, recover ``amount`` stamina (Torres)."""
    amount = p["amount"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["shooter"] == seat:
            st.recover(seat, amount, ev, "recover_on_goal")

    pw.on(GOAL, run)


@ability("draw_on_equip", "trigger", cls=(str, "defense"), count=(int, 1))
def draw_on_equip(pw: Powers, p: Mapping[str, Any]) -> None:
    """When you equip a skill of class ``cls``, draw ``count`` (Nesta: 防)."""
    cls, count = p["cls"], p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["seat"] == seat and ctx["cls"] == cls:
            st.draw(seat, count, ev, "draw_on_equip")

    pw.on(EQUIP, run)


@ability("draw_if_no_shot", "trigger", count=(int, 1))
def draw_if_no_shot(pw: Powers, p: Mapping[str, Any]) -> None:
    """At the end of your action phase, if you played no 射门 this turn, draw ``count`` (Schweinsteiger)."""
    count = p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["seat"] == seat and st.shots == 0:
            st.draw(seat, count, ev, "draw_if_no_shot")

    pw.on(ACTION_END, run)


@ability("draw_at_turn_start", "trigger", count=(int, 1))
def draw_at_turn_start(pw: Powers, p: Mapping[str, Any]) -> None:
    """At your turn start, draw ``count`` (WB-TURN-1: "some characters' skills may trigger"; no card of
    the reference uses it — it is there for data packs)."""
    count = p["count"]

    def run(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        if ctx["seat"] == seat:
            st.draw(seat, count, ev, "draw_at_turn_start")

    pw.on(TURN_START, run)


# --------------------------------------------------------------------------- prompts ("you may")


@ability("second_wind", "trigger", amount=(int, 1))
def second_wind(pw: Powers, p: Mapping[str, Any]) -> None:
    """When your stamina becomes 0, you may discard 1 card to recover ``amount`` (第二口气 Second Wind)."""
    amount = p["amount"]

    def apply(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        st.recover(seat, amount, ev, "second_wind")

    pw.prompt(Prompt("second_wind", STAMINA_ZERO, True, 0, lambda st, seat, ctx: ctx["seat"] == seat, apply))


@ability("header", "trigger", play=(str, "free_kick"), cost=(int, 1), extra=(int, 1))
def header(pw: Powers, p: Mapping[str, Any]) -> None:
    """When a teammate plays a ``play``, you may pay ``cost`` stamina: it needs ``extra`` more saves (Klose)."""
    play, cost, extra = p["play"], p["cost"], p["extra"]

    def when(st: St, seat: int, ctx: Ctx) -> bool:
        shooter = ctx["shooter"]
        return ctx["play"] == play and shooter != seat and team(shooter) == team(seat)

    def apply(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        st.raise_needs(extra, ev)

    pw.prompt(Prompt("header", SHOT_PLAYED, False, cost, when, apply))


@ability("negate_save_by_discard", "trigger")
def negate_save_by_discard(pw: Powers, p: Mapping[str, Any]) -> None:
    """When a Save is played against your shot, you may discard 1 card to negate that Save (Messi)."""

    def apply(st: St, seat: int, ctx: Ctx, ev: list[Event]) -> None:
        st.negate_save(ev, "negate_save_by_discard")

    pw.prompt(
        Prompt("negate_save_by_discard", SAVE_PLAYED, True, 0, lambda st, seat, ctx: ctx["shooter"] == seat, apply)
    )


# --------------------------------------------------------------------------- [action] skills


@ability("discard_teammate_draws", "action", count=(int, 1))
def discard_teammate_draws(pw: Powers, p: Mapping[str, Any]) -> None:
    """[action] Discard 1 card; a teammate of your choice draws ``count`` (Neuer)."""
    count = p["count"]

    def apply(st: St, seat: int, card: str, target: int, ev: list[Event]) -> None:
        st.draw(target, count, ev, "discard_teammate_draws")

    pw.action = ActionSkill("discard_teammate_draws", "discard", "teammate", 1, apply)


@ability("discard_teammate_recovers", "action", amount=(int, 1))
def discard_teammate_recovers(pw: Powers, p: Mapping[str, Any]) -> None:
    """[action] Discard 1 card; a teammate of your choice recovers ``amount`` stamina (Gerrard)."""
    amount = p["amount"]

    def apply(st: St, seat: int, card: str, target: int, ev: list[Event]) -> None:
        st.recover(target, amount, ev, "discard_teammate_recovers")

    pw.action = ActionSkill("discard_teammate_recovers", "discard", "teammate", 1, apply)


@ability("give_cards", "action", count=(int, 2))
def give_cards(pw: Powers, p: Mapping[str, Any]) -> None:
    """[action] Give up to ``count`` cards from your hand to one teammate, one at a time (Iniesta)."""

    def apply(st: St, seat: int, card: str, target: int, ev: list[Event]) -> None:
        st.give(seat, card, target, ev)

    pw.action = ActionSkill("give_cards", "give", "teammate", p["count"], apply)


@ability("deny_save", "action")
def deny_save(pw: Powers, p: Mapping[str, Any]) -> None:
    """[action] Choose an opponent: he may not play a Save (or substitute) against your next shot
    this turn (Kaká)."""

    def apply(st: St, seat: int, card: str, target: int, ev: list[Event]) -> None:
        st.block = target

    pw.action = ActionSkill("deny_save", "none", "opponent", 1, apply)


EFFECT_KINDS = ("passive", "trigger", "action")
WHO = ("self", "teammate", "opponent", "any")
PARAM_CHOICES: dict[str, tuple[str, ...]] = {"who": WHO, "cls": ("attack", "defense", "stamina")}

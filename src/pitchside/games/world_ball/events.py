"""Event cards (事件卡): one registered function per effect id (WB-GAP-9).

An event row in data/events.toml names its ``effect``. The registration says what the card
targets, whether it is *reactive* (what it answers: an event, a Save or a shot) and whether it is
a *pending* card (its function then runs at the target's turn start, WB-GAP-14). A new event
that reuses an effect is a data row only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pitchside.games.world_ball.effects import REQUIRED

if TYPE_CHECKING:
    from pitchside.core.game import Event
    from pitchside.games.world_ball.rules import WorldBallState

    St = WorldBallState
else:
    St = Any

EventFn = Callable[[St, int, int, str, Mapping[str, Any], "list[Event]"], None]

# What an event targets: nothing, an opponent, an opponent holding cards, an equipped skill of an
# opponent (the action then names the skill: 'play tactical_disruption @3 wall').
TARGETS = ("none", "opponent", "opponent_hand", "opponent_skill")
ANSWERS = ("", "event", "save", "shot")


@dataclass(frozen=True)
class EventEffect:
    id: str
    target: str
    answers: str  # "" = played in the own action phase; else the reactive timing (WB-EVT-3)
    pending: bool  # placed in the target's pending area, runs at his turn start (WB-GAP-14)
    run: EventFn  # (state, player, target seat or -1, extra, params, events)
    schema: Mapping[str, tuple[type, Any]]
    doc: str = ""


EVENT_EFFECTS: dict[str, EventEffect] = {}


def event_effect(
    eid: str, *, target: str = "none", answers: str = "", pending: bool = False, **schema: tuple[type, Any]
) -> Callable[[EventFn], EventFn]:
    assert target in TARGETS and answers in ANSWERS, (eid, target, answers)

    def deco(fn: EventFn) -> EventFn:
        EVENT_EFFECTS[eid] = EventEffect(eid, target, answers, pending, fn, schema, (fn.__doc__ or "").strip())
        return fn

    return deco


def with_defaults(eid: str, params: Mapping[str, Any]) -> dict[str, Any]:
    eff = EVENT_EFFECTS[eid]
    out = {k: d for k, (_t, d) in eff.schema.items() if d is not REQUIRED}
    out.update(params)
    return out


# --------------------------------------------------------------------------- reactive


@event_effect("negate_event", answers="event")
def negate_event(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """Negate the event card it answers, which may be another 争议事件 (WB-GAP-10: a chain resolved by parity)."""
    # Nothing to do here: the chain counts the cards stacked on an event and lets it act iff even.


@event_effect("negate_save", answers="save")
def negate_save(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """An opponent's Save against your team's shot is negated and does not count (黑哨)."""
    st.negate_save(ev, "negate_save")


@event_effect("negate_shot", answers="shot")
def negate_shot(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """An opposing shot is negated, whatever it needs (误判)."""
    st.negate_shot(-1, ev)


# --------------------------------------------------------------------------- own action phase


@event_effect("injure", target="opponent")
def injure(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """The target opponent becomes injured (WB-GAP-13) (铲球)."""
    st.injure(target, ev)


@event_effect("steal_random", target="opponent_hand")
def steal_random(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """Take 1 random card from the target opponent's hand into yours (抢断, WB-GAP-31)."""
    st.steal_random(player, target, ev)


@event_effect("draw", count=(int, 2))
def draw(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """Draw ``count`` cards (战术调整)."""
    st.draw(player, p["count"], ev, "event")


@event_effect("discard_skill", target="opponent_skill")
def discard_skill(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """Discard the named skill card equipped by the target opponent (战术破坏)."""
    st.discard_skill(target, extra, ev)


# --------------------------------------------------------------------------- pending (run at the target's turn start)


@event_effect("skip_draw", target="opponent", pending=True)
def skip_draw(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """At his next turn start: he skips his draw phase this turn (黄牌)."""
    st.skip_draw = True


@event_effect("no_shots", target="opponent", pending=True)
def no_shots(st: St, player: int, target: int, extra: str, p: Mapping[str, Any], ev: list[Event]) -> None:
    """At his next turn start: this turn he may not play 射门 or set-piece cards (盯人)."""
    st.no_shots = True

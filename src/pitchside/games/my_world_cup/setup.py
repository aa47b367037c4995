"""The My World Cup setup notation: reading a setup and the game's own setup invariants.

Core checks the header, the declared fields' types and ranges (core/state.py) and, through
GameBase.from_setup, that the match can go on (check_playable). Here: the cards (conserved; cards a
setup leaves unnamed go to the deck), the lineups, and that the open question and the pending steps
are ones the rules can ask and run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import DataError
from pitchside.core.game import Event
from pitchside.core.rng import Rng
from pitchside.core.setupfile import read_rest, rest_in_deck, unnamed_cards
from pitchside.core.state import read_fields
from pitchside.games.my_world_cup.cards import FOUL_FACES
from pitchside.games.my_world_cup.state import (
    ROLL_ATTACK,
    ROLL_KICK,
    UNRESOLVED,
    Data,
    Op,
    Phase,
)

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.game import MyWorldCup
    from pitchside.games.my_world_cup.rules import MyWorldCupState

Fail = Callable[[str, str], DataError]

# The phases in which each question can be open (rules.py, resolve.py).
_PHASES: dict[Op, tuple[Phase, ...]] = {
    Op.DISCARD: (Phase.PREPARATION,),
    Op.GAMBLE: (Phase.PREPARATION,),
    Op.FIELD: (Phase.LINEUP,),
    Op.SWAP: (Phase.DISPLAY,),
    Op.SWAP_IN: (Phase.DISPLAY,),
    Op.FIRST: (Phase.DISPLAY,),
    Op.FLIP: (Phase.DISPLAY,),
    Op.LEAD: (Phase.PAIRING,),
    Op.PAIR: (Phase.PAIRING,),
    Op.IGNORE_DEF: (Phase.PAIRING,),
    Op.DOUBLE: (Phase.PAIRING,),
    Op.REROLL: (Phase.PAIRING, Phase.SHOOTOUT),
    Op.FOUL: (Phase.PAIRING,),
    Op.REMOVE: (Phase.PAIRING,),
}
# Each question's arguments after [op, seat], and each pending step's after [name].
_ASK_ARGS = {
    Op.DISCARD: ("count",),
    Op.GAMBLE: (),
    Op.FIELD: (),
    Op.SWAP: (),
    Op.SWAP_IN: ("slot",),
    Op.FIRST: (),
    Op.FLIP: (),
    Op.LEAD: ("side",),
    Op.PAIR: ("side", "slot"),
    Op.IGNORE_DEF: ("dice", "dice"),
    Op.DOUBLE: ("dice",),
    Op.REROLL: ("dice", "mode", "purpose", "goals"),
    Op.FOUL: ("face",),
    Op.REMOVE: ("side",),
}
_STEP_ARGS = {
    "draw": ("side", "count"),
    "depth": ("side",),
    "gamble": ("side",),
    "swap": ("side",),
    "first": ("side",),
    "flip": ("side",),
    "attack": ("side", "dice", "full"),
    "goal": ("side", "goals"),
    "foul": ("side",),
}
_DICE_MAX = 99  # no roll of the rules is near it (WC-GAP-4); a setup cannot ask for a million dice
_RANGES = {
    "side": (0, 1),
    "count": (0, 90),
    "slot": (0, 8),
    "dice": (0, _DICE_MAX),
    "full": (-1, _DICE_MAX),
    "goals": (0, _DICE_MAX),
    "mode": (1, 2),
    "purpose": (ROLL_ATTACK, ROLL_KICK),
    "face": (0, len(FOUL_FACES) - 1),
}


def read_setup(
    game: MyWorldCup,
    setup: Mapping[str, Any],
    source: str,
    advance: bool = True,
    events: list[Event] | None = None,
) -> MyWorldCupState:
    """Build a state from the setup notation (docs/notation.md); errors name the field.

    A setup without an open ``ask`` (a hand-built scenario) runs on to the next decision when
    ``advance`` is true; the events of getting there go to ``events`` when given.
    """
    from pitchside.games.my_world_cup.game import blank

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    if not isinstance(setup, Mapping):
        raise fail("", "a setup is a JSON object")
    if setup.get("game", "my-world-cup") not in ("my-world-cup", *game.aliases):
        raise fail("game", "this is a setup of another game")
    if "seats" in setup and (type(setup["seats"]) is not int or setup["seats"] != 2):
        raise fail("seats", "My World Cup is played by 2 seats, one per team (WC-PROJ-1)")
    cfg = game.normalize_config(setup.get("config"), source)
    if cfg.get("teams") is None:
        raise fail("config.teams", "a setup names both teams")
    rest = read_rest(setup, source, "My World Cup")  # "deck" (the default) or "elsewhere": a tournament's other hands
    t = game.table(cfg)
    st = blank(t, Rng(0))
    st.phase = Phase.LINEUP
    read_fields(st, setup, source, seats=2, header={"game", "config", "seats", "rest"})  # types, ranges, lengths
    if "stat" not in setup:
        st.stat = [[UNRESOLVED] * len(st.line[0]), [UNRESOLVED] * len(st.line[1])]
    _cards(st, rest, fail)
    _check(st, fail)
    if advance and st.ask is None and st.phase is not Phase.OVER:
        st._advance([] if events is None else events)
    return st


def _cards(st: MyWorldCupState, rest: str, fail: Fail) -> None:
    """Cards are conserved (WC-CARD-5); the ones a setup does not name go to the deck, beneath the ones it
    names (those are drawn first), in an order drawn from the setup's ``rng`` (or elsewhere, if it says so)."""
    from pitchside.games.my_world_cup.game import card_census

    want = Counter(st.t.m.cards.physical)
    got = card_census(st)
    for cid in sorted(set(got) | set(want)):
        if got[cid] > want[cid]:
            raise fail("hands", f"card {cid}: {got[cid]} in play, the card set has {want[cid]} (cards are conserved)")
    unnamed = unnamed_cards(want.elements(), got)
    if rest == "elsewhere":
        st.elsewhere = sorted(st.elsewhere + unnamed)
    else:
        st.deck = rest_in_deck(st.deck, unnamed, st.rng)


def card_ids(st: Data) -> list[str]:
    ids = st.deck + st.discard + st.hands[0] + st.hands[1]
    ids += [c.split(":", 1)[0] for s in (0, 1) for c in st.line[s]]
    return ids


def _args(values: tuple[Any, ...], names: tuple[str, ...]) -> str | None:
    """Why ``values`` are not the integers ``names`` call for (None if they are)."""
    if len(values) != len(names):
        return f"takes {len(names)} integer(s) after its name: {', '.join(names) or 'none'}"
    for v, name in zip(values, names, strict=True):
        lo, hi = _RANGES[name]
        if type(v) is not int or not lo <= v <= hi:
            return f"its {name} must be an integer {lo}..{hi}"
    return None


def _check(st: MyWorldCupState, fail: Fail) -> None:
    """The situation must be one the rules can reach: lineups well formed, the open question and the
    pending steps ones the rules ask and run."""
    m = st.t.m
    for i, step in enumerate(st.todo):
        names = _STEP_ARGS.get(step[0]) if step and isinstance(step[0], str) else None
        why = "is unknown" if names is None else _args(step[1:], names)
        if why:
            known = ", ".join(sorted(_STEP_ARGS))
            raise fail(f"todo.{i}", f"a step is [name, integers...] with a name among {known}: this one {why}")
    for s in (0, 1):
        for text in st.line[s]:
            if text not in m.eff[s]:
                raise fail(f"line.{s}", f"{text!r} is not a card half such as 'AD4:top'")
        if len(st.stat[s]) != len(st.line[s]):
            raise fail(f"stat.{s}", "needs one status per lineup card")
        if not -1 <= st.first[s] < len(st.line[s]):  # issue 7: 0 with an empty lineup raised IndexError at pairing
            raise fail(f"first.{s}", f"-1, or the index of a card of line.{s} ({len(st.line[s])} cards)")
    _check_shootout(st, fail)
    ask = st.ask
    if ask is None:
        return
    if st.phase is Phase.OVER:
        raise fail("ask", "a finished match asks nothing")
    if len(ask) < 2 or ask[0] not in _ASK_ARGS or type(ask[1]) is not int or ask[1] not in (0, 1):
        raise fail("ask", f"must be null or [op, seat, integers...] with an op among {', '.join(_ASK_ARGS)}")
    op, seat = Op(ask[0]), ask[1]
    st.ask = ask = (op, *ask[1:])
    why = _args(ask[2:], _ASK_ARGS[op])
    if why:
        raise fail("ask", f"{op.value!r} {why}")
    if st.phase not in _PHASES[op]:
        raise fail("ask", f"{op.value!r} is not asked in the {st.phase.name.lower()} phase")
    if st.t.neutral[seat]:
        raise fail("ask", f"side {seat} is neutral: the match answers for it and never asks it (WC-GAP-24)")
    _check_ask(st, op, seat, ask, fail)


def _check_shootout(st: MyWorldCupState, fail: Fail) -> None:
    """WC-GAP-21: kicks are taken in the shootout only, the better world rank first, one each in turn."""
    a = st.t.m.order[0]
    ka, kb = st.kicks[a], st.kicks[1 - a]
    if st.phase not in (Phase.SHOOTOUT, Phase.OVER) and (ka or kb or any(st.pens)):
        raise fail("kicks", "no penalty is kicked before the shootout (WC-GAP-21)")
    if ka not in (kb, kb + 1):
        raise fail("kicks", f"side {a} (the better world rank) kicks first, then one each: {ka} and {kb} kicks")
    for s in (0, 1):
        if st.pens[s] > st.kicks[s]:
            raise fail(f"pens.{s}", f"{st.pens[s]} goals from {st.kicks[s]} kicks")


def _check_ask(st: MyWorldCupState, op: Op, seat: int, ask: tuple[Any, ...], fail: Fail) -> None:
    """Who is asked and about what must fit the question."""
    if op is Op.FIELD and st.ready[seat]:
        raise fail("ask", f"side {seat}'s lineup is ready: it is not asked to field")
    if op in (Op.LEAD, Op.PAIR, Op.REMOVE):
        side = ask[2]
        chooser = (1 - side if st.t.m.powers[side].opponent_pairs else side) if op is not Op.REMOVE else 1 - side
        if seat != chooser:
            raise fail(
                "ask", f"side {chooser} makes this choice, not side {seat} (WC-MATCH-4, WC-TEAM-PRK-1, WC-GAP-5)"
            )
        if op is Op.PAIR and not (ask[3] < len(st.line[side]) and st.stat[side][ask[3]] == UNRESOLVED):
            raise fail("ask", f"side {side} has no unresolved card in slot {ask[3] + 1} to pair")
    if op is Op.SWAP_IN and ask[2] >= len(st.line[seat]):
        raise fail("ask", f"side {seat}'s lineup has no slot {ask[2] + 1} to swap")
    if op is Op.DISCARD and not 1 <= ask[2] <= len(st.hands[seat]):
        raise fail("ask", f"side {seat} cannot discard {ask[2]} card(s) from a hand of {len(st.hands[seat])}")

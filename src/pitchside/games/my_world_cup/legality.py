"""Every rule that can refuse a My World Cup action, written once as a named check (core/legality.py).

Legal moves are each question's candidate actions that no check refuses (rules.py), and an illegal
action is refused with the first check that refuses it: the same code answers both.

The key is (the open question, the verb). An action that is no well-formed :class:`Act` (a foreign
object, a verb that is no Verb, an argument that does not read back) gets the key ``MALFORMED``, so no
specific check ever reads it. The checks under ``ANY`` look at the state and the seat only, never at
the action: a seat that is no seat number (``0.0``, ``True``) is refused before anything else.
Checks of input only (an unknown card, a card not in the hand: ``input=True``) judge what a player
sends; the candidates rules.py builds from the hand never need them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from pitchside.core.errors import InvalidAction
from pitchside.core.legality import ANY, Refusal, Rulebook
from pitchside.games.my_world_cup.actions import Act, Verb, parse
from pitchside.games.my_world_cup.skills import USE_IGNORE_FOUL, USE_REROLL_FOUL
from pitchside.games.my_world_cup.state import GOAL, UNRESOLVED, Op

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.rules import MyWorldCupState as St

MALFORMED: Hashable = "malformed"  # the key of an action that is no well-formed Act

# The rule that asks each question, how to answer it, and the verbs that answer it.
QUESTIONS: dict[Op, tuple[str, str, tuple[Verb, ...]]] = {
    Op.DISCARD: ("WC-TEAM-ESP-1", "discard a card from your hand after the squad-depth draw", (Verb.DISCARD,)),
    Op.GAMBLE: ("WC-TEAM-ALG-1", "'roll' the preparation die or 'skip'", (Verb.ROLL, Verb.SKIP)),
    Op.FIELD: ("WC-MATCH-3", "field a card ('field AD4:top') or 'ready'", (Verb.FIELD, Verb.READY)),
    Op.SWAP: ("WC-TEAM-ENG-3", "choose a lineup slot to swap ('swap 2') or 'skip'", (Verb.SWAP, Verb.SKIP)),
    Op.SWAP_IN: ("WC-GAP-14", "choose the hand card and its half to bring in ('swap AD4:top')", (Verb.SWAP,)),
    Op.FIRST: ("WC-TEAM-CIV-2", "choose a goal card of your lineup ('first 2') or 'skip'", (Verb.FIRST, Verb.SKIP)),
    Op.FLIP: ("WC-GAP-25", "choose an attack/defense card to flip ('flip 2') or 'skip'", (Verb.FLIP, Verb.SKIP)),
    Op.LEAD: ("WC-GAP-8", "choose which of the tied fastest cards is active ('lead 2')", (Verb.LEAD,)),
    Op.PAIR: ("WC-MATCH-4", "choose the target card ('pair 2') or, when allowed, 'void'", (Verb.PAIR, Verb.VOID)),
    Op.IGNORE_DEF: ("WC-GAP-25", "'ignore' the defense (once per match) or 'skip'", (Verb.IGNORE, Verb.SKIP)),
    Op.DOUBLE: ("WC-GAP-13", "'double' the dice or roll 'single'", (Verb.DOUBLE, Verb.SINGLE)),
    Op.REROLL: ("WC-GAP-25", "'reroll' (once per match) or 'skip'", (Verb.REROLL, Verb.SKIP)),
    Op.FOUL: (
        "WC-GAP-5",
        "'reroll' or 'ignore' the foul die (once per match) or 'skip'",
        (Verb.REROLL, Verb.IGNORE, Verb.SKIP),
    ),
    Op.REMOVE: ("WC-GAP-5", "choose the card the red card removes ('remove 2')", (Verb.REMOVE,)),
}


def well_formed(act: object) -> bool:
    """An Act of a Verb and a text argument whose notation reads back as the same action."""
    if type(act) is not Act or type(act.verb) is not Verb or type(act.arg) is not str:
        return False
    try:
        return parse(str(act)) == act
    except InvalidAction:
        return False


def key(st: St, seat: int, act: Any) -> Hashable:
    if not well_formed(act):
        return MALFORMED
    ask = st.ask
    return (None if ask is None else ask[0], act.verb)


RULES = Rulebook["St", Act](key=key)


# ----------------------------------------------------------------------------- every action


@RULES.check(ANY, state=True)
def seat_is_a_side(st: St, seat: int, act: Act) -> Refusal | None:  # WC-PROJ-1
    if type(seat) is int and 0 <= seat <= 1:
        return None
    return Refusal("WC-PROJ-1", f"{seat!r} is not a seat: seat 0 plays the home side, seat 1 the away side")


@RULES.check(ANY, state=True)
def match_not_over(st: St, seat: int, act: Act) -> Refusal | None:  # WC-MATCH-6
    return Refusal("WC-MATCH-6", "the match is over") if st.ask is None else None


@RULES.check(ANY, state=True)
def whose_decision(st: St, seat: int, act: Act) -> Refusal | None:
    ask = st.ask
    if ask is None or seat == ask[1]:
        return None
    op, who = ask[0], ask[1]
    if op is Op.FIELD:  # WC-GAP-7
        return Refusal("WC-GAP-7", f"the lineups are picked one side at a time: side {who} picks now")
    if op in (Op.LEAD, Op.PAIR):
        if st.t.m.powers[ask[2]].opponent_pairs:  # WC-TEAM-PRK-1
            return Refusal("WC-TEAM-PRK-1", f"side {who} makes this pairing for North Korea's card")
        return Refusal("WC-MATCH-4", f"the active card's owner, side {who}, pairs now")
    if op is Op.REMOVE:  # WC-GAP-5
        return Refusal("WC-GAP-5", f"the opponent of the fouling team, side {who}, removes the card")
    rule, hint, _ = QUESTIONS[op]
    return Refusal(rule, f"side {who} decides now: {hint}")


@RULES.check(MALFORMED)
def is_an_action(st: St, seat: int, act: Any) -> Refusal | None:  # WC-GAP-7
    return Refusal("WC-GAP-7", f"{act!r} is not a My World Cup action (docs/notation.md)")


def answers_the_question(st: St, seat: int, act: Act) -> Refusal | None:
    """The verb does not answer the open question (registered under every such key)."""
    ask = st.ask
    if ask is None:
        return None
    rule, hint, _ = QUESTIONS[ask[0]]
    return Refusal(rule, f"the question is something else: {hint}")


RULES.check(*[(op, v) for op, (_r, _h, verbs) in QUESTIONS.items() for v in Verb if v not in verbs], state=True)(
    answers_the_question
)


# ----------------------------------------------------------------------------- cards from the hand


@RULES.check((Op.DISCARD, Verb.DISCARD), (Op.FIELD, Verb.FIELD), (Op.SWAP_IN, Verb.SWAP), fixed=True, input=True)
def known_card(st: St, seat: int, act: Act) -> Refusal | None:  # WC-CARD-5
    arg = act.arg
    m = st.t.m
    if arg in m.table.card_of or arg in m.cards.cards or arg.isdigit():  # a half, a card, or a slot ('swap 2')
        return None
    return Refusal("WC-CARD-5", f"there is no card {arg.split(':', 1)[0]!r}")


@RULES.check((Op.DISCARD, Verb.DISCARD), input=True)
def discard_from_hand(st: St, seat: int, act: Act) -> Refusal | None:  # WC-TEAM-ESP-1
    return None if act.arg in st.hands[seat] else Refusal("WC-TEAM-ESP-1", f"{act.arg} is not in your hand")


@RULES.check((Op.FIELD, Verb.FIELD), input=True)
def field_from_hand(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-7: the lineup comes from the hand
    cid = st.t.m.table.card_of.get(act.arg)
    return None if cid in st.hands[seat] else Refusal("WC-GAP-7", f"{act.card} is not in your hand")


@RULES.check((Op.FIELD, Verb.FIELD), state=True)
def lineup_room(st: St, seat: int, act: Act) -> Refusal | None:
    limit = st.limit[seat]
    if len(st.line[seat]) < limit:
        return None
    if st.period:  # WC-GAP-21
        return Refusal("WC-GAP-21", f"at most {limit} cards in extra time")
    if limit != 4:  # WC-TEAM-ALG-1
        return Refusal("WC-TEAM-ALG-1", f"at most {limit} cards this match")
    return Refusal("WC-MATCH-3", "at most four cards")  # WC-MATCH-3


@RULES.check((Op.SWAP_IN, Verb.SWAP), input=True)
def swap_in_from_hand(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-14
    if act.arg.isdigit():
        return Refusal("WC-GAP-14", "the swap is under way: name the hand card coming in ('swap AD4:top')")
    cid = st.t.m.table.card_of.get(act.arg)
    return None if cid in st.hands[seat] else Refusal("WC-GAP-14", f"{act.card} is not in your hand")


@RULES.check((Op.FIELD, Verb.FIELD), (Op.SWAP_IN, Verb.SWAP), fixed=True)
def alike_halves_as_top(st: St, seat: int, act: Act) -> Refusal | None:  # WC-CARD-2
    if act.arg in st.t.m.table.alike:
        return Refusal("WC-CARD-2", f"both halves of {act.card} are the same: name it as {act.card}:top")
    return None


@RULES.check((Op.FIELD, Verb.FIELD), (Op.SWAP_IN, Verb.SWAP), fixed=True)
def half_for_the_grade(st: St, seat: int, act: Act) -> Refusal | None:  # WC-CARD-3, WC-GAP-18
    if act.arg in st.t.m.grade[seat].usable or act.arg.isdigit() or act.arg in st.t.m.table.alike:
        return None  # (a slot or an alike bottom is refused by its own rule)
    return Refusal("WC-CARD-3", f"that half is not for a grade {st.t.m.teams[seat].grade} team")


# ----------------------------------------------------------------------------- lineup slots


@RULES.check((Op.SWAP, Verb.SWAP))
def swap_a_slot(st: St, seat: int, act: Act) -> Refusal | None:  # WC-TEAM-ENG-3, WC-GAP-14
    if ":" in act.arg:
        return Refusal("WC-GAP-14", "first choose the lineup slot to swap ('swap 2')")
    if act.slot < len(st.line[seat]):
        return None
    return Refusal("WC-TEAM-ENG-3", f"your lineup has no slot {act.arg}")


@RULES.check((Op.FIRST, Verb.FIRST))
def first_a_goal_card(st: St, seat: int, act: Act) -> Refusal | None:  # WC-TEAM-CIV-2
    i = act.slot
    if i < len(st.line[seat]) and st._stats(seat, i)[0] == GOAL:
        return None
    return Refusal("WC-TEAM-CIV-2", f"slot {act.arg} holds no goal card of yours")


@RULES.check((Op.FLIP, Verb.FLIP))
def flip_attack_or_defense(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-25
    if act.slot in st._flippable(seat):
        return None
    return Refusal("WC-GAP-25", f"slot {act.arg} holds no attack/defense card of yours")


@RULES.check((Op.LEAD, Verb.LEAD))
def lead_a_tied_card(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-8
    ask = st.ask
    assert ask is not None
    if act.slot in st._leads(ask[2]):
        return None
    return Refusal("WC-GAP-8", f"slot {act.arg} is not one of the tied fastest cards")


@RULES.check((Op.PAIR, Verb.PAIR))
def pair_a_remaining_card(st: St, seat: int, act: Act) -> Refusal | None:  # WC-MATCH-6
    ask = st.ask
    assert ask is not None
    o, i = 1 - ask[2], act.slot
    if i < len(st.stat[o]) and st.stat[o][i] == UNRESOLVED:
        return None
    return Refusal("WC-MATCH-6", f"the opponent has no remaining card in slot {act.arg}")


@RULES.check((Op.PAIR, Verb.VOID), state=True)
def void_with_more_cards(st: St, seat: int, act: Act) -> Refusal | None:  # WC-MATCH-7
    ask = st.ask
    assert ask is not None
    if st._void_allowed(ask[2]):
        return None
    return Refusal("WC-MATCH-7", "void only when the active card's team has more cards left than the opponent")


@RULES.check((Op.REMOVE, Verb.REMOVE))
def remove_a_remaining_card(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-5
    ask = st.ask
    assert ask is not None
    side, i = ask[2], act.slot
    if i < len(st.stat[side]) and st.stat[side][i] == UNRESOLVED:
        return None
    return Refusal("WC-GAP-5", f"slot {act.arg} holds no unresolved card of the fouling team")


# ----------------------------------------------------------------------------- once-per-match abilities


@RULES.check((Op.FOUL, Verb.REROLL), state=True)
def foul_reroll_unused(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-25
    return None if st._can(seat, USE_REROLL_FOUL) else Refusal("WC-GAP-25", "your team has no unused foul-die reroll")


@RULES.check((Op.FOUL, Verb.IGNORE), state=True)
def foul_ignore_unused(st: St, seat: int, act: Act) -> Refusal | None:  # WC-GAP-25
    return None if st._can(seat, USE_IGNORE_FOUL) else Refusal("WC-GAP-25", "your team has no unused foul-die ignore")

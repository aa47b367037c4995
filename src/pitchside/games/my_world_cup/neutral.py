"""The neutral rule (WC-GAP-24): how an uncontrolled team plays, from the match's own seeded RNG.

A side marked neutral in the config never gets a decision: whenever the match asks it something,
the state answers with ``neutral_action`` inside the same ``apply`` (or inside ``new_state``), so a
record of the coaches' moves still replays card for card. A match of two neutral teams is over as
soon as it is created: a tournament plays its neutral fixtures with ``new_state`` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchside.games.my_world_cup import actions as A
from pitchside.games.my_world_cup.actions import Act

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.rules import MyWorldCupState


def neutral_action(st: MyWorldCupState, seat: int) -> Act:
    """The neutral team's answer to the open ask, drawn from ``st.rng``.

    Lineup: field every card it can (up to its limit), each card and its usable half chosen
    uniformly at random. Every other choice: uniformly random among the legal actions.
    """
    ask = st.ask
    assert ask is not None and ask[1] == seat
    rng = st.rng
    if ask[0] == "field":
        hand = st.hands[seat]
        if hand and len(st.line[seat]) < st.limit[seat]:
            acts = st.t.m.field_acts[seat][hand[rng.below(len(hand))]]
            return acts[rng.below(len(acts))] if len(acts) > 1 else acts[0]
        return A.READY
    legal = st.legal_actions(seat)
    return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]

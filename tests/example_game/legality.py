"""Each rule that can refuse an action, written once: legal moves and refusals both come from here."""

from __future__ import annotations

from pitchside.core.legality import ANY, Refusal, Rulebook
from tests.example_game.actions import Pick, Verb
from tests.example_game.state import Data

RULES = Rulebook[Data, Pick](key=lambda st, seat, act: act.verb)


@RULES.check(ANY)
def is_a_pick(st: Data, seat: int, act: Pick) -> Refusal | None:
    return None if type(act) is Pick else Refusal("PK-2", "a player picks a side: 'kick SIDE' or 'dive SIDE'")


@RULES.check(ANY)
def not_over(st: Data, seat: int, act: Pick) -> Refusal | None:
    return Refusal("PK-5", "the shoot-out is over") if st.is_over() else None


@RULES.check(Verb.KICK)
def kicker_picks_first(st: Data, seat: int, act: Pick) -> Refusal | None:
    if seat != st.kicker():
        return Refusal("PK-1", f"seat {st.kicker()} takes this kick")
    if st.aim is not None:
        return Refusal("PK-2", "the kicker has picked a side already")
    return None


@RULES.check(Verb.DIVE)
def keeper_picks_second(st: Data, seat: int, act: Pick) -> Refusal | None:
    if seat == st.kicker():
        return Refusal("PK-1", f"seat {1 - seat} keeps goal for this kick")
    if st.aim is None:
        return Refusal("PK-2", "the keeper dives once the kicker has picked a side")
    return None

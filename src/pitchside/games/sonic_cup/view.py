"""What a seat may see, and how a bot guesses the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchside.core.hidden import check_viewer, redeal
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.actions import Play
from pitchside.games.sonic_cup.cards import arrows_text
from pitchside.games.sonic_cup.state import (
    TEAM_NAMES,
    Phase,
    team,
)

if TYPE_CHECKING:
    from pitchside.games.sonic_cup.rules import SonicCupState


def view(st: SonicCupState, seat: int | None) -> dict[str, Any]:
    """The seat's view: its own hand; every other hand and the deck only as counts (SC-SETUP-6)."""
    check_viewer(seat, st.num_seats)
    n = st.t.n
    seats = [
        {
            "seat": s,
            "team": TEAM_NAMES[team(s)],
            "roles": sorted(r.value for r in st.roles[s]),
            "cards": len(st.hands[s]),
            "limit": st.limit(s),
            "tired": st.tired[s],
            "singing": st.singer == s,
        }
        for s in range(n)
    ]
    out: dict[str, Any] = {
        "game": "sonic-cup",
        "config": st.t.config,
        "seat": seat,
        "seats": seats,
        "ball": st.ball,
        "score": {"blue": st.score[0], "red": st.score[1]},
        "deck": len(st.deck),
        "deck_counter": st.counter,
        "deck_passes": st.t.final_count,
        "extra_time": st.extra_time,
        "discard": st.discard[:],
        "phase": st.phase.name.lower(),
        "decision": st.decision().to_json(),
        "hand": sorted(st.hands[seat]) if seat is not None else None,
        "picks": st.picks[:],
        "pending": st.pending.value,
        "must_play": st.phase is Phase.TURN and (st.kickoff or st.passes >= st.t.n),
        "sang": {"blue": st.sang[0], "red": st.sang[1]},
    }
    if st.phase in (Phase.SHOOTING, Phase.FOLLOW_UP) or st.shoot:
        out["shooting"] = {
            "attack": TEAM_NAMES[st.attack] if st.phase is not Phase.TURN else TEAM_NAMES[team(st.actor)],
            "match": arrows_text(st.shoot or st.arrows),
            "last_shot": arrows_text(st.shot_arrows),
        }
    if st.phase is Phase.ROLE_CHANGE:  # hidden pick: only whether each seat has committed
        out["committed"] = [bool(p) for p in st.role_picks]
        if seat is not None and st.role_picks[seat]:
            out["my_pick"] = st.role_picks[seat]
    if st.phase is Phase.OVER:
        out["outcome"] = st.outcome().to_json()
    return out


def determinize(st: SonicCupState, seat: int, rng: Rng) -> SonicCupState:
    """A full state the seat cannot tell from the real one: unseen cards dealt again at random."""
    check_viewer(seat, st.num_seats, spectator=False)
    new = st.clone()
    others = [s for s in range(st.t.n) if s != seat]
    new.deck = redeal(new.hands, others, new.deck, rng)
    new.rng = rng.fork()  # future draws are unknown too
    if new.phase is Phase.ROLE_CHANGE:
        for s in others:
            if new.role_picks[s]:
                choices = [str(a.arg) or "keep" for a in _role_choices(new, s)]
                new.role_picks[s] = rng.choice(choices)
    return new


def _role_choices(st: SonicCupState, seat: int) -> list[Play]:
    saved = st.actor, st._legal
    st.actor, st._legal = seat, None
    try:
        return st.legal_actions(seat)
    finally:
        st.actor, st._legal = saved

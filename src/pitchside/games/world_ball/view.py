"""What a seat may see, and how a bot guesses the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchside.core.hidden import check_viewer, redeal
from pitchside.core.rng import Rng
from pitchside.games.world_ball.state import EVENT, PROMPT, SAVE, SHOT, TEAM_NAMES, Data, Phase, team

if TYPE_CHECKING:
    from pitchside.games.world_ball.rules import WorldBallState


def view(st: WorldBallState, seat: int | None) -> dict[str, Any]:
    """The seat's view: its own hand (and, in the draft, its own characters to choose from); every
    other hand, offer and the deck only as counts. Everything on the table is public."""
    check_viewer(seat, st.num_seats)
    n = st.t.n
    seats = []
    for s in range(n):
        ch = st.char(s)
        seats.append(
            {
                "seat": s,
                "team": TEAM_NAMES[team(s)],
                "character": ch.id if ch else None,
                "position": ch.position if ch else None,
                "stamina": st.stamina[s],
                "max_stamina": st.max_stamina(s),
                "injured": st.injured[s],
                "cards": len(st.hands[s]),
                "hand_limit": st.hand_limit(s),
                "skills": st.skills[s][:],
                "pending": st.pending[s][:],
                "offered": len(st.offers[s]),
            }
        )
    out: dict[str, Any] = {
        "game": "world-ball",
        "config": st.t.config,
        "seat": seat,
        "seats": seats,
        "phase": st.phase.name.lower(),
        "decision": st.decision().to_json(),
        "active": st.active,
        "starter": st.starter,
        "half": st.half,
        "halves": st.t.halves,
        "sudden": st.sudden,
        "score": {TEAM_NAMES[0]: st.score[0], TEAM_NAMES[1]: st.score[1]},
        "deck": len(st.deck),
        "discard": st.discard[:],
        "quiet": st.quiet,
        "turn": {
            "played": st.played,
            "shots": st.shots,
            "no_shots": st.no_shots,
            "uses": st.uses,
            "skill_target": st.skill_target,
            "block": st.block,
        },
        "stack": [dict(f) for f in st.stack],
        "hand": sorted(st.hands[seat]) if seat is not None else None,
        "offers": sorted(st.offers[seat]) if seat is not None and st.offers[seat] else None,
    }
    window = describe_window(st)
    if window is not None:
        out["window"] = window
    if seat is not None and st.chars[seat]:
        out["costs"] = costs(st, seat, window)
        out["needs"] = {p: st.needs(seat, p) for p in ("shoot", *st.t.content.set_pieces)}  # WB-GAP-6/7, with skills
    if st.phase is Phase.OVER:
        out["outcome"] = st.outcome().to_json()
    return out


def describe_window(st: Data) -> dict[str, Any] | None:
    """The open shot (if any) and the top frame, in plain fields, for renderers and bots."""
    if not st.stack:
        return None
    top = st.stack[-1]
    out: dict[str, Any] = {"kind": top["k"], "seat": top["at"]}
    for f in reversed(st.stack):
        if f["k"] == SHOT:
            out["shot"] = {"shooter": f["seat"], "play": f["play"], "card": f["card"], "need": f["need"],
                           "saves": f["saves"], "blocked": f["blocked"]}  # fmt: skip
            break
    if top["k"] == SAVE:
        out["save"] = {"saver": top["seat"], "how": top["how"], "card": top["card"]}
    elif top["k"] == EVENT:
        out["event"] = {"player": top["seat"], "card": top["card"], "target": top["target"], "extra": top["extra"],
                        "controversies": top["depth"], "takes_effect": top["depth"] % 2 == 0}  # fmt: skip
    elif top["k"] == PROMPT:
        out["prompt"] = {k: v for k, v in top.items() if k not in ("k", "at")}
    return out


def costs(st: WorldBallState, seat: int, window: dict[str, Any] | None) -> dict[str, Any]:
    """What the seat's plays cost now (WB-CHAR-4, WB-SET-2, WB-GAP-25), for renderers and bots."""
    out: dict[str, Any] = {"shoot": st.shot_cost(seat, "shoot")}
    for sp in st.t.content.set_pieces:
        out[sp] = st.shot_cost(seat, sp)
    if window is not None and "shot" in window:
        shooter = window["shot"]["shooter"]
        out["save"] = st.save_cost(seat, shooter, "save")
        out["wall"] = st.save_cost(seat, shooter, "wall")
    return out


def determinize(st: WorldBallState, seat: int, rng: Rng) -> WorldBallState:
    """A full state the seat cannot tell from the real one: unseen cards (and, in the draft, unseen
    characters) dealt again at random; future chance forked."""
    check_viewer(seat, st.num_seats, spectator=False)
    new = st.clone()
    n = st.t.n
    others = [s for s in range(n) if s != seat]
    new.deck = redeal(new.hands, others, new.deck, rng)
    if st.phase is Phase.DRAFT:
        seen = {c for c in st.chars if c} | set(st.offers[seat])
        unseen = [c for c in st.t.content.characters if c not in seen]
        rng.shuffle(unseen)
        j = 0
        for s in others:
            k = len(new.offers[s])
            new.offers[s] = unseen[j : j + k]
            j += k
    new.rng = rng.fork()
    return new

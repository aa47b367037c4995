"""What a seat may see and how a bot guesses the rest (view and determinize only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchside.core.hidden import check_viewer, shuffle_unseen
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.cards import FOUL_FACES, Kind
from pitchside.games.my_world_cup.skills import USE_NAMES
from pitchside.games.my_world_cup.state import (
    SIDE_NAMES,
    Phase,
    Table,
)

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.rules import MyWorldCupState

_STATUS = ("unresolved", "resolved", "removed")
HIDDEN_CONFIG = ("hands", "deck", "discard")  # a tournament's opening cards: never shown, never in a twin


def team_info(st: MyWorldCupState, side: int) -> dict[str, Any]:
    team = st.t.m.teams[side]
    return {
        "id": team.id,
        "zh": team.zh,
        "en": team.en,
        "group": team.group,
        "grade": team.grade,
        "world_rank": team.world_rank,
        "neutral": st.t.neutral[side],
        "skills": [
            {"code": s.notation(), "zh": s.zh, "en": s.en, "source": s.source, "rule": s.rule} for s in team.skills
        ],
    }


def lineup_info(st: MyWorldCupState, side: int) -> list[dict[str, Any]]:
    eff = st.t.m.eff[side]
    out = []
    for i, text in enumerate(st.line[side]):
        k, v, sp = eff[text]
        out.append(
            {
                "slot": i + 1,
                "card": text,
                "kind": Kind(k).word,
                "value": v,
                "speed": sp,
                "status": _STATUS[st.stat[side][i]],
                "first": st.first[side] == i,
            }
        )
    return out


def view(st: MyWorldCupState, seat: int | None) -> dict[str, Any]:
    """The seat's view: its own hand and lineup; the other hand, the deck and an unrevealed lineup as counts."""
    check_viewer(seat, st.num_seats)
    t = st.t
    sides = []
    for s in (0, 1):
        own = seat == s
        shown = st.revealed or own
        sides.append(
            {
                "side": SIDE_NAMES[s],
                "team": team_info(st, s),
                "hand": sorted(st.hands[s]) if own else None,
                "hand_count": len(st.hands[s]),
                "fielded": len(st.line[s]),
                "lineup": lineup_info(st, s) if shown else None,
                "limit": st.limit[s],
                "ready": st.ready[s],
                "yellows": st.yellows[s],
                "reds": st.reds[s],
                "used": [name for bit, name in USE_NAMES.items() if st.used[s] & bit],
            }
        )
    out: dict[str, Any] = {
        "game": "my-world-cup",
        "config": {k: v for k, v in t.config.items() if k not in HIDDEN_CONFIG},
        "mode": t.mode.value,
        "seat": seat,
        "phase": st.phase.name.lower(),
        "period": "extra-time" if st.period else "regular",
        "score": st.score[:],
        "shootout": {"goals": st.pens[:], "kicks": st.kicks[:]},
        "deck": len(st.deck),
        "discard": st.discard[:],
        "elsewhere": len(st.elsewhere),
        "revealed": st.revealed,
        "sides": sides,
        "rolls": st.rolls[:],
        "decision": st.decision().to_json(),
        "ask": _ask_info(st),
    }
    if st.phase is Phase.OVER:
        out["outcome"] = st.outcome().to_json()
    return out


def _ask_info(st: MyWorldCupState) -> dict[str, Any] | None:
    ask = st.ask
    if ask is None:
        return None
    op, seat = ask[0], ask[1]
    info: dict[str, Any] = {"op": str(op), "seat": seat}  # the plain text of the Op
    if op in ("lead", "pair"):
        info["active_team"] = ask[2]
        if op == "pair":
            info["active_slot"] = ask[3] + 1
            info["active_card"] = st.line[ask[2]][ask[3]]
    elif op == "discard":
        info["left"] = ask[2]
    elif op == "swap_in":
        info["slot"] = ask[2] + 1
    elif op == "ignore_def":
        info["dice"], info["full"] = ask[2], ask[3]
    elif op == "double":
        info["dice"] = ask[2]
    elif op == "reroll":
        info["dice"], info["double"], info["goals"] = ask[2] * ask[3], ask[3] == 2, ask[5]
    elif op == "foul":
        info["face"] = FOUL_FACES[ask[2]]
    elif op == "remove":
        info["team"] = ask[2]
    return info


# --------------------------------------------------------------------------- determinize


def determinize(st: MyWorldCupState, seat: int, rng: Rng) -> MyWorldCupState:
    """A full state the seat cannot tell from the real one: every unseen card dealt again at random,
    an unrevealed opposing lineup fielded again with random usable halves, and a new future for the dice."""
    check_viewer(seat, st.num_seats, spectator=False)
    new = st.clone()
    o = 1 - seat
    t = st.t
    new.t = Table(t.m, t.mode, t.neutral, {k: v for k, v in t.config.items() if k not in HIDDEN_CONFIG})
    hidden_line = not st.revealed and bool(st.line[o])
    pool = st.hands[o] + st.deck + st.elsewhere
    if hidden_line:
        pool += [c.split(":", 1)[0] for c in st.line[o]]
    pool = shuffle_unseen(pool, rng)
    k = len(st.hands[o])
    new.hands[o] = pool[:k]
    i = k
    if hidden_line:
        fa = t.m.field_acts[o]
        line = []
        for _ in st.line[o]:
            acts = fa[pool[i]]
            line.append(acts[rng.below(len(acts))].arg)
            i += 1
        new.line[o] = line
    new.deck = pool[i : i + len(st.deck)]
    new.elsewhere = sorted(pool[i + len(st.deck) :])
    new.rng = rng.fork()
    new._legal = None
    return new

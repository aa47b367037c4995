"""Build Sonic Cup situations from a few facts, through the setup notation, and play text moves."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pitchside.core.game import Event
from pitchside.games.sonic_cup.game import GAME, default_roles
from pitchside.games.sonic_cup.rules import SonicCupState


def scenario(
    seats: int = 4,
    hands: dict[int, list[str]] | None = None,
    *,
    roles: list[list[str]] | None = None,
    deck_top: list[str] | None = None,
    discard: list[str] | None = None,
    fill: bool = True,
    **fields: Any,
) -> SonicCupState:
    """A state with the given hands (others filled from the deck if ``fill``), ``deck_top`` drawn
    first (in list order), every other card at the bottom of the deck, and any other setup field.
    """
    hands = dict(hands or {})
    pool = Counter(GAME._table(GAME.normalize_config({"seats": seats})).deck.physical)
    for cards in [*hands.values(), deck_top or [], discard or [], fields.get("picks", [])]:
        pool.subtract(cards)
        bad = [c for c, k in pool.items() if k < 0]
        assert not bad, f"more copies than the deck has: {bad}"
    rest = sorted(pool.elements())
    role_lists = roles or default_roles(seats)
    full: list[list[str]] = []
    for s in range(seats):
        if s in hands:
            full.append(list(hands[s]))
        elif fill:
            limit = {2: 9, 4: 7}.get(seats, 5) + (1 if "GK" in role_lists[s] else 0)
            full.append([rest.pop() for _ in range(limit)])
        else:
            full.append([])
    setup: dict[str, Any] = {
        "game": "sonic-cup",
        "seats": seats,
        "roles": role_lists,
        "hands": full,
        "deck": rest + list(reversed(deck_top or [])),
        "discard": list(discard or []),
        **fields,
    }
    return GAME.from_setup(setup, "<scenario>")


def play(st: SonicCupState, seat: int, text: str) -> list[Event]:
    return st.apply(seat, GAME.parse_action(text))


def legal(st: SonicCupState, seat: int | None = None) -> list[str]:
    s = st.actor if seat is None else seat
    return [str(a) for a in st.legal_actions(s)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]

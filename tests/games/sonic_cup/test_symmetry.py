"""Neither team is favoured by the rules: mirroring a situation mirrors the legal moves.

Mirror = every seat moves one place clockwise (so Blue and Red swap, SC-PROJ-1), zone z becomes
10 - z, arrows L and R swap, and each card becomes its mirror card (the deck is mirror-symmetric,
SC-GAP-1). SC-COMP-2 and SC-KO-1 make the pitch itself symmetric.
"""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.cards import Card, load_deck, mirror_arrows
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.rules import SonicCupState


def _mirror_card(card: Card) -> tuple[Any, ...]:
    return (
        frozenset(10 - z for z in card.maneuver),
        mirror_arrows(card.shoot),
        tuple(sorted(10 - t for t in card.power_kick)),
        mirror_arrows(card.kick_block),
        card.foul,
        card.count,
    )


def _card_key(card: Card) -> tuple[Any, ...]:
    return (card.maneuver, card.shoot, tuple(sorted(card.power_kick)), card.kick_block, card.foul, card.count)


DECK = load_deck()
BY_KEY = {_card_key(c): c.id for c in DECK.cards.values()}
MIRROR = {c.id: BY_KEY[_mirror_card(c)] for c in DECK.cards.values()}


def test_the_deck_is_mirror_symmetric_sc_gap_1() -> None:
    """SC-GAP-1: every card type has a mirror type with the same count."""
    assert len(MIRROR) == len(DECK.cards)
    assert all(MIRROR[MIRROR[c]] == c for c in MIRROR)


def mirror_setup(setup: dict[str, Any]) -> dict[str, Any]:
    n = setup["seats"]

    def seat(s: int) -> int:
        return s if s < 0 else (s + 1) % n

    def per_seat(values: list[Any]) -> list[Any]:
        out = [None] * n
        for s, v in enumerate(values):
            out[seat(s)] = v
        return out

    def cards(ids: list[str]) -> list[str]:
        return [MIRROR[c] for c in ids]

    m = dict(setup)
    m["config"] = {**setup["config"], "roles": per_seat(setup["config"]["roles"])}
    if m["config"].get("kickoff"):
        m["config"]["kickoff"] = {"blue": "red", "red": "blue"}[m["config"]["kickoff"]]
    m["roles"] = per_seat(setup["roles"])
    m["used_roles"] = setup["used_roles"][::-1]
    m["hands"] = per_seat([cards(h) for h in setup["hands"]])
    m["deck"], m["discard"], m["picks"] = cards(setup["deck"]), cards(setup["discard"]), cards(setup["picks"])
    m["ball"] = 10 - setup["ball"]
    m["score"], m["sang"] = setup["score"][::-1], setup["sang"][::-1]
    for key in ("actor", "steal_from", "next_seat", "last_shooter", "last_blocker", "fu_shooter", "kick_seat"):
        m[key] = seat(setup[key])
    m["singer"], m["scorer"] = seat(setup["singer"]), seat(setup["scorer"])
    m["queue"] = [seat(s) for s in setup["queue"]]
    m["tired"] = per_seat(setup["tired"])
    m["role_picks"] = per_seat(setup["role_picks"]) if setup["role_picks"] else []
    m["attack"] = 1 - setup["attack"]
    for key in ("arrows", "shot_arrows", "shoot"):
        m[key] = mirror_arrows(setup[key])
    return m


def mirror_play(p: Play) -> Play:
    arg = MIRROR.get(p.arg, p.arg) if p.verb is not Verb.ROLE else p.arg
    return Play(p.verb, arg, 10 - p.zone if p.zone else 0)


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_mirrored_situations_have_mirrored_moves(seats: int) -> None:
    """Along random matches, every situation and its mirror offer mirrored legal actions, and
    applying mirrored actions keeps them mirrored (SC-GAP-1, SC-GAP-10, SC-KO-1, SC-COMP-2)."""
    for seed in range(6):
        st = GAME.new_state({"seats": seats}, seed)
        mirrored: SonicCupState = GAME.from_setup(mirror_setup(st.to_setup()))
        rng = Rng(seed)
        steps = 0
        while not st.is_over() and steps < 400:
            seat = st.decision().seat
            assert seat is not None
            assert mirrored.decision().seat == (seat + 1) % seats
            legal = st.legal_actions(seat)
            assert sorted(map(str, map(mirror_play, legal))) == sorted(
                map(str, mirrored.legal_actions((seat + 1) % seats))
            )
            act = rng.choice(legal)
            st.apply(seat, act)
            mirrored.apply((seat + 1) % seats, mirror_play(act))
            assert mirrored.is_over() == st.is_over()
            # Shuffles are random and not mirrored: compare before re-syncing the mirror.
            assert mirror_setup(st.to_setup())["ball"] == mirrored.ball
            assert mirror_setup(st.to_setup())["score"] == mirrored.score
            mirrored = GAME.from_setup(mirror_setup(st.to_setup()))
            steps += 1
        assert steps > 0

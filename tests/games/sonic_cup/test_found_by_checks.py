"""Regressions for bugs the conformance check (core/checks.py) found in the Sonic Cup engine."""

from __future__ import annotations

import json
from collections import Counter

from pitchside.games.sonic_cup.game import GAME, card_census
from tests.games.sonic_cup.checks import refuse
from tests.games.sonic_cup.helpers import legal, play, scenario


def test_gap_22_a_singing_goalkeeper_with_cards_cannot_steal() -> None:
    """SC-GAP-22: a Goalkeeper who sang is refilled at a restart (SC-ROLE-GK-b), so he may hold a
    Power Kick pair in a steal window; he still cannot steal. The engine let him, then lost the
    first card: his steal began his turn, which as a singer ended at once, and the pick vanished."""
    # 8 seats: seat 4 is Blue's Goalkeeper. Seat 2 just ended; seat 3 is due; seat 4 answers first.
    hands = {4: ["P04", "K18", "K07", "M01", "K01", "K10"]}
    kw = dict(ball=5, phase="steal", actor=4, queue=[4, 5, 6, 7, 0, 1], steal_from=2, next_seat=3)
    free = scenario(8, hands=hands, **kw)
    assert "pk P04" in legal(free)  # the same hand, not singing, may steal
    st = scenario(8, hands=hands, singer=4, sang=[True, False], **kw)
    assert legal(st) == ["pass"]
    refuse(st, 4, "pk P04", "SC-GAP-22")
    census = card_census(st)
    play(st, 4, "pass")
    assert card_census(st) == census


def test_cards_are_conserved_through_random_ten_seat_matches() -> None:
    """Every card stays somewhere through whole matches (the lost card showed up in one of these)."""
    from pitchside.core.rng import Rng

    for seed in (150, 151, 152):
        st = GAME.new_state({"seats": 10}, seed)
        want = Counter(st.t.deck.physical)
        rng = Rng(seed)
        while not st.is_over():
            acts = st.legal_actions(st.actor)
            st.apply(st.actor, acts[rng.below(len(acts))])
            assert card_census(st) == want


def test_two_player_setup_keeps_the_opening_lineup_in_the_config() -> None:
    """SC-RS-3: after a 2-player change of player card, to_setup -> from_setup gave another state
    (the current cards overwrote the config's opening lineup). See also tests/core/test_setup.py."""
    st = scenario(2, roles=[["FW"], ["FW"]])
    setup = json.loads(json.dumps(st.to_setup()))
    setup["roles"] = [["MF"], ["DF"]]
    setup["used_roles"] = [["FW", "MF"], ["DF", "FW"]]
    back = GAME.from_setup(setup)
    assert back.t.config["roles"] == [["FW"], ["FW"]]
    assert [sorted(r.value for r in rs) for rs in back.roles] == [["MF"], ["DF"]]
    assert GAME.from_setup(json.loads(json.dumps(back.to_setup()))).fingerprint() == back.fingerprint()

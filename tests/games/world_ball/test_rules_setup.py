"""Setup: seats and teams, the character draft, stamina, the deck and the first turn.

Rules: WB-GEN-1, WB-SETUP-1..5, WB-EX-4, WB-CHAR-7, WB-STAM-2, WB-GAP-1, 3, 4, 23, 29, 30, WB-PROJ-1, 2.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pitchside.core.errors import DataError
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.games.world_ball.game import GAME
from pitchside.games.world_ball.state import Phase
from tests.games.world_ball.helpers import kinds, legal, play, refuse, who


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_gen_1_two_to_ten_players(seats: int):
    """WB-GEN-1: 2, 4, 6, 8 or 10 players; WB-GAP-29: two halves by default from 6 players."""
    st = GAME.new_state({"seats": seats}, 1)
    assert st.num_seats == seats
    assert st.t.halves == (2 if seats >= 6 else 1)


@pytest.mark.parametrize("seats", [1, 3, 5, 12, 0])
def test_gen_1_other_counts_are_refused(seats: int):
    with pytest.raises(DataError) as err:
        GAME.new_state({"seats": seats})
    assert err.value.field == "seats" and "WB-GEN-1" in err.value.message


def test_the_registry_knows_world_ball_by_its_aliases():
    for name in ("world-ball", "wb", "世界波", "world_ball", "worldball", "WB"):
        assert load_game(name) is GAME
    assert GAME.team_names() == ("A", "B")


def test_setup_1_and_2_two_teams_sitting_alternately():
    """WB-SETUP-1, WB-SETUP-2, WB-EX-4, WB-PROJ-1: seats alternate A B A B A B; WB-GAP-23: at 2 seats,
    teams of one."""
    assert [GAME.team_of({"seats": 6}, s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    st = GAME.new_state({"seats": 6}, 2)
    assert [v["team"] for v in st.view(None)["seats"]] == ["A", "B", "A", "B", "A", "B"]
    two = GAME.new_state({"seats": 2}, 2)
    assert [GAME.team_of({"seats": 2}, s) for s in range(2)] == [0, 1]
    assert two.opponents(0) == [1] and two.teammates(0) == []


@pytest.mark.parametrize(("seats", "each"), [(2, 4), (4, 4), (6, 4), (8, 4), (10, 3)])
def test_setup_3_four_characters_each_three_at_ten(seats: int, each: int):
    """WB-SETUP-3, WB-EX-4, WB-GAP-1: 4 characters each (3 at 10 seats), drawn without replacement."""
    st = GAME.new_state({"seats": seats}, 7)
    assert st.phase is Phase.DRAFT
    assert [len(o) for o in st.offers] == [each] * seats
    drawn = [c for o in st.offers for c in o]
    assert len(set(drawn)) == len(drawn) and set(drawn) <= set(st.t.content.characters)


def test_setup_4_reveal_in_order_from_the_starter_later_players_see_earlier_choices():
    """WB-SETUP-4, WB-GAP-4, WB-CHAR-7, WB-PROJ-2: the draft runs clockwise from S; each pick is revealed
    at once (in every view); a seat sees only its own characters to choose from, the others as counts."""
    st = GAME.new_state({"seats": 4, "starter": 2}, 11)
    assert who(st) == ("turn", 2, "draft")
    mine = st.offers[2][:]
    assert sorted(legal(st)) == sorted(f"pick {c}" for c in mine)
    assert st.view(2)["offers"] == sorted(mine)
    assert st.view(3)["offers"] == sorted(st.offers[3]) and st.view(None)["offers"] is None
    assert [s["offered"] for s in st.view(3)["seats"]] == [4, 4, 4, 4]
    refuse(st, 3, f"pick {st.offers[3][0]}", "WB-SETUP-4")
    refuse(st, 2, f"pick {st.offers[3][0]}", "WB-SETUP-3")
    ev = play(st, 2, f"pick {mine[1]}")
    assert ev[0].kind == "pick" and ev[0].to is None and ev[0].data == {"seat": 2, "character": mine[1]}
    assert st.view(3)["seats"][2]["character"] == mine[1]  # the next player sees it before choosing
    assert who(st) == ("turn", 3, "draft")
    for s in (3, 0):
        play(st, s, f"pick {st.offers[s][0]}")
    assert who(st) == ("turn", 1, "draft")
    ev = play(st, 1, f"pick {st.offers[1][-1]}")
    assert all(st.chars) and st.phase is Phase.ACTION
    assert "kick-off" in kinds(ev)


def test_setup_5_stamina_then_the_shuffled_deck_then_four_cards_each_and_s_starts():
    """WB-SETUP-5, WB-STAM-2, WB-GAP-3, WB-GAP-4: after the draft every character has full stamina, the
    100 match cards are shuffled into the deck, everyone draws 4 and the first revealer takes the first turn
    (with its draw of 2)."""
    st = GAME.new_state({"seats": 4, "starter": 1}, 5)
    for s in (1, 2, 3, 0):
        play(st, s, f"pick {st.offers[s][0]}")
    assert st.stamina == [st.t.content.characters[c].stamina for c in st.chars]
    assert [len(h) for h in st.hands] == [4, 6, 4, 4]
    assert len(st.deck) == 100 - 18
    assert Counter(st.deck + [c for h in st.hands for c in h]) == Counter(st.t.content.physical)
    assert who(st) == ("turn", 1, "action")


def test_gap_4_the_starter_is_drawn_from_the_seed():
    starters = {GAME.new_state({"seats": 6}, seed).starter for seed in range(40)}
    assert starters == set(range(6))
    assert GAME.new_state({"seats": 6}, 9).fingerprint() == GAME.new_state({"seats": 6}, 9).fingerprint()


def test_gap_30_a_team_may_have_any_positions():
    """WB-GAP-30: no team composition constraint — two goalkeepers against two goalkeepers is a legal lineup."""
    st = GAME.new_state({"seats": 4, "characters": ["buffon", "cech", "neuer", "casillas"]}, 1)
    assert all(st.char(s).goalkeeper for s in range(4))  # type: ignore[union-attr]
    assert st.phase is Phase.ACTION


def test_config_is_checked_field_by_field():
    for cfg, field in [
        ({"seats": 2, "halves": 3}, "halves"),
        ({"seats": 2, "sudden_death": "yes"}, "sudden_death"),
        ({"seats": 2, "characters": ["messi"]}, "characters"),
        ({"seats": 2, "characters": ["messi", "zidane"]}, "characters.1"),
        ({"seats": 2, "characters": ["messi", "messi"]}, "characters"),
        ({"seats": 2, "starter": 5}, "starter"),
        ({"seats": 2, "colour": "red"}, "colour"),
    ]:
        with pytest.raises(DataError) as err:
            GAME.new_state(cfg)
        assert err.value.field == field, cfg


def test_a_draft_played_at_random_always_ends_with_distinct_characters():
    for seats in (2, 10):
        st = GAME.new_state({"seats": seats}, seats)
        rng = Rng(1)
        while st.phase is Phase.DRAFT:
            acts = st.legal_actions(st.active)
            st.apply(st.active, acts[rng.below(len(acts))])
        assert len(set(st.chars)) == seats

"""Sonic Cup's state is declared once (core/state.py): every field is in the setup or says why not,
and a setup a stranger wrote is checked field by field before it is trusted."""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.core.errors import DataError
from pitchside.core.state import FieldKind
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.state import Data, Pending
from tests.games.sonic_cup.helpers import scenario


def test_every_field_is_in_the_setup_or_declared_fixed_cache_or_derived() -> None:
    st = GAME.new_state({"seats": 4}, seed=3)
    setup = st.to_setup()
    for d in Data.declared():
        if d.spec.kind is FieldKind.VALUE:
            assert d.setup_name in setup, d.name
        else:
            assert d.setup_name not in setup, d.name
    # nothing else: the header and the declared value fields are the whole setup
    assert set(setup) == {"game", "seats", "config"} | set(Data.setup_fields())
    assert set(type(st).__slots__) | set(Data.__slots__) == {d.name for d in Data.declared()}


@pytest.mark.parametrize("seats", [2, 4, 10])
def test_a_setup_round_trips_to_the_same_state(seats: int) -> None:
    st = GAME.new_state({"seats": seats}, seed=11)
    again = GAME.from_setup(st.to_setup())
    assert again.fingerprint() == st.fingerprint()
    assert again.to_setup() == st.to_setup()
    twin = st.clone()
    assert twin.fingerprint() == st.fingerprint()
    twin.hands[0].append("X")  # a clone shares no mutable part
    assert st.hands[0] != twin.hands[0]


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"actor": 0.0}, "actor"),  # a seat as a float
        ({"actor": True}, "actor"),  # a bool is not a seat
        ({"actor": 4}, "actor"),  # 4 seats: 0..3
        ({"ball": [5]}, "ball"),  # a list where an int goes
        ({"ball": 10}, "ball"),  # zones are 1..9
        ({"phase": "junk"}, "phase"),
        ({"phase": 3}, "phase"),
        ({"queue": [0, "1"]}, "queue.1"),
        ({"singer": -2}, "singer"),
        ({"tired": [False, False]}, "tired"),  # one per seat
        ({"sang": [1, 0]}, "sang.0"),
        ({"rng": -1}, "rng"),
        ({"arrows": 8}, "arrows"),  # three directions: 0..7
        ({"played": -1}, "played"),
        ({"used_roles": [["GK"], ["XX"]]}, "used_roles.1.0"),
        ({"nonsense": 1}, "nonsense"),
    ],
)
def test_wrong_typed_setups_are_data_errors_naming_the_field(fields: dict[str, Any], where: str) -> None:
    with pytest.raises(DataError) as err:
        scenario(4, **fields)
    assert err.value.field == where


@pytest.mark.parametrize("phase", ["steal", "follow_up", "shooting", "exchange", "sing_discard"])
def test_sc_sp_3_a_window_phase_needs_its_queue(phase: str) -> None:
    """SC-PK2-2, SC-SP-3, SC-RS-2, SC-CROWD-2: a window is answered by the seats in its queue, actor first."""
    with pytest.raises(DataError) as err:
        scenario(4, phase=phase, actor=1)
    assert err.value.field == "queue"
    with pytest.raises(DataError) as err:
        scenario(4, phase=phase, actor=1, queue=[2, 1])
    assert err.value.field == "queue"
    with pytest.raises(DataError) as err:
        scenario(4, phase=phase, actor=1, queue=[1, 1])
    assert err.value.field == "queue"
    with pytest.raises(DataError) as err:
        scenario(4, phase=phase, actor=1, queue=[])
    assert err.value.field == "queue"
    st = scenario(4, phase="steal", actor=1, queue=[1, 3], steal_from=0, next_seat=2, ball=5)
    assert st.queue.seats == [1, 3] and st.to_setup()["queue"] == [1, 3]  # a Window, written as its seats


def test_a_turn_has_no_open_window() -> None:
    with pytest.raises(DataError) as err:
        scenario(4, phase="turn", actor=1, queue=[1])
    assert err.value.field == "queue"


def test_pending_and_ending_are_enums_written_as_before() -> None:
    st = scenario(2, {0: ["M11", "M08", "M07"]}, ball=5, actor=0, kickoff=False, pending="any", picks=["M20"])
    assert st.pending is Pending.ANY and st.to_setup()["pending"] == "any" and st.to_setup()["ending"] == ""
    with pytest.raises(DataError) as err:
        scenario(2, pending="zz")
    assert err.value.field == "pending"


def test_sc_rs_3_a_role_change_needs_one_pick_per_seat() -> None:
    """SC-RS-3: two players change player cards with one hidden pick each."""
    with pytest.raises(DataError) as err:
        scenario(2, phase="role_change", actor=0, queue=[0, 1])
    assert err.value.field == "role_picks"
    with pytest.raises(DataError) as err:
        scenario(2, phase="role_change", actor=0, queue=[0, 1], role_picks=["", "XX"])
    assert err.value.field == "role_picks.1"
    st = scenario(2, phase="role_change", actor=1, queue=[1], role_picks=["keep", ""], scorer=0)
    assert st.decision().seats == (1,)


def test_a_setup_hand_that_is_not_a_list_names_the_field() -> None:
    for hands, where in (("M01", "hands"), ([["M01"], [3]], "hands.1.0"), ([[]], "hands")):
        with pytest.raises(DataError) as err:
            GAME.from_setup({"game": "sonic-cup", "seats": 2, "hands": hands})
        assert err.value.field == where

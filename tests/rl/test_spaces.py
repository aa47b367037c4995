"""The fixed action spaces, masks and observation tensors (pitchside.rl.spaces; docs/rl.md)."""

from __future__ import annotations

from array import array
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.rl.spaces import ActionOutsideSpace, Encoding, Layout, NoEncoder, PileCounts, encoding_for
from tests.rl.helpers import CASES, IDS, walk


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_every_action_met_in_random_play_round_trips(gid: str, n: int) -> None:
    game = load_game(gid)
    enc = encoding_for(game, {"seats": n})
    met = set()
    for seed in range(3):
        for st, seat in walk(gid, n, seed):
            legal = list(st.legal_actions(seat))
            mask = enc.mask(st, seat)
            assert mask.dtype == np.int8 and mask.shape == (enc.num_actions,)
            assert int(mask.sum()) == len(legal)  # one index per legal action, no collisions
            for a in legal:
                i = enc.encode(a)
                assert mask[i] == 1
                assert enc.decode(i) == a
                assert enc.texts[i] == str(a)
                met.add(i)
    assert len(met) > 10


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_every_text_of_the_space_parses_back_to_itself(gid: str, n: int) -> None:
    game = load_game(gid)
    enc = encoding_for(game, {"seats": n})
    for i, text in enumerate(enc.texts):
        assert str(game.parse_action(text)) == text
        assert enc.encode(enc.decode(i)) == i


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_twins_with_the_same_view_encode_the_same(gid: str, n: int) -> None:
    """The observation is built from view(seat) only: a determinized twin (other hands and the deck
    dealt again) has the same view and must give the same tensor, though its hidden cards differ."""
    enc = encoding_for(load_game(gid), {"seats": n})
    differs = 0
    for k, (st, seat) in enumerate(walk(gid, n, 5)):
        if k % 7:
            continue
        twin = st.determinize(seat, Rng(k))
        assert twin.view(seat) == st.view(seat)
        np.testing.assert_array_equal(enc.observation(twin, seat), enc.observation(st, seat))
        np.testing.assert_array_equal(enc.observe(twin.view(seat)), enc.observation(st, seat))
        differs += twin.to_setup() != st.to_setup()
    assert differs > 0  # the twins really hid something different


# My World Cup's matches are a few dozen decisions; the others' a few hundred to thousands.
WALKS = {"sonic-cup": 1, "world-ball": 1, "my-world-cup": 20}


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_the_state_writer_writes_exactly_the_tensor_of_the_view(gid: str, n: int) -> None:
    """observation(state, seat) writes from the state's fields without building the view (spaces.StateWriter):
    at decisions of random matches (every one at 2 seats, every n/2-th at n: a match is longer) and at their end,
    its tensor for the seat to act, the next seat and a spectator is exactly the one observe() writes from
    view(seat), so it reads nothing the view does not show."""
    enc = encoding_for(load_game(gid), {"seats": n})
    checked = 0
    for seed in range(WALKS[gid]):
        for k, (st, seat) in enumerate(walk(gid, n, seed)):
            if k % (n // 2) == 0:
                for s in (seat, (seat + 1) % n, None):
                    assert np.array_equal(enc.observation(st, s), enc.observe(st.view(s))), (seed, k, s)
                checked += 1
        assert st.is_over()  # walk plays on the one state: this is the finished match
        for s in (0, None):
            assert np.array_equal(enc.observation(st, s), enc.observe(st.view(s))), (seed, s)
    assert checked > 20
    assert enc.float_writes == 0  # every one was written as bytes (spaces.Slots), the environment's fast path


def test_pile_counts_follow_a_pile_that_grows_shrinks_or_changes() -> None:
    at = {"A": 0, "B": 1, "C": 2}
    counts = PileCounts(at, 3)

    def written(pile: list[str]) -> list[float]:
        buf = memoryview(bytearray(array("f", [9.0] * 5))).cast("f")
        counts.write(pile, buf, 1)
        assert buf[0] == buf[4] == 9.0  # only its own field
        return list(buf[1:4])

    assert written(["A", "B", "A"]) == [2, 1, 0]
    assert written(["A", "B", "A", "C"]) == [2, 1, 1]  # grown at its end
    assert written(["A", "B", "A", "C"]) == [2, 1, 1]
    assert written(["C", "B", "A", "C"]) == [1, 1, 2]  # the same length, other cards
    assert written(["B"]) == [0, 1, 0]  # shuffled back: a new pile
    assert written([]) == [0, 0, 0]
    assert written(["C", "C"]) == [0, 0, 2]


def test_pile_counts_write_bytes_and_floats_alike() -> None:
    counts = PileCounts({"A": 0, "B": 1}, 2)
    for pile in (["A", "B", "A"], ["A", "B", "A", "B"], ["B"]):
        raw = bytearray(b"\x09" * 4)
        counts.write(pile, raw, 1)
        floats = memoryview(bytearray(array("f", [9.0] * 4))).cast("f")
        counts.write(pile, floats, 1)
        assert list(raw) == list(floats) == [9, pile.count("A"), pile.count("B"), 9]
    counts.write(["A"] * 300, floats, 1)
    assert list(floats[1:3]) == [300, 0]  # floats hold any count
    with pytest.raises(ValueError, match="255"):
        counts.write(["A"] * 300, bytearray(4), 1)  # a byte cannot: Encoding.observation writes floats instead


def test_a_value_no_byte_holds_is_written_as_a_float() -> None:
    """A StateWriter writes bytes (spaces.Slots); a value outside 0..255, or not an int, makes the encoding
    write the same observation again as floats, so the tensor is what the values say, clipped to the ranges."""
    layout = Layout()
    layout.add("a", 2, 500, "a count")
    layout.add("b", 1, 9, "a value")

    def write(v: dict[str, Any], b: Any) -> None:
        b[0], b[1], b[2] = v["a"], 1, v["b"]

    def write_state(st: Any, seat: int | None, b: Any) -> None:
        write(st.values, b)

    game = load_game("world-ball")
    enc = Encoding(game, {}, ["pass"], layout, write, write_state)
    for values, expect, floats in [
        ({"a": 7, "b": 3}, [7, 1, 3], 0),
        ({"a": 300, "b": 3}, [300, 1, 3], 1),  # past a byte
        ({"a": 7, "b": 2.5}, [7, 1, 2.5], 2),  # not an int
        ({"a": 7, "b": 12}, [7, 1, 9], 2),  # clipped to its range, as bytes
        ({"a": 600, "b": -1}, [500, 1, -1], 3),
        ({"a": 0, "b": 0}, [0, 1, 0], 3),  # no scratch buffer kept a value
    ]:
        st = SimpleNamespace(num_seats=2, values=values)
        assert enc.observation(st, 0).tolist() == expect == enc.observe(values).tolist()  # type: ignore[arg-type]
        assert enc.float_writes == floats


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_observation_stays_in_its_declared_range_and_differs_per_seat(gid: str, n: int) -> None:
    enc = encoding_for(load_game(gid), {"seats": n})
    st, _ = next(walk(gid, n, 1))
    obs = [enc.observation(st, s) for s in range(n)]
    for o in obs:
        assert o.dtype == np.float32 and o.shape == (enc.obs_size,)
        assert (o >= 0).all() and (o <= enc.high).all()
    assert not np.array_equal(obs[0], obs[1])  # the seat one-hot and each seat's own hand
    assert sum(f.size for f in enc.layout.fields) == enc.obs_size


def test_outside_the_space_is_a_clear_error() -> None:
    enc = encoding_for(load_game("sonic-cup"), {"seats": 2})
    with pytest.raises(ActionOutsideSpace, match="outside"):
        enc.decode(enc.num_actions)
    with pytest.raises(ActionOutsideSpace, match="not in the action space"):
        enc.encode(load_game("world-ball").parse_action("pass"))


def test_a_game_without_an_encoder_is_named() -> None:
    class Toy:
        id = "toy"

    with pytest.raises(NoEncoder, match="no RL encoder for toy"):
        encoding_for(Toy(), {})  # type: ignore[arg-type]


@pytest.mark.parametrize("gid", ["sonic-cup", "world-ball", "my-world-cup"])
def test_docs_show_each_observation_layout_as_built(gid: str) -> None:
    """docs/rl.md carries Layout.table() of each game at 2 seats; a changed layout must change the docs."""
    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    assert encoding_for(load_game(gid), {"seats": 2}).layout.table() in text

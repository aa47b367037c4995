"""core/state.py: a state declared once gives clone, to_setup, fingerprint and checked setup reading."""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any

import pytest

from pitchside.core.errors import DataError
from pitchside.core.legality import ANY, Refusal, Rulebook
from pitchside.core.rng import Rng
from pitchside.core.state import SEATS, GameState, cache, field, fixed, read_fields
from pitchside.core.window import Window


class Phase(IntEnum):
    TURN = 0
    OVER = 1


class Role(StrEnum):
    FW = "FW"
    GK = "GK"


class Toy(GameState):
    t: dict[str, Any] = fixed()
    rng: Rng
    hands: list[list[str]] = field(length=SEATS)
    roles: list[frozenset[Role]] = field(length=SEATS)
    ball: int = field(range=(1, 9))
    actor: int = field(seat=True)
    singer: int = field(seat=True, none=-1)
    phase: Phase
    window: Window
    stack: list[dict[str, Any]]
    note: str | None
    _legal: list[str] | None = cache()

    def setup_header(self) -> dict[str, Any]:
        return {"game": "toy", "seats": 2}


class ToyState(Toy):
    __slots__ = ()


def toy() -> ToyState:
    st = object.__new__(ToyState)
    st.t, st.rng = {"fixed": True}, Rng(7)
    st.hands, st.roles = [["a", "b"], ["c"]], [frozenset({Role.FW}), frozenset({Role.GK, Role.FW})]
    st.ball, st.actor, st.singer, st.phase = 5, 0, -1, Phase.TURN
    st.window, st.stack, st.note, st._legal = Window([1, 0]), [{"k": "shot", "n": 1}], None, ["x"]
    return st


def read(setup: dict[str, Any]) -> ToyState:
    st = toy()
    read_fields(st, setup, "toy.json", seats=2, header={"game", "seats"})
    return st


def test_slots_come_from_the_declaration() -> None:
    assert "hands" in Toy.__slots__ and ToyState.__slots__ == ()
    assert not hasattr(toy(), "__dict__")
    assert Toy.setup_fields() == (
        "rng",
        "hands",
        "roles",
        "ball",
        "actor",
        "singer",
        "phase",
        "window",
        "stack",
        "note",
    )


def test_clone_is_independent_and_resets_caches() -> None:
    st = toy()
    new = st.clone()
    assert type(new) is ToyState and new.to_setup() == st.to_setup()
    assert new.t is st.t and new._legal is None
    new.hands[0].append("z")
    new.window.answered()
    new.stack[0]["n"] = 2
    new.rng.next_u64()
    assert st.hands[0] == ["a", "b"] and st.window.seats == [1, 0] and st.stack[0]["n"] == 1
    assert new.fingerprint() != st.fingerprint()


def test_clone_keeps_the_rolls_a_setup_named() -> None:
    st = toy()
    st.rng = Rng(7, (2, 0))
    new = st.clone()
    assert new.rng is not st.rng and new.rng.state == 7 and new.rng.rolls == (2, 0)
    assert new.rng.roll(6) == 2 and st.rng.rolls == (2, 0)


def test_to_setup_writes_every_value_field_as_json() -> None:
    out = toy().to_setup()
    assert out["phase"] == "turn" and out["roles"] == [["FW"], ["FW", "GK"]] and out["window"] == [1, 0]
    assert out["rng"] == 7 and "t" not in out and "_legal" not in out
    again = read(out)
    assert again.fingerprint() == toy().fingerprint() and again.roles == toy().roles


@pytest.mark.parametrize(
    ("setup", "field_name", "words"),
    [
        ({"hands": [["a"], 3]}, "hands.1", "must be a list"),
        ({"hands": [["a", "b", "c"]]}, "hands", "one per seat"),
        ({"ball": 10}, "ball", "1..9"),
        ({"actor": 0.0}, "actor", "integer"),
        ({"actor": True}, "actor", "integer"),
        ({"actor": 2}, "actor", "seat 0..1"),
        ({"singer": -2}, "singer", "or -1"),
        ({"phase": "halftime"}, "phase", "one of turn, over"),
        ({"roles": [["FW", "FW"], []]}, "roles.0", "twice"),
        ({"roles": [["XX"], []]}, "roles.0.0", "one of FW, GK"),
        ({"window": [0, 0]}, "window", "twice"),
        ({"window": [0, 5]}, "window.1", "seat"),
        ({"stack": [{"k": [1]}]}, "stack.0.k", "number, a string"),
        ({"rng": -1}, "rng", "generator"),
        ({"ball": 1 << 80}, "ball", "1..9"),
        ({"note": 3}, "note", "string"),
        ({"bogus": 1}, "bogus", "unknown setup field"),
    ],
)
def test_a_bad_field_is_a_data_error_naming_it(setup: dict[str, Any], field_name: str, words: str) -> None:
    st = toy()
    before = st.fingerprint()
    with pytest.raises(DataError) as e:
        read_fields(st, setup, "toy.json", seats=2, header={"game", "seats"})
    assert e.value.field == field_name and words in e.value.message and e.value.file == "toy.json"
    assert st.fingerprint() == before or field_name != "bogus"


def test_an_undeclarable_type_is_refused_when_first_used() -> None:
    class Bad(GameState):
        x: set[int]

    with pytest.raises(TypeError, match="cannot hold"):
        Bad.declared()


def test_window_answers_in_order() -> None:
    w = Window([3, 1, 2])
    assert w.open and w.seat == 3
    assert w.answered() == 1 and w.answered() == 2 and w.answered() is None and not w.open


def test_rulebook_one_source_for_legal_and_refusal() -> None:
    rules = Rulebook[ToyState, str](key=lambda st, seat, act: act.split()[0])

    @rules.check(ANY)
    def whose_turn(st: ToyState, seat: int, act: str) -> Refusal | None:
        return None if seat == st.actor else Refusal("T-1", f"it is seat {st.actor}'s turn")

    @rules.check("move")
    def adjacent(st: ToyState, seat: int, act: str) -> Refusal | None:
        return None if abs(int(act.split()[1]) - st.ball) <= 1 else Refusal("T-2", "adjacent zones only")

    st = toy()
    cands = [f"move {z}" for z in range(1, 10)]
    assert rules.legal(st, 0, cands) == ["move 4", "move 5", "move 6"]
    assert rules.refuse(st, 0, "move 9") == Refusal("T-2", "adjacent zones only")
    assert [r.rule for r in rules.refusals(st, 1, "move 9")] == ["T-1", "T-2"]
    assert "[T-2]" in str(Refusal("T-2", "adjacent zones only").error("move 9"))


class Pair(GameState):
    rng: Rng
    lines: list[list[str]] = field(length=2)
    ask: tuple[Any, ...] | None
    steps: list[tuple[Any, ...]]


def test_tuples_and_fixed_length_lists_clone_and_round_trip() -> None:
    """A tuple is written as a list and read back as a tuple; a fixed-length list of lists is copied
    item by item (the clone shares no list with its source)."""
    p = object.__new__(Pair)
    p.rng, p.lines, p.ask, p.steps = Rng(3), [["a"], ["b", "c"]], ("pair", 1, 2), [("draw", 0, 4)]
    c = p.clone()
    assert c.lines == p.lines and c.lines[0] is not p.lines[0] and c.rng is not p.rng and c.rng.state == 3
    q = object.__new__(Pair)
    read_fields(
        q, {"rng": 3, "lines": [["a"], ["b"]], "ask": ["pair", 1], "steps": [["draw", 0]]}, "s", seats=2, header=set()
    )
    assert q.ask == ("pair", 1) and q.steps == [("draw", 0)] and isinstance(q.ask, tuple)
    with pytest.raises(DataError) as err:
        read_fields(q, {"ask": ["pair", 1.5]}, "s", seats=2, header=set())
    assert err.value.field == "ask.1"
    with pytest.raises(DataError) as err:
        read_fields(q, {"lines": [[], [], []]}, "s", seats=2, header=set())
    assert err.value.field == "lines"


class PairPlus(Pair):
    extra: list[int]


def test_each_class_gets_its_own_generated_clone() -> None:
    """clone() is installed per class on first use: a subclass cloned after its base still copies its own fields."""
    p = object.__new__(Pair)
    p.rng, p.lines, p.ask, p.steps = Rng(1), [["a"], []], None, []
    assert type(p.clone()) is Pair
    q = object.__new__(PairPlus)
    q.rng, q.lines, q.ask, q.steps, q.extra = Rng(2), [[], ["b"]], None, [], [7]
    c = q.clone()
    assert type(c) is PairPlus and c.extra == [7] and c.extra is not q.extra and c.lines == [[], ["b"]]

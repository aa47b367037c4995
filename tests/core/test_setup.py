"""The setup notation (Sonic Cup): round trips, malformed setups, and errors located in a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pitchside.core.errors import DataError
from pitchside.core.rng import Rng
from pitchside.core.setupfile import field_line, load_setup, loads_setup
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.rules import SonicCupState


def mid_game(seats: int, seed: int, moves: int) -> SonicCupState:
    st = GAME.new_state({"seats": seats}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        if st.is_over():
            break
        legal = st.legal_actions(st.actor)
        st.apply(st.actor, legal[rng.below(len(legal))])
    return st


def base_setup(seats: int = 4) -> dict[str, Any]:
    setup: dict[str, Any] = json.loads(json.dumps(mid_game(seats, 1, 30).to_setup()))
    return setup


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
@pytest.mark.parametrize("moves", [0, 1, 57, 400, 5000])
def test_to_setup_from_setup_round_trip(seats: int, moves: int) -> None:
    st = mid_game(seats, seats * 100 + moves, moves)
    setup = st.to_setup()
    text = json.dumps(setup)
    back = GAME.from_setup(json.loads(text))
    assert back.fingerprint() == st.fingerprint()
    assert json.dumps(back.to_setup()) == text
    assert back.view(None) == st.view(None)
    assert back.legal_actions(back.actor) == st.legal_actions(st.actor) or st.is_over()
    # ... and it plays on identically, chance included (the RNG state is part of the setup).
    for _ in range(30):
        if st.is_over():
            break
        a = st.legal_actions(st.actor)[-1]
        assert st.apply(st.actor, a) == back.apply(back.actor, a)
    assert back.fingerprint() == st.fingerprint()


def test_two_player_changed_player_cards_round_trip() -> None:
    # A found bug: after a 2-player change of player card (SC-RS-3) the setup's "roles" (current
    # cards) overwrote the config's opening lineup, so the state read back had another fingerprint.
    for seed in range(40):
        st = mid_game(2, seed, 0)
        rng = Rng(seed)
        while not st.is_over() and [sorted(r.value for r in rs) for rs in st.roles] == st.t.config["roles"]:
            legal = st.legal_actions(st.actor)
            st.apply(st.actor, legal[rng.below(len(legal))])
        if not st.is_over():
            break
    else:
        pytest.fail("no 2-player match changed a player card in 40 seeds")
    setup = json.loads(json.dumps(st.to_setup()))
    assert setup["roles"] != setup["config"]["roles"]
    back = GAME.from_setup(setup)
    assert back.fingerprint() == st.fingerprint()
    assert back.roles == st.roles and back.used_roles == st.used_roles
    assert back.t.config == st.t.config


def test_a_minimal_setup_fills_in_defaults() -> None:
    st = GAME.new_state({"seats": 4}, 9)
    setup = {"seats": 4, "hands": st.to_setup()["hands"], "deck": st.deck[:], "ball": 4}
    back = GAME.from_setup(setup)
    assert back.hands == st.hands and back.deck == st.deck and back.ball == 4
    assert back.phase.name == "TURN" and back.score == [0, 0]


# ---------------------------------------------------------------- malformed setups


def refused(setup: dict[str, Any]) -> DataError:
    with pytest.raises(DataError) as err:
        GAME.from_setup(setup, "case.json")
    assert err.value.file == "case.json"
    return err.value


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"weather": "rain"}, "weather", "unknown setup field"),
        ({"ball": "5"}, "ball", "must be an integer"),
        ({"ball": True}, "ball", "must be an integer"),
        ({"ball": 0}, "ball", "must be 1..9"),
        ({"ball": 10}, "ball", "must be 1..9"),
        ({"score": [3, 4]}, "score.1", "0..3"),
        ({"score": ["1", 0]}, "score.0", "must be an integer"),
        ({"extra_time": 1}, "extra_time", "true or false"),
        ({"phase": "halftime"}, "phase", "must be one of"),
        ({"phase": 3}, "phase", "must be one of"),
        ({"pending": "zz"}, "pending", "must be one of '', pk"),
        ({"hands": "all"}, "hands", "must be a list"),
        ({"hands": [[], [], []]}, "hands", "needs 4 entries (one per seat)"),
        ({"tired": [0, 0, 0, 0]}, "tired.0", "true or false"),
        ({"tired": [False]}, "tired", "needs 4 entries"),
        ({"rng": "seed"}, "rng", "an integer 0..2**64-1"),
        ({"counter": 9}, "counter", "must be 1..3"),
        ({"attack": 2}, "attack", "must be 0..1"),
        ({"discard": [1, 2]}, "discard.0", "must be a string"),
        ({"used_roles": [["GK"]]}, "used_roles", "needs 2 entries"),
        ({"used_roles": [["GK"], ["XX"]]}, "used_roles.1.0", "must be one of FW"),
    ],
)
def test_malformed_field(change: dict[str, Any], field: str, words: str) -> None:
    e = refused({**base_setup(), **change})
    assert e.field == field, str(e)
    assert words in str(e)
    assert f"field {field!r}" in str(e)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"actor": 4}, "actor"),
        ({"actor": -1}, "actor"),
        ({"next_seat": 9}, "next_seat"),
        ({"kick_seat": 4}, "kick_seat"),
        ({"singer": 7}, "singer"),
        ({"scorer": 7}, "scorer"),
        ({"scorer": -2}, "scorer"),
        ({"queue": [0, 6]}, "queue.1"),
        ({"seats": 5}, "seats"),
        ({"seats": 3}, "seats"),
    ],
)
def test_bad_seat(change: dict[str, Any], field: str) -> None:
    setup = {**base_setup(), **change}
    if "seats" in change:
        setup.pop("config")
    assert refused(setup).field == field


def test_bad_roles() -> None:
    setup = base_setup()
    setup["roles"] = [["DF", "FW"], ["DF", "XX"], ["GK", "MF"], ["GK", "MF"]]
    setup.pop("config")
    e = refused(setup)
    assert e.field == "roles.1" and "'XX' is not a role" in str(e)
    setup["roles"] = [["DF", "FW"], ["DF", "FW"], ["DF", "MF"], ["GK", "MF"]]  # Blue's DF twice
    assert refused(setup).field == "roles.2"


def test_cards_must_be_conserved() -> None:
    setup = base_setup()
    first = setup["deck"][0]
    setup["deck"] = setup["deck"][1:]  # a card left unnamed goes to the deck, beneath the named (issue 7)
    assert GAME.from_setup(setup, "case.json").deck == [first, *setup["deck"]]
    setup = base_setup()
    setup["hands"][2].append(setup["hands"][0][0])  # a card doubled
    e = refused(setup)
    assert e.field == "deck" and "conserved" in str(e)
    setup = base_setup()
    setup["hands"][1].append("Z99")  # no such card
    e = refused(setup)
    assert e.field == "hands" and "Z99" in str(e)


def test_from_setup_of_a_non_object() -> None:
    with pytest.raises(DataError):
        GAME.from_setup(["not", "a", "setup"], "case.json")  # type: ignore[arg-type]


# ---------------------------------------------------------------- files: errors give the line


def write(tmp_path: Path, setup: dict[str, Any]) -> tuple[Path, list[str]]:
    text = json.dumps(setup, indent=2)
    path = tmp_path / "scenario.json"
    path.write_text(text, encoding="utf-8")
    return path, text.splitlines()


def line_of(lines: list[str], needle: str, start: int = 0) -> int:
    return next(i for i, line in enumerate(lines, 1) if i > start and needle in line)


def test_a_good_file_loads(tmp_path: Path) -> None:
    st = mid_game(8, 4, 100)
    path, _ = write(tmp_path, st.to_setup())
    assert load_setup(GAME, path).fingerprint() == st.fingerprint()


@pytest.mark.parametrize(
    ("key", "value", "needle"),
    [
        ("ball", 12, '"ball": 12'),
        ("weather", "rain", '"weather"'),
        ("phase", "halftime", '"phase": "halftime"'),
        ("actor", 11, '"actor": 11'),
    ],
)
def test_a_bad_field_in_a_file_names_its_line(tmp_path: Path, key: str, value: Any, needle: str) -> None:
    setup = base_setup()
    setup[key] = value
    path, lines = write(tmp_path, setup)
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    e = err.value
    assert (e.file, e.field) == (str(path), key)
    assert e.line == line_of(lines, needle)
    assert str(e).startswith(f"{path}:{e.line}: field {key!r}:")


def test_a_bad_nested_field_names_its_line(tmp_path: Path) -> None:
    setup = base_setup()
    setup["hands"][2] = "not a hand"  # a string no other line holds: its line is the one to name
    path, lines = write(tmp_path, setup)
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    assert err.value.field == "hands.2"
    assert err.value.line == line_of(lines, '"not a hand"', line_of(lines, '"hands"'))


def test_a_bad_role_names_its_line(tmp_path: Path) -> None:
    setup = base_setup()
    setup.pop("config")
    setup["roles"][3] = ["GK", "XX"]
    path, lines = write(tmp_path, setup)
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    assert err.value.field == "roles.3"
    roles_at = line_of(lines, '"roles"')
    assert err.value.line == roles_at + 1 + 4 * 3  # "[" of the fourth list: each list takes 4 lines


def test_a_bad_config_field_names_its_line(tmp_path: Path) -> None:
    setup = base_setup()
    setup.pop("seats")
    setup.pop("roles")
    setup["config"] = {"seats": 7}
    path, lines = write(tmp_path, setup)
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    assert err.value.field == "seats"
    assert err.value.line == line_of(lines, '"seats": 7')


def test_a_card_too_many_names_the_line_of_the_deck(tmp_path: Path) -> None:
    setup = base_setup()
    setup["discard"].append(setup["deck"][0])  # one copy more than the deck has
    path, lines = write(tmp_path, setup)
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    assert err.value.field == "deck" and err.value.line == line_of(lines, '"deck"')


def test_invalid_json_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "seats": 4,\n  "ball": 5\n  "deck": []\n}\n', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    assert (err.value.file, err.value.line, err.value.field) == (str(path), 4, None)
    assert "not valid JSON" in str(err.value)


@pytest.mark.parametrize(
    ("value", "words"),
    [("[" * 1000 + "]" * 1000, "nested deeper"), ("[" * 33 + "]" * 33, "nested deeper"), ("9" * 5000, "digits")],
)
def test_json_nested_1000_deep_or_a_5000_digit_integer_names_its_line(tmp_path: Path, value: str, words: str) -> None:
    """Issue 7: a setup nested 1,000 deep raised RecursionError and a 5,000-digit integer a ValueError; both are a
    DataError naming the file and the line."""
    path = tmp_path / "attack.json"
    path.write_text('{\n  "seats": 4,\n  "hands": "[x]",\n  "ball": ' + value + "\n}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_setup(GAME, path)
    assert (err.value.file, err.value.line) == (str(path), 4) and words in err.value.message, err.value


def test_roles_that_are_not_a_list_are_refused() -> None:
    """Issue 7: ``roles=1.5`` raised a TypeError; in the setup or its config it is a DataError naming the field."""
    setup = base_setup()
    assert refused({**setup, "roles": 1.5}).field == "roles"
    assert refused({**setup, "config": {**setup["config"], "roles": 1.5}}).field == "roles"


def test_not_an_object_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        loads_setup(GAME, "\n[1, 2]\n", "list.json")
    assert (err.value.line, err.value.file) == (2, "list.json")
    with pytest.raises(DataError) as err:
        load_setup(GAME, tmp_path / "missing.json")
    assert "cannot read" in str(err.value)


def test_field_line_lookup() -> None:
    text = '{\n "a": 1,\n "config": {\n  "seats": 3\n },\n "hands": [\n  [],\n  ["x"]\n ]\n}'
    obj = json.loads(text)
    assert field_line(text, obj, "a") == 2
    assert field_line(text, obj, "seats") == 4  # found inside config
    assert field_line(text, obj, "hands.1") == 8
    assert field_line(text, obj, "hands.7") == 6  # only the prefix exists
    assert field_line(text, obj, "nowhere") is None

"""A setup is accepted only if the match can go on from it (issue 7): core's check after every game's reader,
the setup header every game shares, and configs whose seat count is not a whole number."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from pitchside.core.checks import check_setup
from pitchside.core.decision import Decision, DecisionKind
from pitchside.core.errors import DataError
from pitchside.core.game import Config, config_dict
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.core.setupfile import check_playable
from pitchside.games.sonic_cup.actions import Play
from pitchside.games.sonic_cup.game import GAME, SonicCup
from pitchside.games.sonic_cup.rules import SonicCupState

GAMES = ["sonic-cup", "world-ball", "my-world-cup"]


def mid_game(seats: int = 4, seed: int = 3, moves: int = 40) -> SonicCupState:
    st = GAME.new_state({"seats": seats}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = st.legal_actions(st.actor)
        st.apply(st.actor, legal[rng.below(len(legal))])
    return st


class NoMoves(SonicCupState):
    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Play]:
        return []


class EveryoneMoves(SonicCupState):
    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Play]:
        saved = self.actor
        self.actor, self._legal = seat, None
        try:
            return super().legal_actions(seat)
        finally:
            self.actor, self._legal = saved, None


class OutsideItsWindow(SonicCupState):
    __slots__ = ()

    def decision(self) -> Decision:
        d = super().decision()
        return Decision(DecisionKind.RESPONSE, d.seat, tuple(s for s in range(self.t.n) if s != d.seat), "window")


class DecisionFails(SonicCupState):
    __slots__ = ()

    def decision(self) -> Decision:
        raise IndexError("pop from empty list")


class ApplyFails(SonicCupState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> Any:
        raise KeyError("stack")


class OverButMoves(SonicCupState):
    __slots__ = ()

    def is_over(self) -> bool:
        return True

    def decision(self) -> Decision:
        return Decision(DecisionKind.OVER, None)


@pytest.mark.parametrize(
    ("cls", "words"),
    [
        (NoMoves, "has no legal action"),
        (EveryoneMoves, "yet seat"),
        (OutsideItsWindow, "is not among"),
        (DecisionFails, "asking who decides fails (IndexError)"),
        (ApplyFails, "fails (turn"),
        (OverButMoves, "the match is over, yet seat"),
    ],
)
def test_a_state_the_match_cannot_go_on_from_is_a_data_error(cls: type[SonicCupState], words: str) -> None:
    st = mid_game()
    st.__class__ = cls
    with pytest.raises(DataError) as err:
        check_playable(st, "case.json")
    assert err.value.file == "case.json" and err.value.field == "phase"
    assert words in str(err.value)


def test_real_states_pass() -> None:
    for seats in (2, 4, 10):
        st = mid_game(seats, seats, 25)
        check_playable(st, "ok.json")
    over = mid_game(2, 1, 0)
    while not over.is_over():
        over.apply(over.actor, over.legal_actions(over.actor)[0])
    check_playable(over, "ok.json")


class Broken(SonicCup):
    """Sonic Cup whose read states are of class ``cls``: GameBase.from_setup must refuse them."""

    def __init__(self, cls: type[SonicCupState]) -> None:
        self.cls = cls

    def read_setup(self, setup: Mapping[str, Any], source: str) -> SonicCupState:
        st = GAME.from_setup(setup, source)
        st.__class__ = self.cls
        return st

    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> SonicCupState:
        from pitchside.core.game import GameBase

        st = GameBase.from_setup(self, setup, source)
        assert isinstance(st, SonicCupState)
        return st


def test_from_setup_checks_the_header_and_that_the_match_can_go_on() -> None:
    setup = json.loads(json.dumps(mid_game().to_setup()))
    with pytest.raises(DataError, match="has no legal action"):
        Broken(NoMoves).from_setup(setup, "s.json")
    with pytest.raises(DataError, match="a setup is a JSON object"):
        Broken(SonicCupState).from_setup([], "s.json")  # type: ignore[arg-type]
    with pytest.raises(DataError, match="this is a sonic-cup setup reader"):
        Broken(SonicCupState).from_setup({**setup, "game": "world-ball"}, "s.json")
    with pytest.raises(DataError) as err:
        Broken(SonicCupState).from_setup({**setup, "seats": 6}, "s.json")
    assert err.value.field == "seats"


# ---------------------------------------------------------------- the conformance check from a setup


def test_check_setup_plays_a_setup_to_the_end_under_the_checks() -> None:
    setup = json.loads(json.dumps(mid_game(4, 8, 30).to_setup()))
    report = check_setup(GAME, setup, 5, deep_steps=3)
    assert report.ok, report.summary()
    assert report.matches == 1 and report.deep_steps == 3 and report.replays == 1, report.summary()


def test_check_setup_reports_what_goes_wrong_later() -> None:
    class Mutant(SonicCup):
        def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> SonicCupState:
            st = GAME.from_setup(setup, source)
            st.__class__ = ApplyFails
            return st

    setup = json.loads(json.dumps(mid_game(4, 8, 30).to_setup()))
    report = check_setup(Mutant(), setup, 1)
    assert not report.ok and "KeyError" in report.summary()


# ---------------------------------------------------------------- seat counts and configs


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seats", [4.0, 2.0, True, False, [2], "2", None, {"n": 2}])
def test_a_seat_count_that_is_not_a_whole_number_is_a_data_error(game_id: str, seats: Any) -> None:
    game = load_game(game_id)
    for call in (lambda: game.new_state({"seats": seats}), lambda: game.normalize_config({"seats": seats}, "c")):
        with pytest.raises(DataError) as err:
            call()
        assert err.value.field == "seats", str(err.value)
        assert "seat count" in str(err.value)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("config", [[2], 4, "seats=2", 1.5, True])
def test_a_config_that_is_not_an_object_is_a_data_error(game_id: str, config: Any) -> None:
    game = load_game(game_id)
    with pytest.raises(DataError) as err:
        game.normalize_config(config, "c.json")
    assert err.value.field == "config" and err.value.file == "c.json"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("config", [0, "", [], False, [2], "seats=2"])
def test_a_setup_whose_config_is_not_an_object_is_a_data_error(game_id: str, config: Any) -> None:
    """Issue 7 (config as a number or a string): a setup's config goes through core's config_dict in every game's
    reader (setupfile.setup_config); a falsy one (0, "", []) was read as no config at all in two of them."""
    game = load_game(game_id)
    setup = json.loads(json.dumps(game.new_state({"seats": 2}, 1).to_setup()))
    with pytest.raises(DataError) as err:
        game.from_setup({**setup, "config": config}, "c.json")
    assert err.value.field == "config" and err.value.file == "c.json", err.value


def test_config_dict_copies() -> None:
    given: Config = {"seats": 4}
    got = config_dict(given)
    got["seats"] = 6
    assert given == {"seats": 4} and config_dict(None) == {}

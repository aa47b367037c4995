"""Action text (docs/notation.md), views and determinizations: what each seat may see (WC-COMP-12, WC-GAP-7,
WC-PROJ-11), and the setup notation with its errors (WC-GAP-2, WC-GAP-23)."""

from __future__ import annotations

import json

import pytest

from pitchside.core.errors import DataError, IllegalAction, InvalidAction
from pitchside.core.game import Event
from pitchside.core.rng import Rng
from pitchside.core.state import FieldKind
from pitchside.games.my_world_cup.actions import Act, Verb, parse
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.state import Phase
from tests.games.my_world_cup.helpers import conserved, play, setup, start

TEXTS = [
    "field AD4:top", "field F10:top", "field G1:bottom", "ready", "discard G2", "roll", "skip", "swap 2",
    "swap AD4:bottom", "first 1", "flip 3", "lead 2", "pair 4", "void", "double", "single", "reroll", "ignore",
    "remove 1",
]  # fmt: skip


def test_action_text_round_trips() -> None:
    """Every action's text parses back to the same action (docs/notation.md)."""
    for text in TEXTS:
        act = parse(text)
        assert str(act) == text and parse(str(act)) == act and GAME.parse_action(text) == act
    assert parse("pair 3").slot == 2 and parse("field AD4:bottom").half == 1 and parse("swap G2:top").card == "G2"


@pytest.mark.parametrize(
    "text",
    ["", "field", "field AD4", "field AD4:left", "pair", "pair 0", "pair 10", "pair x", "ready now", "void 1",
     "discard AD4:top", "swap", "swap 0", "kick 3", "FIELD AD4:top", "field  AD4:top", "lead -1"],
)  # fmt: skip
def test_bad_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse(text)


def test_refusals_name_a_rule_and_change_nothing() -> None:
    """Illegal actions raise IllegalAction naming the rule (WC-MATCH-7 void, WC-MATCH-6 a finished card or match,
    WC-MATCH-3 the lineup limit) and leave the state as it was."""
    st, _ = start(setup(("pla", "plb"), (["F10:top", "AD4:top"], ["AD4:bottom", "G1:top"])))
    before = st.fingerprint()
    for text, rule in (("void", "WC-MATCH-7"), ("pair 3", "WC-MATCH-6"), ("field AD4:top", "WC-MATCH-4"),
                       ("double", "WC-MATCH-4")):  # fmt: skip
        with pytest.raises(IllegalAction) as err:
            play(st, 0, text)
        assert err.value.rule == rule, text
    with pytest.raises(IllegalAction) as err:
        st.apply(0, "pair 1")  # text is not an action object
    assert err.value.rule == "WC-GAP-7"
    assert st.fingerprint() == before
    st, _ = start(setup(("pla", "plb"), (["G2:top"], [])))
    with pytest.raises(IllegalAction) as err:
        play(st, 0, "ready")
    assert err.value.rule == "WC-MATCH-6" and st.is_over()
    st, _ = start(setup(("pla", "plb"), (["AD4:top"] * 4, []), (["AD4"], ["AD4"]), phase="lineup"))
    assert st.ready == [True, False]  # four cards: the home lineup is full (WC-MATCH-3)
    with pytest.raises(IllegalAction) as err:
        play(st, 0, "field AD4:top")
    assert err.value.rule == "WC-GAP-7"  # the away side picks now


def test_views_are_json_and_show_only_what_a_seat_may_see() -> None:
    """WC-PROJ-11: a seat sees its hand, counts for the other hand and the deck, the public discard pile and
    rolls; WC-COMP-12: an unrevealed lineup only as a count."""
    st = GAME.new_state({"teams": ["fra", "uru"]}, 3)
    play(st, 0, f"field {st.legal_actions(0)[0].arg}")
    for seat in (0, 1, None):
        v = st.view(seat)
        json.dumps(v)
        assert v["deck"] == len(st.deck) and v["discard"] == st.discard
        for s in (0, 1):
            side = v["sides"][s]
            assert side["hand_count"] == len(st.hands[s]) and side["fielded"] == len(st.line[s])
            assert (side["hand"] is not None) == (seat == s)
            assert (side["lineup"] is not None) == (seat == s)
    assert "hands" not in json.dumps(st.view(1)["config"])


def test_config_hands_and_deck_are_never_shown() -> None:
    """WC-GAP-2: a tournament's hands and deck order pass in through the config; views and determinizations
    never carry them."""
    cfg = {"mode": "group", "teams": ["esp", "sui"], "hands": [["AD4"] * 10, ["G4"] * 8 + ["F8", "F9"]]}
    st = GAME.new_state(cfg, 1)
    for seat in (0, 1, None):
        assert set(st.view(seat)["config"]) == {"mode", "teams", "neutral"}
    twin = st.determinize(0, Rng(5))
    assert "hands" not in twin.t.config and twin.view(0) == st.view(0) and conserved(twin)
    assert sorted(twin.hands[0]) == sorted(st.hands[0])


def test_determinize_keeps_the_seats_view_and_redeals_the_rest() -> None:
    """A determinization for a seat differs only in what that seat cannot see: the other hand, an unrevealed
    lineup (cards and halves), the deck order, the cards elsewhere and the future dice."""
    differs = 0
    for seed in range(20):
        st = GAME.new_state({"mode": "knockout"}, seed)
        while st.decision().seat == 0 and not st.is_over():
            acts = st.legal_actions(0)
            play(st, 0, str(acts[0]))
        if st.is_over():
            continue
        twin = st.determinize(1, Rng(seed))
        assert twin.view(1) == st.view(1) and twin.view(None) == st.view(None)
        assert twin.legal_actions(1) == st.legal_actions(1) and conserved(twin)
        back = GAME.from_setup(json.loads(json.dumps(twin.to_setup())))
        assert back.fingerprint() == twin.fingerprint()
        differs += twin.fingerprint() != st.fingerprint()
    assert differs > 10


def test_setup_errors_name_the_field() -> None:
    """A malformed setup is refused with the field; cards are conserved (WC-GAP-23)."""
    good = setup(("pla", "plb"), (["AD4:top"], ["AD8:top"]))
    GAME.from_setup(good)
    for change, field in (
        ({"line": [["AD4:left"], []]}, "line.0"),
        ({"hands": [["AD4"] * 16, []]}, "hands"),
        ({"phase": "halftime"}, "phase"),
        ({"ask": ["dance", 0]}, "ask"),
        ({"todo": [["dance"]]}, "todo.0"),
        ({"score": [1]}, "score"),
        ({"stat": [[5], [0]]}, "stat.0.0"),
        ({"wind": 3}, "wind"),
        ({"config": {"teams": ["pla"]}}, "teams"),
        ({"game": "sonic-cup"}, "game"),
    ):
        with pytest.raises(DataError) as err:
            GAME.from_setup({**good, **change}, "scenario.json")
        assert err.value.field == field, change
        assert err.value.file == "scenario.json"


def test_every_state_field_is_in_the_setup_or_declared_outside_it() -> None:
    """The state is declared once (core/state.py): a field is either written in the setup notation or
    declared fixed/cache/derived; nothing is silently left out of to_setup() and fingerprint()."""
    st = GAME.new_state({"mode": "knockout"}, 3)
    out = st.to_setup()
    for d in type(st).declared():
        if d.codec is None:
            assert d.spec.kind is not FieldKind.VALUE, d.name
        else:
            assert d.setup_name in out, d.name
    assert set(out) == {"game", "config", *type(st).setup_fields()}
    assert GAME.from_setup(json.loads(json.dumps(out))).fingerprint() == st.fingerprint()


def test_wrong_typed_setups_are_data_errors_naming_the_field() -> None:
    """Wrong types in a setup are refused with the field (WC-GAP-23), never a TypeError later on."""
    good = setup(("pla", "plb"), (["AD4:top"], ["AD8:top"]))
    for change, field in (
        ({"ask": ["pair", 0.0, 0]}, "ask.1"),  # a seat as 0.0
        ({"ask": ["pair", True, 0]}, "ask"),
        ({"first": [0.0, -1]}, "first.0"),
        ({"score": [[1], 0]}, "score.0"),  # a list where an int goes
        ({"period": [1]}, "period"),
        ({"period": 2}, "period"),
        ({"limit": [4, 10]}, "limit.1"),
        ({"yellows": [-1, 0]}, "yellows.0"),
        ({"ready": [1, 0]}, "ready.0"),
        ({"revealed": "yes"}, "revealed"),
        ({"phase": 3}, "phase"),  # phase junk
        ({"phase": "PAIRING"}, "phase"),
        ({"phase": None}, "phase"),
        ({"hands": [["AD4"], ["AD8"], []]}, "hands"),
        ({"deck": "AD4"}, "deck"),
        ({"todo": [["draw", 0, 1.5]]}, "todo.0.2"),
        ({"todo": "draw"}, "todo"),
        ({"rng": -1}, "rng"),
        ({"rng": 1.0}, "rng"),
        ({"ending": 7}, "ending"),
    ):
        with pytest.raises(DataError) as err:
            GAME.from_setup({**good, **change}, "scenario.json")
        assert err.value.field == field, change
        assert err.value.file == "scenario.json"


def test_read_setup_can_stop_before_the_first_decision_and_report_the_events() -> None:
    """read_setup(advance=False) gives the setup's situation as written (public, documented on the Game);
    events= collects the events of running on to the first decision (the lineups are revealed in the
    display phase, WC-MATCH-3); from_setup (GameBase: header, read_setup, check_playable) runs on."""
    good = setup(("pla", "plb"), (["AD4:top"], ["AD8:top"]), phase="display")
    still = GAME.read_setup(good, advance=False)
    assert still.ask is None and still.phase is Phase.DISPLAY
    ev: list[Event] = []
    moved = GAME.read_setup(good, events=ev)
    assert ev and moved.fingerprint() != still.fingerprint()
    assert moved.fingerprint() == GAME.from_setup(good).fingerprint()


def test_acts_are_small_hashable_values() -> None:
    a = Act(Verb.PAIR, "2")
    assert hash(a) == hash(parse("pair 2")) and repr(a) == "Act('pair 2')"

"""The setup notation (docs/notation.md, "Setup notation (World Ball)"): it round-trips, and a malformed
setup is refused with the field (and, read from JSON text, the line).

Rules: WB-GAP-12 (cards are conserved), WB-SKILL-4, WB-GAP-14, WB-GAP-2 (what a setup may hold).
"""

from __future__ import annotations

import json

import pytest

from pitchside.core.errors import DataError
from pitchside.core.setupfile import loads_setup
from pitchside.games.world_ball.game import GAME
from tests.games.world_ball.helpers import play, scenario, who


def test_a_setup_round_trips_mid_window():
    st = scenario(4, hands={0: ["penalty"], 1: ["save"], 2: ["biased_referee"], 3: ["save"]})
    play(st, 0, "play penalty")
    play(st, 1, "play save")
    setup = json.loads(json.dumps(st.to_setup()))
    back = GAME.from_setup(setup)
    assert back.fingerprint() == st.fingerprint() and who(back) == who(st)
    assert [f["k"] for f in setup["stack"]] == ["shot", "save"]


def test_a_hand_written_window_finds_its_first_seat():
    """A setup may open a shot window with "at": -1; the engine asks the first opponent clockwise."""
    base = scenario(4, hands={1: ["save"], 3: ["save"]}).to_setup()
    base["stack"] = [{"k": "shot", "seat": 2, "play": "shoot", "card": "shoot", "need": 1, "saves": 0,
                      "blocked": -1, "refused": 0, "from": 2, "at": -1, "passed": 0}]  # fmt: skip
    base["discard"] = [*base["discard"], "shoot"]
    base["deck"].remove("shoot")
    base["active"] = 2
    st = GAME.from_setup(base)
    assert who(st) == ("response", 3, "shot") and st.decision().seats == (3, 1)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s.update(colour="red"), "colour"),
        (lambda s: s.update(phase="halftime"), "phase"),
        (lambda s: s["hands"][0].append("shoot"), "deck"),  # one 射门 too many (WB-GAP-12)
        (lambda s: s.update(chars=["messi", "messi"]), "chars"),
        (lambda s: s.update(chars=["messi", "zidane"]), "chars.1"),
        (lambda s: s["skills"][0].extend(["wall", "anticipation"]) or s["deck"].remove("wall")
         or s["deck"].remove("anticipation"), "skills.0"),  # WB-SKILL-4
        (lambda s: s["pending"][1].append("sliding_tackle") or s["deck"].remove("sliding_tackle"), "pending.1"),
        (lambda s: s.update(stamina=[9, 4]), "stamina.0"),  # WB-GAP-2
        (lambda s: s.update(stack=[{"k": "shot", "seat": 0}]), "stack.0.play"),
        (lambda s: s.update(stack=[{"k": "dance"}]), "stack.0"),
        (lambda s: s.update(active=7), "active"),
        (lambda s: s.update(score=[1]), "score"),
        (lambda s: s.update(rng="x"), "rng"),
    ],
)  # fmt: skip
def test_a_malformed_setup_names_the_field(change, field: str):
    setup = json.loads(json.dumps(scenario(2).to_setup()))
    change(setup)
    with pytest.raises(DataError) as err:
        GAME.from_setup(setup, "bad.json")
    assert err.value.field == field and err.value.file == "bad.json"


def test_a_setup_file_error_names_the_line():
    setup = scenario(2).to_setup()
    setup["stamina"] = [9, 4]
    text = json.dumps(setup, indent=1)
    with pytest.raises(DataError) as err:
        loads_setup(GAME, text, "scenario.json")
    assert err.value.file == "scenario.json" and err.value.field == "stamina.0"
    assert err.value.line is not None and "9" in text.splitlines()[err.value.line - 1]


def test_every_field_is_in_the_setup_or_declared_outside_it():
    """The state is declared once (core/state.py): a field the setup leaves out says why (fixed/cache/derived)."""
    from pitchside.core.state import FieldKind
    from pitchside.games.world_ball.rules import WorldBallState
    from pitchside.games.world_ball.state import Data

    st = scenario(2)
    setup = st.to_setup()
    slots = {s for cls in WorldBallState.__mro__ for s in getattr(cls, "__slots__", ())}
    declared = {d.name: d for d in Data.declared()}
    assert slots == set(declared)  # no slot the declaration does not know
    for name, d in declared.items():
        assert (d.spec.kind is FieldKind.VALUE) == (name in setup), name
    assert set(setup) == {"game", "seats", "config", *Data.setup_fields()}
    assert {n for n, d in declared.items() if d.spec.kind is not FieldKind.VALUE} == {
        "t", "skip_draw", "pw", "_legal", "_dec", "_fire", "_seen"
    }  # fmt: skip


def test_a_clone_shares_nothing_the_rules_change():
    st = scenario(4, hands={0: ["penalty"], 1: ["save"]})
    play(st, 0, "play penalty")
    twin = st.clone()
    assert twin.fingerprint() == st.fingerprint() and twin.t is st.t and twin._legal is None
    twin.hands[1].append("x")
    twin.stack[-1]["passed"] = 99
    twin.score[0] += 1
    assert "x" not in st.hands[1] and st.stack[-1]["passed"] != 99 and st.score[0] == 0
    assert twin.pw == st.pw and twin.pw is not st.pw  # derived, copied as a list


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s.update(active=0.0), "active"),  # a seat as a float
        (lambda s: s.update(block=True), "block"),  # a bool is not a seat
        (lambda s: s.update(skill_target=2), "skill_target"),  # no seat 2 at two seats
        (lambda s: s.update(half=[1]), "half"),  # a list where an int goes
        (lambda s: s.update(half=3), "half"),  # WB-END-2: two halves at most
        (lambda s: s.update(quiet="0"), "quiet"),
        (lambda s: s.update(stamina=[[4], 4]), "stamina.0"),
        (lambda s: s.update(injured=[1, False]), "injured.0"),  # WB-GAP-13
        (lambda s: s.update(hands=[["shoot"], "save"]), "hands.1"),
        (lambda s: s.update(chars=["messi"]), "chars"),  # one per seat
        (lambda s: s.update(phase="junk"), "phase"),
        (lambda s: s.update(phase=1), "phase"),
        (lambda s: s.update(rng=1.5), "rng"),
        (lambda s: s.update(stack=[5]), "stack.0"),
        (lambda s: s.update(stack=[{"k": "shot", "seat": [0]}]), "stack.0.seat"),
        (
            lambda s: s.update(stack=[{"k": "prompt", "effect": "e", "point": "p", "seat": 0, "at": 0, "saver": "x"}]),
            "stack.0.saver",
        ),
    ],
)
def test_a_wrong_typed_setup_names_the_field(change, field: str):
    setup = json.loads(json.dumps(scenario(2).to_setup()))
    change(setup)
    with pytest.raises(DataError) as err:
        GAME.from_setup(setup, "bad.json")
    assert err.value.field == field and err.value.file == "bad.json"

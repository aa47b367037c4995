"""Random play to the end on 520 seeds per mode (130 in `make test`, the rest behind the `soak` marker), with
the protocol's invariants at every step (WC-GAP-7, WC-GAP-21, WC-GAP-23, WC-GAP-24): legal actions never empty
before the end, illegal actions refused with a rule ID and changing nothing, clones independent, the setup
notation round-tripping, cards conserved, and the record replaying (core.record.replay) to the same final
state. The core conformance check runs on each mode too."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pitchside.core.checks import check_game
from pitchside.core.errors import IllegalAction
from pitchside.core.record import MatchRecord, Move, replay
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.actions import parse
from pitchside.games.my_world_cup.game import GAME
from tests.games.my_world_cup.helpers import conserved

SEEDS = 520
CHUNK = 130
MODES = [
    {"mode": "friendly"},
    {"mode": "group"},
    {"mode": "knockout"},
]
# The first chunk of each mode runs in `make test`; the other three are soak (`make soak`, .ci/run).
CASES = [
    pytest.param(cfg, lo, id=f"{cfg['mode']}-{lo}", marks=pytest.mark.soak if lo else ())
    for cfg in MODES
    for lo in range(0, SEEDS, CHUNK)
] + [pytest.param({"mode": "knockout", "neutral": [False, True]}, 0, id="knockout-neutral-0")]

# Actions that are legal somewhere in the game: each must be refused wherever it is not legal.
PROBE_TEXTS = ["ready", "void", "skip", "double", "reroll", "roll", "pair 9", "pair 1", "lead 1", "remove 1", "flip 1"]
PROBES = [parse(t) for t in [*PROBE_TEXTS, "field AD4:top", "field AD1:top", "swap 1", "discard G1"]]


def _refused(st: Any, seat: int, act: Any) -> None:
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, act)
    assert err.value.rule.startswith("WC-"), err.value
    assert st.fingerprint() == before, f"{act} changed the state"


@pytest.mark.parametrize(("cfg", "lo"), CASES)
def test_random_play_invariants(cfg: dict[str, Any], lo: int) -> None:
    endings: Counter[str] = Counter()
    n = CHUNK if "neutral" not in cfg else 100
    for seed in range(lo, lo + n):
        st = GAME.new_state(cfg, seed)
        rng = Rng(seed + 77)
        moves: list[Move] = []
        steps = 0
        while not st.is_over():
            d = st.decision()
            seat = d.seat
            assert seat is not None and seat in d.seats
            legal = st.legal_actions(seat)
            assert legal, f"seed {seed}: no legal action before the end"
            assert len(set(legal)) == len(legal)
            assert not st.legal_actions(1 - seat)
            act = legal[rng.below(len(legal))]
            if steps % 3 == 0:
                fp = st.fingerprint()
                _refused(st, 1 - seat, act)
                for probe in PROBES:
                    if probe not in legal:
                        _refused(st, seat, probe)
                twin = st.clone()
                twin.apply(seat, legal[-1])
                assert st.fingerprint() == fp, "a clone shares state with its original"
                back = GAME.from_setup(json.loads(json.dumps(st.to_setup())))
                assert back.fingerprint() == fp and back.legal_actions(seat) == legal
                assert GAME.parse_action(str(act)) == act
            st.apply(seat, act)
            moves.append(Move(seat, str(act)))
            steps += 1
            assert conserved(st)
            assert steps < 400
        assert not st.legal_actions(0) and not st.legal_actions(1)
        out = st.outcome()
        endings[out.ending] += 1
        if cfg["mode"] == "knockout":
            assert out.winner in (0, 1)
        assert st.line == [[], []] and conserved(st)
        rec = MatchRecord(GAME.id, GAME.version, dict(cfg), seed=seed, players=["random", "random"])
        rec.moves, rec.outcome, rec.fingerprint = moves, out.to_json(), st.fingerprint()
        again = replay(MatchRecord.loads(rec.dumps()), GAME).state
        assert again.fingerprint() == st.fingerprint()
    assert endings["full-time"] > 0
    if cfg["mode"] == "knockout":
        assert endings["extra-time"] > 0 and endings["penalties"] > 0


CONFORMANCE = [
    pytest.param(cfg, lo, id=f"{cfg}-{lo}", marks=pytest.mark.soak if lo else ())
    for cfg in [*MODES, {"mode": "friendly", "neutral": [True, False]}]
    for lo in range(0, 500, 250)
]


@pytest.mark.parametrize(("cfg", "lo"), CONFORMANCE)
def test_core_conformance_check_per_mode(cfg: dict[str, Any], lo: int) -> None:
    """The core conformance check (views leak nothing, determinizations, events, replays) on 500 seeds
    of every mode: every step of one seed in ten checked deeply, one step in five of the others."""
    report = check_game(GAME, cfg, range(lo, lo + 250), deep_every=10, sample_every=5)
    assert report.ok, report.summary()
    assert report.matches == 250 and report.twins_differ > 0 and report.events_compared > 0

"""Property: a damaged record of any game is refused with a PitchsideError (a DataError naming file and line,
or a ReplayError naming the move), or it replays; it never raises anything else.

The damage: bytes changed, deleted or inserted anywhere; a field of a header, move or end line given
another JSON value; lines dropped, doubled or swapped. (Damage inside ``config`` and ``setup`` reaches the
games' own setup readers, which have property tests of their own.)

How many damaged records a game's test tries: ``PITCHSIDE_RECORD_MUTATIONS`` (150 by default, so ``make test``
stays fast; run it with 10000 to hunt), as ``PITCHSIDE_SETUP_MUTATIONS`` does for setups.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pitchside.agents.base import RandomAgent
from pitchside.core.errors import DataError, PitchsideError, ReplayError
from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game
from pitchside.sim.match import play_match

GAMES = ["sonic-cup", "world-ball", "my-world-cup"]
MUTATIONS = int(os.environ.get("PITCHSIDE_RECORD_MUTATIONS", "150"))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@cache
def record_text(game_id: str) -> str:
    game = load_game(game_id)
    result = play_match(game, [RandomAgent(), RandomAgent()], {"seats": 2}, seed=3)
    rec = result.record
    if len(rec.moves) > 60:  # a short match in progress (no end line) keeps each example quick, and replays
        rec.moves, rec.outcome, rec.fingerprint = rec.moves[:60], None, None
    return rec.dumps()


@st.composite
def damaged(draw: st.DrawFn, game_id: str) -> str:
    lines = record_text(game_id).split("\n")[:-1]
    kind = draw(st.sampled_from(["bytes", "field", "lines"]))
    if kind == "bytes":
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        a = draw(st.integers(0, len(line)))
        b = draw(st.integers(a, min(len(line), a + 4)))
        lines[i] = line[:a] + draw(st.text(max_size=4)) + line[b:]
    elif kind == "field":
        i = draw(st.integers(0, len(lines) - 1))
        obj: dict[str, Any] = json.loads(lines[i])
        key = draw(st.sampled_from([k for k in obj if k not in ("config", "setup")] + ["extra"]))
        if draw(st.booleans()) and key in obj:
            del obj[key]
        else:
            obj[key] = draw(json_values)
        lines[i] = json.dumps(obj, ensure_ascii=draw(st.booleans()))
    else:
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "double", "swap"]))
        if how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(j, lines[i])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=MUTATIONS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_record_is_refused_cleanly_or_replays(game_id: str, data: st.DataObject) -> None:
    """The share refused and replayed shows with --hypothesis-show-statistics (``PITCHSIDE_RECORD_MUTATIONS``)."""
    text = data.draw(damaged(game_id), label="record")
    try:
        rec = MatchRecord.loads(text, "damaged.jsonl")
        replay(rec, load_game(game_id))
    except DataError as e:
        assert e.file in ("damaged.jsonl",) or e.file.endswith(".toml"), str(e)
        event("refused: DataError")
    except ReplayError as e:
        assert e.file == "damaged.jsonl" and (e.line is not None or e.index < 0), str(e)
        event("refused: ReplayError")
    except PitchsideError:
        event("refused: another PitchsideError")
    else:
        event("replays")

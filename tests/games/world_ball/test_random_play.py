"""Random play to the end on many seeds per seat count, with the protocol's invariants.

core.checks.check_game plays each seed to the end and checks, as it goes: legal actions never empty
before the end, every legal action applies on an independent clone, illegal actions raise
IllegalAction naming a rule and change nothing, views leak no hidden card (WB-SETUP-4, WB-GAP-31),
setups round-trip, and the record replays (core.record.replay) to the same final state. On top of
that, cards are conserved and the rules' invariants hold at every step.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pitchside.core.checks import check_game
from pitchside.core.decision import DecisionKind
from pitchside.core.record import MatchRecord, Move, replay
from pitchside.core.rng import Rng
from pitchside.games.world_ball.game import GAME, card_census
from pitchside.games.world_ball.state import Phase


@pytest.mark.parametrize(
    ("seats", "seeds"),
    [(n, 8) for n in (2, 4, 6, 8, 10)] + [pytest.param(n, 64, marks=pytest.mark.soak) for n in (2, 4, 6, 8, 10)],
)
def test_check_game_on_many_seeds(seats: int, seeds: int):
    """8 seeds per seat count in `make test`, 64 in the soak (seeds 8-63 are new there)."""
    report = check_game(GAME, {"seats": seats}, range(seeds), deep_every=4, sample_every=25)
    assert report.ok, report.summary()
    assert report.matches == seeds and report.twins_differ > 0 and report.replays > seeds


@pytest.mark.parametrize(
    "config",
    [
        {"seats": 2, "halves": 2, "sudden_death": True},
        {"seats": 4, "sudden_death": True},
        {"seats": 10, "halves": 1},
        {"seats": 6, "characters": ["terry", "puyol", "messi", "casillas", "klose", "henry"]},
        {"seats": 4, "characters": ["kaka", "cannavaro", "iniesta", "ferdinand"], "starter": 3},
    ],
)
def test_check_game_with_options(config: dict):
    report = check_game(GAME, config, range(10), deep_every=5, sample_every=25)
    assert report.ok, report.summary()


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_invariants_along_random_matches(seats: int):
    """At every step: cards conserved (WB-GAP-12), stamina within [0, max] (WB-GAP-2), hands over the limit
    only before the discard phase is done (WB-TURN-5), at most one skill per class (WB-SKILL-4), no two
    pending cards of a name (WB-GAP-14), the quiet count only with an empty deck (WB-GAP-20); the record of
    the match replays to the same final state."""
    for seed in range(12):
        st = GAME.new_state({"seats": seats}, seed)
        want = Counter(st.t.content.physical)
        rng = Rng(seed * 7 + 1)
        moves: list[Move] = []
        while not st.is_over():
            d = st.decision()
            assert d.seat is not None and d.kind is not DecisionKind.OVER
            acts = st.legal_actions(d.seat)
            assert acts
            a = acts[rng.below(len(acts))]
            st.apply(d.seat, a)
            moves.append(Move(d.seat, str(a)))
            if st.phase is Phase.DRAFT:
                continue
            assert card_census(st) == want
            for s in range(seats):
                assert 0 <= st.stamina[s] <= st.max_stamina(s)
                classes = [st.t.content.skills[x].cls for x in st.skills[s]]
                assert len(set(classes)) == len(classes)
                assert len(set(st.pending[s])) == len(st.pending[s])
            if st.quiet:
                assert not st.deck
        rec = MatchRecord(GAME.id, GAME.version, {"seats": seats}, seed=seed, moves=moves)
        rec.outcome, rec.fingerprint = st.outcome().to_json(), st.fingerprint()
        again = replay(MatchRecord.loads(rec.dumps()), GAME)
        assert again.state.fingerprint() == st.fingerprint()


def test_clones_are_independent_and_determinize_keeps_the_view():
    st = GAME.new_state({"seats": 4}, 3)
    rng = Rng(9)
    for _ in range(60):
        seat = st.decision().seat
        assert seat is not None
        c = st.clone()
        fp = st.fingerprint()
        acts = c.legal_actions(seat)
        c.apply(seat, acts[-1])
        assert st.fingerprint() == fp
        twin = st.determinize(seat, rng)
        assert twin.view(seat) == st.view(seat) and twin.view(None) == st.view(None)
        st.apply(seat, acts[rng.below(len(acts))])

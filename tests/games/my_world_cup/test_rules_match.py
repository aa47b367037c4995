"""A match from the deal to the result: modes and hands (WC-MATCH-2/8, WC-GAP-2/3), the lineup as a hidden pick
(WC-MATCH-3, WC-COMP-12), the phases (WC-GAP-7, WC-MATCH-9), the deck (WC-GAP-23), the result (WC-GAP-20),
extra time and the shootout (WC-GAP-21), neutral teams (WC-GAP-24), seats (WC-GAP-1) and tokens."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.core.game import Event
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.state import Phase
from tests.games.my_world_cup.helpers import (
    conserved,
    legal,
    of,
    play,
    refuse,
    setup,
    start,
    who,
)

ROOT = Path(__file__).resolve().parents[3]


def _random_to_end(st: object, seed: int) -> list[Event]:
    from pitchside.games.my_world_cup.rules import MyWorldCupState

    assert isinstance(st, MyWorldCupState)
    rng, ev = Rng(seed), []
    while not st.is_over():
        seat = st.decision().seat
        assert seat is not None
        acts = st.legal_actions(seat)
        ev += st.apply(seat, acts[rng.below(len(acts))])
    return ev


# --------------------------------------------------------------------------- seats, modes and hands


def test_two_seats_one_per_team() -> None:
    """WC-GAP-1: a match has two seats, seat s plays side s (0 home, 1 away); which coach sits where is the
    caller's business (WC-PROJ-1)."""
    game = load_game("我的世界盃2010")
    assert game is GAME and load_game("mwc") is GAME and GAME.seat_counts == (2,)
    assert [GAME.team_of(None, s) for s in (0, 1)] == [0, 1]
    st = GAME.new_state({"seats": 2, "teams": ["ned", "den"]}, 0)
    assert st.num_seats == 2
    with pytest.raises(DataError) as err:
        GAME.new_state({"seats": 4})
    assert err.value.field == "seats"


def test_friendly_each_team_draws_six() -> None:
    """WC-MATCH-2, WC-GAP-3: a friendly (热身赛): each team draws 6 from the shared 90-card deck (WC-GAP-2).
    WC-PROJ-2, WC-TEAM-ESP-1: squad depth does not count in a friendly (the seed gives it for the group stage
    and the knockout only): Spain (depth +2) and the Netherlands (+1) draw 6 like everyone."""
    st = GAME.new_state({"teams": ["ned", "den"]}, 7)
    assert [len(h) for h in st.hands] == [6, 6]
    assert len(st.deck) == 90 - 12 and conserved(st)
    assert who(st) == ("hidden-pick", 0, "lineup")
    st = GAME.new_state({"teams": ["esp", "ned"]}, 7)
    assert [len(h) for h in st.hands] == [6, 6] and st.t.m.powers[0].depth == 2 and st.t.m.powers[1].depth == 1
    assert who(st) == ("hidden-pick", 0, "lineup")  # no preparation question either


def test_group_match_from_given_hands_draws_nothing_and_keeps_the_rest() -> None:
    """WC-GAP-3: in the group stage no cards are drawn during the matches; WC-MATCH-8: each team keeps back
    the cards it does not field for its next opponent; WC-GAP-2: hands belong to teams; the shared deck and the
    discard pile pass through the match and are read back from the final state's setup (WC-GAP-23)."""
    hands = [["AD4"] * 5 + ["G4"] * 5, ["AD8"] * 5 + ["G4"] * 3 + ["F9", "F10"]]
    deck = ["AD5"] * 10
    cfg = {"mode": "group", "teams": ["esp", "sui"], "hands": hands, "deck": deck, "discard": ["G1"]}
    st = GAME.new_state(cfg, 1)
    assert st.hands == hands and st.deck == deck and st.discard == ["G1"]
    assert len(st.elsewhere) == 90 - 20 - 10 - 1  # held by the other teams of the tournament
    _random_to_end(st, 1)
    final = st.to_setup()
    assert final["deck"] == deck  # no draws in the group stage
    kept = [Counter(h) for h in final["hands"]]
    for side in (0, 1):
        assert not kept[side] - Counter(hands[side])  # only cards of the hand it came with
    fielded = Counter(hands[0]) + Counter(hands[1]) - kept[0] - kept[1]
    assert Counter(final["discard"]) == Counter(["G1"]) + fielded  # every lineup card is discarded
    assert final["elsewhere"] == sorted(st.elsewhere)
    again = GAME.new_state({"mode": "group", "teams": ["esp", "usa"], "hands": [final["hands"][0], None],
                            "deck": final["deck"], "discard": final["discard"]}, 2)  # fmt: skip
    assert again.yellows == [0, 0] and again.reds == [0, 0]  # tokens go back after every match
    assert again.hands[0] == final["hands"][0] and len(again.hands[1]) == 10


def test_group_match_without_hands_deals_the_group_hand() -> None:
    """WC-GAP-3: a standalone group match deals the group-stage hand: 10 (Spain 12, squad depth +1: 11)."""
    st = GAME.new_state({"mode": "group", "teams": ["esp", "por"]}, 5)
    assert [len(h) for h in st.hands] == [12, 11]


def test_knockout_draws_four_in_preparation() -> None:
    """WC-GAP-3: knockout: a standalone match starts from 4 cards, then the preparation draw of 4; a team with
    leftover cards keeps them and draws 4 more."""
    st = GAME.new_state({"mode": "knockout", "teams": ["usa", "gha"]}, 5)
    assert [len(h) for h in st.hands] == [8, 8] and len(st.deck) == 90 - 16
    st = GAME.new_state({"mode": "knockout", "teams": ["usa", "gha"], "hands": [["G2"], []]}, 5)
    assert [len(h) for h in st.hands] == [5, 4] and "G2" in st.hands[0]


def test_config_errors_name_the_field() -> None:
    """Bad configurations are refused with the field (WC-GAP-2: a hand holds cards of the card set)."""
    for cfg, field in (
        ({"mode": "cup"}, "mode"),
        ({"teams": ["esp"]}, "teams"),
        ({"teams": ["esp", "xyz"]}, "teams.1"),
        ({"teams": ["esp", "esp"]}, "teams"),
        ({"hands": [["AD4"] * 17, []]}, "hands.0"),
        ({"hands": [["ZZ9"], []]}, "hands.0"),
        ({"deck": "AD4"}, "deck"),
        ({"neutral": [True]}, "neutral"),
        ({"colour": "red"}, "colour"),
    ):
        with pytest.raises(DataError) as err:
            GAME.new_state(cfg, 0)
        assert err.value.field == field, cfg


# --------------------------------------------------------------------------- the lineup


def test_lineup_is_a_hidden_pick_of_at_most_four_cards() -> None:
    """WC-MATCH-3: each side puts at most four cards behind its tactical screen (WC-COMP-12), one at a time,
    each showing one half its grade may use (WC-CARD-2, WC-CARD-3), then 'ready'; the lineups are shown
    together."""
    hand = ["AD4", "AD4", "G2", "F8", "AD1", "G1"]
    st, _ = start(setup(("plb", "pla"), ([], []), (hand, ["AD4"]), phase="lineup"))
    assert who(st) == ("hidden-pick", 0, "lineup") and st.decision().seats == (0, 1)
    assert legal(st) == ["field AD1:bottom", "field AD4:top", "field AD4:bottom", "field F8:top",
                         "field G1:bottom", "field G2:top", "ready"]  # fmt: skip
    refuse(st, 1, "field AD4:top", "WC-GAP-7")
    refuse(st, 0, "field AD1:top", "WC-CARD-3")  # attack 7 is for grade A only
    refuse(st, 0, "field G2:bottom", "WC-CARD-2")  # both halves alike: named as the top
    refuse(st, 0, "field G3:top", "WC-GAP-7")
    for card in ("AD4:top", "AD4:bottom", "F8:top"):
        ev = play(st, 0, f"field {card}")
        assert [e.to for e in ev if e.kind == "fielded"] == [0]
        assert card not in json.dumps([e.to_json() for e in ev if e.to is None])
    ev = play(st, 0, "field G2:top")  # the fourth card: ready at once
    assert of(ev, "ready") == [{"team": 0, "count": 4}] and who(st) == ("hidden-pick", 1, "lineup")
    assert st.decision().seats == (1,)
    ev = play(st, 1, "field AD4:top")  # its last card: ready, and the lineups are revealed
    assert of(ev, "reveal")[0]["lineups"] == [["AD4:top", "AD4:bottom", "F8:top", "G2:top"], ["AD4:top"]]


def test_the_hidden_pick_leaks_nothing() -> None:
    """WC-COMP-12, WC-GAP-7: before the reveal, the other side (and a spectator) sees only how many cards are
    fielded: two situations differing only in the fielded cards and halves look the same to it."""

    def after(cards: list[str]) -> object:
        st, _ = start(setup(("pla", "plb"), ([], []), (["AD4", "AD8", "G4", "F9", "G2"], ["AD4"]), phase="lineup"))
        for c in cards:
            play(st, 0, f"field {c}")
        play(st, 0, "ready")
        return st

    a, b = after(["AD4:top", "G4:top"]), after(["F9:top", "AD8:bottom"])
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)  # type: ignore[attr-defined]
    assert a.view(0) != b.view(0)  # type: ignore[attr-defined]
    v = a.view(1)  # type: ignore[attr-defined]
    assert v["sides"][0]["fielded"] == 2 and v["sides"][0]["lineup"] is None and v["sides"][0]["hand"] is None
    assert a.legal_actions(1) == b.legal_actions(1)  # type: ignore[attr-defined]
    twin = a.determinize(1, Rng(9))  # type: ignore[attr-defined]
    assert twin.view(1) == v and len(twin.line[0]) == 2


def test_ready_with_nothing_fielded_and_empty_hands() -> None:
    """WC-GAP-7: a side may field 0..L cards; a side with no cards is ready at once; WC-MATCH-6: with no cards
    on either side the match is over."""
    st, _ = start(setup(("pla", "plb"), ([], []), (["AD4"], []), phase="lineup"))
    ev = play(st, 0, "ready")
    assert of(ev, "reveal")[0]["lineups"] == [[], []] and st.is_over() and st.outcome().winner is None


# --------------------------------------------------------------------------- phases and the deck


def test_phases_in_order() -> None:
    """WC-GAP-7: preparation, lineup, display, pairing with resolution, result; extra time repeats lineup,
    display and pairing (WC-GAP-21). WC-MATCH-9: the decisions carry the phase names the skills use."""
    prefix = {Phase.PREPARATION: "preparation", Phase.LINEUP: "lineup", Phase.DISPLAY: "display"}
    seen = set()
    for seed in range(40):
        st = GAME.new_state({"mode": "knockout", "teams": ["eng", "esp"]}, seed)
        rng, last = Rng(seed), (0, Phase.PREPARATION)
        while not st.is_over():
            d = st.decision()
            assert d.seat is not None
            now = (st.period, st.phase)
            assert now >= last or (now[0] > last[0]), (last, now)  # never back within a period
            last = now
            head = d.label.split(":")[0]
            assert head == prefix.get(st.phase, head) and head in {*prefix.values(), "pairing", "resolution"}
            seen.add((st.period, st.phase))
            acts = st.legal_actions(d.seat)
            st.apply(d.seat, acts[rng.below(len(acts))])
    assert {(0, Phase.PREPARATION), (0, Phase.LINEUP), (0, Phase.DISPLAY), (0, Phase.PAIRING)} <= seen
    assert (1, Phase.LINEUP) in seen


def test_lineup_cards_go_to_the_discard_pile_and_the_deck_reshuffles() -> None:
    """WC-GAP-23: after the match every lineup card (resolved or removed) is discarded; a draw from an empty
    deck shuffles the discard pile into a new deck; with both empty the draw is skipped."""
    st, ev = start(setup(("pla", "plb"), (["AD4:top", "G2:top"], ["AD8:bottom"])))
    while not st.is_over():
        seat = st.decision().seat
        assert seat is not None
        ev += st.apply(seat, st.legal_actions(seat)[0])
    assert sorted(st.discard) == ["AD4", "AD8", "G2"] and st.line == [[], []]
    cfg = {"mode": "knockout", "teams": ["usa", "gha"], "hands": [[], []], "deck": ["AD4", "AD4"],
           "discard": ["G2", "G5", "F8", "F9"]}  # fmt: skip
    st = GAME.new_state(cfg, 3)
    assert [len(h) for h in st.hands] == [4, 2] and st.deck == [] and st.discard == [] and conserved(st)
    cfg = {"mode": "knockout", "teams": ["den", "gha"], "hands": [[], []], "deck": [], "discard": []}
    st = GAME.new_state(cfg, 3)
    assert st.hands == [[], []] and st.is_over()


# --------------------------------------------------------------------------- results


def test_friendly_and_group_matches_may_be_drawn() -> None:
    """WC-GAP-20: a level friendly or group match is a draw (winner None, returns 0)."""
    for mode in ("friendly", "group"):
        st, _ = start(setup(("pla", "plb"), (["AD4:bottom"], ["AD8:bottom"]), mode=mode))
        out = st.outcome()
        assert (out.scores, out.winner, out.returns, out.ending) == ((0, 0), None, (0.0, 0.0), "full-time")


def test_outcome_holds_what_the_boards_and_record_book_record() -> None:
    """WC-GAP-27: boards, flags and the record book hold state only; the outcome carries it: the score and
    winner for the group board (WC-COMP-3) and the knockout board (WC-COMP-10), teams, ending, shootout and
    cards for the record book (WC-COMP-13); tokens (WC-COMP-5, WC-COMP-11) are per match."""
    st, _ = start(setup(("pla", "plb"), (["G2:top"], []), yellows=[1, 0]))
    out = st.outcome().to_json()
    details = {"mode": "friendly", "teams": ["pla", "plb"], "yellows": [1, 0], "reds": [0, 0]}
    assert out == {"scores": [2, 0], "winner": 0, "returns": [1.0, -1.0], "ending": "full-time", "details": details}


def test_controlled_and_neutral_teams_are_marked() -> None:
    """WC-COMP-6: player markers mark the controlled teams; the view marks neutral (uncontrolled) ones."""
    st = GAME.new_state({"teams": ["ned", "den"], "neutral": [False, True]}, 1)
    v = st.view(0)
    assert [s["team"]["neutral"] for s in v["sides"]] == [False, True]


def test_knockout_level_goes_to_extra_time_with_two_cards() -> None:
    """WC-GAP-21: level after the match -> extra time: each side lines up 0-2 cards, the phases repeat."""
    hands = (["AD4", "AD4", "AD4"], ["G2", "G2", "AD8"])
    st, ev = start(setup(("pla", "plb"), ([], []), hands, mode="knockout", score=[1, 1]))
    assert of(ev, "extra-time") == [{"score": [1, 1]}] and st.period == 1 and st.limit == [2, 2]
    assert who(st) == ("hidden-pick", 0, "lineup")
    play(st, 0, "field AD4:top")
    ev = play(st, 0, "field AD4:top")
    assert of(ev, "ready") == [{"team": 0, "count": 2}]
    play(st, 1, "field G2:top")
    ev = play(st, 1, "field G2:top")
    assert of(ev, "reveal")[0] == {"lineups": [["AD4:top", "AD4:top"], ["G2:top", "G2:top"]], "period": 1}
    assert st.view(None)["period"] == "extra-time"


def test_shootout_after_extra_time() -> None:
    """WC-GAP-21: still level after extra time -> penalty shootout: better world rank kicks first, a kick is 2
    dice scoring on a football, 5 each, stopping early when decided, then sudden-death pairs."""
    first_kickers, lengths, ended = set(), set(), set()
    for seed in range(200):
        st, ev = start(setup(("plx", "pla"), ([], []), mode="knockout", period=1, rng=seed))
        kicks = of(ev, "kick")
        rolls = [r for r in of(ev, "roll") if r["for"] == "kick"]
        assert all(r["dice"] == 2 for r in rolls) and len(rolls) == len(kicks)
        first_kickers.add(rolls[0]["team"])
        teams = [r["team"] for r in rolls]
        assert teams == [1, 0] * (len(teams) // 2) + [1] * (len(teams) % 2)  # alternating, pla (rank 10) first
        score = [0, 0]
        taken = [0, 0]
        for i, k in enumerate(kicks):
            t = k["team"]
            taken[t] += 1
            score[t] += k["scored"]
            assert k["scored"] == ("B" in rolls[i]["faces"])
            left = [5 - taken[0], 5 - taken[1]]
            regulation = taken[0] <= 5 and taken[1] <= 5  # then sudden-death pairs
            decided = regulation and (score[0] > score[1] + left[1] or score[1] > score[0] + left[0])
            if taken[0] == taken[1] >= 5 and score[0] != score[1]:
                decided = True
            assert decided == (i == len(kicks) - 1), (seed, kicks)
        lengths.add(len(kicks))
        out = st.outcome()
        assert out.ending == "penalties" and out.details["shootout"] == score and out.scores == (0, 0)
        assert out.winner == (0 if score[0] > score[1] else 1)
        ended.add(len(kicks) > 10)
    assert first_kickers == {1} and ended == {True, False} and min(lengths) < 10


def test_a_knockout_match_always_has_a_winner() -> None:
    """WC-GAP-21: a knockout match ends in a win: in time, in extra time or on penalties."""
    endings = Counter()
    for seed in range(150):
        st = GAME.new_state({"mode": "knockout"}, seed)
        _random_to_end(st, seed)
        out = st.outcome()
        assert out.winner in (0, 1)
        endings[out.ending] += 1
    assert set(endings) == {"full-time", "extra-time", "penalties"}


# --------------------------------------------------------------------------- neutral teams


def test_neutral_team_plays_by_the_seeded_rng() -> None:
    """WC-GAP-24: a neutral team draws 4 at its preparation and fields all 4 with random usable halves; all its
    choices are random (the match's own seeded RNG), it never decides, and it keeps no hand."""
    st = GAME.new_state({"teams": ["ned", "den"], "neutral": [True, False]}, 4)
    assert st.hands[0] == [] and st.line[0] and len(st.line[0]) == 4 and st.ready[0]
    assert who(st) == ("hidden-pick", 1, "lineup")
    for seed in range(40):
        st = GAME.new_state({"mode": "knockout", "neutral": [True, False]}, seed)
        while not st.is_over():
            seat = st.decision().seat
            assert seat == 1
            acts = st.legal_actions(seat)
            st.apply(seat, acts[0])
        assert st.hands[0] == [] and conserved(st)
    st = GAME.new_state({"teams": ["ned", "den"], "neutral": [True, True]}, 4)
    assert st.is_over() and st.hands == [[], []]
    again = GAME.new_state({"teams": ["ned", "den"], "neutral": [True, True]}, 4)
    assert again.fingerprint() == st.fingerprint()


def test_neutral_lineup_is_all_four_cards() -> None:
    """WC-GAP-24: the neutral team's lineup: the 4 drawn cards, each on a usable half."""
    for seed in range(20):
        st = GAME.new_state({"teams": ["ger", "prk"], "neutral": [False, True]}, seed)
        ev = play(st, 0, "ready")
        line = of(ev, "reveal")[0]["lineups"][1]
        assert len(line) == 4
        fa = st.t.m.field_acts[1]
        assert all(any(a.arg == c for a in fa[c.split(":")[0]]) for c in line)


# --------------------------------------------------------------------------- the rulebook


# Every rule ID of the reference rulebook (my-world-cup-2010.md: its rule tables and examples, 104 IDs),
# typed in here because the reference lives outside the repository and tests read only the repository.
# fmt: off
REFERENCE_IDS = (
    "WC-AD-0a", "WC-AD-0b", "WC-AD-0c", "WC-AD-0d", "WC-AD-1", "WC-AD-2", "WC-AD-3", "WC-AD-4", "WC-AD-5", "WC-AD-6",
    "WC-AD-7", "WC-AD-8", "WC-AD-9",
    "WC-CARD-1", "WC-CARD-2", "WC-CARD-3", "WC-CARD-4", "WC-CARD-5",
    "WC-COMP-1", "WC-COMP-2", "WC-COMP-3", "WC-COMP-4", "WC-COMP-5", "WC-COMP-6", "WC-COMP-7", "WC-COMP-8",
    "WC-COMP-9", "WC-COMP-10", "WC-COMP-11", "WC-COMP-12", "WC-COMP-13",
    "WC-EX-1", "WC-EX-2", "WC-EX-3",
    "WC-FOUL-1", "WC-FOUL-2", "WC-FOUL-3", "WC-FOUL-4",
    "WC-GAP-1", "WC-GAP-2", "WC-GAP-3", "WC-GAP-4", "WC-GAP-5", "WC-GAP-6", "WC-GAP-7", "WC-GAP-8", "WC-GAP-9",
    "WC-GAP-10", "WC-GAP-11", "WC-GAP-12", "WC-GAP-13", "WC-GAP-14", "WC-GAP-15", "WC-GAP-16", "WC-GAP-17",
    "WC-GAP-18", "WC-GAP-19", "WC-GAP-20", "WC-GAP-21", "WC-GAP-22", "WC-GAP-23", "WC-GAP-24", "WC-GAP-25",
    "WC-GAP-26", "WC-GAP-27",
    "WC-GOAL-0", "WC-GOAL-1", "WC-GOAL-2", "WC-GOAL-3", "WC-GOAL-4", "WC-GOAL-5",
    "WC-INC-1", "WC-INC-2", "WC-INC-3", "WC-INC-4", "WC-INC-5", "WC-INC-6", "WC-INC-7", "WC-INC-8", "WC-INC-9",
    "WC-INC-10",
    "WC-MATCH-1", "WC-MATCH-2", "WC-MATCH-3", "WC-MATCH-4", "WC-MATCH-5", "WC-MATCH-6", "WC-MATCH-7", "WC-MATCH-8",
    "WC-MATCH-9", "WC-MATCH-10",
    "WC-TEAM-ALG-1", "WC-TEAM-BRA-1", "WC-TEAM-BRA-2", "WC-TEAM-BRA-3", "WC-TEAM-CIV-2", "WC-TEAM-ENG-1",
    "WC-TEAM-ENG-2", "WC-TEAM-ENG-3", "WC-TEAM-ESP-1", "WC-TEAM-ESP-2", "WC-TEAM-ESP-3", "WC-TEAM-MEX-1",
    "WC-TEAM-PRK-1",
)
# fmt: on


def test_the_rulebook_gives_every_rule_of_the_reference() -> None:
    """WC-COMP-7 (the rules sheet): docs/rules/my-world-cup.md states every rule ID of the reference."""
    book = (ROOT / "docs" / "rules" / "my-world-cup.md").read_text(encoding="utf-8")
    assert len(set(REFERENCE_IDS)) == len(REFERENCE_IDS) == 104
    missing = [i for i in REFERENCE_IDS if not re.search(re.escape(i) + r"(?![A-Za-z0-9])", book)]
    assert not missing, missing
    assert "**[seed]**" in book and "**[completion]**" in book

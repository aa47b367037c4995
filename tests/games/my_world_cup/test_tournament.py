"""The 2010 World Cup tournament (tournament.py, records.py): fixtures, tables and every tie-breaker (WC-GAP-20), the
bracket (WC-GAP-22), hands and the shared deck between matches (WC-GAP-2, WC-GAP-3, WC-GAP-23, WC-PROJ-13..15),
coaches (WC-GAP-1), neutral teams (WC-GAP-24), the record book (WC-GAP-26, WC-GAP-27) and reproducibility."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from pitchside.agents.base import RandomAgent
from pitchside.core.errors import DataError
from pitchside.core.game import Event, Outcome
from pitchside.core.record import MatchRecord, replay
from pitchside.games.my_world_cup.cards import load_cards
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.records import HOWS, record_book, result_of
from pitchside.games.my_world_cup.teams import load_teams
from pitchside.games.my_world_cup.tournament import (
    GROUPS,
    QUARTER_FINALS,
    ROUND_OF_16,
    SEMI_FINALS,
    WorldCup,
    match_seed,
    rank_group,
    round_of_16,
)
from pitchside.sim.worldcup import Played, bots, play_all, play_next

TEAMS = load_teams()
RANK = {t.id: t.world_rank for t in TEAMS.teams.values()}
NINETY = Counter(load_cards().physical)


def played(seed: int, **kw: Any) -> tuple[WorldCup, list[Played]]:
    """A whole tournament played by heuristic bots, and every completed match."""
    cup = WorldCup.new(seed, **kw)
    done: list[Played] = []
    play_all(cup, after=done.append)
    return cup, done


@pytest.fixture(scope="module")
def cup3() -> tuple[WorldCup, list[Played]]:
    return played(3)


@pytest.fixture(scope="module")
def cup3_third() -> tuple[WorldCup, list[Played]]:
    return played(3, third_place=True)


# ---------------------------------------------------------------------------- groups and fixtures


def test_the_real_2010_groups_in_draw_order() -> None:
    """The 32 teams in their real 2010 groups, T1..T4 in draw order (WC-MATCH-1, WC-GAP-20)."""
    cup = WorldCup.new(0)
    assert {g: cup.group_teams(g) for g in GROUPS} == {
        "A": ["rsa", "mex", "uru", "fra"],
        "B": ["arg", "nga", "kor", "gre"],
        "C": ["eng", "usa", "alg", "svn"],
        "D": ["ger", "aus", "srb", "gha"],
        "E": ["ned", "den", "jpn", "cmr"],
        "F": ["ita", "par", "nzl", "svk"],
        "G": ["bra", "prk", "civ", "por"],
        "H": ["esp", "sui", "hon", "chi"],
    }


def test_group_fixtures_md1_t1_t2_t3_t4_md2_t1_t3_t2_t4_md3_t1_t4_t2_t3() -> None:
    """WC-GAP-20 fixtures; WC-PROJ-13: the groups are played one after another, A to H; home = first named."""
    cup = WorldCup.new(0)
    assert len(cup.fixtures) == 48
    assert [f.number for f in cup.fixtures] == list(range(48))
    for k, g in enumerate(GROUPS):
        t1, t2, t3, t4 = cup.group_teams(g)
        six = cup.fixtures[6 * k : 6 * k + 6]
        assert [(f.matchday, f.home, f.away) for f in six] == [
            (1, t1, t2),
            (1, t3, t4),
            (2, t1, t3),
            (2, t2, t4),
            (3, t1, t4),
            (3, t2, t3),
        ]
        assert {f.group for f in six} == {g} and {f.stage for f in six} == {"group"}
    assert cup.fixtures[0].label == "Group A · MD1"


def test_match_seeds_depend_on_the_tournament_seed_and_match_number_only() -> None:
    """WC-PROJ-18: a match's seed is fixed by the tournament seed and its number."""
    assert match_seed(3, 10) == match_seed(3, 10)
    assert len({match_seed(3, n) for n in range(64)}) == 64
    assert match_seed(3, 10) != match_seed(4, 10)
    plan = WorldCup.new(3).next_match()
    assert plan is not None and plan.seed == match_seed(3, 0)


# ---------------------------------------------------------------------------- standings (WC-GAP-20)


def table(scores: list[tuple[str, str, int, int]], teams: tuple[str, ...] = ("rsa", "mex", "uru", "fra")) -> list[str]:
    return [r.team for r in rank_group(list(teams), scores, RANK)]


def test_points_are_3_for_a_win_1_for_a_draw() -> None:
    """WC-GAP-20: 3/1/0; played, won, drawn, lost, goals for and against."""
    rows = rank_group(["rsa", "mex", "uru", "fra"], [("rsa", "mex", 2, 0), ("uru", "fra", 1, 1)], RANK)
    by = {r.team: r for r in rows}
    assert (by["rsa"].points, by["uru"].points, by["fra"].points, by["mex"].points) == (3, 1, 1, 0)
    assert (by["rsa"].won, by["mex"].lost, by["uru"].drawn, by["fra"].drawn) == (1, 1, 1, 1)
    assert (by["rsa"].scored, by["rsa"].conceded, by["rsa"].difference) == (2, 0, 2)
    assert by["rsa"].played == 1 and rows[0].team == "rsa" and rows[-1].team == "mex"


def test_points_come_first() -> None:
    """WC-GAP-20: more points rank higher, whatever the goals."""
    scores = [("rsa", "mex", 1, 0), ("fra", "uru", 5, 5)]  # rsa: 3 points, +1, 1 goal; fra, uru: 1 point, 5 goals
    assert table(scores) == ["rsa", "fra", "uru", "mex"]


def test_goal_difference_breaks_a_points_tie() -> None:
    """WC-GAP-20: level on points, the better goal difference ranks higher, whatever the goals scored."""
    scores = [("rsa", "uru", 3, 0), ("mex", "fra", 5, 4)]  # rsa +3 with 3 goals, mex +1 with 5
    assert table(scores)[:2] == ["rsa", "mex"]


def test_goals_scored_break_a_points_and_difference_tie() -> None:
    """WC-GAP-20: level on points and goal difference, more goals scored ranks higher."""
    scores = [("rsa", "uru", 3, 2), ("mex", "fra", 1, 0)]  # rsa and mex: 3 points, +1; rsa scored 3
    assert table(scores)[:2] == ["rsa", "mex"]
    scores = [("rsa", "uru", 1, 0), ("mex", "fra", 3, 2)]
    assert table(scores)[:2] == ["mex", "rsa"]


def test_head_to_head_points_break_a_tie_of_points_difference_and_goals() -> None:
    """WC-GAP-20: level on points, goal difference and goals scored: the points of the match between them.
    Uruguay (world rank 15) beat Mexico (13), so it ranks above it despite the worse world rank."""
    scores = [
        ("uru", "mex", 1, 0),
        ("uru", "fra", 0, 1),
        ("uru", "rsa", 1, 1),  # uru: 4 points, 2-2
        ("mex", "rsa", 1, 0),
        ("mex", "fra", 1, 1),  # mex: 4 points, 2-2
        ("rsa", "fra", 0, 0),
    ]
    rows = rank_group(["rsa", "mex", "uru", "fra"], scores, RANK)
    assert [(r.team, r.points, r.difference, r.scored) for r in rows] == [
        ("fra", 5, 1, 2),
        ("uru", 4, 0, 2),
        ("mex", 4, 0, 2),
        ("rsa", 2, -1, 1),
    ]
    assert RANK["mex"] < RANK["uru"]  # the world rank alone would have put Mexico first


def test_world_rank_breaks_a_complete_tie() -> None:
    """WC-GAP-20, WC-GAP-9: level on everything, head to head included: the better (lower) world rank."""
    scores = [("rsa", "mex", 1, 1), ("uru", "fra", 1, 1)]
    assert table(scores) == ["fra", "mex", "uru", "rsa"]  # ranks 7, 13, 15, 31
    assert table([]) == ["fra", "mex", "uru", "rsa"]


def test_head_to_head_among_three_level_teams() -> None:
    """WC-GAP-20: three teams level on points, difference and goals: only their matches among themselves count."""
    scores = [
        ("rsa", "mex", 1, 0),
        ("mex", "uru", 1, 0),
        ("uru", "rsa", 1, 0),  # a circle: 3 head-to-head points each
        ("fra", "rsa", 0, 1),
        ("fra", "mex", 0, 1),
        ("fra", "uru", 0, 1),
    ]
    rows = rank_group(["rsa", "mex", "uru", "fra"], scores, RANK)
    assert [(r.points, r.difference, r.scored) for r in rows[:3]] == [(6, 1, 2)] * 3
    assert [r.team for r in rows] == ["mex", "uru", "rsa", "fra"]  # the circle is level: world rank 13, 15, 31


# ---------------------------------------------------------------------------- the bracket (WC-GAP-22)


def test_round_of_16_pairs_group_winners_with_runners_up() -> None:
    """WC-GAP-22: R16 1A–2B, 1C–2D, 1D–2C, 1B–2A, 1E–2F, 1G–2H, 1F–2E, 1H–2G (the winner is the home team)."""
    firsts = {g: f"{g.lower()}1" for g in GROUPS}
    seconds = {g: f"{g.lower()}2" for g in GROUPS}
    assert round_of_16(firsts, seconds) == [
        ("a1", "b2"),
        ("c1", "d2"),
        ("d1", "c2"),
        ("b1", "a2"),
        ("e1", "f2"),
        ("g1", "h2"),
        ("f1", "e2"),
        ("h1", "g2"),
    ]
    assert QUARTER_FINALS == ((0, 1), (4, 5), (2, 3), (6, 7))  # W(1A–2B)–W(1C–2D), W(1E–2F)–W(1G–2H), ...
    assert SEMI_FINALS == ((0, 1), (2, 3))


def test_the_bracket_of_a_played_tournament(cup3: tuple[WorldCup, list[Played]]) -> None:
    """WC-GAP-22 on a played tournament: the R16 comes from the final group tables, each later round from the
    winners of the round before; the final's winner is the champion; no third-place match unless asked."""
    cup, _ = cup3
    assert cup.is_over() and len(cup.fixtures) == 63
    first = {g: cup.standings(g)[0].team for g in GROUPS}
    second = {g: cup.standings(g)[1].team for g in GROUPS}
    r16 = [f for f in cup.fixtures if f.stage == "r16"]
    assert [(f.home, f.away) for f in r16] == round_of_16(first, second)
    assert [f.label for f in r16] == [f"R16 1{a}–2{b}" for a, b in ROUND_OF_16]

    def winners(stage: str) -> list[str]:
        out = []
        for f in cup.fixtures:
            if f.stage == stage:
                r = cup.result(f.number)
                assert r is not None and r.winner in (f.home, f.away)  # a knockout match always has a winner
                out.append(r.winner)
        return out

    qf = [(f.home, f.away) for f in cup.fixtures if f.stage == "qf"]
    w16 = winners("r16")
    assert qf == [(w16[i], w16[j]) for i, j in QUARTER_FINALS]
    wqf = winners("qf")
    assert [(f.home, f.away) for f in cup.fixtures if f.stage == "sf"] == [(wqf[0], wqf[1]), (wqf[2], wqf[3])]
    wsf = winners("sf")
    final = [f for f in cup.fixtures if f.stage == "final"]
    assert [(f.home, f.away) for f in final] == [(wsf[0], wsf[1])]
    assert cup.champion == winners("final")[0]
    assert not [f for f in cup.fixtures if f.stage == "third"]
    assert [f.stage for f in cup.fixtures[48:]] == ["r16"] * 8 + ["qf"] * 4 + ["sf"] * 2 + ["final"]


def test_the_optional_third_place_match(cup3_third: tuple[WorldCup, list[Played]]) -> None:
    """WC-GAP-22: the optional third-place match joins the semi-final losers, before the final."""
    cup, _ = cup3_third
    assert len(cup.fixtures) == 64
    assert [f.stage for f in cup.fixtures[-2:]] == ["third", "final"]
    sf = [cup.result(f.number) for f in cup.fixtures if f.stage == "sf"]
    third = cup.fixtures[-2]
    assert (third.home, third.away) == (sf[0].loser, sf[1].loser)  # type: ignore[union-attr]
    places = cup.placings()
    assert set(places) == {"champion", "runner_up", "third", "fourth"}
    assert len(set(places.values())) == 4


def test_knockout_matches_are_played_as_knockout(cup3: tuple[WorldCup, list[Played]]) -> None:
    """WC-GAP-21 (engine) through the tournament: group matches may be drawn, knockout matches never are."""
    _, done = cup3
    modes = {p.plan.config["mode"] for p in done if p.plan.fixture.stage == "group"}
    assert modes == {"group"}
    assert {p.plan.config["mode"] for p in done if p.plan.fixture.knockout} == {"knockout"}
    assert all(p.result.winner is not None for p in done if p.plan.fixture.knockout)


# ---------------------------------------------------------------------------- hands and the deck


def test_group_a_hands_are_dealt_at_the_start() -> None:
    """WC-GAP-3, WC-PROJ-14: each team of group A draws 10 from the one shuffled 90-card deck (WC-GAP-2); nobody
    else holds cards yet."""
    cup = WorldCup.new(7)
    assert {t: len(h) for t, h in cup.hands.items()} == {"rsa": 10, "mex": 10, "uru": 10, "fra": 10}
    assert len(cup.deck) == 50 and cup.discard == []
    assert cup.census() == NINETY


def test_group_hands_draw_once_then_nothing_more_in_the_group(cup3: tuple[WorldCup, list[Played]]) -> None:
    """WC-GAP-3: a team draws its group hand (10, Spain 12, squad depth +1 teams 11) at the start of its group
    and nothing more in its three group matches: the hand a group match starts with holds only cards the team
    held before (WC-MATCH-8: the rest is kept for the next match)."""
    _, done = cup3
    first_hand: dict[str, int] = {}
    held: dict[str, Counter[str]] = {}
    for p in done:
        fx = p.plan.fixture
        if fx.stage != "group":
            continue
        for side, tid in enumerate((fx.home, fx.away)):
            hand = Counter(p.plan.config["hands"][side])
            if tid not in first_hand:
                first_hand[tid] = sum(hand.values())
            else:
                assert not hand - held[tid], f"{tid} gained cards during the group"
            st = p.match.state
            held[tid] = Counter(st.hands[side])  # type: ignore[attr-defined]
    expected = {t: 10 for t in first_hand} | {"esp": 12, "ned": 11, "por": 11}
    assert first_hand == expected


def test_knockout_matches_draw_4_plus_squad_depth_in_preparation(cup3: tuple[WorldCup, list[Played]]) -> None:
    """WC-GAP-3: every knockout match's preparation phase draws 4 for each team, with the leftover hand kept;
    squad depth then draws n and discards n (WC-TEAM-ESP-1)."""
    from pitchside.games.my_world_cup.game import GAME
    from pitchside.games.my_world_cup.state import Phase

    _, done = cup3
    for p in done:
        if not p.plan.fixture.knockout:
            continue
        # the preparation phase's events: a second squad-depth team draws after the first one's discard
        st, evs = GAME.start(p.plan.config, p.plan.seed)
        moves = iter(p.match.record.moves)
        while st.phase is Phase.PREPARATION:
            mv = next(moves)
            evs += st.apply(mv.seat, GAME.parse_action(mv.action))
        draws = [e for e in evs if e.kind == "draw"]
        teams = (p.plan.fixture.home, p.plan.fixture.away)
        for side in (0, 1):
            n = sum(e.data["count"] for e in draws if e.data["team"] == side)
            depth = {"esp": 2, "ned": 1, "por": 1}.get(teams[side], 0)
            assert n == 4 + depth  # the deck never runs dry here: it is reshuffled from the discard pile
        assert p.plan.config["hands"][0] is not None  # the leftover hand goes in (WC-GAP-3)


def test_one_shared_deck_goes_from_match_to_match(cup3: tuple[WorldCup, list[Played]]) -> None:
    """WC-GAP-2, WC-GAP-23: each match starts from the deck and discard pile the match before left (a group's
    next deal, and the hands of teams that are out, come in between); every lineup card ends on the discard
    pile; a team brings the hand it kept (WC-MATCH-8)."""
    _, done = cup3
    last_hand: dict[str, list[str]] = {}
    for before, after in pairwise(done):
        st: Any = before.match.state
        assert st.line == [[], []]
        b, a = before.plan.fixture, after.plan.fixture
        for side, tid in enumerate((b.home, b.away)):
            last_hand[tid] = list(st.hands[side])
        if b.stage == "group" and a.group == b.group:
            assert (after.plan.config["deck"], after.plan.config["discard"]) == (st.deck, st.discard)
        elif b.knockout:
            assert after.plan.config["deck"] == st.deck
            assert after.plan.config["discard"][: len(st.discard)] == st.discard
        for side, tid in enumerate((a.home, a.away)):
            if tid in last_hand:
                assert after.plan.config["hands"][side] == last_hand[tid]


def test_each_match_continues_exactly_where_the_last_one_stopped() -> None:
    """WC-GAP-23: within a group, the next match's deck and discard pile are the last match's final ones."""
    cup = WorldCup.new(11)
    first = play_next(cup, bots())
    assert first is not None
    plan = cup.next_match()
    assert plan is not None and plan.fixture.group == "A"
    st = first.match.state
    assert plan.config["deck"] == st.deck and plan.config["discard"] == st.discard  # type: ignore[attr-defined]
    assert plan.config["hands"][0] == cup.hands["uru"]


def test_teams_that_are_out_discard_their_hands() -> None:
    """WC-PROJ-15: once a group is complete its 3rd and 4th put their hands on the discard pile; a knockout loser
    does so after its match (a semi-final loser after the third-place match, when there is one)."""
    cup = WorldCup.new(3, third_place=True)
    agents = bots()
    while (p := play_next(cup, agents)) is not None:
        fx = p.plan.fixture
        if fx.stage == "group" and cup.group_complete(fx.group):
            assert [r.team in cup.hands for r in cup.standings(fx.group)] == [True, True, False, False]
        elif fx.stage == "sf":
            assert p.result.loser in cup.hands
        elif fx.knockout:
            assert p.result.loser not in cup.hands
        if fx.stage in ("third", "final"):
            assert fx.home not in cup.hands and fx.away not in cup.hands
        assert cup.census() == NINETY
    assert cup.hands == {}


def test_census_stays_90_after_every_match() -> None:
    """WC-CARD-5, WC-GAP-23: hands, deck and discard pile always hold the 90 cards between matches."""
    cup = WorldCup.new(21, neutral=True, coaches={"me": ["esp"]})
    while (p := play_next(cup, bots())) is not None:
        assert cup.census() == NINETY, p.plan.fixture.label


# ---------------------------------------------------------------------------- coaches and neutral teams


def test_coaches_and_their_seats() -> None:
    """WC-GAP-1, WC-PROJ-1: a coach controls any number of teams; he sits in every seat of his teams, both seats
    when two of his teams meet; the other teams are bots (WC-PROJ-16)."""
    cup = WorldCup.new(1, {"you": ["rsa", "mex", "esp"], "ann": ["fra"]})
    plan = cup.next_match()
    assert plan is not None and (plan.fixture.home, plan.fixture.away) == ("rsa", "mex")
    assert plan.coaches == ("you", "you") and plan.neutral == (False, False)
    assert cup.controller("fra") == "ann" and cup.controller("uru") == "bot"
    play_next(cup, bots())
    plan = cup.next_match()
    assert plan is not None and plan.coaches == (None, "ann")


@pytest.mark.parametrize(
    ("coaches", "message"),
    [
        ({"a": ["esp"], "b": ["esp"]}, "a team has one coach"),
        ({"a": ["xyz"]}, "unknown team"),
        ({"a": []}, "at least one team"),
        ({c: [t] for c, t in zip("abcde", ["esp", "bra", "ger", "ned", "ita"], strict=True)}, "at most 4"),
    ],
)
def test_bad_coaches_are_refused(coaches: dict[str, list[str]], message: str) -> None:
    """WC-GAP-1: at most four coaches (four screens), each team at most one coach."""
    with pytest.raises(DataError, match=message):
        WorldCup.new(1, coaches)


def test_neutral_teams_follow_the_neutral_rule() -> None:
    """WC-GAP-24, WC-PROJ-12: with --neutral, uncontrolled teams hold no hand and never decide; a coach's team
    keeps its group hand; two neutral teams' match is over before anyone decides, and is still in the book."""
    cup = WorldCup.new(5, {"me": ["mex"]}, neutral=True)
    assert set(cup.hands) == {"mex"} and len(cup.hands["mex"]) == 10
    done: list[Played] = []
    play_all(cup, after=done.append)
    assert cup.is_over()
    for p in done:
        fx = p.plan.fixture
        assert p.plan.neutral == (fx.home != "mex", fx.away != "mex")
        if all(p.plan.neutral):
            assert p.match.decisions == 0
            assert p.plan.config["hands"] == [None, None]
        assert sum(g.goals for g in p.result.goals) == sum(p.result.score)
    assert any(all(p.plan.neutral) and sum(p.result.score) > 0 for p in done)
    assert all(t == "mex" for t in cup.hands)
    assert cup.census() == NINETY


# ---------------------------------------------------------------------------- the record book


def test_goals_are_credited_by_how_and_card() -> None:
    """WC-GAP-26: a counter-attack goal to the team that rolled (its defense card), a penalty to the fouled team;
    goal cards and attacks to the card that scored; extra-time goals are marked."""
    events = [
        Event("pair", {"team": 0, "slot": 1, "card": "G4:top", "target": 2, "against": "AD4:bottom", "chooser": 0}),
        Event("roll", {"team": 1, "dice": 2, "faces": "B1", "for": "counter-attack", "double": False}),
        Event("goal", {"team": 1, "goals": 1, "how": "counter-attack", "score": [0, 1]}),
        Event("pair", {"team": 1, "slot": 1, "card": "F9:top", "target": 3, "against": "AD5:top", "chooser": 1}),
        Event("goal", {"team": 0, "goals": 1, "how": "penalty", "score": [1, 1]}),
        Event("fielded", {"team": 0, "slot": 1, "card": "G1:top"}, 0),  # private: never read
        Event("extra-time", {"score": [1, 1]}),
        Event("pair", {"team": 0, "slot": 1, "card": "G1:top", "target": None, "chooser": 0}),
        Event("goal", {"team": 0, "goals": 3, "how": "goal", "score": [4, 1]}),
    ]
    out = Outcome((4, 1), 0, (1.0, -1.0), "extra-time", {"yellows": [1, 0], "reds": [0, 1]})
    r = result_of(7, "esp", "bra", out, events)
    assert [(g.team, g.goals, g.how, g.card, g.period) for g in r.goals] == [
        ("bra", 1, "counter-attack", "AD4:bottom", 0),
        ("esp", 1, "penalty", "AD5:top", 0),
        ("esp", 3, "goal", "G1:top", 1),
    ]
    assert r.winner == "esp" and r.loser == "bra" and r.yellows == (1, 0) and r.reds == (0, 1)
    assert r.text() == "esp 4–1 bra (a.e.t.)"
    with pytest.raises(ValueError, match="do not add up"):
        result_of(7, "esp", "bra", out, events[:3])


def test_record_book_adds_up(cup3_third: tuple[WorldCup, list[Played]]) -> None:
    """WC-COMP-13, WC-GAP-27: every result; goals by team and how add up to the scores; cards shown and
    shoot-outs come from the matches' outcomes; the placings are the final's and the third-place match's."""
    cup, done = cup3_third
    book = record_book(cup)
    assert book["played"] == 64 == len(book["results"])
    total = sum(sum(p.result.score) for p in done)
    assert book["goals"] == total == sum(book["by_how"].values())
    assert set(book["by_how"]) <= set(HOWS)
    assert sum(n for _, n in book["cards"]) == total - book["by_how"].get("penalty", 0)  # each goal has its card
    for tid, row in book["teams"].items():
        assert sum(row["how"].values()) == row["scored"]
        assert row["scored"] == sum(
            p.result.score[(p.plan.fixture.home, p.plan.fixture.away).index(tid)]
            for p in done
            if tid in (p.plan.fixture.home, p.plan.fixture.away)
        )
    assert book["yellows"] == sum(sum(p.match.outcome.details["yellows"]) for p in done)
    assert book["reds"] == sum(sum(p.match.outcome.details["reds"]) for p in done)
    pens = [p for p in done if p.match.outcome.ending == "penalties"]
    assert [s["number"] for s in book["shootouts"]] == [p.plan.fixture.number for p in pens]
    for p in pens:
        kicks = p.result.kicks
        teams = (p.result.home, p.result.away)
        assert p.result.shootout == tuple(sum(s for t, s in kicks if t == team) for team in teams)
    assert book["placings"]["champion"] == cup.champion


def test_every_stored_record_replays(cup3: tuple[WorldCup, list[Played]]) -> None:
    """Each match record (what the store keeps) replays through core.record.replay to its outcome and state."""
    _, done = cup3
    for p in done[::7]:
        rec = MatchRecord.loads(p.row()["record"])
        assert rec.config["deck"] == p.plan.config["deck"] and rec.seed == p.plan.seed
        assert replay(rec, GAME).state.fingerprint() == p.match.state.fingerprint()


# ---------------------------------------------------------------------------- determinism and snapshots


def test_same_seed_same_champion_and_record_book(cup3: tuple[WorldCup, list[Played]]) -> None:
    """A seeded bot-only tournament is reproducible: the same seed gives the same champion, the same record book
    and the same snapshot; other seeds give other tournaments."""
    cup, _ = cup3
    again, _ = played(3)
    assert again.champion == cup.champion
    assert record_book(again) == record_book(cup)
    assert again.to_json() == cup.to_json()
    others = [played(seed)[0] for seed in (4, 5)]
    books = {json.dumps(record_book(c)["results"]) for c in [cup, *others]}
    assert len(books) == 3


def test_a_snapshot_after_every_match_continues_identically(cup3: tuple[WorldCup, list[Played]]) -> None:
    """to_json()/from_json() through real JSON text after every match, continuing from the copy each time,
    ends exactly where the uninterrupted tournament ends."""
    cup, _ = cup3
    copy = WorldCup.new(3)
    agents = bots()
    while copy.next_match() is not None:
        copy = WorldCup.from_json(json.loads(json.dumps(copy.to_json())))
        play_next(copy, agents)
    assert copy.to_json() == cup.to_json()


def test_next_match_is_pure_and_complete_checks_the_match() -> None:
    """Asking for the next match changes nothing; a finished match that is not the next one is refused."""
    cup = WorldCup.new(9)
    before = cup.to_json()
    a, b = cup.next_match(), cup.next_match()
    assert a == b and cup.to_json() == before
    assert a is not None
    other = GAME.new_state({**a.config, "teams": ["esp", "bra"]}, a.seed)
    while not other.is_over():
        seat = other.decision().seat
        assert seat is not None
        other.apply(seat, other.legal_actions(seat)[0])
    with pytest.raises(ValueError, match="not the tournament's next match"):
        cup.complete(other, [])
    unfinished = GAME.new_state(a.config, a.seed)
    with pytest.raises(ValueError, match="not over"):
        cup.complete(unfinished, [])
    right = GAME.new_state(a.config, a.seed)
    while not right.is_over():
        seat = right.decision().seat
        assert seat is not None
        right.apply(seat, right.legal_actions(seat)[0])
    assert sum(right.score) > 0  # so without its events the goals cannot be accounted for: refused
    with pytest.raises(ValueError, match="do not add up"):
        cup.complete(right, [])
    assert cup.to_json() == before


def test_random_agents_also_finish_a_tournament() -> None:
    """Any agents can play it: random play finishes the tournament too, with the cards conserved."""
    cup = WorldCup.new(2, third_place=True)
    play_all(cup, [RandomAgent(), RandomAgent()])
    assert cup.is_over() and cup.champion is not None and cup.census() == NINETY


def test_a_broken_snapshot_is_a_data_error() -> None:
    snap = WorldCup.new(1).to_json()
    with pytest.raises(DataError, match="not a tournament snapshot"):
        WorldCup.from_json({**snap, "format": "x"})
    with pytest.raises(DataError, match="broken tournament snapshot"):
        WorldCup.from_json({k: v for k, v in snap.items() if k != "deck"})
    with pytest.raises(RuntimeError, match="90"):
        WorldCup.from_json({**snap, "deck": snap["deck"][1:]})


# --------------------------------------------------------------------------- results without a match state


def test_a_whole_tournament_from_paper_results() -> None:
    """Issue 7, WC-PROJ-20: ``enter`` takes a result without a match state (a match played on paper): tables,
    the bracket and the record book follow; the hands stay as they were unless given; the 90 cards stay."""
    cup = WorldCup.new(5)
    while (plan := cup.next_match()) is not None:
        fx = plan.fixture
        if fx.knockout:
            r = cup.enter((1, 1), shootout=(4, 3)) if fx.number % 2 else cup.enter((2, 1), extra_time=True)
            assert r.winner == fx.home and r.ending == ("penalties" if fx.number % 2 else "extra-time")
        else:
            home = [cup.hands.get(fx.home, [])[:3], list(cup.hands.get(fx.away, []))]
            r = cup.enter((fx.number % 3, 1), yellows=(1, 0), hands=(home[0], home[1]))
            assert r.winner == (None if fx.number % 3 == 1 else fx.home if fx.number % 3 == 2 else fx.away)
        assert cup.census() == NINETY
    assert cup.is_over() and cup.champion is not None and len(cup.results) == 63
    book = record_book(cup)
    assert sum(t["yellows"] for t in book["teams"].values()) == 48  # one per group match
    assert WorldCup.from_json(json.loads(json.dumps(cup.to_json()))).to_json() == cup.to_json()


def test_a_paper_result_keeps_the_cards_where_it_says() -> None:
    """WC-MATCH-8, WC-GAP-3: the cards a team no longer holds go to the discard pile; in a knockout match a
    team may hold cards drawn from the deck; without ``hands`` nothing moves (WC-PROJ-20)."""
    cup = WorldCup.new(2)
    fx = cup.next_fixture()
    assert fx is not None
    before = {t: list(cup.hands[t]) for t in (fx.home, fx.away)}
    cup.enter((0, 0), hands=(before[fx.home][2:], before[fx.away]))
    assert cup.hands[fx.home] == before[fx.home][2:] and cup.discard == before[fx.home][:2]
    fx = cup.next_fixture()
    assert fx is not None
    kept = {t: list(cup.hands[t]) for t in (fx.home, fx.away)}
    cup.enter((3, 0))
    assert {t: cup.hands[t] for t in kept} == kept and len(cup.discard) == 2


@pytest.mark.parametrize(
    ("kw", "field", "words"),
    [
        ({"score": (1, -1)}, "score", "two whole numbers"),
        ({"score": (1.0, 0)}, "score", "two whole numbers"),
        ({"score": "2-1"}, "score", "two whole numbers"),
        ({"score": (1, 0), "shootout": (4, 3)}, "shootout", "group match"),
        ({"score": (1, 0), "extra_time": True}, "extra_time", "group match"),
        ({"score": (1, 0), "yellows": (1,)}, "yellows", "two whole numbers"),
        ({"score": (1, 0), "hands": ["x"]}, "hands", "two lists"),
        ({"score": (1, 0), "hands": (["G9:none"], [])}, "hands.0", "draws nothing in a group match"),
    ],
)
def test_a_bad_paper_result_is_refused_and_changes_nothing(kw: dict[str, Any], field: str, words: str) -> None:
    """Issue 7: inputs are checked before they are trusted: a DataError naming the field, the tournament as it was."""
    cup = WorldCup.new(3)
    snapshot = json.dumps(cup.to_json())
    score = kw.pop("score")
    with pytest.raises(DataError) as err:
        cup.enter(score, **kw)
    assert err.value.field == field and words in err.value.message
    assert json.dumps(cup.to_json()) == snapshot


def test_a_knockout_paper_result_needs_a_winner() -> None:
    """WC-GAP-21: a level knockout match needs a shoot-out with a winner; a shoot-out needs a level match."""
    cup = WorldCup.new(4)
    while (fx := cup.next_fixture()) is not None and not fx.knockout:
        cup.enter((1, 0), hands=([], []))  # every card played: the deck and the discard pile refill
    snapshot = json.dumps(cup.to_json())
    for score, kw, field in (((1, 1), {}, "score"), ((1, 1), {"shootout": (3, 3)}, "shootout"),
                             ((2, 1), {"shootout": (3, 2)}, "shootout")):  # fmt: skip
        with pytest.raises(DataError) as err:
            cup.enter(score, **kw)  # type: ignore[arg-type]
        assert err.value.field == field
    assert json.dumps(cup.to_json()) == snapshot
    fx = cup.next_fixture()
    assert fx is not None
    drawn = [(cup.deck or cup.discard)[-1]]  # a knockout match draws from the deck (WC-GAP-3, WC-GAP-23)
    r = cup.enter((0, 2), hands=(list(cup.hands[fx.home]) + drawn, []))
    assert r.winner == fx.away and drawn[0] in cup.hands.get(fx.home, drawn) and cup.census() == NINETY

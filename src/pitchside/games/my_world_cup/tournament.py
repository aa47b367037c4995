"""The whole 2010 World Cup as one pure, seeded object: groups, the knockout bracket, hands and the shared deck.

Comments cite docs/rules/my-world-cup.md (WC-GAP-1, -2, -3, -20, -22, -23, -24 and the tournament decisions
WC-PROJ-13..19). A ``WorldCup`` never plays a match itself: ``next_match()`` says which match comes next and
with which configuration and seed; whoever plays it (the terminal or a bot driver) hands the final
state and its events back to ``complete()``. Between matches the whole tournament is ``to_json()``, so it can be
stored after every completed match and continued after a crash: the same seed gives the same champion and the
same record book.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from pitchside.core.errors import DataError
from pitchside.core.game import Event
from pitchside.core.names import check_name
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.cards import load_cards
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.records import Result, result_of
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.state import GROUP_HAND
from pitchside.games.my_world_cup.teams import Team, TeamSet, load_teams, powers

FORMAT = "pitchside-worldcup/1"
GROUPS = "ABCDEFGH"
MAX_COACHES = 4  # four tactical screens (WC-COMP-12, WC-GAP-1)
COACH_LIMIT, NAME_LIMIT = 40, 100  # characters of a coach's and a tournament's name
POINTS_WIN, POINTS_DRAW = 3, 1  # WC-GAP-20

# WC-GAP-20: the group fixtures by match day, as positions T1..T4 (0-based) in the group's draw order.
GROUP_FIXTURES: tuple[tuple[int, int, int], ...] = (
    (1, 0, 1),
    (1, 2, 3),
    (2, 0, 2),
    (2, 1, 3),
    (3, 0, 3),
    (3, 1, 2),
)
# WC-GAP-22: the round of 16 as (group winner, group runner-up), in the order of play.
ROUND_OF_16: tuple[tuple[str, str], ...] = (
    ("A", "B"),
    ("C", "D"),
    ("D", "C"),
    ("B", "A"),
    ("E", "F"),
    ("G", "H"),
    ("F", "E"),
    ("H", "G"),
)
# WC-GAP-22: each quarter-final joins the winners of two round-of-16 matches (indices above).
QUARTER_FINALS: tuple[tuple[int, int], ...] = ((0, 1), (4, 5), (2, 3), (6, 7))
SEMI_FINALS: tuple[tuple[int, int], ...] = ((0, 1), (2, 3))  # QF1-QF2, QF3-QF4
STAGES = ("group", "r16", "qf", "sf", "third", "final")
STAGE_NAMES = {
    "group": "Group stage 小组赛",
    "r16": "Round of 16 十六强",
    "qf": "Quarter-finals 四分之一决赛",
    "sf": "Semi-finals 半决赛",
    "third": "Third place 季军赛",
    "final": "Final 决赛",
}


@dataclass(frozen=True)
class Fixture:
    """One match of the tournament. ``home`` plays seat 0 (WC-PROJ-1, WC-PROJ-17)."""

    number: int  # 0-based order of play
    stage: str  # one of STAGES
    label: str  # "Group A · MD1", "R16 1A–2B", "QF1", "SF2", "Third place", "Final"
    home: str
    away: str
    group: str = ""  # group letter, group stage only
    matchday: int = 0  # 1..3, group stage only

    @property
    def knockout(self) -> bool:
        return self.stage != "group"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "stage": self.stage,
            "label": self.label,
            "home": self.home,
            "away": self.away,
        }
        if self.group:
            out["group"], out["matchday"] = self.group, self.matchday
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Fixture:
        return cls(
            int(obj["number"]),
            str(obj["stage"]),
            str(obj["label"]),
            str(obj["home"]),
            str(obj["away"]),
            str(obj.get("group", "")),
            int(obj.get("matchday", 0)),
        )


@dataclass(frozen=True)
class MatchPlan:
    """The next match: what to pass to ``GAME.new_state(config, seed)`` and who sits where."""

    fixture: Fixture
    config: dict[str, Any]
    seed: int
    coaches: tuple[str | None, str | None]  # per side, the coach in that seat; None: a bot or the neutral rule
    neutral: tuple[bool, bool]


@dataclass
class Row:
    """One line of a group table (WC-GAP-20)."""

    team: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    scored: int = 0
    conceded: int = 0

    @property
    def points(self) -> int:
        return POINTS_WIN * self.won + POINTS_DRAW * self.drawn

    @property
    def difference(self) -> int:
        return self.scored - self.conceded


Score = tuple[str, str, int, int]  # home, away, home goals, away goals


def rank_group(teams: Sequence[str], scores: Iterable[Score], world_rank: Mapping[str, int]) -> list[Row]:
    """A group table, best first (WC-GAP-20): points, goal difference, goals scored, then among the teams still
    level the points of the matches between them (head to head), then the better (lower) world rank."""
    rows = {t: Row(t) for t in teams}
    played = [s for s in scores if s[0] in rows and s[1] in rows]
    for home, away, hg, ag in played:
        for team, mine, theirs in ((home, hg, ag), (away, ag, hg)):
            r = rows[team]
            r.played += 1
            r.scored += mine
            r.conceded += theirs
            if mine > theirs:
                r.won += 1
            elif mine == theirs:
                r.drawn += 1
            else:
                r.lost += 1

    def main_key(t: str) -> tuple[int, int, int]:
        r = rows[t]
        return (-r.points, -r.difference, -r.scored)

    out: list[Row] = []
    for _, level in groupby(sorted(teams, key=main_key), key=main_key):
        tied = list(level)
        if len(tied) > 1:
            h2h = _head_to_head(set(tied), played)
            tied.sort(key=lambda t: (-h2h[t], world_rank[t]))
        out.extend(rows[t] for t in tied)
    return out


def _head_to_head(tied: set[str], scores: Iterable[Score]) -> Counter[str]:
    pts: Counter[str] = Counter()
    for home, away, hg, ag in scores:
        if home in tied and away in tied:
            if hg > ag:
                pts[home] += POINTS_WIN
            elif hg < ag:
                pts[away] += POINTS_WIN
            else:
                pts[home] += POINTS_DRAW
                pts[away] += POINTS_DRAW
    return pts


def round_of_16(winners: Mapping[str, str], runners_up: Mapping[str, str]) -> list[tuple[str, str]]:
    """WC-GAP-22: the eight round-of-16 pairings (home, away) from the group winners and runners-up."""
    return [(winners[a], runners_up[b]) for a, b in ROUND_OF_16]


def opening_events(plan: MatchPlan) -> list[Event]:
    """The events a match has before its first decision (the deal, and neutral teams' play): ``new_state`` keeps
    them to itself, and the record book needs them (a match of two neutral teams happens entirely there)."""
    return GAME.start(plan.config, plan.seed)[1]


def match_seed(seed: int, number: int) -> int:
    """The engine seed of match ``number`` (WC-PROJ-18): fixed by the tournament seed, whatever came before."""
    return Rng((seed * 0x9E3779B97F4A7C15 + number * 0xBF58476D1CE4E5B9 + 0x2010) & ((1 << 64) - 1)).next_u64() >> 33


class WorldCup:
    """The 2010 World Cup tournament (WC-GAP-1, WC-GAP-20, WC-GAP-22; WC-PROJ-13..19).

    ``coaches`` maps a coach's name to the teams he controls (each team at most one coach). Every other team
    is played by a bot, or by the neutral rule (WC-GAP-24) when ``neutral`` is true.
    """

    def __init__(
        self,
        seed: int,
        coaches: Mapping[str, Sequence[str]] | None = None,
        *,
        neutral: bool = False,
        third_place: bool = False,
        name: str = "",
    ) -> None:
        self.teamset: TeamSet = load_teams()
        self.seed = seed
        self.name = name or "World Cup 2010"
        self.coaches: dict[str, list[str]] = {c: list(ts) for c, ts in (coaches or {}).items()}
        self.neutral = neutral
        self.third_place = third_place
        self._check_coaches()
        self.rng = Rng(seed)
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hands: dict[str, list[str]] = {}
        self.fixtures: list[Fixture] = []
        self.results: list[Result] = []
        self._index()

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        seed: int,
        coaches: Mapping[str, Sequence[str]] | None = None,
        *,
        neutral: bool = False,
        third_place: bool = False,
        name: str = "",
    ) -> WorldCup:
        """A fresh tournament: the 90 cards shuffled into one shared deck (WC-GAP-2), the 48 group fixtures,
        and group A's hands dealt (WC-PROJ-14). Names are user text: checked here, where they are made."""
        name = check_name(name, "name", NAME_LIMIT, "<tournament>", empty=True)
        for coach in coaches or {}:
            check_name(coach, "coaches", COACH_LIMIT, "<coaches>")
        cup = cls(seed, coaches, neutral=neutral, third_place=third_place, name=name)
        cup.deck = list(load_cards().physical)
        cup.rng.shuffle(cup.deck)
        number = 0
        for g in GROUPS:
            ts = cup.group_teams(g)
            for md, i, j in GROUP_FIXTURES:
                cup.fixtures.append(Fixture(number, "group", f"Group {g} · MD{md}", ts[i], ts[j], g, md))
                number += 1
        cup._deal_group(GROUPS[0])
        cup._check_cards()
        return cup

    def _check_coaches(self) -> None:
        if len(self.coaches) > MAX_COACHES:
            raise DataError("<coaches>", None, "coaches", f"at most {MAX_COACHES} coaches, one per screen (WC-GAP-1)")
        owner: dict[str, str] = {}
        for coach, teams in self.coaches.items():
            if not coach or not coach.strip():
                raise DataError("<coaches>", None, "coaches", "a coach needs a name")
            if not teams:
                raise DataError("<coaches>", None, coach, "a coach controls at least one team (WC-MATCH-1)")
            for t in teams:
                if t not in self.teamset:
                    known = ", ".join(sorted(self.teamset.teams))
                    raise DataError("<coaches>", None, coach, f"unknown team {t!r}; known: {known}")
                if t in owner:
                    raise DataError(
                        "<coaches>", None, coach, f"{t} is already {owner[t]}'s: a team has one coach (WC-GAP-1)"
                    )
                owner[t] = coach

    def _index(self) -> None:
        self.coach_of: dict[str, str] = {t: c for c, ts in self.coaches.items() for t in ts}
        self.rank = {t.id: t.world_rank for t in self.teamset.teams.values()}

    # ------------------------------------------------------------------ teams

    def team(self, tid: str) -> Team:
        return self.teamset[tid]

    def group_teams(self, group: str) -> list[str]:
        """The group's four teams in draw order T1..T4 (data/teams.toml order, WC-GAP-20)."""
        return [t.id for t in self.teamset.teams.values() if t.group == group]

    def is_neutral(self, tid: str) -> bool:
        """WC-GAP-24, WC-PROJ-16: only an uncontrolled team, and only when the neutral rule was asked for."""
        return self.neutral and tid not in self.coach_of

    def controller(self, tid: str) -> str:
        """The team's coach, ``bot`` or ``neutral``."""
        return self.coach_of.get(tid) or ("neutral" if self.is_neutral(tid) else "bot")

    # ------------------------------------------------------------------ cards

    def _draw(self, tid: str, n: int) -> None:
        """Draw from the shared deck, shuffling the discard pile into a new deck when it is empty (WC-GAP-23)."""
        hand = self.hands.setdefault(tid, [])
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    return  # both empty: the draw is skipped
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
            hand.append(self.deck.pop())

    def _deal_group(self, group: str) -> None:
        """WC-GAP-3, WC-PROJ-14: at the start of its group each team that is not neutral draws 10 + squad depth,
        in draw order; it draws nothing more in the group."""
        for tid in self.group_teams(group):
            if not self.is_neutral(tid):
                team = self.team(tid)
                self._draw(tid, GROUP_HAND + powers(team, team)[0].depth)

    def _retire(self, tid: str) -> None:
        """WC-PROJ-15: a team that is out puts its hand on the discard pile."""
        hand = self.hands.pop(tid, [])
        self.discard.extend(hand)

    def census(self) -> Counter[str]:
        c: Counter[str] = Counter(self.deck)
        c.update(self.discard)
        for hand in self.hands.values():
            c.update(hand)
        return c

    def _check_cards(self) -> None:
        if self.census() != Counter(load_cards().physical):
            raise RuntimeError("the tournament lost or made cards: hands, deck and discard pile must hold the 90")

    # ------------------------------------------------------------------ progress

    @property
    def played(self) -> int:
        return len(self.results)

    def is_over(self) -> bool:
        return self.played == len(self.fixtures) and any(f.stage == "final" for f in self.fixtures)

    def next_fixture(self) -> Fixture | None:
        return None if self.played >= len(self.fixtures) else self.fixtures[self.played]

    def next_match(self) -> MatchPlan | None:
        """The next match to play, or None at the end. Pure: asking twice gives the same plan."""
        fx = self.next_fixture()
        if fx is None:
            return None
        sides = (fx.home, fx.away)
        neutral = (self.is_neutral(fx.home), self.is_neutral(fx.away))
        hands: list[list[str] | None] = [None if neutral[s] else list(self.hands.get(sides[s], [])) for s in (0, 1)]
        config: dict[str, Any] = {
            "mode": "knockout" if fx.knockout else "group",
            "teams": [fx.home, fx.away],
            "neutral": list(neutral),
            "hands": hands,
            "deck": list(self.deck),
            "discard": list(self.discard),
        }
        coaches = (self.coach_of.get(fx.home), self.coach_of.get(fx.away))
        return MatchPlan(fx, config, match_seed(self.seed, fx.number), coaches, neutral)

    def complete(self, state: MyWorldCupState, events: Sequence[Event] = ()) -> Result:
        """Take the finished next match back: its hands, deck and discard pile (WC-MATCH-8, WC-GAP-23), its
        result and its record-book entries (from the public ``events``); then the next stage's fixtures."""
        plan = self.next_match()
        if plan is None:
            raise ValueError("the tournament is over")
        if not state.is_over():
            raise ValueError("the match is not over")
        cfg = state.t.config
        for key in ("teams", "hands", "deck", "discard"):
            if cfg.get(key) != plan.config[key]:
                raise ValueError(f"this is not the tournament's next match ({plan.fixture.label}): {key} differ")
        fx = plan.fixture
        result = result_of(fx.number, fx.home, fx.away, state.outcome(), events)  # may refuse: nothing changed yet
        for side, tid in enumerate((fx.home, fx.away)):
            if plan.neutral[side]:
                self.hands.pop(tid, None)  # WC-GAP-24: it keeps no hand (the engine discarded it)
            else:
                self.hands[tid] = list(state.hands[side])
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.results.append(result)
        self._after(fx, result)
        self._check_cards()
        return result

    def enter(
        self,
        score: tuple[int, int],
        *,
        shootout: tuple[int, int] | None = None,
        extra_time: bool = False,
        yellows: tuple[int, int] = (0, 0),
        reds: tuple[int, int] = (0, 0),
        hands: tuple[Sequence[str], Sequence[str]] | None = None,
    ) -> Result:
        """Take the next match's result without a match state: a match played on paper, or a test (issue 7).

        ``score`` is (home, away). A knockout match needs a winner (WC-GAP-21): level scores need a
        ``shootout`` (which implies extra time), and ``extra_time`` says a decided match went beyond 90 minutes;
        a group match has neither. ``hands`` is each side's hand after the match: cards of the hand it brought
        or, in a knockout match, drawn (WC-GAP-3: from the deck, or the discard pile once the deck is empty,
        WC-GAP-23); the cards it no longer holds go to the discard pile (WC-MATCH-8). Without ``hands`` the hands
        and the deck stay as they were (WC-PROJ-20). Everything is checked first: a DataError (source
        ``<result>``) changes nothing."""
        plan = self.next_match()
        if plan is None:
            raise DataError("<result>", None, None, "the tournament is over")
        fx = plan.fixture
        score = _score_pair(score, "score")
        yellows, reds = _score_pair(yellows, "yellows"), _score_pair(reds, "reds")
        level = score[0] == score[1]
        if not fx.knockout:
            if shootout is not None or extra_time:
                field = "shootout" if shootout is not None else "extra_time"
                raise DataError("<result>", None, field, f"{fx.label} is a group match: no extra time (WC-GAP-20)")
            winner, ending = (None if level else (fx.home, fx.away)[score[1] > score[0]]), "full-time"
        elif shootout is not None:
            shootout = _score_pair(shootout, "shootout")
            if not level or shootout[0] == shootout[1]:
                raise DataError(
                    "<result>", None, "shootout", "a shoot-out follows a level match and has a winner (WC-GAP-21)"
                )
            winner, ending = (fx.home, fx.away)[shootout[1] > shootout[0]], "penalties"
        elif level:
            raise DataError(
                "<result>", None, "score", f"{fx.label} is a knockout match: give the shoot-out (WC-GAP-21)"
            )
        else:
            winner, ending = (fx.home, fx.away)[score[1] > score[0]], "extra-time" if extra_time else "full-time"
        if hands is not None and not (
            isinstance(hands, (tuple, list))
            and len(hands) == 2
            and all(isinstance(h, (tuple, list)) and all(isinstance(c, str) for c in h) for h in hands)
        ):
            raise DataError("<result>", None, "hands", "two lists of card names (home, away)")
        after: list[tuple[list[str], Counter[str], Counter[str]]] = []  # kept, drawn, played per side
        pool = Counter(self.deck) + Counter(self.discard)  # an empty deck is the discard pile reshuffled (WC-GAP-23)
        for side, tid in enumerate((fx.home, fx.away)):
            before = self.hands.get(tid, [])
            kept = list(before) if hands is None or tid not in self.hands else [str(c) for c in hands[side]]
            drawn = Counter(kept) - Counter(before)  # a knockout match draws from the deck (WC-GAP-3)
            if drawn and not fx.knockout:
                raise DataError("<result>", None, f"hands.{side}", f"{tid} draws nothing in a group match (WC-GAP-3)")
            if drawn - pool:
                missing = sorted((drawn - pool).elements())
                raise DataError(
                    "<result>", None, f"hands.{side}", f"{tid} cannot hold {missing}: not in its hand or the deck"
                )
            pool -= drawn
            after.append((kept, drawn, Counter(before) - Counter(kept)))
        result = Result(fx.number, fx.home, fx.away, score, winner, ending, shootout, yellows, reds)
        for side, tid in enumerate((fx.home, fx.away)):
            if tid in self.hands:
                kept, drawn, played = after[side]
                for card in drawn.elements():
                    (self.deck if card in self.deck else self.discard).remove(card)
                self.discard.extend(played.elements())
                self.hands[tid] = kept
        self.results.append(result)
        self._after(fx, result)
        self._check_cards()
        return result

    def _after(self, fx: Fixture, result: Result) -> None:
        if fx.stage == "group":
            if self.group_complete(fx.group):
                for row in self.standings(fx.group)[2:]:
                    self._retire(row.team)
                following = GROUPS.index(fx.group) + 1
                if following < len(GROUPS):
                    self._deal_group(GROUPS[following])
                else:
                    self._add_round("r16")
            return
        loser = result.loser
        assert loser is not None  # a knockout match always has a winner (WC-GAP-21)
        if not (fx.stage == "sf" and self.third_place):
            self._retire(loser)
        if fx.stage in ("third", "final"):
            self._retire(fx.home)
            self._retire(fx.away)
        done = self._results_by_number()
        if all(f.number in done for f in self._round(fx.stage)):
            nxt = {"r16": "qf", "qf": "sf", "sf": "third" if self.third_place else "final", "third": "final"}
            if fx.stage in nxt:
                self._add_round(nxt[fx.stage])

    def _round(self, stage: str) -> list[Fixture]:
        return [f for f in self.fixtures if f.stage == stage]

    def _results_by_number(self) -> dict[int, Result]:
        return {r.number: r for r in self.results}

    def _winners(self, stage: str) -> list[str]:
        res = self._results_by_number()
        out = []
        for f in self._round(stage):
            w = res[f.number].winner
            assert w is not None
            out.append(w)
        return out

    def _add_round(self, stage: str) -> None:
        """WC-GAP-22: the next knockout round, once the previous one is complete."""
        number = len(self.fixtures)
        pairs: list[tuple[str, str, str]] = []
        if stage == "r16":
            firsts = {g: self.standings(g)[0].team for g in GROUPS}
            seconds = {g: self.standings(g)[1].team for g in GROUPS}
            for (a, b), (home, away) in zip(ROUND_OF_16, round_of_16(firsts, seconds), strict=True):
                pairs.append((f"R16 1{a}–2{b}", home, away))
        elif stage == "qf":
            w = self._winners("r16")
            pairs = [(f"QF{k + 1}", w[i], w[j]) for k, (i, j) in enumerate(QUARTER_FINALS)]
        elif stage == "sf":
            w = self._winners("qf")
            pairs = [(f"SF{k + 1}", w[i], w[j]) for k, (i, j) in enumerate(SEMI_FINALS)]
        elif stage == "third":
            sf = self._round("sf")
            res = self._results_by_number()
            losers = [res[f.number].loser for f in sf]
            assert losers[0] is not None and losers[1] is not None
            pairs = [("Third place", losers[0], losers[1])]
        else:
            w = self._winners("sf")
            pairs = [("Final", w[0], w[1])]
        for k, (label, home, away) in enumerate(pairs):
            self.fixtures.append(Fixture(number + k, stage, label, home, away))

    # ------------------------------------------------------------------ tables

    def group_scores(self, group: str) -> list[Score]:
        res = self._results_by_number()
        return [
            (f.home, f.away, res[f.number].score[0], res[f.number].score[1])
            for f in self.fixtures
            if f.group == group and f.number in res
        ]

    def standings(self, group: str) -> list[Row]:
        """The group table so far (WC-GAP-20)."""
        return rank_group(self.group_teams(group), self.group_scores(group), self.rank)

    def group_complete(self, group: str) -> bool:
        return len(self.group_scores(group)) == len(GROUP_FIXTURES)

    def result(self, number: int) -> Result | None:
        return self._results_by_number().get(number)

    @property
    def champion(self) -> str | None:
        final = [f for f in self.fixtures if f.stage == "final"]
        if not final:
            return None
        r = self.result(final[0].number)
        return None if r is None else r.winner

    def placings(self) -> dict[str, str]:
        """Champion, runner-up, and (when the third-place match was played) third and fourth."""
        out: dict[str, str] = {}
        for stage, first, second in (("final", "champion", "runner_up"), ("third", "third", "fourth")):
            for f in self._round(stage):
                r = self.result(f.number)
                if r is not None and r.winner is not None and r.loser is not None:
                    out[first], out[second] = r.winner, r.loser
        return out

    # ------------------------------------------------------------------ snapshot

    def to_json(self) -> dict[str, Any]:
        order = list(self.teamset.teams)
        return {
            "format": FORMAT,
            "name": self.name,
            "seed": self.seed,
            "coaches": {c: list(ts) for c, ts in self.coaches.items()},
            "neutral": self.neutral,
            "third_place": self.third_place,
            "rng": str(self.rng.state),  # 64 bits: text, so no JSON reader rounds it
            "deck": list(self.deck),
            "discard": list(self.discard),
            "hands": {t: list(self.hands[t]) for t in order if t in self.hands},
            "fixtures": [f.to_json() for f in self.fixtures],
            "results": [r.to_json() for r in self.results],
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], source: str = "<snapshot>") -> WorldCup:
        if not isinstance(obj, Mapping) or obj.get("format") != FORMAT:
            raise DataError(source, None, "format", f"not a tournament snapshot ({FORMAT})")
        try:
            cup = cls(
                int(obj["seed"]),
                obj.get("coaches") or {},
                neutral=bool(obj.get("neutral", False)),
                third_place=bool(obj.get("third_place", False)),
                name=str(obj.get("name", "")),
            )
            cup.rng = Rng(int(obj["rng"]))
            cup.deck = [str(c) for c in obj["deck"]]
            cup.discard = [str(c) for c in obj["discard"]]
            cup.hands = {str(t): [str(c) for c in h] for t, h in obj["hands"].items()}
            cup.fixtures = [Fixture.from_json(f) for f in obj["fixtures"]]
            cup.results = [Result.from_json(r) for r in obj["results"]]
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise DataError(source, None, None, f"broken tournament snapshot: {e!r}") from None
        cup._check_cards()
        return cup


def _score_pair(value: Any, field: str) -> tuple[int, int]:
    """Two whole numbers from 0 to 99 (goals, kicks or cards of home and away)."""
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(type(v) is int and 0 <= v <= 99 for v in value)
    ):
        raise DataError("<result>", None, field, f"{value!r}: two whole numbers from 0 to 99 (home, away)")
    return (value[0], value[1])

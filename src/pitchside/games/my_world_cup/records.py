"""The World Cup record book 世界盃记录册 (WC-COMP-13, WC-GAP-27): every result, who scored how, cards, shoot-outs.

A ``Result`` is what the tournament keeps of a finished match; it is built from the engine's outcome and its
public events, so it never needs the match to be replayed. ``record_book`` sums the results up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pitchside.core.game import Event, Outcome

if TYPE_CHECKING:
    from pitchside.games.my_world_cup.tournament import WorldCup

# How a goal came about (the engine's "goal" event): the goal card's own value (WC-GOAL-0, WC-AD-0c), an attack
# roll (WC-AD-0a/b), a counter-attack roll (WC-AD-0c, WC-GAP-26) or a penalty from the foul die (WC-GAP-5, -26).
HOWS = ("goal", "attack", "counter-attack", "penalty")
HOW_NAMES = {
    "goal": "goal card 进球卡",
    "attack": "attack 进攻",
    "counter-attack": "counter-attack 防守反击",
    "penalty": "penalty 点球",
}


@dataclass(frozen=True)
class Goal:
    team: str
    goals: int  # one event can score several (a goal card's value)
    how: str  # one of HOWS
    card: str | None  # the scoring team's card of the pair, e.g. "G4:top" (for a penalty: the fouled card)
    period: int = 0  # 0 regular time, 1 extra time

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "goals": self.goals, "how": self.how, "card": self.card, "period": self.period}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Goal:
        card = obj.get("card")
        return cls(str(obj["team"]), int(obj["goals"]), str(obj["how"]), None if card is None else str(card),
                   int(obj.get("period", 0)))  # fmt: skip


@dataclass(frozen=True)
class Result:
    """A finished match of the tournament."""

    number: int
    home: str
    away: str
    score: tuple[int, int]
    winner: str | None  # None: a draw (group stage only, WC-GAP-20)
    ending: str  # full-time, extra-time, penalties (WC-GAP-21)
    shootout: tuple[int, int] | None = None
    yellows: tuple[int, int] = (0, 0)
    reds: tuple[int, int] = (0, 0)
    goals: tuple[Goal, ...] = ()
    kicks: tuple[tuple[str, bool], ...] = ()  # the shoot-out, kick by kick: (team, scored)

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.away if self.winner == self.home else self.home

    def text(self) -> str:
        """``esp 2–1 bra``, ``esp 1–1 bra (a.e.t., 4–3 pens)``."""
        out = f"{self.home} {self.score[0]}–{self.score[1]} {self.away}"
        if self.ending == "extra-time":
            out += " (a.e.t.)"
        elif self.ending == "penalties" and self.shootout is not None:
            out += f" (a.e.t., {self.shootout[0]}–{self.shootout[1]} pens)"
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "home": self.home,
            "away": self.away,
            "score": list(self.score),
            "winner": self.winner,
            "ending": self.ending,
            "yellows": list(self.yellows),
            "reds": list(self.reds),
            "goals": [g.to_json() for g in self.goals],
        }
        if self.shootout is not None:
            out["shootout"] = list(self.shootout)
            out["kicks"] = [[t, s] for t, s in self.kicks]
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Result:
        pair = _pair
        shoot = obj.get("shootout")
        winner = obj.get("winner")
        return cls(
            int(obj["number"]),
            str(obj["home"]),
            str(obj["away"]),
            pair(obj["score"]),
            None if winner is None else str(winner),
            str(obj["ending"]),
            None if shoot is None else pair(shoot),
            pair(obj.get("yellows", (0, 0))),
            pair(obj.get("reds", (0, 0))),
            tuple(Goal.from_json(g) for g in obj.get("goals", [])),
            tuple((str(t), bool(s)) for t, s in obj.get("kicks", [])),
        )


def _pair(v: Any) -> tuple[int, int]:
    return (int(v[0]), int(v[1]))


def result_of(number: int, home: str, away: str, outcome: Outcome, events: Sequence[Event]) -> Result:
    """The result of a finished match from its outcome and its events (only public events are read)."""
    teams = (home, away)
    goals: list[Goal] = []
    kicks: list[tuple[str, bool]] = []
    pair: Mapping[str, Any] | None = None
    period = 0
    for ev in events:
        if ev.to is not None:
            continue
        d = ev.data
        if ev.kind == "pair":
            pair = d
        elif ev.kind == "extra-time":
            period = 1
        elif ev.kind == "goal":
            side = int(d["team"])
            card = None
            if pair is not None:  # the scoring team's card of the pair being resolved
                card = pair.get("card") if pair.get("team") == side else pair.get("against")
            goals.append(Goal(teams[side], int(d["goals"]), str(d["how"]), card, period))
        elif ev.kind == "kick":
            kicks.append((teams[int(d["team"])], bool(d["scored"])))
    if (
        sum(g.goals for g in goals if g.team == home) != outcome.scores[0]
        or sum(g.goals for g in goals if g.team == away) != outcome.scores[1]
    ):
        raise ValueError("the events do not add up to the score: pass every public event of the match")
    details = outcome.details
    shoot = details.get("shootout")
    return Result(
        number,
        home,
        away,
        (int(outcome.scores[0]), int(outcome.scores[1])),
        None if outcome.winner is None else teams[outcome.winner],
        outcome.ending,
        None if shoot is None else (int(shoot[0]), int(shoot[1])),
        _pair(details.get("yellows", (0, 0))),
        _pair(details.get("reds", (0, 0))),
        tuple(goals),
        tuple(kicks),
    )


def record_book(cup: WorldCup) -> dict[str, Any]:
    """The record book so far: placings, every result, goals by team and by how, scoring cards, cards shown,
    shoot-outs and extra time."""
    fixtures = {f.number: f for f in cup.fixtures}
    results = cup.results
    by_how: Counter[str] = Counter()
    by_card: Counter[str] = Counter()
    teams: dict[str, dict[str, Any]] = {}

    def team(t: str) -> dict[str, Any]:
        if t not in teams:
            teams[t] = {"played": 0, "scored": 0, "conceded": 0, "yellows": 0, "reds": 0, "how": Counter()}
        return teams[t]

    shootouts = []
    extra_time = 0
    biggest: tuple[int, int, int] | None = None  # margin, goals, -number
    for r in results:
        for side, tid in enumerate((r.home, r.away)):
            row = team(tid)
            row["played"] += 1
            row["scored"] += r.score[side]
            row["conceded"] += r.score[1 - side]
            row["yellows"] += r.yellows[side]
            row["reds"] += r.reds[side]
        for g in r.goals:
            by_how[g.how] += g.goals
            team(g.team)["how"][g.how] += g.goals
            if g.card and g.how != "penalty":  # a penalty is the foul die's, not the fouled card's
                by_card[g.card] += g.goals
        if r.ending != "full-time":
            extra_time += 1
        if r.ending == "penalties":
            shootouts.append({"number": r.number, "label": fixtures[r.number].label, "result": r.text()})
        key = (abs(r.score[0] - r.score[1]), sum(r.score), -r.number)
        if biggest is None or key > biggest:
            biggest = key
    total = sum(sum(r.score) for r in results)
    big = None if biggest is None else cup.result(-biggest[2])
    return {
        "name": cup.name,
        "seed": cup.seed,
        "played": len(results),
        "fixtures": len(cup.fixtures),
        "placings": cup.placings(),
        "goals": total,
        "goals_per_match": round(total / len(results), 3) if results else 0.0,
        "by_how": {h: by_how[h] for h in HOWS if by_how[h]} | {h: n for h, n in by_how.items() if h not in HOWS},
        "cards": [[c, n] for c, n in sorted(by_card.items(), key=lambda kv: (-kv[1], kv[0]))],
        "teams": {
            t: {**{k: v for k, v in row.items() if k != "how"}, "how": dict(sorted(row["how"].items()))}
            for t, row in sorted(teams.items(), key=lambda kv: (-kv[1]["scored"], cup.rank[kv[0]]))
        },
        "yellows": sum(sum(r.yellows) for r in results),
        "reds": sum(sum(r.reds) for r in results),
        "extra_time": extra_time,
        "shootouts": shootouts,
        "biggest_win": None if big is None else {"number": big.number, "result": big.text()},
        "results": [{"label": fixtures[r.number].label, **r.to_json()} for r in results],
    }

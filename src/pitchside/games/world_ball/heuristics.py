"""A rule-of-thumb World Ball bot: keep stamina to save, shoot with the rest, save every shot it can.

It reads only its seat's view and the legal actions:

* draft: the character with the best numbers (stamina, cheap actions), goalkeepers a little higher;
* own turn: equip skills into empty classes, play events at the opponent who holds the most cards,
  shoot penalties, then free kicks, then 射门 — keeping enough stamina for one Save if it holds one;
* windows: save whenever it can (cheapest card first), 误判 when it is the last hope, 黑哨 or
  Messi's skill when a Save would stop its team's shot, 争议事件 whenever the chain currently goes
  against its team;
* prompts: yes when affordable; discards its least useful cards.
"""

from __future__ import annotations

from typing import Any

from pitchside.agents.base import Observation
from pitchside.core.rng import Rng
from pitchside.games.world_ball.actions import Play, Verb
from pitchside.games.world_ball.cards import Content, load_content

# How much a card is worth keeping (higher = keep).
_WORTH = {
    "penalty": 7.0, "save": 6.0, "wrong_call": 5.5, "free_kick": 5.0, "shoot": 4.5, "biased_referee": 4.5,
    "controversy": 4.0, "sliding_tackle": 3.5, "tactical_change": 3.5, "interception": 3.0,
    "man_marking": 3.0, "yellow_card": 3.0, "tactical_disruption": 2.5,
}  # fmt: skip
_EVENT_ORDER = ("tactical_change", "interception", "sliding_tackle", "man_marking", "yellow_card",
                "tactical_disruption")  # fmt: skip


def worth(cid: str, content: Content) -> float:
    if cid in _WORTH:
        return _WORTH[cid]
    return 3.0 if cid in content.skills else 2.0


class WorldBallHeuristic:
    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Play:
        legal: list[Play] = list(obs.legal)  # type: ignore[arg-type]
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        content = load_content(view["config"].get("data"))
        label = view["decision"]["label"]
        if label == "draft":
            return self._draft(legal, content, rng)
        if label == "action":
            return self._action(view, obs.seat, legal, content, rng)
        if label == "discard":
            return min(legal, key=lambda a: (worth(a.arg, content), rng.random()))
        if label == "shot":
            return self._defend(view, obs.seat, legal, content)
        if label == "save":
            return self._against_save(view, legal, content)
        if label == "controversy":
            return self._chain(view, obs.seat, legal)
        return self._prompt(view, obs.seat, legal, content, label)

    # ----------------------------------------------------------------- the draft

    def _draft(self, legal: list[Play], content: Content, rng: Rng) -> Play:
        def score(a: Play) -> float:
            ch = content.characters[a.arg]
            shoot = 1.5 if ch.shoot is None else 3 - ch.shoot
            return ch.stamina + shoot + 2 * (2 - ch.save) + (0.5 if ch.goalkeeper else 0) + 0.1 * rng.random()

        return max(legal, key=score)

    # ----------------------------------------------------------------- the own action phase

    def _action(self, view: dict[str, Any], me: int, legal: list[Play], content: Content, rng: Rng) -> Play:
        seats = view["seats"]
        hand: list[str] = view["hand"] or []
        mine = seats[me]
        by_verb: dict[Verb, list[Play]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        classes = {content.skills[s].cls for s in mine["skills"]}
        for a in by_verb.get(Verb.EQUIP, []):
            if content.skills[a.arg].cls not in classes:
                return a
        plays = by_verb.get(Verb.PLAY, [])
        for cid in _EVENT_ORDER:
            options = [a for a in plays if a.arg == cid]
            if options:
                return max(options, key=lambda a: (self._victim(seats, a), rng.random()))
        skills = by_verb.get(Verb.SKILL, [])
        if skills and any(a.arg == "" for a in skills):  # Kaká: deny the busiest defender
            return max(skills, key=lambda a: (seats[a.target]["cards"] if a.target >= 0 else -1, rng.random()))
        shots = [a for a in plays if a.arg in content.basics] + by_verb.get(Verb.SHOOT, [])
        if shots:
            reserve = self._reserve(mine, hand, content)
            cost = {"penalty": 0, "free_kick": 1}
            best = max(shots, key=lambda a: (content.basics[a.arg].needs if a.verb is Verb.PLAY else 1,
                                             -cost.get(a.arg, 2)))  # fmt: skip
            costs = view.get("costs") or {}
            spend = costs.get(best.arg if best.arg in content.set_pieces else "shoot") or 0
            if mine["stamina"] - spend >= reserve or best.arg == "penalty":
                return best
        if skills and len(hand) > mine["hand_limit"]:
            junk = [a for a in skills if a.arg]
            if junk:
                return min(junk, key=lambda a: (worth(a.arg, content), rng.random()))
        return next(a for a in legal if a.verb is Verb.END)

    @staticmethod
    def _victim(seats: list[dict[str, Any]], a: Play) -> float:
        if a.target < 0:
            return 0.0
        s = seats[a.target]
        return float(s["cards"]) + (0.0 if s["injured"] else 1.0) + 0.5 * len(s["skills"])

    @staticmethod
    def _reserve(mine: dict[str, Any], hand: list[str], content: Content) -> int:
        """Stamina to keep for one Save in the opponents' turns, if there is a card to save with."""
        ch = content.characters[mine["character"]]
        if "save" in hand or (ch.goalkeeper and "shoot" in hand):
            return ch.save
        return 0

    # ----------------------------------------------------------------- windows

    def _defend(self, view: dict[str, Any], me: int, legal: list[Play], content: Content) -> Play:
        saves = [a for a in legal if a.verb in (Verb.SAVE, Verb.WALL) or (a.verb is Verb.PLAY and a.arg == "save")]
        if saves:
            return min(saves, key=lambda a: (a.verb is not Verb.WALL, worth(a.arg, content)))
        calls = [a for a in legal if a.verb is Verb.PLAY]
        shot = view["window"]["shot"]
        last = len(view["decision"]["seats"]) <= 1
        if calls and (last or shot["need"] - shot["saves"] >= 2):
            return calls[0]
        return next(a for a in legal if a.verb is Verb.PASS)

    def _against_save(self, view: dict[str, Any], legal: list[Play], content: Content) -> Play:
        shot = view["window"]["shot"]
        if shot["saves"] + 1 >= shot["need"]:  # this Save would stop the shot
            refs = [a for a in legal if a.verb is Verb.PLAY]
            if refs:
                return refs[0]
            skills = [a for a in legal if a.verb is Verb.SKILL]
            if skills:
                return min(skills, key=lambda a: worth(a.arg, content))
        return next(a for a in legal if a.verb is Verb.PASS)

    def _chain(self, view: dict[str, Any], me: int, legal: list[Play]) -> Play:
        event = view["window"]["event"]
        ours = view["seats"][event["player"]]["team"] == view["seats"][me]["team"]
        if ours != event["takes_effect"]:
            return next(a for a in legal if a.verb is Verb.PLAY)
        return next(a for a in legal if a.verb is Verb.PASS)

    def _prompt(self, view: dict[str, Any], me: int, legal: list[Play], content: Content, label: str) -> Play:
        uses = [a for a in legal if a.verb is Verb.SKILL]
        if not uses:
            return legal[-1]
        if label == "prompt:captain":
            mine = view["seats"][me]
            ch = content.characters[mine["character"]]
            cost = view["window"]["prompt"].get("cost", 1)
            if mine["stamina"] - cost < ch.save and "save" in (view["hand"] or []):
                return next(a for a in legal if a.verb is Verb.PASS)
        return min(uses, key=lambda a: worth(a.arg, content) if a.arg else 0.0)


AGENT = WorldBallHeuristic

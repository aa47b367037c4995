"""A rule-of-thumb Sonic Cup bot: push the ball toward goal, shoot when it can, block when it can.

It sees only its seat's view. To judge its own turn it plays its candidate moves on a
determinized copy (its own hand is exact there; the rest is a guess), one step ahead, and
follows multi-card picks to their completion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pitchside.agents.base import Observation
from pitchside.agents.ismcts import WorldObservation
from pitchside.core.game import Action, State
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.cards import Card, arrows_text, load_deck
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import GOAL, Pending, Phase, team


def _progress(ball: int, side: int) -> float:
    """0 at the own goal, 1 at the goal the team attacks."""
    return (ball - 1) / 8 if GOAL[side] == 9 else (9 - ball) / 8


def evaluate(st: SonicCupState, side: int) -> float:
    """How good the situation looks for ``side`` (used on determinized copies only)."""
    other = 1 - side
    if st.phase is Phase.OVER:
        diff = st.score[side] - st.score[other]
        return 1000.0 * (diff > 0) - 1000.0 * (diff < 0)
    v = 100.0 * (st.score[side] - st.score[other]) + 10.0 * _progress(st.ball, side)
    if st.phase is Phase.SHOOTING:
        v += 8.0 if st.attack == side else -8.0
    elif st.phase is Phase.FOLLOW_UP:
        v += 3.0 if team(st.fu_shooter) == side else -3.0
    elif st.phase is Phase.TURN and st.shoot:
        v += 5.0 if team(st.actor) == side else -5.0
    return v


def _worth(card: Card) -> float:
    """How much a card is worth keeping: shots and blocks first, plain maneuvers last."""
    return 3.0 * bool(card.kick_block) + 2.0 * bool(card.shoot) + 1.5 * bool(card.power_kick) + 1.0 * card.foul


class SonicCupHeuristic:
    name = "heuristic"

    def act(self, obs: Observation, rng: Rng) -> Play:
        legal: list[Play] = list(obs.legal)  # type: ignore[arg-type]
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        phase = view["phase"]
        side = 0 if view["seats"][obs.seat]["team"] == "blue" else 1
        deck = _deck(obs)
        if phase == "turn":
            return self._turn(obs, legal, side, rng)
        if phase in ("shooting", "follow_up"):
            return self._shooting(view, legal, deck, rng)
        if phase == "steal":
            return self._steal(obs, legal, side, rng)
        if phase in ("exchange", "sing_discard"):
            return self._give_back(legal, deck, side, phase == "exchange", rng)
        return rng.choice(legal)

    def _turn(self, obs: Observation, legal: list[Play], side: int, rng: Rng) -> Play:
        world = obs.determinize(rng)
        assert isinstance(world, SonicCupState)
        search = _Search(world, obs.seat, side)
        best, best_v = legal[0], float("-inf")
        for act in legal:
            if act.verb is Verb.SING:
                continue  # kept for a later, smarter bot
            # Ties go to keeping the cards, then to chance: list order must not favour a team.
            v = search.value(world, act, 3) + 1e-3 * rng.random()
            if act.verb in (Verb.END, Verb.PASS):
                v += 0.01
            if v > best_v:
                best, best_v = act, v
        return best

    def _shooting(self, view: dict[str, Any], legal: list[Play], deck: dict[str, Card], rng: Rng) -> Play:
        kbs = [a for a in legal if a.verb is Verb.KB]
        match = view.get("shooting", {}).get("match", "")
        matching = [a for a in kbs if any(ch in match for ch in arrows_text(deck[a.arg].kick_block))]
        if matching:
            return rng.choice(matching)
        shoot_cards = [a for a in legal if a.verb is Verb.MOVE]
        if shoot_cards:
            return rng.choice(shoot_cards)
        fouls = [a for a in legal if a.verb is Verb.FOUL]
        last_defender = len(view["decision"]["seats"]) == 1
        if last_defender and fouls:
            return rng.choice(fouls)  # a penalty is better than a certain goal
        if last_defender and kbs:
            return rng.choice(kbs)  # the Goalkeeper's forced block
        return next((a for a in legal if a.verb in (Verb.PASS, Verb.END)), legal[0])

    def _steal(self, obs: Observation, legal: list[Play], side: int, rng: Rng) -> Play:
        pks = [a for a in legal if a.verb is Verb.PK]
        if not pks:
            return legal[-1]
        world = obs.determinize(rng)
        assert isinstance(world, SonicCupState)
        now = _progress(world.ball, side)
        search = _Search(world, obs.seat, side)
        best, best_v = max(((a, search.value(world, a, 2)) for a in pks), key=lambda av: av[1])
        gain = best_v - 10.0 * now
        return best if gain > 0 else next(a for a in legal if a.verb is Verb.PASS)

    def _give_back(self, legal: list[Play], deck: dict[str, Card], side: int, optional: bool, rng: Rng) -> Play:
        """The least useful card: no special function, and targets nearest the own goal. Ties by
        chance, never by card id, since ids are ordered by zone and would favour one team."""
        cards = [a for a in legal if a.arg in deck]

        def useless(a: Play) -> tuple[float, float, float]:
            c = deck[a.arg]
            return (_worth(c), max(_progress(z, side) for z in c.maneuver), rng.random())

        worst = min(cards, key=useless, default=None)
        if worst is None or (optional and _worth(deck[worst.arg]) > 0):
            return next(a for a in legal if a.verb is Verb.DONE)
        return worst


_FINISH = frozenset({Verb.PK, Verb.ANY, Verb.FW})  # the verbs whose targeted card finishes a pending play


class _Search:
    """One decision's look-ahead: the value of a turn action for ``seat`` on one determinized world,
    following the seat's own pending plays and Shoot cards ``depth`` plays deep.

    The value of an action is what the first bot computed by playing every line on a copy: the
    evaluation where the line stops, less the cost of each card it spends, the best continuation
    taken at each step. Two shortcuts give the very same numbers with far fewer copies (the Sonic
    Cup bot spent ~85 % of its time on the third card of 'any three cards'):

    - A pending play's last card moves the ball to its target and does nothing else (SC-MAN-3,
      SC-ROLE-FW, SC-PK-3: only a single Shoot card can start a shot, SC-GAP-13), so the position
      after it depends on the target zone, not on the card: it is evaluated once per zone and
      position, and each card only adds its own cost.
    - 'any three cards' is the same play whichever of its first two cards was picked first: the
      best finish after two picks is kept by the pair.

    Each shortcut is checked where it is first taken (a finish that left the play open, or a
    position ``evaluate`` would score differently, falls back to playing the line), and
    tests/games/sonic_cup/test_heuristic.py compares every choice with the first bot's.
    """

    __slots__ = ("costs", "finished", "pairs", "seat", "side")

    def __init__(self, world: SonicCupState, seat: int, side: int) -> None:
        self.seat, self.side = seat, side
        self.costs = _costs(world)
        self.finished: dict[tuple[Any, ...], dict[int, float | None]] = {}
        self.pairs: dict[tuple[int, str, str], float] = {}

    def value(self, world: SonicCupState, act: Play, depth: int) -> float:
        st = world.clone()
        st.apply(self.seat, act)
        return self._rest(st, depth) - self.costs.get(act.arg, 0.0)

    def _rest(self, st: SonicCupState, depth: int) -> float:
        """The value of the position a line reached: the best way on while the seat is still
        playing (a pending play, or a Shoot card waiting for its shot), else its evaluation."""
        if depth > 0 and st.phase is Phase.TURN and st.actor == self.seat and (st.pending or st.shoot):
            return self._best(st, depth - 1)
        return evaluate(st, self.side)

    def _best(self, st: SonicCupState, depth: int) -> float:
        legal = st.legal_actions(self.seat)
        pending = st.pending
        if not pending:
            return max([self.value(st, act, depth) for act in legal])
        cost = self.costs.get
        values: list[float] = []
        if pending is Pending.ANY and len(st.picks) == 1:  # the second of three picks
            pairs, first = self.pairs, st.picks[0]
            for act in legal:
                second = act.arg
                if act.zone:  # not a pick (the rules allow none here): played as it is
                    values.append(self.value(st, act, depth))
                    continue
                key = (depth, first, second) if first <= second else (depth, second, first)
                rest = pairs.get(key)
                if rest is None:
                    after = st.clone()
                    after.apply(self.seat, act)
                    rest = pairs[key] = self._rest(after, depth)
                values.append(rest - cost(second, 0.0))
            return max(values)
        # What evaluate reads of the position besides the ball: a finish leaves it as it was.
        at = (pending, st.phase, st.score[0], st.score[1], st.attack, st.fu_shooter, st.actor, st.shoot)
        ends = self.finished.get(at)
        if ends is None:
            ends = self.finished[at] = {}
        for act in legal:
            if act.zone and act.verb in _FINISH:
                if act.zone not in ends:
                    ends[act.zone] = self._finish(st, act)
                end = ends[act.zone]
                if end is not None:
                    values.append(end - cost(act.arg, 0.0))
                    continue
            values.append(self.value(st, act, depth))
        return max(values)

    def _finish(self, st: SonicCupState, act: Play) -> float | None:
        """The evaluation after ``act`` finishes the pending play; None (play each such line) if the
        finish changed more of what ``evaluate`` reads than the ball's zone."""
        after = st.clone()
        after.apply(self.seat, act)
        fields = (after.phase, after.score, after.attack, after.fu_shooter, after.actor, after.shoot)
        if (
            after.pending
            or after.ball != act.zone
            or fields != (st.phase, st.score, st.attack, st.fu_shooter, st.actor, st.shoot)
        ):
            return None
        return evaluate(after, self.side)


def _costs(world: SonicCupState) -> dict[str, float]:
    deck = world.t.deck
    costs: dict[str, float] | None = deck.moves.get(_Search)  # the deck's cache (cards.Deck.moves)
    if costs is None:  # what spending a card costs a line: a fifth of what it is worth keeping
        costs = deck.moves[_Search] = {cid: 0.2 * _worth(c) for cid, c in deck.cards.items()}
    return costs


_PLAYOUT_BOT = SonicCupHeuristic()


def playout(world: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """A search's playout move on a sampled world (SearchGuide.playout): the bot's own rules outside a turn,
    and at a turn the bot's judgement without its look-ahead (which plays each line on a copy: ~20 engine
    steps a move). Each play is valued as where it would leave the ball (``10 * progress``), less the cards it
    spends (``_costs``): a one-card move or a finish by its target zone, the first pick of a Power Kick by the
    card's farthest target and the cheapest partner, a pick of 'any three cards' or the Forward's two by one zone
    forward and the cheapest cards still to pick; a Shoot card into the goal zone with a matching KB left +5, a
    KB +8 (evaluate's shot bonuses); 'end' or 'pass' the ball where it is (+0.01, and -5 if it drops a Shoot
    card's shot). Ties by chance, as the bot's. About as strong a guide as the bot itself at a fifth of the
    cost (docs/balance.md, Bots)."""
    assert isinstance(world, SonicCupState)
    if world.phase is not Phase.TURN:
        return _PLAYOUT_BOT.act(WorldObservation(world, seat, legal), rng)
    side = team(seat)
    ten = _TEN_PROGRESS[side]
    cards = world.t.deck.cards
    cost = _costs(world).get
    hand = world.hands[seat]
    ball, pending = world.ball, world.pending
    here = ten[ball]
    fwd = ten[min(9, max(1, ball + 1 if GOAL[side] == 9 else ball - 1))]
    cheapest = sorted([cost(c, 0.0) for c in hand])
    first = cheapest[0] if cheapest else 0.0
    rest = sum(cheapest[: 1 if pending else 2])  # the cards 'any three cards' still takes after this one
    stay = here + 0.01 + (0.0 if not world.shoot else -5.0)
    goal = GOAL[side]
    draw = rng.next_u64  # rng.random()'s draws, without its call
    best, best_v = legal[0], float("-inf")
    for act in legal:
        assert isinstance(act, Play)
        verb = act.verb
        if verb is Verb.SING:
            continue
        if verb is Verb.END or verb is Verb.PASS:
            v = stay
        elif verb is Verb.KB:
            v = here + 8.0 - cost(act.arg, 0.0)
        elif act.zone:
            v = ten[act.zone] - cost(act.arg, 0.0)
            shot = cards[act.arg].shoot
            if (
                verb is Verb.MOVE
                and shot
                and act.zone == goal
                and not pending
                and any(cards[h].kick_block & shot for h in hand if h != act.arg)
            ):
                v += 5.0
        elif verb is Verb.PK:
            targets = cards[act.arg].power_kick
            v = (max([ten[z] for z in targets]) if targets else fwd) - cost(act.arg, 0.0) - first
        elif verb is Verb.ANY:
            v = fwd - cost(act.arg, 0.0) - rest
        else:  # the Forward's first card
            v = fwd - cost(act.arg, 0.0) - first
        v += 1e-3 * ((draw() >> 11) * _UNIT)
        if v > best_v:
            best, best_v = act, v
    return best


# 10 * _progress(zone, side) by side and zone (the same floats: max and 10 * x commute, x -> 10 * x is monotone)
_TEN_PROGRESS = tuple(tuple(10.0 * _progress(z, side) for z in range(10)) for side in (0, 1))
_UNIT = 1.0 / (1 << 53)  # Rng.random's scale


def _deck(obs: Observation) -> dict[str, Card]:
    return dict(load_deck(obs.view["config"].get("deck")).cards)


AGENT = SonicCupHeuristic

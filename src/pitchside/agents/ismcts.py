"""Information-set Monte Carlo tree search, generic over the State protocol.

IS-MCTS (Cowling, Powley & Whitehouse, 2012): each iteration samples one world consistent with what the
observing seat knows (``obs.determinize``), walks the trees with it, expands one node, plays the world
out, and backs the result up. Every iteration is a full determinize–select–expand–evaluate.

- **One tree per seat** (the paper's multiple-observer variant). A seat's tree holds the moves as that
  seat sees them: its own moves as they are, another seat's moves as they are too, except the moves
  of a hidden pick (``DecisionKind.HIDDEN_PICK``: "seats commit face down, revealed together"), which
  another seat sees only as "a card was committed". So a seat that picks after the observer does not
  answer a pick it cannot see (a single shared tree let it, and the observer planned against an opponent
  who knew its lineup). A seat chooses by its own tree; a node's children are keyed by the deciding seat
  and the action (a value, equal in every world), so actions that exist only in some sampled worlds
  still meet again, and a child's UCB term counts the iterations in which it was *available*, not its
  parent's visits.
- **Team returns.** A node scores the return of the seat that chose its move; a game's returns give
  every seat its team's result, so teammates (Sonic Cup, World Ball) pull the same way.
- **Playouts the game guides** (``Game.search_guide``): moves by the game's cheap playout policy (or
  uniformly random ones), for at most ``cutoff`` moves, then the game's evaluation of the position
  (or 0 for an unfinished playout when the game offers none). The policy sees an Observation of the
  *sampled* world, or (``SearchGuide.playout``) the sampled world itself; never the true state.
- **A prior at the root.** The game's heuristic bot is asked once per decision, on the same Observation;
  its choice gets a progressive bias (``prior_weight / visits``) in the observer's root, so the search
  leaves it only for a move its estimates find better, not by the noise of its first iterations.
- **Tree reuse.** When the observer decides again and only its own move was made since (a multi-card
  play, a lineup: its view is the one its move alone gives), the subtree under that move is kept: its
  statistics came from worlds consistent with what the observer knew then, and it knows no more now.

The agent sees nothing but the Observation it is handed (``seat``, ``legal``, ``view``, ``determinize``)
and draws every random number from the Rng passed to ``act``, so play is reproducible unless a
wall-clock budget (``max_seconds``) is set.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from math import log, sqrt
from typing import TYPE_CHECKING, Any

from pitchside.agents.base import Observation
from pitchside.core.decision import DecisionKind

if TYPE_CHECKING:
    from pitchside.agents.base import Agent
    from pitchside.core.game import Action, State
    from pitchside.core.rng import Rng

Key = tuple[int, "Action | str"]  # (the seat that chooses, its action); HIDDEN stands for an unseen pick
HIDDEN = "\x00hidden"  # no action equals a str
Evaluate = Callable[["State"], Sequence[float]]
Playout = Callable[["State", int, Sequence["Action"], "Rng"], "Action"]  # SearchGuide.playout


class Node:
    """A node of one seat's tree: the statistics of the move that led here, and its children.

    ``total`` sums the returns of ``seat``, the seat that chose the move, so a parent picks among
    its children by its own chooser's interest.
    """

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[Key, Node] = {}


class WorldObservation(Observation):
    """An Observation of a *sampled* world, for the playout policy: the world is already one the
    observer's search drew, so determinizing it again is only a copy (cheaper, and no more revealing)."""

    __slots__ = ()

    def determinize(self, rng: Rng) -> State:
        return self._state.clone()


class ISMCTSAgent:
    """IS-MCTS with an iteration budget and an optional wall-clock budget.

    ``iterations``   iterations per decision (None: only ``max_seconds`` bounds the search)
    ``max_seconds``  stop after this much wall-clock time (default None: deterministic)
    ``exploration``  the UCB constant (returns are in [-1, 1])
    ``rollout_depth``  playout moves after the tree (default: the game guide's ``cutoff``)
    ``evaluate`` / ``policy`` / ``playout``  a game's SearchGuide parts (None: 0 for an unfinished playout /
                     random moves); ``playout`` plays on the sampled world itself, ``policy`` on an Observation of it
    ``reuse``        keep the subtree of the observer's own moves between its consecutive decisions
    ``prior`` / ``prior_weight``  a bot (the game's heuristic) whose choice at the observer's decision gets
                     a bonus of ``prior_weight / visits`` in its UCB score: the search must find a better move
                     on its estimates to leave it, not stumble off it by the noise of its first iterations
    """

    name = "ismcts"
    DEFAULT_ITERATIONS = 200

    @classmethod
    def for_game(
        cls, game: str | None, iterations: int | None = DEFAULT_ITERATIONS, max_seconds: float | None = None
    ) -> ISMCTSAgent:
        """The agent guided by ``game``'s SearchGuide (a game id; None: unguided)."""
        if game is None:
            return cls(iterations=iterations, max_seconds=max_seconds)
        from pitchside.core.registry import load_game

        game_ = load_game(game)
        guide = game_.search_guide()
        return cls(
            iterations=iterations,
            max_seconds=max_seconds,
            rollout_depth=guide.cutoff,
            evaluate=guide.evaluate,
            policy=guide.policy,
            playout=guide.playout,
            prior=game_.heuristic_agent() if guide.prior_weight > 0 else None,
            prior_weight=guide.prior_weight,
        )

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        max_seconds: float | None = None,
        exploration: float = 1.0,
        rollout_depth: int = 100,
        evaluate: Evaluate | None = None,
        policy: Agent | None = None,
        playout: Playout | None = None,
        reuse: bool = True,
        prior: Agent | None = None,
        prior_weight: float = 1.0,
    ) -> None:
        if iterations is None and max_seconds is None:
            raise ValueError("IS-MCTS needs an iteration or a time budget")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.policy = policy
        self.playout = playout
        self.reuse = reuse
        self.prior = prior
        self.prior_weight = prior_weight
        if iterations != self.DEFAULT_ITERATIONS or max_seconds is not None:
            budget = f"{max_seconds:g}s" if iterations is None and max_seconds is not None else str(iterations)
            self.name = f"ismcts:{budget}"  # what make_agent takes back (records replay by player name)
        self.last_iterations = 0  # how many iterations the last search ran (for benchmarks)
        self.last_reused = 0  # the visits of the kept tree the last search began from (0: a new tree)
        self._kept: tuple[dict[str, Any], dict[int, Node]] | None = None  # (the view it expects next, trees)

    def act(self, obs: Observation, rng: Rng) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        roots = self.search(obs, rng)
        root = roots[obs.seat]
        mine = {a: a for a in legal}  # the caller's own objects back (an engine may take them by identity)
        best: list[Action] = []
        most = -1
        for (seat, a), child in root.children.items():
            if seat != obs.seat or a not in mine:
                continue
            if child.visits > most:
                best, most = [mine[a]], child.visits
            elif child.visits == most:
                best.append(mine[a])
        if not best:  # no world ever reached the root decision: should not happen
            return legal[rng.below(len(legal))]
        action = best[0] if len(best) == 1 else best[rng.below(len(best))]
        self._keep(obs, roots, action, rng)
        return action

    def search(self, obs: Observation, rng: Rng) -> dict[int, Node]:
        """Run the budgeted search from the observer's decision; the roots of the trees it built, by seat."""
        roots = self._reused(obs)
        self.last_reused = roots[obs.seat].visits if roots else 0
        # The prior bot's choice on this very Observation (it sees what the observer sees, no more).
        fav: Key | None = None if self.prior is None else (obs.seat, self.prior.act(obs, rng))
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            favoured = None if fav is None else roots[obs.seat].children.get(fav) if roots else None
            self._iterate(roots, obs.determinize(rng), rng, favoured)
            done += 1
        self.last_iterations = done
        return roots

    # ----------------------------------------------------------------- keeping the tree

    def _keep(self, obs: Observation, roots: dict[int, Node], action: Action, rng: Rng) -> None:
        """Keep each tree's child for the chosen move, with the view the observer will have if nothing but
        that move happens: its own move played in one sampled world. Chance (a card drawn) or another seat's
        move makes the next view differ from it, and the kept trees are dropped."""
        self._kept = None
        if not self.reuse:
            return
        key, hidden = (obs.seat, action), (obs.seat, HIDDEN)
        kept: dict[int, Node] = {}
        for s, root in roots.items():  # another seat's tree has the move as it saw it: maybe a hidden pick
            child = root.children.get(key) if s == obs.seat else root.children.get(key, root.children.get(hidden))
            if child is None:
                return
            kept[s] = child
        world = obs.determinize(rng)
        world.apply(obs.seat, action)
        if not world.is_over() and world.decision().seat == obs.seat:
            self._kept = (world.view(obs.seat), kept)

    def _reused(self, obs: Observation) -> dict[int, Node]:
        kept, self._kept = self._kept, None
        if kept is not None and kept[0] == obs.view:
            return kept[1]
        return {}

    # ----------------------------------------------------------------- one iteration

    def _iterate(self, roots: dict[int, Node], st: State, rng: Rng, favoured: Node | None = None) -> None:
        n = st.num_seats
        for s in range(n):
            if s not in roots:
                roots[s] = Node(-1)
        cur = [roots[s] for s in range(n)]
        paths: list[list[Node]] = [[roots[s]] for s in range(n)]
        c = self.exploration
        # Selection, in the deciding seat's own tree: descend while every legal action in this world has a child.
        # Children are keyed by the action itself: equal actions have equal texts and parse back (the Action
        # protocol), so this is the tree keyed by text without building a text per legal action per step.
        while not st.is_over():
            d = st.decision()
            seat = d.seat
            assert seat is not None
            legal = st.legal_actions(seat)
            children = cur[seat].children
            untried: list[Action] = []
            available: list[tuple[Node, Action]] = []
            seen: set[Action] = set()
            for a in legal:
                if a in seen:
                    continue
                seen.add(a)
                child = children.get((seat, a))
                if child is None:
                    untried.append(a)
                else:
                    available.append((child, a))
            expanded = bool(untried)
            if expanded:
                # Expansion: one new node, for an untried action picked uniformly.
                action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                for ch, _ in available:
                    ch.avail += 1
            else:
                best: list[tuple[Node, Action]] = []
                best_score = -math.inf
                for item in available:
                    ch = item[0]
                    ch.avail += 1
                    visits = ch.visits
                    score = ch.total / visits + c * sqrt(log(ch.avail) / visits)
                    if ch is favoured:  # progressive bias: it fades as the search learns the move's worth
                        score += self.prior_weight / visits
                    if score > best_score:
                        best, best_score = [item], score
                    elif score == best_score:
                        best.append(item)
                action = (best[0] if len(best) == 1 else best[rng.below(len(best))])[1]
            key: Key = (seat, action)
            hidden: Key = (seat, HIDDEN) if d.kind is DecisionKind.HIDDEN_PICK else key
            for s in range(n):
                k = key if s == seat else hidden
                node = cur[s]
                child = node.children.get(k)
                if child is None:
                    child = node.children[k] = Node(seat)
                if s == seat and expanded:
                    child.avail += 1
                cur[s] = child
                paths[s].append(child)
            st.apply(seat, action)
            if expanded:
                break
        returns = self._playout(st, rng)
        # Backpropagation: each node scores the return of the seat that chose its move.
        for path in paths:
            for nd in path:
                nd.visits += 1
                if returns is not None and nd.seat >= 0:
                    nd.total += returns[nd.seat]

    def _playout(self, st: State, rng: Rng) -> Sequence[float] | None:
        """Play the world on for at most rollout_depth moves; its returns, or the game's estimate."""
        policy, playout = self.policy, self.playout
        steps = 0
        while steps < self.rollout_depth and not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            legal = st.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif playout is not None:
                action = playout(st, seat, legal, rng)
            elif policy is None:
                action = legal[rng.below(len(legal))]
            else:
                action = policy.act(WorldObservation(st, seat, legal), rng)
            st.apply(seat, action)
            steps += 1
        if st.is_over():
            return st.outcome().returns
        return None if self.evaluate is None else self.evaluate(st)

"""Information-set Monte Carlo tree search, generic over the State protocol.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse, 2012): each iteration samples one world
consistent with what the observing seat knows (``obs.determinize``), walks a single tree with it,
expands one node, plays uniformly random legal actions to a depth cap, and backs the outcome up.
The tree is shared by every seat's decisions: a node's children are keyed by the deciding seat
and the action's text, so actions that exist only in some sampled worlds (another seat's
cards) still meet again. Because the legal set changes from world to world, a child's UCB term
counts the iterations in which it was *available*, not its parent's visits.

The agent sees nothing but the Observation it is handed (``seat``, ``legal``, ``determinize``)
and draws every random number from the Rng passed to ``act``, so play is reproducible unless a
wall-clock budget (``max_seconds``) is set.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pitchside.agents.base import Observation
    from pitchside.core.game import Action, State
    from pitchside.core.rng import Rng

Key = tuple[int, str]  # (the seat that chooses, str(action))


class Node:
    """A node of the shared tree: the statistics of the move that led here, and its children.

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


class ISMCTSAgent:
    """Single-observer IS-MCTS with an iteration budget and an optional wall-clock budget.

    ``iterations``   iterations per decision (None: only ``max_seconds`` bounds the search)
    ``max_seconds``  stop early after this much wall-clock time (default None: deterministic)
    ``exploration``  the UCB constant (returns are in [-1, 1])
    ``rollout_depth``  random moves after the expanded node; an unfinished rollout scores 0
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = 200,
        max_seconds: float | None = None,
        exploration: float = 1.0,
        rollout_depth: int = 100,
    ) -> None:
        if iterations is None and max_seconds is None:
            raise ValueError("IS-MCTS needs an iteration or a time budget")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.last_iterations = 0  # how many iterations the last search ran (for benchmarks)

    def act(self, obs: Observation, rng: Rng) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(obs, rng)
        mine = {str(a): a for a in legal}
        best: list[str] = []
        most = -1
        for (_, text), child in root.children.items():
            if text not in mine:
                continue
            if child.visits > most:
                best, most = [text], child.visits
            elif child.visits == most:
                best.append(text)
        if not best:  # no world ever reached the root decision: should not happen
            return legal[rng.below(len(legal))]
        return mine[best[0] if len(best) == 1 else best[rng.below(len(best))]]

    def search(self, obs: Observation, rng: Rng) -> Node:
        """Run the budgeted search from the observer's decision; the root of the tree it built."""
        root = Node(obs.seat)
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, obs.determinize(rng), rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: Node, st: State, rng: Rng) -> None:
        path = [root]
        node = root
        c = self.exploration
        # Selection: descend while every legal action in this world already has a child.
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            legal = st.legal_actions(seat)
            children = node.children
            untried: list[tuple[str, Action]] = []
            available: list[tuple[Node, Action]] = []
            seen: set[str] = set()
            for a in legal:
                text = str(a)
                if text in seen:
                    continue
                seen.add(text)
                child = children.get((seat, text))
                if child is None:
                    untried.append((text, a))
                else:
                    available.append((child, a))
            if untried:
                # Expansion: one new node, for an untried action picked uniformly.
                text, action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                for ch, _ in available:
                    ch.avail += 1
                child = Node(seat)
                child.avail = 1
                children[(seat, text)] = child
                st.apply(seat, action)
                path.append(child)
                break
            best: list[tuple[Node, Action]] = []
            best_score = -math.inf
            for ch, a in available:
                ch.avail += 1
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = [(ch, a)], score
                elif score == best_score:
                    best.append((ch, a))
            node, action = best[0] if len(best) == 1 else best[rng.below(len(best))]
            st.apply(seat, action)
            path.append(node)
        # Simulation: uniformly random legal actions, at most rollout_depth of them.
        steps = 0
        while steps < self.rollout_depth and not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.below(len(legal))])
            steps += 1
        # Backpropagation: each node scores the return of the seat that chose its move.
        returns = st.outcome().returns if st.is_over() else None
        for n in path:
            n.visits += 1
            if returns is not None:
                n.total += returns[n.seat]

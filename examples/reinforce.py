"""Train a linear softmax policy with REINFORCE through the PettingZoo environment, then evaluate it.

    .venv/bin/python examples/reinforce.py                     # My World Cup 2010 against its heuristic bot
    .venv/bin/python examples/reinforce.py --opponent random --episodes 2000

The learner is one seat of a 2-seat match (it alternates seats episode by episode); the other seat is
one of pitchside's own bots, which sees only its seat's Observation. The policy scores each legal
action linearly from the observation tensor (scaled to 0..1 by the ranges the observation space
declares): ``p(a | x) = softmax over the mask's ones of W[a] @ x + b[a]``. After each match,
REINFORCE with a running-mean baseline: ``W[a] += lr * (G - baseline) * grad log p(a | x)`` for every
decision the learner made, ``G`` the learner's return (+1 won, -1 lost, 0 a draw; rewards come only
at the end). Before and after training, the policy (sampling, and after training also greedy) plays a fixed
set of deals from both seats against the same bot: the same matches every run. numpy only, and the
whole run follows from ``--seed``: two runs with the same arguments print the same numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from pitchside.agents.base import Agent, Observation, make_agent
from pitchside.core.rng import Rng
from pitchside.rl.pettingzoo import PitchsideEnv, env

Vector = npt.NDArray[np.float64]
EVAL_SEED0 = 1_000_000  # evaluation deals start here, far from the training seeds (0, 1, 2, ...)


@dataclass
class Policy:
    """A linear softmax over the legal actions: one weight row per action of the fixed space."""

    w: Vector
    b: Vector
    scale: Vector  # 1 / the observation's declared upper bounds

    @classmethod
    def zero(cls, e: PitchsideEnv) -> Policy:
        n, m = e.encoding.num_actions, e.encoding.obs_size
        return cls(np.zeros((n, m)), np.zeros(n), 1.0 / e.encoding.high.astype(np.float64))

    def probs(self, x: Vector, legal: npt.NDArray[np.intp]) -> Vector:
        z = self.w[legal] @ x + self.b[legal]
        z -= z.max()
        p: Vector = np.exp(z)
        p /= p.sum()
        return p


@dataclass
class Step:
    x: Vector
    legal: npt.NDArray[np.intp]
    chosen: int  # position in legal
    p: Vector


@dataclass
class Score:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    returns: list[float] = field(default_factory=list)

    def add(self, g: float) -> None:
        self.returns.append(g)
        self.wins += g > 0
        self.draws += g == 0
        self.losses += g < 0

    def text(self) -> str:
        n = len(self.returns)
        return (
            f"W {self.wins:4} / D {self.draws:4} / L {self.losses:4} of {n}: win rate {self.wins / n:6.1%}, "
            f"mean return {float(np.mean(self.returns)):+.3f}"
        )


def play(
    e: PitchsideEnv,
    policy: Policy,
    bot: Agent,
    seed: int,
    learner: int,
    rng: np.random.Generator | None,
    trace: list[Step] | None = None,
) -> float:
    """One match from deal ``seed``; the policy plays seat ``learner`` (sampling from ``rng``, or greedy
    when it is None) and ``bot`` the other seat. Returns the learner's return."""
    e.reset(seed=seed)
    me = e.possible_agents[learner]
    bot_rng = Rng(seed * 2 + learner)
    g = 0.0
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            if agent == me:
                g = float(reward)
            e.step(None)
            continue
        if agent == me:
            legal = np.flatnonzero(obs["action_mask"])
            x = obs["observation"] * policy.scale
            p = policy.probs(x, legal)
            k = int(p.argmax()) if rng is None else int(rng.choice(len(legal), p=p))
            if trace is not None:
                trace.append(Step(x, legal, k, p))
            e.step(int(legal[k]))
        else:
            # The bot decides from its own seat's Observation (view, legal actions, determinize) only.
            assert e.state_ is not None
            seat = e.agent_name_mapping[agent]
            view_of = Observation(e.state_, seat, e.state_.legal_actions(seat))
            e.step(e.encoding.encode(bot.act(view_of, bot_rng)))
    return g


def evaluate(e: PitchsideEnv, policy: Policy, bot: Agent, deals: int, greedy: bool) -> Score:
    """The policy on deals EVAL_SEED0 .. +deals, each from both seats: sampling from a generator seeded
    the same way every evaluation, or greedy (its most likely legal action)."""
    rng = None if greedy else np.random.default_rng(EVAL_SEED0)
    score = Score()
    for i in range(deals):
        for learner in (0, 1):
            score.add(play(e, policy, bot, EVAL_SEED0 + i, learner, rng))
    return score


def train(e: PitchsideEnv, policy: Policy, bot: Agent, episodes: int, lr: float, seed: int, report: int) -> None:
    rng = np.random.default_rng(seed)
    baseline, recent = 0.0, Score()
    for ep in range(episodes):
        trace: list[Step] = []
        g = play(e, policy, bot, ep, ep % 2, rng, trace)
        advantage = g - baseline
        baseline += 0.01 * (g - baseline)
        for s in trace:
            grad = -s.p  # d log p(chosen) / d logits, over the legal actions
            grad[s.chosen] += 1.0
            policy.w[s.legal] += lr * advantage * np.outer(grad, s.x)
            policy.b[s.legal] += lr * advantage * grad
        recent.add(g)
        if (ep + 1) % report == 0:
            print(f"  episodes {ep + 1 - report + 1:6}..{ep + 1:<6} (sampling): {recent.text()}")
            recent = Score()


@dataclass
class Result:
    before: Score
    sampling: Score
    greedy: Score


def run(args: argparse.Namespace) -> Result:
    e = env(args.game, seats=2)
    bot = make_agent(args.opponent, e.game.id)
    policy = Policy.zero(e)
    enc = e.encoding
    print(
        f"REINFORCE, linear softmax policy: {e.game.id}, 2 seats, against the {args.opponent} bot "
        f"({enc.num_actions} actions, {enc.obs_size} observation entries)"
    )
    print(f"evaluation: {args.eval_deals} fixed deals, each from both seats")
    before = evaluate(e, policy, bot, args.eval_deals, greedy=False)
    print(f"  before training (uniform over the legal actions): {before.text()}")
    print(f"training: {args.episodes} episodes, learning rate {args.lr:g}, seed {args.seed}")
    train(e, policy, bot, args.episodes, args.lr, args.seed, min(args.report, args.episodes))
    print("evaluation, the same deals:")
    sampling = evaluate(e, policy, bot, args.eval_deals, greedy=False)
    print(f"  after training, sampling:                         {sampling.text()}")
    greedy = evaluate(e, policy, bot, args.eval_deals, greedy=True)
    print(f"  after training, greedy:                           {greedy.text()}")
    return Result(before, sampling, greedy)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="my-world-cup", help="game id (played at 2 seats); default my-world-cup")
    ap.add_argument("--opponent", default="heuristic", choices=("heuristic", "random"), help="the other seat's bot")
    ap.add_argument("--episodes", type=int, default=8_000, help="training matches")
    ap.add_argument("--eval-deals", type=int, default=300, help="evaluation deals (each played from both seats)")
    ap.add_argument("--lr", type=float, default=0.05, help="learning rate")
    ap.add_argument("--seed", type=int, default=0, help="the policy's sampling generator while training")
    ap.add_argument("--report", type=int, default=2_000, help="print the training record every N episodes")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    start = time.perf_counter()
    run(parser().parse_args(argv))
    print(f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)  # not part of the reproducible output
    return 0


if __name__ == "__main__":
    sys.exit(main())

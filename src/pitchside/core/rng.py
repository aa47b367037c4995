"""The seeded random number generator a state carries (SplitMix64).

One 64-bit integer is the whole state, so cloning a game state copies it for free and a
record replays card for card. Never use the global ``random`` in rules code.

The generator runs inside most decisions, so its hot methods write the SplitMix64 step out
inline with literal constants (no method call, no global lookup per draw); every method draws
exactly the same numbers as ``next_u64`` called step by step (tests/core/test_rng.py pins them).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64

# len(seq) -> shuffle's batches: (product of the batch's ranges, those ranges i+1 for i high to low)
_PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _plan(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Fisher-Yates over ``n`` items in batches: each batch swaps indices i..j+1 with one draw
    below the product of their ranges (i+1)·i·…·(j+2), as large as fits in 2**64."""
    plan = []
    i = n - 1
    while i > 0:
        prod, j = 1, i
        while j > 0 and prod * (j + 1) <= _SPAN:
            prod *= j + 1
            j -= 1
        plan.append((prod, tuple(range(i + 1, j + 1, -1))))
        i = j
    return tuple(plan)


class Rng:
    """The generator, and the rolls a setup named: ``roll``/``dice`` serve those first, in order.

    ``rolls`` (face indexes 0..sides-1) lets a test, a tutorial or a puzzle say what the dice show
    next; it is part of the state (copied, written in the setup until used). ``fork`` never passes
    it on: a determinization's future is unknown, so named rolls neither leak into it nor stay.
    """

    __slots__ = ("rolls", "state")

    def __init__(self, seed: int = 0, rolls: tuple[int, ...] = ()) -> None:
        self.state = seed & _MASK
        self.rolls = rolls

    def next_u64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias (draws above the last whole multiple
        of ``n`` below 2**64 are rejected and drawn again)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = 0xFFFFFFFFFFFFFFFF - 0x10000000000000000 % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z <= limit:
                self.state = s
                return z % n

    def roll(self, sides: int) -> int:
        """One die (a coin: 2 sides): a face index 0..sides-1, a named roll first."""
        if self.rolls:
            return self._named(sides)
        return self.below(sides)

    def dice(self, n: int, sides: int, batch: int = 8) -> list[int]:
        """``n`` dice of ``sides`` faces (face indexes), named rolls first; the rest drawn ``batch`` dice
        at a time as the digits of one ``below(sides**batch)`` (as a box of ``batch`` dice is thrown)."""
        out = [self._named(sides) for _ in range(min(n, len(self.rolls)))] if self.rolls else []
        left = n - len(out)
        while left > 0:
            k = left if left < batch else batch
            x = self.below(sides**k)
            for _ in range(k):
                x, face = divmod(x, sides)
                out.append(face)
            left -= k
        return out

    def _named(self, sides: int) -> int:
        face, self.rolls = self.rolls[0], self.rolls[1:]
        return face % sides  # a setup reader keeps named rolls within the game's dice (core.state)

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def coin(self) -> bool:
        return bool(self.next_u64() >> 63)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, exactly uniform, with one ``below`` per batch of swaps.

        Each batch draws one integer below the product of the next ranges (at most 2**64) and reads
        the swap indices off it as mixed-radix digits: the same distribution as one draw per swap,
        with several times fewer generator calls (about 9 for a 90-card deck instead of 89). The
        batches depend only on the length, so they are worked out once per length.
        """
        n = len(seq)
        plan = _PLANS.get(n)
        if plan is None:
            plan = _PLANS[n] = _plan(n)
        below = self.below
        for prod, ranges in plan:
            x = below(prod)
            for m in ranges:  # index i = m - 1 swaps with the next digit of x in radix m
                k = x % m
                x //= m
                i = m - 1
                seq[i], seq[k] = seq[k], seq[i]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one once)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state, self.rolls)

    def __repr__(self) -> str:
        named = f", rolls={list(self.rolls)}" if self.rolls else ""
        return f"Rng(state={self.state:#018x}{named})"

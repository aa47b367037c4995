"""The seeded random number generator a state carries (SplitMix64).

One 64-bit integer is the whole state, so cloning a game state copies it for free and a
record replays card for card. Never use the global ``random`` in rules code.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

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
        with several times fewer generator calls (about 9 for a 90-card deck instead of 89).
        """
        i = len(seq) - 1
        while i > 0:
            prod, j = 1, i
            while j > 0 and prod * (j + 1) <= _SPAN:
                prod *= j + 1
                j -= 1
            x = self.below(prod)
            while i > j:
                x, k = divmod(x, i + 1)
                seq[i], seq[k] = seq[k], seq[i]
                i -= 1

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one once)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"

"""Dealing again what a seat cannot see: the heart of every game's determinize()."""

from __future__ import annotations

from collections.abc import Iterable

from pitchside.core.rng import Rng


def shuffle_unseen(cards: Iterable[str], rng: Rng) -> list[str]:
    """The unseen cards in a random order that depends only on which cards they are: they are
    sorted first, so their true (hidden) order cannot shape the guess."""
    pool = sorted(cards)
    rng.shuffle(pool)
    return pool


def redeal(hands: list[list[str]], seats: Iterable[int], deck: list[str], rng: Rng) -> list[str]:
    """Deal the cards of ``seats``' hands and the deck again at random, each hand keeping its size;
    the hands are replaced in place and the new deck is returned."""
    seats = list(seats)
    pool = shuffle_unseen([c for s in seats for c in hands[s]] + deck, rng)
    i = 0
    for s in seats:
        k = len(hands[s])
        hands[s] = pool[i : i + k]
        i += k
    return pool[i:]

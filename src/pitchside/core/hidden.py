"""Dealing again what a seat cannot see: the heart of every game's determinize()."""

from __future__ import annotations

from collections.abc import Iterable

from pitchside.core.errors import InvalidSeat
from pitchside.core.rng import Rng


def check_viewer(seat: object, n: int, spectator: bool = True) -> None:
    """``seat`` is one of the ``n`` seats (or None, a spectator, where ``spectator``): checked before a view or a
    determinization reads anything (issue 7: 0.0 equals 0 in Python, yet indexing a hand with it is a TypeError)."""
    if seat is None and spectator:
        return
    if type(seat) is not int or not 0 <= seat < n:
        raise InvalidSeat(f"{seat!r} is not a seat: a whole number 0..{n - 1}" + (" or None" if spectator else ""))


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

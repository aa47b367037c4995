"""Integer action spaces, action masks and observation tensors: the one place integers stand for actions.

An :class:`Encoding` is made per game and configuration (the seat count and the data files decide
which actions exist). Its action space is a fixed, ordered list of action texts in the game's own
notation (docs/notation.md): index ``i`` is ``texts[i]``. Its observation is a flat float32 vector
written only from ``state.view(seat)`` through a :class:`Layout` of named fields (docs/rl.md).

Each game's encoder lives in its own module (``pitchside.rl.<game>``) and is found through
``ENCODERS`` by game id, as the registry finds games: no dispatch over games, and the games
themselves know nothing of numpy or RL.
"""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from pitchside.core.errors import PitchsideError
from pitchside.core.game import Action, Config, Game, State, View
from pitchside.core.hidden import check_viewer

ENCODERS: dict[str, str] = {
    "sonic-cup": "pitchside.rl.sonic_cup",
    "world-ball": "pitchside.rl.world_ball",
    "my-world-cup": "pitchside.rl.my_world_cup",
}

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]
# dtype objects passed positionally: np.frombuffer(buf, dtype=np.int8) parses a keyword and converts the
# type on every call, ~0.25 µs more per observation or mask
F32, I8, U8 = np.dtype(np.float32), np.dtype(np.int8), np.dtype(np.uint8)


class NoEncoder(PitchsideError):
    """A game with no RL encoder (none is listed for its id in ``ENCODERS``)."""


class ActionOutsideSpace(PitchsideError):
    """The engine offered an action the fixed action space does not list: an encoder bug."""


@dataclass(frozen=True)
class Field:
    """One named run of the observation vector: ``size`` entries from ``offset``, each in [0, high]."""

    name: str
    offset: int
    size: int
    high: float
    doc: str


class Layout:
    """The observation vector's fields in order; built once per encoding."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, high: float, doc: str) -> int:
        """Append a field; returns its offset."""
        if size <= 0 or high <= 0:
            raise ValueError(f"field {name}: size and high must be positive")
        f = Field(name, self.size, size, float(high), doc)
        self.fields.append(f)
        self.size += size
        return f.offset

    def highs(self) -> FloatArray:
        out = np.empty(self.size, dtype=np.float32)
        for f in self.fields:
            out[f.offset : f.offset + f.size] = f.high
        return out

    def table(self) -> str:
        """The layout as a Markdown table (docs/rl.md is written from this)."""
        rows = ["| offset | size | field | range | meaning |", "|---:|---:|---|---|---|"]
        rows += [f"| {f.offset} | {f.size} | `{f.name}` | 0..{f.high:g} | {f.doc} |" for f in self.fields]
        return "\n".join(rows)


# A writer adds one view's entries into a zeroed float32 buffer, one slot per entry of the layout: a bytearray
# seen as floats through memoryview.cast("f"). A few dozen Python item writes cost a fraction of as many numpy
# item writes (or one numpy call per field); a memoryview takes an int or a bool as cheaply as a float (an
# array("f") parses every item it is given, an int ~2.5x slower than a float).
class Buffer(Protocol):
    """The float32 buffer a writer fills: a memoryview cast to "f" (typeshed types a memoryview's items as ints)."""

    def __getitem__(self, i: int, /) -> float: ...
    def __setitem__(self, i: int | slice, v: float | array[float], /) -> None: ...


Writer = Callable[[View, Buffer], None]


class Slots(Protocol):
    """What a StateWriter fills: one slot per entry of the layout, set to ints and bools (counts added).

    Normally a bytearray, one byte per entry, which numpy reads as uint8 (an item write costs about half a
    float memoryview's); a value outside 0..255 (or not an int) raises there, and the observation is written
    again into a float32 memoryview, which takes any number: the bytes are a fast path, never a limit."""

    def __getitem__(self, i: int, /) -> int: ...
    def __setitem__(self, i: int, v: int, /) -> None: ...


# The same tensor written from the state's fields that view(seat) shows, without building the view's dicts
# (the view costs about a game step). It reads nothing the view does not show: tests/rl/test_spaces.py checks
# that it writes exactly the tensor the Writer writes from view(seat), for every seat and the spectator at
# every decision of random matches, and that determinized twins (hidden cards dealt again) get the same.
StateWriter = Callable[[Any, "int | None", Slots], None]


class PileCounts:
    """Writes the copies of each id in a pile into a field of the slots, for a StateWriter.

    A discard pile only grows at its end until it is shuffled back into the deck, and counting a pile of
    ~100 cards one by one costs more than the rest of the tensor: this remembers the last pile it counted
    and, when the next one starts with that pile, counts only the cards added since. The counts depend only
    on the pile's contents, compared by value, so any state may be written in any order, from any thread."""

    def __init__(self, at: dict[str, int], size: int) -> None:
        self._at = at  # id -> its entry in the field
        self._size = size
        self._empty: tuple[list[str], bytes | bytearray | None] = ([], bytes(size))
        # The last pile counted and its counts as bytes (None once a count passes 255), published together and
        # never changed after: another thread sees one pair or the other, never a half-made one.
        self._last: tuple[list[str], bytes | bytearray | None] = self._empty

    def write(self, pile: list[str], b: Slots, offset: int) -> None:
        seen, counts = self._last
        k = len(seen)
        if len(pile) < k or (pile != seen if len(pile) == k else pile[:k] != seen):
            counts, k = self._empty[1], 0
        if len(pile) > k:
            if counts is not None:
                at, grown = self._at, bytearray(counts)
                try:
                    for c in pile[k:]:
                        grown[at[c]] += 1
                    counts = grown
                except ValueError:  # a count past 255
                    counts = None
            self._last = (pile[:], counts)
        if type(b) is bytearray:
            if counts is None:
                raise ValueError("a count past 255: written as floats")  # Encoding.observation's slow path
            b[offset : offset + self._size] = counts
        else:  # floats: the counts as they are
            if counts is None:
                exact = [0] * self._size
                for c in pile:
                    exact[self._at[c]] += 1
            for i, x in enumerate(exact if counts is None else counts, offset):
                b[i] = x


class Encoding:
    """A game's fixed action space and observation layout for one configuration."""

    def __init__(
        self,
        game: Game,
        config: Config,
        texts: Sequence[str],
        layout: Layout,
        write: Writer,
        write_state: StateWriter | None = None,
    ) -> None:
        self.game = game
        self.config = config
        self.texts: tuple[str, ...] = tuple(texts)
        if len(set(self.texts)) != len(self.texts):
            raise ValueError(f"{game.id}: the action space lists an action twice")
        self.actions: tuple[Action, ...] = tuple(game.parse_action(t) for t in self.texts)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game.id}: two texts of the action space parse to the same action")
        self.layout = layout
        self.high = layout.highs()
        self._write = write
        self._write_state = write_state
        self._no_actions = bytes(len(self.actions))
        # Scratch buffers (observation): bytes for the StateWriter, floats for the view's Writer and for values
        # no byte holds; zeroed through a memoryview of zeros, cheaper than assigning bytes to a bytearray slice
        self._no_bytes = bytes(layout.size)
        self._zero_bytes = memoryview(self._no_bytes)
        self._bytes: list[tuple[bytearray, memoryview, npt.NDArray[np.uint8]]] = []
        self._zeros = bytes(4 * layout.size)
        self._zero_floats = memoryview(self._zeros).cast("f")
        self._float_pool: list[tuple[bytearray, Buffer, FloatArray]] = []
        self.float_writes = 0  # observations the StateWriter wrote again as floats (Slots)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def obs_size(self) -> int:
        return self.layout.size

    def encode(self, action: Action) -> int:
        i = self.index.get(action)
        if i is None:
            raise ActionOutsideSpace(f"{self.game.id}: {action} is not in the action space (docs/rl.md)")
        return i

    def decode(self, i: int) -> Action:
        if not 0 <= i < len(self.actions):
            raise ActionOutsideSpace(f"{self.game.id}: action index {i} is outside 0..{len(self.actions) - 1}")
        return self.actions[i]

    def legal_indices(self, state: State, seat: int) -> list[int]:
        """The seat's legal actions as sorted indices (empty when the seat is not to act)."""
        return sorted(self.indices(state.legal_actions(seat)))

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """The indices of some actions, in their order."""
        index = self.index
        try:
            return [index[a] for a in actions]
        except KeyError:
            for a in actions:
                self.encode(a)  # names the first action outside the space
            raise

    def mask(self, state: State, seat: int) -> MaskArray:
        return self.mask_of(self.indices(state.legal_actions(seat)))

    def mask_of(self, indices: Iterable[int]) -> MaskArray:
        # A bytearray written index by index, then viewed by numpy without a copy: cheaper than
        # np.zeros and a fancy-index write for the few legal actions among thousands.
        buf = bytearray(self._no_actions)
        for i in indices:
            buf[i] = 1
        return np.frombuffer(buf, I8)

    def observe(self, view: View) -> FloatArray:
        """The observation tensor of one view (what one seat sees); never of a state."""
        buf, b, arr = self._floats()
        self._write(view, b)
        return self._clipped(buf, b, arr)

    def observation(self, state: State, seat: int | None) -> FloatArray:
        """The tensor of ``state.view(seat)``: through the encoder's StateWriter where it has one."""
        if self._write_state is None:
            return self.observe(state.view(seat))
        check_viewer(seat, state.num_seats)  # as view() does, before anything is read
        # Every environment step's observation: one byte per entry (Slots), from a pool of scratch buffers
        # (a new one when every one is in use, by another thread or a writer that raised). The clip to the
        # declared ranges is also the float32 copy returned: one numpy call, where a new buffer each time
        # costs three more (bytearray, a memoryview, np.frombuffer). A scratch goes back to the pool zeroed.
        pool = self._bytes
        try:
            buf, m, arr = pool.pop()
        except IndexError:
            buf = bytearray(self._no_bytes)
            m, arr = memoryview(buf), np.frombuffer(buf, U8)
        try:
            self._write_state(state, seat, buf)
        except (ValueError, TypeError):  # a value a byte cannot hold (Slots): the same writer, on floats
            self.float_writes += 1
            fb, b, farr = self._floats()
            self._write_state(state, seat, b)  # type: ignore[arg-type]  # a float memoryview takes ints too
            return self._clipped(fb, b, farr)
        out: FloatArray = np.minimum(arr, self.high)
        m[:] = self._zero_bytes
        pool.append((buf, m, arr))
        return out

    def _floats(self) -> tuple[bytearray, Buffer, FloatArray]:
        """A zeroed float32 scratch buffer from its pool, or a new one."""
        try:
            return self._float_pool.pop()
        except IndexError:
            buf = bytearray(self._zeros)
            return buf, memoryview(buf).cast("f"), np.frombuffer(buf, F32)

    def _clipped(self, buf: bytearray, b: Buffer, arr: FloatArray) -> FloatArray:
        out: FloatArray = np.minimum(arr, self.high)  # counts past a field's stated range are clipped to it
        b[:] = self._zero_floats  # type: ignore[assignment]
        self._float_pool.append((buf, b, arr))
        return out


def encoding_for(game: Game, config: Config | None = None) -> Encoding:
    """The encoding of a game under a configuration (normalised by the game first)."""
    module = ENCODERS.get(game.id)
    if module is None:
        raise NoEncoder(f"no RL encoder for {game.id}; encoders exist for {', '.join(sorted(ENCODERS))}")
    cfg = game.normalize_config(config)
    make: Callable[[Game, dict[str, Any]], Encoding] = importlib.import_module(module).make
    return make(game, cfg)


def one_hot_index(names: Sequence[str]) -> dict[str, int]:
    return {x: i for i, x in enumerate(names)}

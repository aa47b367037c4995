"""A game state declared once: its fields, how each is copied, and how each is written in a setup.

A game's state class subclasses :class:`GameState` and lists its fields as annotations::

    class Data(GameState):
        t: Table = fixed()                  # shared by every clone, not in the setup
        rng: Rng                            # copied; the setup holds its integer state
        hands: list[list[str]] = field(length=SEATS)
        ball: int = field(range=(1, 9))
        actor: int = field(seat=True)
        singer: int = field(seat=True, none=-1)
        phase: Phase                        # an IntEnum: written as its lower-case name
        _legal: list[Any] | None = cache()  # reset on clone, not in the setup

From that one declaration core derives ``__slots__``, ``clone()`` (generated code, as fast as a
hand-written copy), ``to_setup()``, ``fingerprint()`` and :func:`read_fields`, which reads and
type-checks the fields of a setup with the file's field path in every error. A game adds only
what a declaration cannot say: its header (``setup_header``) and its own invariants.

Field types a setup can hold: ``bool``, ``int``, ``str``, ``Rng``, an ``IntEnum`` (lower-case
name), a ``StrEnum`` (value), ``list[T]``, ``tuple[T, ...]`` of immutable T, ``frozenset[E]``
of a StrEnum (sorted values), ``dict[str, T]``, ``T | None``, a ``Window`` (its seats), and
``Any`` (a JSON scalar: frames of plain values).
"""

from __future__ import annotations

import hashlib
import json
import sys
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from typing import Any, ClassVar, Self

from pitchside.core.errors import DataError
from pitchside.core.rng import Rng
from pitchside.core.window import Window

__all__ = ["SEATS", "FieldKind", "GameState", "SetupReader", "cache", "derived", "field", "fixed", "read_fields"]

SEATS = -1  # a ``length`` meaning "one entry per seat"
MAX_INT = 1 << 64  # no setup integer is larger: a 5,000-digit number is refused, not computed with


class FieldKind(Enum):
    VALUE = "value"  # part of the situation: copied on clone, written in the setup
    FIXED = "fixed"  # the same for the whole match (tables, content): shared by clones
    CACHE = "cache"  # recomputed on demand: reset on clone (or shared, ``keep``), never in the setup
    DERIVED = "derived"  # computed from value fields: copied on clone, never in the setup


@dataclass(frozen=True)
class Field:
    kind: FieldKind = FieldKind.VALUE
    range: tuple[int, int] | None = None  # inclusive bounds of every integer in the value
    seat: bool = False  # every integer is a seat 0..n-1 (or ``none``)
    none: int | None = None  # the integer that means "no seat" / "none"
    length: int | None = None  # the outer list's length; SEATS for one entry per seat
    reset: Any = None  # CACHE: the value a clone starts with
    keep: bool = False  # CACHE: a clone shares the cached value instead
    copy: str = ""  # DERIVED: "list" (shallow copy of a list) or "" (shared)
    setup: str = ""  # the name in the setup notation (default: the attribute name)


def field(
    *,
    range: tuple[int, int] | None = None,  # the word the rulebooks use
    seat: bool = False,
    none: int | None = None,
    length: int | None = None,
    setup: str = "",
) -> Any:
    """A value field with constraints that core checks when a setup is read."""
    return Field(FieldKind.VALUE, range, seat, none, length, setup=setup)


def fixed() -> Any:
    """Shared by every clone; the game writes it (or what it comes from) in the setup header."""
    return Field(FieldKind.FIXED)


def cache(reset: Any = None, *, keep: bool = False) -> Any:
    """Recomputed on demand: a clone starts from ``reset`` (or shares the value, ``keep``)."""
    return Field(FieldKind.CACHE, reset=reset, keep=keep)


def derived(*, copy: str = "") -> Any:
    """Computed from value fields when a setup is read; a clone copies it (``copy="list"``) or shares it."""
    return Field(FieldKind.DERIVED, copy=copy)


# ------------------------------------------------------------------------------- codecs


class _Bad(Exception):
    """A setup value that does not fit its field: ``path`` below the field, and why."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass(frozen=True)
class _Ctx:
    seats: int
    spec: Field


class _Codec:
    """How one declared type is copied (as Python source), written to JSON and read back."""

    def copy(self, expr: str) -> str:
        return expr

    def encode(self, value: Any) -> Any:
        return value

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        raise NotImplementedError

    @property
    def mutable(self) -> bool:
        return False


class _Exact(_Codec):
    """``bool`` or ``str``: the JSON value must be of exactly that type."""

    def __init__(self, tp: type, words: str) -> None:
        self.tp, self.words = tp, words

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, self.tp):
            raise _Bad(path, f"must be {self.words}")
        return raw


class _Int(_Codec):
    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise _Bad(path, "must be an integer")
        spec = ctx.spec
        if spec.none is not None and raw == spec.none:
            return raw
        if spec.seat and not 0 <= raw < ctx.seats:
            alt = f" or {spec.none}" if spec.none is not None else ""
            raise _Bad(path, f"must be a seat 0..{ctx.seats - 1}{alt}")
        if spec.range is not None and not spec.range[0] <= raw <= spec.range[1]:
            raise _Bad(path, f"must be {spec.range[0]}..{spec.range[1]}")
        if not -MAX_INT < raw < MAX_INT:
            raise _Bad(path, "is out of range")
        return raw


class _Scalar(_Codec):
    """``Any``: a JSON scalar (frames of plain values)."""

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if raw is not None and not isinstance(raw, bool | int | str):
            raise _Bad(path, "must be a number, a string, true/false or null")
        if isinstance(raw, int) and not isinstance(raw, bool) and not -MAX_INT < raw < MAX_INT:
            raise _Bad(path, "is out of range")
        return raw


class _RngCodec(_Codec):
    """The generator's state, an integer; with rolls a setup named (a game that rolls dice declares
    their faces as the field's ``range``), ``{"state": N, "rolls": [face, ...]}``."""

    def copy(self, expr: str) -> str:
        return f"_Rng({expr}.state, {expr}.rolls)"  # a method call less than .copy(): clone() is hot

    def encode(self, value: Any) -> Any:
        if value.rolls:
            return {"state": value.state, "rolls": list(value.rolls)}
        return value.state

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        rolls: tuple[int, ...] = ()
        if isinstance(raw, dict):
            for key in raw:
                if key not in ("state", "rolls"):
                    raise _Bad(f"{path}.{key}", "unknown: the generator is {'state': N, 'rolls': [...]}")
            rolls = self._rolls(raw.get("rolls", []), ctx, f"{path}.rolls")
            raw = raw.get("state", 0)
            path = f"{path}.state"
        if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < MAX_INT:
            raise _Bad(path, "must be the generator's state, an integer 0..2**64-1")
        return Rng(raw, rolls)

    @staticmethod
    def _rolls(raw: Any, ctx: _Ctx, path: str) -> tuple[int, ...]:
        faces = ctx.spec.range
        if not isinstance(raw, list):
            raise _Bad(path, "must be a list of die faces")
        if raw and faces is None:
            raise _Bad(path, "this game rolls no dice: a setup cannot name rolls")
        for i, v in enumerate(raw):
            if not isinstance(v, int) or isinstance(v, bool) or faces is None or not faces[0] <= v <= faces[1]:
                raise _Bad(f"{path}.{i}", f"must be a die face {faces[0] if faces else 0}..{faces[1] if faces else 0}")
        return tuple(raw)


class _WindowCodec(_Codec):
    """A response window: its seats in order, each a real seat, none twice."""

    def copy(self, expr: str) -> str:
        return f"{expr}.copy()"

    def encode(self, value: Any) -> Any:
        return value.seats[:]

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, list):
            raise _Bad(path, "must be a list of seats")
        for i, s in enumerate(raw):
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < ctx.seats:
                raise _Bad(f"{path}.{i}", f"must be a seat 0..{ctx.seats - 1}")
        if len(set(raw)) != len(raw):
            raise _Bad(path, "names a seat twice")
        return Window(raw)

    @property
    def mutable(self) -> bool:
        return True


class _EnumCodec(_Codec):
    def __init__(self, cls: type[Enum]) -> None:
        self.cls = cls
        self.by_name = isinstance(cls, type) and issubclass(cls, IntEnum)
        if self.by_name:
            self.names = {m.name.lower(): m for m in cls}
        else:
            self.names = {str(m.value): m for m in cls}

    def encode(self, value: Any) -> Any:
        return value.name.lower() if self.by_name else value.value

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, str) or raw not in self.names:
            raise _Bad(path, f"must be one of {', '.join(n or repr(n) for n in self.names)}")  # '' shown
        return self.names[raw]


class _Optional(_Codec):
    def __init__(self, inner: _Codec) -> None:
        self.inner = inner

    def copy(self, expr: str) -> str:
        if not self.inner.mutable:
            return expr
        return f"(None if {expr} is None else {self.inner.copy(expr)})"

    def encode(self, value: Any) -> Any:
        return None if value is None else self.inner.encode(value)

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        return None if raw is None else self.inner.decode(raw, ctx, path)

    @property
    def mutable(self) -> bool:
        return self.inner.mutable


class _List(_Codec):
    def __init__(self, item: _Codec) -> None:
        self.item = item

    def copy(self, expr: str) -> str:
        if not self.item.mutable:
            return f"{expr}[:]"
        inner = self.item.copy("x")
        # lists of lists or dicts of immutable items: copied by map in C, without a comprehension's loop
        if inner == "x[:]":
            return f"list(map(_lcopy, {expr}))"
        if inner == "dict(x)":
            return f"list(map(_dcopy, {expr}))"
        return f"[{inner} for x in {expr}]"

    def encode(self, value: Any) -> Any:
        enc = self.item.encode
        return [enc(v) for v in value]

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, list):
            raise _Bad(path, "must be a list")
        return [self.item.decode(v, ctx, f"{path}.{i}") for i, v in enumerate(raw)]

    @property
    def mutable(self) -> bool:
        return True


class _Tuple(_Codec):
    """``tuple[T, ...]``: immutable, so shared on clone; written as a JSON list."""

    def __init__(self, item: _Codec) -> None:
        self.item = item

    def encode(self, value: Any) -> Any:
        enc = self.item.encode
        return [enc(v) for v in value]

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, list):
            raise _Bad(path, "must be a list")
        return tuple(self.item.decode(v, ctx, f"{path}.{i}") for i, v in enumerate(raw))


class _FrozenSet(_Codec):
    def __init__(self, item: _Codec) -> None:
        self.item = item

    def encode(self, value: Any) -> Any:
        return sorted(self.item.encode(v) for v in value)

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, list):
            raise _Bad(path, "must be a list")
        items = [self.item.decode(v, ctx, f"{path}.{i}") for i, v in enumerate(raw)]
        if len(set(items)) != len(items):
            raise _Bad(path, "names an entry twice")
        return frozenset(items)


class _Dict(_Codec):
    def __init__(self, value: _Codec) -> None:
        self.value = value

    def copy(self, expr: str) -> str:
        if not self.value.mutable:
            return f"dict({expr})"
        return f"{{k: {self.value.copy('v')} for k, v in {expr}.items()}}"

    def encode(self, value: Any) -> Any:
        enc = self.value.encode
        return {k: enc(v) for k, v in value.items()}

    def decode(self, raw: Any, ctx: _Ctx, path: str) -> Any:
        if not isinstance(raw, dict):
            raise _Bad(path, "must be an object")
        return {k: self.value.decode(v, ctx, f"{path}.{k}") for k, v in raw.items()}

    @property
    def mutable(self) -> bool:
        return True


def _codec(tp: Any, where: str) -> _Codec:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is bool:
        return _Exact(bool, "true or false")
    if tp is int:
        return _Int()
    if tp is str:
        return _Exact(str, "a string")
    if tp is Any:
        return _Scalar()
    if tp is Rng:
        return _RngCodec()
    if tp is Window:
        return _WindowCodec()
    if isinstance(tp, type) and issubclass(tp, IntEnum | StrEnum):
        return _EnumCodec(tp)
    if origin is list:
        return _List(_codec(args[0], where))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and not _codec(args[0], where).mutable:
        return _Tuple(_codec(args[0], where))
    if origin is frozenset:
        return _FrozenSet(_codec(args[0], where))
    if origin is dict and args[0] is str:
        return _Dict(_codec(args[1], where))
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        return _Optional(_codec(inner, where))
    raise TypeError(f"{where}: a setup cannot hold {tp!r}; declare it fixed(), cache() or derived()")


# ------------------------------------------------------------------------------- the state


@dataclass(frozen=True)
class _Declared:
    name: str
    spec: Field
    codec: _Codec | None  # VALUE fields only

    @property
    def setup_name(self) -> str:
        return self.spec.setup or self.name


class _StateMeta(type):
    """Turns annotations into ``__slots__`` and keeps each field's declaration (see GameState)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _StateMeta:
        own: list[tuple[str, Field, str]] = []
        for attr, ann in ns.get("__annotations__", {}).items():
            text = ann if isinstance(ann, str) else getattr(ann, "__name__", repr(ann))
            if text.startswith(("ClassVar", "typing.ClassVar")):
                continue
            spec = ns.pop(attr, Field())
            if not isinstance(spec, Field):
                raise TypeError(f"{name}.{attr}: declare defaults with field(), fixed(), cache() or derived()")
            own.append((attr, spec, text))
        if "__slots__" not in ns:
            ns["__slots__"] = tuple(a for a, _, _ in own)
        if "clone" not in ns:  # each class its own: the first call installs the generated clone there
            ns["clone"] = _first_clone
        cls = super().__new__(mcls, name, bases, ns)
        inherited: list[tuple[str, Field, str, str]] = []
        for base in reversed(cls.__mro__[1:]):
            inherited.extend(base.__dict__.get("_own_fields", ()))
        cls._own_fields = tuple((a, s, t, cls.__module__) for a, s, t in own)  # type: ignore[attr-defined]
        cls._field_specs = (*inherited, *cls._own_fields)  # type: ignore[attr-defined]
        return cls


class GameState(metaclass=_StateMeta):
    """The base of every game's state: declare fields once (module doc), get the rest."""

    __slots__ = ()
    _field_specs: ClassVar[tuple[tuple[str, Field, str, str], ...]] = ()
    _own_fields: ClassVar[tuple[tuple[str, Field, str, str], ...]] = ()
    _declared_cache: ClassVar[dict[type, tuple[_Declared, ...]]] = {}

    @classmethod
    def declared(cls) -> tuple[_Declared, ...]:
        """Every field of this state class with its evaluated type, in declaration order."""
        found = GameState._declared_cache.get(cls)
        if found is None:
            found = GameState._declared_cache[cls] = tuple(_declare(cls, spec) for spec in cls._field_specs)
        return found

    @classmethod
    def setup_fields(cls) -> tuple[str, ...]:
        """The setup notation's field names, in order."""
        return tuple(d.setup_name for d in cls.declared() if d.codec is not None)

    def setup_header(self) -> dict[str, Any]:
        """What comes before the fields in a setup: the game id, seats, config (a game's own)."""
        raise NotImplementedError

    def clone(self) -> Self:
        return _cloner(type(self))(self)  # type: ignore[no-any-return]

    def to_setup(self) -> dict[str, Any]:
        out = self.setup_header()
        for d in type(self).declared():
            if d.codec is not None:
                out[d.setup_name] = d.codec.encode(getattr(self, d.name))
        return out

    def fingerprint(self) -> str:
        """A short hash of the whole state, hidden parts and the RNG included: equal iff same state."""
        text = json.dumps(self.to_setup(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _declare(cls: type, spec: tuple[str, Field, str, str]) -> _Declared:
    name, fspec, text, module = spec
    if fspec.kind is not FieldKind.VALUE:
        return _Declared(name, fspec, None)
    try:
        tp = eval(text, vars(sys.modules[module]))  # the annotation, in its own module
    except Exception as e:
        raise TypeError(f"{cls.__name__}.{name}: cannot evaluate the annotation {text!r}: {e}") from None
    return _Declared(name, fspec, _codec(tp, f"{cls.__name__}.{name}"))


_CLONERS: dict[type, Callable[[Any], Any]] = {}


def _cloner(cls: type[GameState]) -> Callable[[Any], Any]:
    """Generated once per class: one assignment per field, like a hand-written copy."""
    fn = _CLONERS.get(cls)
    if fn is not None:
        return fn
    lines = ["def clone(self):", "    new = _new(_cls)"]
    consts: dict[str, Any] = {
        "_new": object.__new__,
        "_cls": cls,
        "_Rng": Rng,
        "_lcopy": list.copy,
        "_dcopy": dict.copy,
    }
    for i, d in enumerate(cls.declared()):
        src = f"self.{d.name}"
        spec = d.spec
        n = spec.length
        if isinstance(d.codec, _List) and d.codec.item.mutable and n is not None and 0 < n <= 8:
            # a fixed, short length: unrolled, no comprehension call per clone
            expr = "[" + ", ".join(d.codec.item.copy(f"{src}[{k}]") for k in range(n)) + "]"
        elif isinstance(d.codec, _RngCodec):
            # no call to Rng.__init__: the generator is in every state (rolls: an immutable tuple)
            lines.append(f"    _g = _new(_Rng); _g.state = {src}.state; _g.rolls = {src}.rolls")
            expr = "_g"
        elif d.codec is not None:
            expr = d.codec.copy(src)
        elif spec.kind is FieldKind.CACHE and not spec.keep:
            consts[f"_r{i}"] = spec.reset
            expr = f"_r{i}"
        elif spec.kind is FieldKind.DERIVED and spec.copy == "list":
            expr = f"{src}[:]"
        else:
            expr = src
        lines.append(f"    new.{d.name} = {expr}")
    lines.append("    return new")
    exec("\n".join(lines), consts)  # source built above from declared names only
    made: Callable[[Any], Any] = consts["clone"]
    _CLONERS[cls] = made
    if cls.__dict__.get("clone") is _first_clone:  # s.clone() then calls the generated code directly
        type.__setattr__(cls, "clone", made)
    return made


def _first_clone(self: Any) -> Any:
    return _cloner(type(self))(self)


# ------------------------------------------------------------------------------- reading


class SetupReader:
    """Reads the declared fields of a setup into a state; every error names ``source`` and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, message: str) -> DataError:
        return DataError(self.source, None, field, message)


def read_fields(state: GameState, setup: Mapping[str, Any], source: str, *, seats: int, header: set[str]) -> None:
    """Set every declared field ``setup`` names on ``state``, each checked against its declaration.

    ``header``: the other keys the game reads itself. An unknown key, a value of the wrong type,
    an integer out of its range or a list of the wrong length raises a DataError naming the field
    (``hands.2``); fields the setup leaves out keep the value ``state`` has.
    """
    declared = {d.setup_name: d for d in type(state).declared() if d.codec is not None}
    for key in setup:
        if key not in declared and key not in header:
            raise DataError(source, None, str(key), "unknown setup field")
    for key, d in declared.items():
        if key not in setup:
            continue
        raw = setup[key]
        spec = d.spec
        assert d.codec is not None
        try:
            value = d.codec.decode(raw, _Ctx(seats, spec), key)
        except _Bad as e:
            raise DataError(source, None, e.path, e.message) from None
        want = seats if spec.length == SEATS else spec.length
        if want is not None and len(value) != want:
            per = " (one per seat)" if spec.length == SEATS else ""
            raise DataError(source, None, key, f"needs {want} entries{per}, not {len(value)}")
        setattr(state, d.name, value)

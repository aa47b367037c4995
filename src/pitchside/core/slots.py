"""The base of a game state made of plain slots: clone() and fingerprint() come for free.

A game's data class lists its fields in ``__slots__`` and implements ``copy_into`` (field by
field, so a clone costs a few list copies) and ``to_setup`` (the setup notation).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Self


class SlotState:
    __slots__ = ()

    def copy_into(self, new: Any) -> None:
        raise NotImplementedError

    def to_setup(self) -> dict[str, Any]:
        raise NotImplementedError

    def clone(self) -> Self:
        new: Self = object.__new__(type(self))
        self.copy_into(new)
        return new

    def fingerprint(self) -> str:
        """A short hash of the whole state, hidden parts and the RNG included: equal iff same state."""
        text = json.dumps(self.to_setup(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

"""The Run It card: four colours of numbers, penalties and actions, plus Wilds."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from cardtable.cards.suits import RunItColour


class RunItKind(StrEnum):
    """What a Run It card does."""

    NUMBER = "number"
    PENALTY = "penalty"
    REVERSE = "reverse"
    SKIP = "skip"
    STOP = "stop"
    WILD = "wild"
    WILD_PENALTY = "wild-penalty"


_KIND_TEXT = {
    RunItKind.REVERSE: "Rev",
    RunItKind.SKIP: "Skip",
    RunItKind.STOP: "Stop",
    RunItKind.WILD: "Wild",
}


_SHORT: dict[tuple[RunItKind, RunItColour | None, int], str] = {}


def _short(kind: RunItKind, colour: RunItColour | None, value: int) -> str:
    letter = colour.value if colour else ""
    if kind is RunItKind.NUMBER:
        return f"{letter}{value}"
    if kind is RunItKind.PENALTY:
        return f"{letter}+{value}"
    if kind is RunItKind.WILD_PENALTY:
        return f"W+{value}"
    return f"{letter}{_KIND_TEXT[kind]}"


class RunItCard(BaseModel):
    """A Run It card: a kind, a colour (none for Wilds) and a value (number or penalty)."""

    model_config = ConfigDict(frozen=True)

    kind: RunItKind
    colour: RunItColour | None = None
    value: int = 0

    def __eq__(self, other: object) -> bool:
        """Two cards are equal when kind, colour and value are (a fast path: hands are
        searched for cards on every move)."""
        if other.__class__ is not RunItCard:
            return NotImplemented
        return self.kind is other.kind and self.colour is other.colour and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.kind, self.colour, self.value))

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A frozen card is its own deep copy: copying a whole table (the strong bot copies
        one per move it weighs) then copies none of its cards."""
        return self

    @property
    def short(self) -> str:
        """Compact text: R7, B+2, GSkip, Wild, W+3."""
        key = (self.kind, self.colour, self.value)
        text = _SHORT.get(key)
        if text is None:
            text = _SHORT[key] = _short(self.kind, self.colour, self.value)
        return text

    @property
    def label(self) -> str:
        """The card in words for a log line."""
        return f"the {self.short}"

    def __str__(self) -> str:
        return self.short

"""The Run It card: four colours of numbers, penalties and actions, plus Wilds."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class RunItColour(StrEnum):
    """Red, Blue, Yellow, Green: always shown with the letter too."""

    RED = "R"
    BLUE = "B"
    YELLOW = "Y"
    GREEN = "G"


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


class RunItCard(BaseModel):
    """A Run It card: a kind, a colour (none for Wilds) and a value (number or penalty)."""

    model_config = ConfigDict(frozen=True)

    kind: RunItKind
    colour: RunItColour | None = None
    value: int = 0

    @property
    def short(self) -> str:
        """Compact text: R7, B+2, GSkip, Wild, W+3."""
        colour = self.colour.value if self.colour else ""
        if self.kind is RunItKind.NUMBER:
            return f"{colour}{self.value}"
        if self.kind is RunItKind.PENALTY:
            return f"{colour}+{self.value}"
        if self.kind is RunItKind.WILD_PENALTY:
            return f"W+{self.value}"
        return f"{colour}{_KIND_TEXT[self.kind]}"

    @property
    def label(self) -> str:
        """The card in words for a log line."""
        return f"the {self.short}"

    def __str__(self) -> str:
        return self.short

"""Runway's Up/Down direction card: which way its owner builds her run."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from cardtable.cards.two_sided import TwoSided


class Direction(TwoSided):
    """The side of a direction card that is showing (`other` is the side a flip shows)."""

    UP = "UP"
    DOWN = "DOWN"


class DirectionCard(BaseModel):
    """A direction card held in hand (Runway's More Control rule); all of them are alike."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["direction"] = "direction"

    @property
    def is_joker(self) -> bool:
        """A direction card is never a Joker."""
        return False

    @property
    def short(self) -> str:
        """'Up/Dn', as printed on the card."""
        return "Up/Dn"

    @property
    def label(self) -> str:
        """The card in words."""
        return "a direction card"

    def __str__(self) -> str:
        return self.short

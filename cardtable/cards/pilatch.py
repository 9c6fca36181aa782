"""The Pilatch card: three suits in a rock-paper-scissors cycle, ranks 1 to A, one Joker each."""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from cardtable.cards.suits import PilatchSuit, superior_suit

__all__ = [
    "JOKER_MARK",
    "PILATCH_RANK_NAMES",
    "PilatchCard",
    "PilatchSuit",
    "superior_suit",
]


PILATCH_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
JOKER_MARK = "★"
"""How a Joker (a Keeper in Over Trump) is written: a star, which no rank could be read as."""


class PilatchCard(BaseModel):
    """A Pilatch card: rank 1..14 (14 is the Ace) of a suit, or that suit's Joker (rank 0)."""

    model_config = ConfigDict(frozen=True)

    suit: PilatchSuit
    rank: int

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A frozen card is its own deep copy: copying a whole table (the strong bot copies
        one per move it weighs) then copies none of its cards."""
        return self

    @property
    def is_joker(self) -> bool:
        """True for one of the three Jokers."""
        return self.rank == 0

    @property
    def rank_text(self) -> str:
        """1..10, J, Q, K or A."""
        return PILATCH_RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def short(self) -> str:
        """Rank and suit, like 7●R; a Joker is ★●R (a star, never a letter a rank could use)."""
        return f"{JOKER_MARK if self.is_joker else self.rank_text}{self.suit.symbol}"

    @property
    def label(self) -> str:
        """The card in words: 'the 7 of Rock' or 'the Rock Joker'."""
        if self.is_joker:
            return f"the {self.suit.name.title()} Joker"
        return f"the {self.rank_text} of {self.suit.name.title()}"

    def __str__(self) -> str:
        return self.short

    def __eq__(self, other: object) -> bool:
        # A card is its suit and rank; comparing those directly keeps hand.remove() fast.
        if other.__class__ is PilatchCard:
            return self.rank == other.rank and self.suit is other.suit
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.rank, self.suit._value_))

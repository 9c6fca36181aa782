"""The standard French-suited card: four suits, Ace to King, and the Joker."""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from cardtable.cards.suits import Colour, Suit

_CARD_COLOURS: dict[Suit | None, Colour | None] = {None: None}
"""A card's colour by its suit, a Joker's (no suit) none: one look-up, no test, on a hot path."""
_CARD_COLOURS.update((suit, suit.colour) for suit in Suit)
_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def rank_name(rank: int) -> str:
    """The short name of a standard rank: A, 2..10, J, Q, K."""
    return _RANK_NAMES.get(rank, str(rank))


class Card(BaseModel):
    """A standard card: rank 1 (Ace) to 13 (King) of a suit, or a Joker (rank 0, no suit)."""

    model_config = ConfigDict(frozen=True)

    rank: int
    suit: Suit | None = None

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A frozen card is its own deep copy: copying a whole table (the strong bot copies
        one per move it weighs) then copies none of its cards."""
        return self

    @property
    def is_joker(self) -> bool:
        """True for a Joker."""
        return self.suit is None

    @property
    def colour(self) -> Colour | None:
        """The card's colour; a Joker has none."""
        return _CARD_COLOURS[self.suit]

    @property
    def short(self) -> str:
        """Rank and suit symbol, like 10♥; a Joker is 'Jkr'."""
        if self.suit is None:
            return "Jkr"
        return f"{rank_name(self.rank)}{self.suit.symbol}"

    @property
    def label(self) -> str:
        """The card in words, like 'the 10♥' for a log line."""
        return "a Joker" if self.suit is None else f"the {self.short}"

    @property
    def long_name(self) -> str:
        """The full name: 'Queen of Hearts'."""
        if self.suit is None:
            return "Joker"
        return f"{_RANK_WORDS.get(self.rank, str(self.rank))} of {self.suit.plural}"

    def __str__(self) -> str:
        return self.short

    def __eq__(self, other: object) -> bool:
        # A card is its rank and suit; comparing those directly keeps hand.remove() fast.
        if other.__class__ is Card:
            return self.rank == other.rank and self.suit is other.suit
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.rank, None if self.suit is None else self.suit._value_))

"""The decks' suits and colours, as plain enums: no card model, so no pydantic.

The card modules (`standard`, `pilatch`, `run_it`) import them from here and are where the rest
of the code finds them; the start screen's card palettes key on them before any card model (and
pydantic with it) has loaded.
"""

from __future__ import annotations

from enum import StrEnum

from cardtable.cards.two_sided import TwoSided


class Colour(TwoSided):
    """A standard card's colour: hearts and diamonds are red, spades and clubs black (`other`
    is the opposite colour)."""

    RED = "red"
    BLACK = "black"

    @property
    def team(self) -> str:
        """The colour's name for a team: Reds or Blacks."""
        return "Reds" if self is Colour.RED else "Blacks"


class Suit(StrEnum):
    """The four standard suits, each with its symbol, letter and colour."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol as text: ♠ ♥ ♦ ♣."""
        return _SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        """Red for hearts and diamonds, black for spades and clubs."""
        return _COLOURS[self]

    @property
    def plural(self) -> str:
        """The suit's name in words: Spades, Hearts, Diamonds, Clubs."""
        return self.name.title()


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_COLOURS: dict[Suit, Colour] = {
    Suit.SPADES: Colour.BLACK,
    Suit.HEARTS: Colour.RED,
    Suit.DIAMONDS: Colour.RED,
    Suit.CLUBS: Colour.BLACK,
}


class PilatchSuit(StrEnum):
    """Rock, Paper and Scissors, each shown with a symbol and its letter."""

    ROCK = "R"
    PAPER = "P"
    SCISSORS = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol with its letter, so colour is never the only cue."""
        return _PILATCH_SYMBOLS[self]

    @property
    def superior(self) -> PilatchSuit:
        """The suit that beats this one."""
        return superior_suit(self)


_PILATCH_SYMBOLS = {
    PilatchSuit.ROCK: "●R",
    PilatchSuit.PAPER: "■P",
    PilatchSuit.SCISSORS: "✂S",
}
# Rock beats Scissors, Scissors beats Paper, Paper beats Rock: each key's superior suit.
_SUPERIOR = {
    PilatchSuit.SCISSORS: PilatchSuit.ROCK,
    PilatchSuit.PAPER: PilatchSuit.SCISSORS,
    PilatchSuit.ROCK: PilatchSuit.PAPER,
}


def superior_suit(suit: PilatchSuit) -> PilatchSuit:
    """The suit that beats `suit`: Rock for Scissors, Scissors for Paper, Paper for Rock."""
    return _SUPERIOR[suit]


class RunItColour(StrEnum):
    """Red, Blue, Yellow, Green: always shown with the letter too."""

    RED = "R"
    BLUE = "B"
    YELLOW = "Y"
    GREEN = "G"

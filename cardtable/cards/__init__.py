"""Card vocabulary: suits, ranks and the three decks every game deals from.

Each name is imported from its module on first use (PEP 562), not with the package: the suits
(`cardtable.cards.suits`) load without the card models and pydantic, for the start screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy_names import lazy_names

if TYPE_CHECKING:
    from cardtable.cards.decks import pilatch_deck, run_it_deck, standard_deck
    from cardtable.cards.direction import Direction, DirectionCard
    from cardtable.cards.pilatch import JOKER_MARK, PilatchCard, PilatchSuit, superior_suit
    from cardtable.cards.run_it import RunItCard, RunItColour, RunItKind
    from cardtable.cards.standard import Card, Colour, Suit, rank_name

_HOMES = {
    "pilatch_deck": "decks",
    "run_it_deck": "decks",
    "standard_deck": "decks",
    "Direction": "direction",
    "DirectionCard": "direction",
    "JOKER_MARK": "pilatch",
    "PilatchCard": "pilatch",
    "PilatchSuit": "suits",
    "superior_suit": "suits",
    "RunItCard": "run_it",
    "RunItColour": "suits",
    "RunItKind": "run_it",
    "Card": "standard",
    "Colour": "suits",
    "Suit": "suits",
    "rank_name": "standard",
}
"""Each public name and the module of this package it comes from."""

__all__ = [
    "JOKER_MARK",
    "Card",
    "Colour",
    "Direction",
    "DirectionCard",
    "PilatchCard",
    "PilatchSuit",
    "RunItCard",
    "RunItColour",
    "RunItKind",
    "Suit",
    "pilatch_deck",
    "rank_name",
    "run_it_deck",
    "standard_deck",
    "superior_suit",
]


__getattr__, __dir__ = lazy_names(__name__, _HOMES)

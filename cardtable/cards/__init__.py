"""Card vocabulary: suits, ranks and the three decks every game deals from."""

from cardtable.cards.decks import pilatch_deck, run_it_deck, standard_deck
from cardtable.cards.direction import Direction, DirectionCard
from cardtable.cards.pilatch import JOKER_MARK, PilatchCard, PilatchSuit, superior_suit
from cardtable.cards.run_it import RunItCard, RunItColour, RunItKind
from cardtable.cards.standard import Card, Colour, Suit, rank_name

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

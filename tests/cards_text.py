"""Write cards in tests as text: '10H', 'KS', 'AD'."""

from cardtable.cards import Card, Suit

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def card(text: str) -> Card:
    """'10H' -> the 10 of Hearts."""
    rank, suit = text[:-1], text[-1]
    return Card(rank=RANKS.get(rank) or int(rank), suit=Suit(suit))


def cards(text: str) -> list[Card]:
    """'10H KS' -> two cards."""
    return [card(part) for part in text.split()]

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


def pcard(text: str):
    """'7R' -> the 7 of Rock; 'AS' the Ace of Scissors; 'KR' the Rock Joker (a Keeper)."""
    from cardtable.cards import PilatchCard, PilatchSuit

    ranks = {"J": 11, "Q": 12, "K": 13, "A": 14}
    if text.startswith("Kp"):
        return PilatchCard(suit=PilatchSuit(text[-1]), rank=0)
    rank, suit = text[:-1], text[-1]
    return PilatchCard(suit=PilatchSuit(suit), rank=ranks.get(rank) or int(rank))


def pcards(text: str):
    """'7R KpP' -> the 7 of Rock and the Paper Keeper."""
    return [pcard(part) for part in text.split()]

"""Points for the cards left in hand when a round ends, and who wins: the lowest total."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card

POINTS: tuple[int, ...] = (50, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)
"""Points by rank: Joker (0) 50, Ace 15, 2-9 five each, 10, Jack, Queen, King ten each."""


def card_points(card: Card) -> int:
    """What one card left in hand costs."""
    return POINTS[card.rank]


def hand_points(hand: Iterable[Card]) -> int:
    """What a hand left at the end of a round costs."""
    return sum(POINTS[card.rank] for card in hand)


def lowest(totals: list[int]) -> list[int]:
    """The seats with the lowest total: the winners (a tie shares the win)."""
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]

"""The order a Piles hand is shown in: black suits, then red, each Ace to King."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card, Suit

SUIT_ORDER = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3}
"""Spades, Clubs, Hearts, Diamonds: the colours kept together, since colour decides a pile."""


def sort_hand(hand: Iterable[Card]) -> list[Card]:
    """The cards by suit (♠ ♣ ♥ ♦), then rank, Ace low."""
    return sorted(hand, key=lambda card: (SUIT_ORDER.get(card.suit, 4), card.rank))  # type: ignore[arg-type]

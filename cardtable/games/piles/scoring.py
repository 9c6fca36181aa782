"""Piles scoring: the points of captured cards, as data."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card, Colour

POINTS: dict[int, int] = {1: 9, 13: 4, 12: 3, 11: 2, **{rank: 1 for rank in range(2, 11)}}
"""Points per rank of a captured card: A 9, K 4, Q 3, J 2, 2-10 1 (54 per colour)."""


def points(cards: Iterable[Card], colour: Colour) -> int:
    """The points of the cards of `colour` among `cards`."""
    return sum(
        POINTS[card.rank] for card in cards if card.suit is not None and card.colour is colour
    )

"""Over Trump's numbers as data: the deck, card points, the trick bonus and the target."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import PilatchCard, PilatchSuit, pilatch_deck
from cardtable.engine.words import plural

REMOVED = (PilatchCard(suit=PilatchSuit.SCISSORS, rank=2),)
DECK = tuple(pilatch_deck(without=REMOVED))
"""The 44-card deck: Pilatch less the 2 of Scissors."""

SEATS = 4
HAND_SIZE = 11
TARGET = 100
"""The game ends after a hand in which a team reaches this many points."""
MOST_TRICKS_BONUS = 5
ILLEGAL_PLAY_PENALTY = 50
"""Table rules only: what a team loses when a placement contradicts a claimed void."""

ONE_POINTS = 10
HONOUR_RANKS = frozenset({11, 12, 13, 14})
"""J, Q, K and A: 1 point each, as is every Keeper."""


def card_points(card: PilatchCard) -> int:
    """A won card's points: 1s are 10; J, Q, K, A and Keepers 1; the rest 0."""
    if card.is_joker or card.rank in HONOUR_RANKS:
        return 1
    return ONE_POINTS if card.rank == 1 else 0


def points_by_kind(cards: Iterable[PilatchCard]) -> dict[str, int]:
    """Points of won cards by kind: 'ones', 'honours' (J Q K A), 'keepers'."""
    kinds = {"ones": 0, "honours": 0, "keepers": 0}
    for card in cards:
        if card.is_joker:
            kinds["keepers"] += 1
        elif card.rank == 1:
            kinds["ones"] += ONE_POINTS
        elif card.rank in HONOUR_RANKS:
            kinds["honours"] += 1
    return kinds


def points_text(points: int) -> str:
    """'1 point', '12 points'."""
    return plural(points, "point")

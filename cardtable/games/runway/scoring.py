"""Runway's numbers as data: X by seats, card points, the match target."""

from __future__ import annotations

from cardtable.cards import PilatchCard

X_BY_SEATS = {2: 6, 3: 6, 4: 5, 5: 5}
"""The number used by several rules: the run needed to win, the hand dealt and kept."""
X_WITH_MULTIPLE_DECKS = 6
LONGEST_RUN = 14
"""No run needs more than fourteen cards (Especially Special Actions, Handicap)."""
SPECIAL_ACTION_DRAW = 3
WIN_BONUS = 50
MATCH_TARGET = 500
MOST_POINTS_GAMES = 50
"""Ours: a Points session also ends after 50 games (negative totals may never reach 500)."""
QUIET_ROUNDS = 3
"""Ours: rounds with no run growing and no card drawn from the deck that end a game."""
FLAT_ROUNDS = 30
"""Ours: rounds in which no run grows longer than it has been this game that end a game (runs
recycled and rebuilt, or a deck refilled, must not go on for ever)."""
RANK_POINTS = {1: 25, 14: 25, 10: 10, 11: 10, 12: 10, 13: 10}
"""Aces and 1s 25; tens and face cards 10; every other rank 5 (Jokers 10, below)."""
OTHER_RANK_POINTS = 5
JOKER_POINTS = 10


def x_for(seats: int, decks: int) -> int:
    """X: 6 for 2 or 3 seats, 5 for 4 or 5; always 6 with several decks."""
    return X_WITH_MULTIPLE_DECKS if decks > 1 else X_BY_SEATS[seats]


def card_points(card: object) -> int:
    """Points of a card in play or in hand; a direction card is worth nothing."""
    if not isinstance(card, PilatchCard):
        return 0
    if card.is_joker:
        return JOKER_POINTS
    return RANK_POINTS.get(card.rank, OTHER_RANK_POINTS)

"""The three decks as data: standard 52 (with optional Jokers), Pilatch 45, Run It 130."""

from __future__ import annotations

from cardtable.cards.pilatch import PilatchCard, PilatchSuit
from cardtable.cards.run_it import RunItCard, RunItColour, RunItKind
from cardtable.cards.standard import Card, Suit

STANDARD_RANKS = range(1, 14)
PILATCH_RANKS = range(1, 15)

# Run It: per colour, how many copies of each card (RULES.md, "Run It").
RUN_IT_PER_COLOUR: tuple[tuple[RunItKind, int, int], ...] = (
    *((RunItKind.NUMBER, n, 2) for n in range(1, 10)),
    *((RunItKind.PENALTY, n, 2) for n in (1, 2, 3)),
    (RunItKind.REVERSE, 0, 2),
    (RunItKind.SKIP, 0, 2),
    (RunItKind.STOP, 0, 2),
)
RUN_IT_COLOURLESS: tuple[tuple[RunItKind, int, int], ...] = (
    (RunItKind.WILD, 0, 4),
    *((RunItKind.WILD_PENALTY, n, 2) for n in (1, 2, 3)),
)


def standard_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """`decks` standard 52-card decks in a fixed order, plus `jokers` Jokers in all."""
    one = [Card(rank=rank, suit=suit) for suit in Suit for rank in STANDARD_RANKS]
    return one * decks + [Card(rank=0)] * jokers


def pilatch_deck(decks: int = 1, without: tuple[PilatchCard, ...] = ()) -> list[PilatchCard]:
    """`decks` Pilatch decks (42 numbered cards and 3 Jokers each), less the cards `without`."""
    one = [PilatchCard(suit=suit, rank=rank) for suit in PilatchSuit for rank in PILATCH_RANKS]
    one += [PilatchCard(suit=suit, rank=0) for suit in PilatchSuit]
    cards = [card for card in one if card not in without]
    return cards * decks


_RUN_IT_DECK: list[RunItCard] = []


def run_it_deck() -> list[RunItCard]:
    """The 130-card Run It deck in a fixed order (a new list of the same frozen cards)."""
    if not _RUN_IT_DECK:
        _RUN_IT_DECK.extend(_make_run_it_deck())
    return list(_RUN_IT_DECK)


def _make_run_it_deck() -> list[RunItCard]:
    cards = [
        RunItCard(kind=kind, colour=colour, value=value)
        for colour in RunItColour
        for kind, value, copies in RUN_IT_PER_COLOUR
        for _ in range(copies)
    ]
    cards += [
        RunItCard(kind=kind, value=value)
        for kind, value, copies in RUN_IT_COLOURLESS
        for _ in range(copies)
    ]
    return cards

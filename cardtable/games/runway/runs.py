"""A run's geometry: its suit, its leading edge, and which card may extend it."""

from __future__ import annotations

from cardtable.cards import Direction, PilatchCard
from cardtable.games.runway.moves import End
from cardtable.games.runway.state import RunCard

ACE = 14
LOWEST = 1


def leading_ends(direction: Direction | None) -> tuple[End, ...]:
    """The ends a run may grow at: UP the high end, DOWN the low one, both without a direction."""
    if direction is Direction.UP:
        return (End.HIGH,)
    if direction is Direction.DOWN:
        return (End.LOW,)
    return (End.HIGH, End.LOW)


def is_pending(run: list[RunCard]) -> bool:
    """True while a Joker that started the run waits for the card that gives it a rank."""
    return len(run) == 1 and run[0].rank is None


def counted(run: list[RunCard]) -> int:
    """The run's cards that count toward winning: every card but its Jokers."""
    return sum(1 for entry in run if not entry.card.is_joker)


def next_rank(run: list[RunCard], end: End, wrap: bool = False) -> int | None:
    """The rank a card added at `end` must have; None if nothing can follow there.

    1 and A are not adjacent unless `wrap` (Biggest Run Wins with several decks, 14+ cards).
    A pending Joker has no rank yet: see `fits`.
    """
    if end is End.HIGH:
        top = run[-1].rank
        assert top is not None
        if top < ACE:
            return top + 1
        return LOWEST if wrap else None
    bottom = run[0].rank
    assert bottom is not None
    if bottom > LOWEST:
        return bottom - 1
    return ACE if wrap else None


def fits(run: list[RunCard], card: PilatchCard, rank: int | None, end: End, wrap: bool) -> bool:
    """True if `card` (standing for `rank`, where it is a Joker from the common area; None for
    a hand card) may go on `end` of the run."""
    if not run or card.suit is not run[0].card.suit:
        return False
    if is_pending(run):
        # The next card gives the Joker an existing rank: one below it going up, one above down.
        if card.is_joker:
            return False
        return card.rank >= 2 if end is End.HIGH else card.rank <= ACE - 1
    target = next_rank(run, end, wrap)
    if target is None:
        return False
    if card.is_joker:
        return rank is None or rank == target
    return card.rank == target


def extend(run: list[RunCard], card: PilatchCard, end: End, wrap: bool) -> None:
    """Put `card` on `end` of the run (already known to fit); a Joker takes the next rank."""
    if is_pending(run):
        joker = run[0].card
        if end is End.HIGH:
            run[:] = [RunCard(card=joker, rank=card.rank - 1), RunCard(card=card, rank=card.rank)]
        else:
            run[:] = [RunCard(card=card, rank=card.rank), RunCard(card=joker, rank=card.rank + 1)]
        return
    rank = next_rank(run, end, wrap) if card.is_joker else card.rank
    entry = RunCard(card=card, rank=rank)
    if end is End.HIGH:
        run.append(entry)
    else:
        run.insert(0, entry)


def start(card: PilatchCard) -> list[RunCard]:
    """A run of one card; a Joker's rank is pending."""
    return [RunCard(card=card, rank=None if card.is_joker else card.rank)]


def edge(run: list[RunCard], end: End) -> RunCard:
    """The card at `end` of a run."""
    return run[-1] if end is End.HIGH else run[0]

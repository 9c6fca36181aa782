"""What each seat was seen to take into her hand this round: a public record any attentive
player keeps, and the hands it allows (the strong bot deals its worlds by it).

Everyone sees the discard a player takes as her draw, the one she buys, and the Joker she takes
off a meld for the card she puts in its place. Each stays on her record while she may still
hold it: a card of that kind she plays on the table or discards leaves the record (the table
cannot tell it from another copy, so it is taken as that one), and so do the cards of a
lay-down once it is on the table. A lay-down still being built is not seen, so its cards stay.
The record starts empty with each deal.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card


def took(taken: list[list[Card]], seat: int, card: Card) -> None:
    """Everyone saw `card` go into `seat`'s hand."""
    taken[seat].append(card)


def played(taken: list[list[Card]], seat: int, cards: Iterable[Card]) -> None:
    """`cards` left `seat`'s hand where everyone saw them: each takes one copy of its kind off
    her record, where it has one."""
    record = taken[seat]
    for card in cards:
        if card in record:
            record.remove(card)


def deal_known(unseen: list[Card], record: list[Card], size: int) -> list[Card]:
    """`size` cards for a hand out of `unseen` (shuffled already; the cards dealt are taken out
    of it): the cards of her record first, then any."""
    hand: list[Card] = []
    for card in record[:size]:
        if card in unseen:
            unseen.remove(card)
            hand.append(card)
    rest = size - len(hand)
    hand += unseen[:rest]
    del unseen[:rest]
    return hand

"""What each seat has shown she lacks: a public record any attentive player keeps, and the
hands it allows (the strong bot deals its worlds by it).

A seat that gets a card (without the Draw anyway rule) shows she holds nothing that goes on the
top; one that takes a penalty run shows (as a good player reads it: she may take it by choice)
that she holds nothing to continue it. Each such `Lack` binds the cards she held then, and
keeps binding those of them she still holds: a card she gets later is free of it, and a card
she plays or offers leaves her hand (one bound card fewer, unless the card was one she could
have played then, so not a bound one). The cards a lack binds are among those the lacks before
it bind, older lacks binding fewer, so a hand is dealt from the oldest lack to the newest.
"""

from __future__ import annotations

from itertools import islice
from typing import NamedTuple

from cardtable.cards import RunItCard, RunItColour
from cardtable.games.run_it.matching import can_play, continues_run

MOST_LACKS = 8
"""The lacks kept per seat: the oldest goes first (the newer ones bind more of her cards, and
the record, in every view, stays small however long a game runs)."""


class Lack(NamedTuple):
    """A seat held no card to play on `top` with `colour` in force (`run` 0), or none to
    continue a penalty run whose last value was `run`; `cards` of her cards, at least, were
    held then and are held still."""

    top: RunItCard
    colour: RunItColour | None
    run: int
    cards: int

    def goes(self, card: RunItCard) -> bool:
        """True when `card` would have gone then, so is not one this lack binds."""
        if self.run:
            return continues_run(card, self.top, self.colour, self.run)
        return can_play(card, self.top, self.colour)


def shown(
    lacking: list[list[Lack]],
    seat: int,
    top: RunItCard,
    colour: RunItColour | None,
    run: int,
    cards: int,
) -> None:
    """Record that `seat`, holding `cards` cards, showed she held none that goes (as `Lack`)."""
    if cards:
        lacks = lacking[seat]
        lacks.append(Lack(top, colour, run, cards))
        if len(lacks) > MOST_LACKS:
            del lacks[0]


def kept_one_more(lacking: list[list[Lack]], seat: int) -> None:
    """The card `seat` just got does not go either (the top has not changed since her newest
    lack): it is bound by that lack too."""
    lacks = lacking[seat]
    if lacks:
        newest = lacks[-1]
        lacks[-1] = newest._replace(cards=newest.cards + 1)


def spent(lacking: list[list[Lack]], seat: int, card: RunItCard | None, held: int) -> None:
    """A card left `seat`'s hand (None: face down, unseen), which holds `held` cards now: one
    card fewer is bound by each of her lacks that could bind it (never more than she holds); a
    lack binding none is forgotten."""
    lacks = lacking[seat]
    if not lacks:
        return
    kept = []
    for lack in lacks:
        cards = lack.cards if card is not None and lack.goes(card) else lack.cards - 1
        cards = min(cards, held)
        if cards > 0:
            kept.append(lack if cards == lack.cards else lack._replace(cards=cards))
    lacking[seat] = kept


def could_hold(lacks: list[Lack], card: RunItCard) -> bool:
    """True when `card` could be among the cards every one of `lacks` binds."""
    return not any(lack.goes(card) for lack in lacks)


def deal_hand(unseen: list[RunItCard], lacks: list[Lack], size: int) -> list[RunItCard]:
    """`size` cards out of `unseen` (shuffled already; the cards dealt are taken out of it) that
    her lacks allow: the cards the oldest lack binds first (no lack allows them to go), then
    those only the newer ones bind, then any. Where the record cannot be met (a penalty taken by
    choice), the nearest cards to it are dealt."""
    hand: list[RunItCard] = []
    bound = 0
    for i, lack in enumerate(lacks):
        wanted = min(max(bound, lack.cards), size) - bound
        if wanted <= 0:
            continue
        binding = lacks[i:]
        allowed = (j for j, card in enumerate(unseen) if could_hold(binding, card))
        found = list(islice(allowed, wanted))
        for j in reversed(found):
            hand.append(unseen.pop(j))
        bound += wanted
    rest = size - len(hand)
    hand += unseen[:rest]
    del unseen[:rest]
    return hand

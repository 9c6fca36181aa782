"""Runway in words: what a seat can do now (the status line) and the cards a run needs."""

from __future__ import annotations

from cardtable.cards import DirectionCard, PilatchCard
from cardtable.engine.words import plural
from cardtable.games.runway.runs import counted, edge, is_pending, leading_ends, next_rank
from cardtable.games.runway.session import (
    can_draw_from_deck,
    directions_in_hand,
    may_wrap,
)
from cardtable.games.runway.state import Phase, RunwayState

SUIT_NAMES = {"R": "Rock", "P": "Paper", "S": "Scissors"}


def wanted(state: RunwayState, seat: int) -> list[str]:
    """The cards that would extend the seat's run now, in short form ('8●R')."""
    run = state.runs[seat]
    if not run:
        return []
    suit = run[0].card.suit
    if is_pending(run):
        return [f"any {SUIT_NAMES[suit]}"]
    found = []
    for end in leading_ends(state.directions[seat]):
        rank = next_rank(run, end, may_wrap(state, len(run)))
        if rank is not None:
            found.append(PilatchCard(suit=suit, rank=rank).short)
    return found


def run_words(state: RunwayState, seat: int) -> str:
    """'your run needs 8●R (3 more cards to win)', or how to start one."""
    run = state.runs[seat]
    if not run:
        if directions_in_hand(state):
            if not any(isinstance(c, DirectionCard) for c in state.hands[seat]):
                return "you need a direction card in hand to start a run"
            return "start a run with any card, placing your direction card UP or DOWN"
        return "start your run with any card"
    more = max(0, state.needed[seat] - counted(run))
    goal = "long enough to win" if not more else f"{more} more to win"
    if state.options.biggest_run_wins:
        goal = plural(len(run), "card")
    cards = wanted(state, seat)
    if not cards:
        end = edge(run, leading_ends(state.directions[seat])[0])
        return (
            f"nothing can follow {end.short} at your leading edge ({goal}): flip it with a "
            "special action or recycle the run"
        )
    return f"your run needs {' or '.join(cards)} ({goal})"


def cards_of(count: int, whose: str | None = None) -> str:
    """A number of cards in a sentence: 'nothing', '1 card', '2 cards'; with `whose`, '1 of her
    cards', '2 of your cards'."""
    if not count:
        return "nothing"
    if whose is None:
        return plural(count, "card")
    return f"{count} of {whose} cards"


def explain(state: RunwayState, seat: int | None) -> str:
    """One line: what this seat can do now, in words."""
    if state.over:
        return "The game is over."
    phase = state.phase
    offer = state.offer
    if phase in (Phase.ANSWERING, Phase.GIVING) and offer is not None:
        if seat != offer.to:
            return "A trade offer is being answered."
        if phase is Phase.ANSWERING:
            give = ", ".join(c.short for c in offer.give) or "nothing"
            return (
                f"A trade offer: you get {give} for {cards_of(offer.ask, 'your')} "
                "(you pick which). Accept or decline."
            )
        left = offer.ask - len(offer.given)
        return f"You accepted: choose {plural(left, 'more card')} of yours to give."
    if seat != state.active:
        return "Waiting for the player whose turn it is."
    hand = state.hands[seat]
    if phase is Phase.DRAW:
        if not state.bin:
            return "Draw phase: draw the top card of the deck."
        if not can_draw_from_deck(state):
            return "Draw phase: the deck is empty; take one or more cards from the bin."
        return "Draw phase: draw the top card of the deck, or take any cards you like from the bin."
    if phase is Phase.TAKING:
        return "Take more cards from the bin, or stop taking and go on to build."
    if phase is Phase.LOOKING:
        return (
            "You are looking at an opponent's hand: swap one of your cards for one of hers, "
            "or hand it back."
        )
    if phase is Phase.OFFERING and offer is not None:
        return (
            f"Trade offer: you give {cards_of(len(offer.give))} and ask for "
            f"{cards_of(offer.ask)}. "
            "Add cards, ask for more, then send it (or withdraw)."
        )
    if phase is Phase.BUILD:
        parts = [f"Build: {run_words(state, seat)}"]
        if state.actions:
            parts.append(f"{plural(state.actions, 'special action')} to use now")
        parts.append("end the build phase when done")
        line = "; ".join(parts) + "."
        wins = counted(state.runs[seat]) >= state.needed[seat]
        if state.on_extra_turn and (state.options.biggest_run_wins or not wins):
            line += (
                " This is your extra turn: end the build without winning and your hand and "
                "run are shuffled into the deck."
            )
        return line
    # Discard phase
    limit = state.hand_limits[seat]
    if len(hand) > limit:
        return (
            f"Discard: you hold {plural(len(hand), 'card')} and may keep {limit}: "
            f"discard {len(hand) - limit}."
        )
    recycle = " (or put your run in the bin first)" if state.runs[seat] else ""
    return f"Discard: end your turn{recycle}."

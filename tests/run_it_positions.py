"""Run It positions built by hand for the rules tests: cards written as on the table
('B3', 'R+2', 'GRev', 'YSkip', 'BStop', 'Wild', 'W+3'), every other card of the 130 kept in
the draw pile (or under the discards), so each position is one a game could hold."""

from __future__ import annotations

from cardtable import games
from cardtable.cards import RunItCard, RunItColour, run_it_deck
from cardtable.engine import Chance
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.run_it.moves import NO_OFFER, TAKE_DRAW
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.state import Phase, RunItOptions, RunItState

GAME = games.get("run-it")
BY_TEXT = {card.short: card for card in run_it_deck()}


def card(text: str) -> RunItCard:
    """'B+2' -> the Blue +2."""
    return BY_TEXT[text]


def cards(text: str) -> list[RunItCard]:
    """'B3 R+2' -> two cards."""
    return [card(part) for part in text.split()]


def colour(letter: str | None) -> RunItColour | None:
    """'B' -> Blue."""
    return RunItColour(letter) if letter else None


def position(
    hands: list[str],
    top: str,
    *,
    colour_in_force: str | None = "",
    turn: int = 0,
    direction: int = 1,
    penalty: int = 0,
    penalty_value: int = 0,
    draw: str = "",
    under: str = "",
    rest: str = "draw",
    options: RunItOptions | dict | None = None,
    dealer: int | None = None,
) -> RunItState:
    """A position of the game: `hands` per seat, `top` on the discard pile over the cards
    `under` (bottom first), `draw` the next cards of the draw pile (first drawn first). The rest
    of the deck lies at the bottom of the draw pile (`rest="draw"`) or under the discards
    (`rest="discards"`, leaving the draw pile only `draw`). The colour in force is the top
    card's unless given (None: a Wild turned up at the start)."""
    deck = run_it_deck()

    def take(text: str) -> list[RunItCard]:
        taken = cards(text)
        for c in taken:
            deck.remove(c)  # a ValueError here: the position asks for a third copy
        return taken

    held = [take(h) for h in hands]
    top_card = take(top)[0]
    under_cards = take(under)
    next_cards = take(draw)
    if rest == "draw":
        draw_pile = deck + next_cards[::-1]
        discards = under_cards + [top_card]
    else:
        draw_pile = next_cards[::-1]
        discards = deck + under_cards + [top_card]
    state = RunItState(
        seats=len(hands),
        options=GAME.options(options),
        dealer=(turn - 1) % len(hands) if dealer is None else dealer,
        turn=turn,
        direction=direction,
        hands=held,
        draw_pile=draw_pile,
        discards=discards,
        colour=top_card.colour if colour_in_force == "" else colour(colour_in_force),
        penalty=penalty,
        penalty_value=penalty_value,
        chance=Chance.seeded(1),
    )
    GAME.check_state(state)
    return state


def plays(state: RunItState, seat: int, text: str, named: str | None = None) -> list:
    """`seat` plays the card `text` (naming the colour `named`) by the checked path, and every
    seat lets the card go, so the next turn starts; the events of the play."""
    events = GAME.apply(state, seat, play(card(text), colour(named)))
    let_all_go(state)
    return events


def let_all_go(state: RunItState) -> None:
    """Every seat still open lets the window's card go."""
    while state.phase is Phase.WINDOW:
        GAME.apply(state, state.window.open_to[0], LET_GO)


def claims(state: RunItState, seat: int) -> list:
    """`seat` claims a match by the checked path."""
    return GAME.apply(state, seat, CLAIM)


def nobody_offers(state: RunItState) -> None:
    """Every seat asked for a Pass-it offer offers nothing."""
    while state.phase is Phase.OFFERS:
        GAME.apply(state, state.asked[0], NO_OFFER)


def gets_from_draw_pile(state: RunItState, seat: int) -> list:
    """`seat`, asked to get a card and offered nothing, takes the draw pile's top card."""
    nobody_offers(state)
    return GAME.apply(state, seat, TAKE_DRAW)


class AlwaysClaims:
    """A bot that claims whenever it holds the card (and otherwise lets it go)."""

    needs_view = False

    def choose(self, view, moves):
        """Claim if it may, else let the card go (or the first move, out of a window)."""
        if CLAIM in moves:
            return CLAIM, "It holds the card."
        return (LET_GO if LET_GO in moves else moves[0]), "The first move it may make."

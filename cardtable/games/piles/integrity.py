"""Piles: what every reachable state holds, checked when a save or a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Game, require
from cardtable.engine.words import plural
from cardtable.games.piles.castle import PILES
from cardtable.games.piles.state import PilesState

if TYPE_CHECKING:
    from cardtable.games.piles.rules import Piles

HAND_SIZE = 10


def check_state(game: Piles, state: PilesState) -> None:
    """Raise ImpossibleState, saying which rule of the table `state` breaks."""
    seats = state.seats
    require(seats in game.seat_counts, f"it seats {seats} players; Piles is for 2 or 4")
    require(len(state.hands) == seats, f"it has {len(state.hands)} hands for {seats} players")
    require(0 <= state.dealer < seats, f"its dealer is seat {state.dealer} of {seats}")
    require(state.turns_taken >= 0, "its count of turns taken is negative")
    require(
        state.turn == (state.dealer + 1 + state.turns_taken) % seats,
        f"it is seat {state.turn}'s turn, which is not whose turn it is after "
        f"{plural(state.turns_taken, 'turn')}",
    )
    require(len(state.castle) == PILES, f"its Castle has {len(state.castle)} piles, not {PILES}")
    require(all(state.castle), "a pile of its Castle is empty")
    require(len(state.captured) == 2, f"it has {len(state.captured)} teams' captures, not 2")
    require(all(len(hand) <= HAND_SIZE for hand in state.hands), "a hand holds more than 10")
    require(
        len(state.stock) in ((0, 2 * HAND_SIZE) if seats == 2 else (0,)),
        f"its stock holds {plural(len(state.stock), 'card')}",
    )
    colours = state.team_colours
    require(
        (colours is None) == (state.turns_taken == 0),
        "its teams' colours do not match whether a card has been played",
    )
    require(
        colours is None or (len(colours) == 2 and colours[1] is colours[0].other),
        "its teams' colours are not one red and one black",
    )
    Game.check_state(game, state)

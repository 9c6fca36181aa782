"""Run It: what every reachable state holds, checked when a save or a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Game, require
from cardtable.games.run_it.lacking import MOST_LACKS
from cardtable.games.run_it.state import Phase, RunItState

if TYPE_CHECKING:
    from cardtable.games.run_it.rules import RunIt


def check_state(game: RunIt, state: RunItState) -> None:
    """Raise ImpossibleState, saying which rule of the table `state` breaks."""
    seats = state.seats
    require(len(state.hands) == seats, f"it has {len(state.hands)} hands for {seats} players")
    require(0 <= state.dealer < seats, f"its dealer is seat {state.dealer} of {seats}")
    require(0 <= state.turn < seats, f"it is the turn of seat {state.turn} of {seats}")
    require(state.direction in (1, -1), f"its direction of play is {state.direction}")
    require(bool(state.discards), "its discard pile is empty")
    require(state.penalty >= 0, "its penalty run is negative")
    require(
        (state.penalty == 0) == (state.penalty_value == 0),
        "its penalty run and its last penalty value disagree",
    )
    window = state.window
    require(
        (state.phase is Phase.WINDOW) == (window is not None),
        "its match window and its phase disagree",
    )
    if window is not None:
        require(
            all(0 <= s < seats for s in window.open_to)
            and len(set(window.open_to)) == len(window.open_to),
            "its match window lists seats that are not at the table",
        )
    require(
        state.phase is not Phase.OFFERS or bool(state.asked),
        "it asks for offers but nobody is left to ask",
    )
    require(
        all(0 <= s < seats and s != state.turn for s in state.asked),
        "it asks a seat that cannot offer",
    )
    require(
        not state.offers or len(state.offers) == seats,
        f"it has {len(state.offers)} offer places for {seats} players",
    )
    require(
        (state.phase is Phase.GOT) == (state.got is not None),
        "its card just got and its phase disagree",
    )
    require(
        state.got is None or state.got in state.hands[state.turn],
        "the card just got is not in the hand of the player who got it",
    )
    require(
        state.missed is None
        or (
            state.missed_by is not None
            and 0 <= state.missed_by < seats
            and state.missed in state.hands[state.missed_by]
        ),
        "the card got and not playable is not in the hand of the player who got it",
    )
    require(
        len(state.lacking) == seats
        and all(len(lacks) <= MOST_LACKS for lacks in state.lacking)
        and all(
            0 < lack.cards <= len(hand)
            for lacks, hand in zip(state.lacking, state.hands, strict=False)
            for lack in lacks
        ),
        "its record of what each player has shown she lacks does not fit the hands",
    )
    require(
        len(state.history) <= state.options.games,
        f"it records {len(state.history)} games of a {state.options.games}-game session",
    )
    Game.check_state(game, state)

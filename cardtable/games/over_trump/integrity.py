"""Over Trump: what every reachable state holds, checked when a save or a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Game, require
from cardtable.engine.words import plural
from cardtable.games.over_trump.state import OverTrumpState

if TYPE_CHECKING:
    from cardtable.games.over_trump.rules import OverTrump

SEATS = 4
HAND_SIZE = 11


def check_state(game: OverTrump, state: OverTrumpState) -> None:
    """Raise ImpossibleState, saying which rule of the table `state` breaks."""
    require(len(state.hands) == SEATS, f"it has {len(state.hands)} hands; Over Trump has 4")
    require(0 <= state.dealer < SEATS, f"its dealer is seat {state.dealer} of 4")
    require(0 <= state.leader < SEATS, f"its leader is seat {state.leader} of 4")
    require(state.hand_number >= 1, f"it is on hand {state.hand_number}")
    require(all(len(hand) <= HAND_SIZE for hand in state.hands), "a hand holds more than 11")
    unsettled = plural(len(state.trick), "card")
    require(len(state.trick) < SEATS, f"its trick holds {unsettled} unsettled")
    placed = sorted(p.seat for p in state.trick)
    expected = sorted((state.leader + i) % SEATS for i in range(len(state.trick)))
    require(placed == expected, "its trick's cards were not placed in turn from the leader")
    require(all(0 <= p.seat < SEATS for p in state.last_trick), "its last trick names no seat")
    require(
        state.last_winner is None or 0 <= state.last_winner < SEATS,
        f"its last trick's winner is seat {state.last_winner}",
    )
    for name in ("won", "tricks", "scores"):
        require(len(getattr(state, name)) == 2, f"its {name} are not kept for two teams")
    require(len(state.voids) == SEATS, "its void tracker is not kept for four seats")
    require(not state.over or bool(state.history), "it is over before a hand was scored")
    Game.check_state(game, state)

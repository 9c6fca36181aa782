"""Runway: what every reachable state holds, checked when a save or a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Game, require
from cardtable.games.runway.state import Phase, RunwayState

if TYPE_CHECKING:
    from cardtable.games.runway.rules import Runway

PER_SEAT = ("hands", "runs", "directions", "needed", "hand_limits", "wins", "scores")
TRADING = (Phase.OFFERING, Phase.ANSWERING, Phase.GIVING)


def check_state(game: Runway, state: RunwayState) -> None:
    """Raise ImpossibleState, saying which rule of the table `state` breaks."""
    seats = state.seats
    require(seats in game.seat_counts, f"it seats {seats} players; Runway is for 2 to 5")
    for name in PER_SEAT:
        count = len(getattr(state, name))
        require(count == seats, f"it has {count} {name.replace('_', ' ')} for {seats} players")
    order = state.order
    require(
        bool(order) and len(set(order)) == len(order) and all(0 <= s < seats for s in order),
        "its turn order names seats that are not at the table",
    )
    require(0 <= state.active < seats, f"its active player is seat {state.active} of {seats}")
    require(state.over or state.active in order, "its active player is not in the turn order")
    require(all(0 <= s < seats for s in state.out), "a seat that went out is not at the table")
    require(state.x > 0 and state.game_number >= 1, "its run length or game number is impossible")
    looking = state.looking_at
    require(
        (state.phase is Phase.LOOKING) == (looking is not None),
        "it is looking at a hand outside a look (or a look at no hand)",
    )
    require(
        looking is None or (0 <= looking < seats and looking != state.active),
        f"its active player looks at seat {looking}",
    )
    offer = state.offer
    require(
        (state.phase in TRADING) == (offer is not None),
        "it is trading without an offer (or holds an offer outside a trade)",
    )
    require(
        offer is None or (offer.by == state.active and 0 <= offer.to < seats),
        "its trade offer is not between the active player and another seat",
    )
    require(offer is None or offer.to != offer.by, "its trade offer is to the one who makes it")
    require(not state.over or bool(state.history), "it is over before a game was scored")
    Game.check_state(game, state)

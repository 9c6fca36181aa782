"""Seat players that choose moves from a view: the random bot and each game's planner."""

from cardtable.bots.seat_player import SeatPlayer, player_for

__all__ = ["SeatPlayer", "player_for"]

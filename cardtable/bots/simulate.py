"""Headless games between bots, for measuring bots and the engine's speed."""

from __future__ import annotations

import time

from pydantic import BaseModel

from cardtable import games
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind


class SimulationResult(BaseModel):
    """What `cardtable simulate --json` prints on its last line."""

    game: str
    games: int
    moves: int
    seconds: float
    moves_per_s: float
    games_per_s: float
    wins: list[int]
    """Per seat, the games that seat won or shared (a draw counts for every side in it)."""
    draws: int = 0
    """The games no single team won: a shared win between teams, or no winner at all."""


def simulate(
    game_id: str, n: int, kinds: list[SeatKind] | None = None, seed: int = 0
) -> SimulationResult:
    """Play `n` games with seeds seed, seed+1, ...; the planning bot in every seat when `kinds`
    is None."""
    game = games.get(game_id)
    if kinds is None:
        kinds = [SeatKind.BOT] * game.default_seats
    game.check_seats(len(kinds))
    wins = [0] * len(kinds)
    draws = 0
    moves = 0
    start = time.perf_counter()
    is_over, to_act, legal_moves, advance, claim_window = (
        game.is_over,
        game.to_act,
        game.legal_moves,
        game.advance,
        game.claim_window,
    )
    for g in range(seed, seed + n):
        state = game.new_game(seats=len(kinds), seed=g)
        players = [player_for(kind, game_id, g * 31 + i) for i, kind in enumerate(kinds)]
        while not is_over(state):
            # In a claim window the claimants speak first, nearest first: a buy window is
            # resolved by the next player's own move, which would otherwise come first.
            window = claim_window(state)
            seat = window.open_to[0] if window is not None and window.open_to else to_act(state)[0]
            player = players[seat]
            view = game.view(state, seat) if player.needs_view else None
            move, _ = player.choose(view, legal_moves(state, seat))
            advance(state, seat, move)
            moves += 1
        outcome = game.outcome(state)
        for seat in outcome.winners:
            wins[seat] += 1
        winning_teams = [team for team in outcome.teams if set(team) & set(outcome.winners)]
        draws += len(winning_teams) != 1
    seconds = time.perf_counter() - start
    return SimulationResult(
        game=game_id,
        games=n,
        moves=moves,
        seconds=round(seconds, 4),
        moves_per_s=round(moves / seconds, 1) if seconds else 0.0,
        games_per_s=round(n / seconds, 2) if seconds else 0.0,
        wins=wins,
        draws=draws,
    )

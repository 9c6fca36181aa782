"""Headless games between bots, for measuring bots (level against level) and the engine's speed."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from cardtable import games
from cardtable.bots.seat_player import SeatPlayer, player_for
from cardtable.engine import SeatKind


class KindResult(BaseModel):
    """How one kind of seat did over a simulation."""

    seats: int
    """Seats of this kind at the table."""
    win_share: float
    """Its share of the wins, 0 to 1: each game's win split among the seats that won it (a
    team's win, a shared one), summed for this kind's seats, over the games."""
    think_p50_ms: float
    think_p90_ms: float
    """Milliseconds a seat of this kind took to choose a move: median and 90th percentile."""


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
    rotated: bool = False
    """Whether the seats' kinds moved round one seat each game (so no kind keeps the seat that
    leads, deals or sits beside a given opponent)."""
    kinds: dict[str, KindResult] = {}
    """Per kind of seat ('strong', 'bot', ...): its share of the wins and its think times."""


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up the sorted values (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def simulate(
    game_id: str,
    n: int,
    kinds: list[SeatKind] | None = None,
    seed: int = 0,
    rotate: bool = False,
    make_player: Callable[[SeatKind, str, int], SeatPlayer] = player_for,
    options: dict[str, Any] | None = None,
) -> SimulationResult:
    """Play `n` games with seeds seed, seed+1, ...; the planning bot in every seat when `kinds`
    is None. With `rotate`, game number g moves every kind g seats round the table.
    `make_player` gives a seat's bot from its kind, the game and a seed (`player_for`, unless a
    benchmark puts another bot in a kind's seats); `options` the game's, defaults elsewhere."""
    game = games.get(game_id)
    if kinds is None:
        kinds = [SeatKind.BOT] * game.default_seats
    game.check_seats(len(kinds))
    seats = len(kinds)
    wins = [0] * seats
    shares = dict.fromkeys(kinds, 0.0)
    thinking: dict[SeatKind, list[float]] = {kind: [] for kind in kinds}
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
    clock = time.perf_counter
    for g in range(seed, seed + n):
        turn = (g - seed) % seats if rotate else 0
        sitting = kinds[-turn:] + kinds[:-turn] if turn else list(kinds)
        state = game.new_game(seats=seats, seed=g, options=options)
        players = [make_player(kind, game_id, g * 31 + i) for i, kind in enumerate(sitting)]
        while not is_over(state):
            # In a claim window the claimants speak first, nearest first: a buy window is
            # resolved by the next player's own move, which would otherwise come first.
            window = claim_window(state)
            seat = window.open_to[0] if window is not None and window.open_to else to_act(state)[0]
            player = players[seat]
            view = game.view(state, seat) if player.needs_view else None
            began = clock()
            move, _ = player.choose(view, legal_moves(state, seat))
            thinking[sitting[seat]].append(clock() - began)
            advance(state, seat, move)
            moves += 1
        outcome = game.outcome(state)
        for seat in outcome.winners:
            wins[seat] += 1
            shares[sitting[seat]] += 1 / len(outcome.winners)
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
        rotated=rotate,
        kinds={
            kind.value: KindResult(
                seats=kinds.count(kind),
                win_share=round(shares[kind] / n, 4) if n else 0.0,
                think_p50_ms=round(statistics.median(thinking[kind]) * 1000, 3)
                if thinking[kind]
                else 0.0,
                think_p90_ms=round(percentile(thinking[kind], 0.9) * 1000, 3),
            )
            for kind in dict.fromkeys(kinds)
        },
    )

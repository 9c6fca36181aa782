"""How far the strong bot's search could go if its view told it everything (issue 24): the
strong bot as it ships, in every other seat against the planner, rotated, seeded, but its
worlds are the true state of the table with only the face-down pile shuffled. Its share of the
wins is a ceiling for a search over sampled worlds with the planner as rollout policy: a bot
working from its view alone wins less. A benchmark only: this bot peeks, on purpose.

    .venv/bin/python -m benchmarks.ceiling GAME [-n GAMES] [--seed S]

The same seeds with `cardtable simulate GAME -n N --seats bot:strong,bot,bot:strong,bot
--rotate --seed S` give the shipping bot's figure on the same deals.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from benchmarks.levels import alternating
from cardtable import games
from cardtable.bots.search import SearchBot, SearchHooks
from cardtable.bots.seat_player import SeatPlayer, player_for
from cardtable.bots.simulate import simulate
from cardtable.engine import Chance, SeatKind

FACE_DOWN = {"run-it": "draw_pile", "sets-and-runs": "stock"}
"""Per game measured here, the state's face-down pile: the one thing a seeing world shuffles."""


class Table:
    """The state in play, as the simulation last showed it to a seat."""

    state: Any = None


class SeeingHooks:
    """A game's search hooks whose worlds are the table's true state, its face-down pile
    shuffled (every other hook is the game's own)."""

    def __init__(self, hooks: SearchHooks, pile: str, table: Table) -> None:
        self.hooks, self.pile, self.table = hooks, pile, table

    def sample(self, view: Any, rng: random.Random) -> Any:
        """The true state, its face-down pile in a random order, its chance reseeded."""
        world = self.table.state.model_copy(deep=True)
        rng.shuffle(getattr(world, self.pile))
        world.chance = Chance.seeded(rng.getrandbits(62))
        return world

    def __getattr__(self, name: str) -> Any:
        return getattr(self.hooks, name)


def ceiling_share(game_id: str, n: int, seed: int = 0) -> float:
    """The seeing strong bot's share of the wins in every other seat against the planner."""
    game = games.get(game_id)
    table = Table()
    shown = game.view

    def view(state: Any, seat: int | None) -> Any:
        table.state = state
        return shown(state, seat)

    def make_player(kind: SeatKind, which: str, player_seed: int) -> SeatPlayer:
        player = player_for(kind, which, player_seed)
        if isinstance(player, SearchBot):
            player.hooks = SeeingHooks(player.hooks, FACE_DOWN[which], table)
        return player

    kinds = alternating(game_id, SeatKind.STRONG)
    game.view = view  # type: ignore[method-assign]
    try:
        result = simulate(game_id, n, kinds, seed, rotate=True, make_player=make_player)
    finally:
        del game.view
    return result.kinds[SeatKind.STRONG.value].win_share


def main(argv: list[str] | None = None) -> None:
    """Print the seeing strong bot's share of the wins for each game asked."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ceiling")
    parser.add_argument("games", nargs="+", choices=sorted(FACE_DOWN))
    parser.add_argument("-n", type=int, default=200, help="games per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for game_id in args.games:
        share = ceiling_share(game_id, args.n, args.seed)
        print(
            f"  {game_id:<14} strong bot seeing every hand: {share:6.1%} of the wins against the "
            f"planner ({args.n} games, seats rotated, seed {args.seed})",
            flush=True,
        )


if __name__ == "__main__":
    main()

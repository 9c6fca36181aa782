"""The strong bot's rules of thumb against the planner's (issue 24): per game, the search hooks'
`policy` alone (no search) in every other seat against the planner, rotated, seeded; its share
of the wins. A game whose policy is its planner shows about half: a tuned policy is kept only
where it beats the planner here.

    .venv/bin/python -m benchmarks.tuning [GAME ...] [-n GAMES] [--seed S]
"""

from __future__ import annotations

import argparse

from benchmarks.levels import alternating
from cardtable import games
from cardtable.bots.search import hooks
from cardtable.bots.seat_player import SeatPlayer, player_for
from cardtable.bots.simulate import simulate
from cardtable.engine import SeatKind


def policy_player(kind: SeatKind, game_id: str, seed: int) -> SeatPlayer:
    """The game's strong-bot policy in a strong seat (without its search); else the usual bot."""
    search = hooks(game_id)
    if kind is SeatKind.STRONG and search is not None:
        player: SeatPlayer = search.policy(seed)
        return player
    return player_for(kind, game_id, seed)


def policy_share(game_id: str, n: int, seed: int = 0) -> float:
    """The policy's share of the wins in every other seat against the planner, rotated."""
    kinds = alternating(game_id, SeatKind.STRONG)
    result = simulate(game_id, n, kinds, seed, rotate=True, make_player=policy_player)
    return result.kinds[SeatKind.STRONG.value].win_share


def main(argv: list[str] | None = None) -> None:
    """Print each game's policy share against the planner."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tuning")
    parser.add_argument("games", nargs="*", default=games.ids())
    parser.add_argument("-n", type=int, default=2000, help="games per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for game_id in args.games:
        search = hooks(game_id)
        name = "none" if search is None else search.policy.__name__
        share = policy_share(game_id, args.n, args.seed)
        print(
            f"  {game_id:<14} {name:<20} {share:6.1%} of the wins against the planner "
            f"({args.n} games, seats rotated, seed {args.seed})",
            flush=True,
        )


if __name__ == "__main__":
    main()

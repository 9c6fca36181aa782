"""Every game over combinations of its options: all pairs of option values, and a few random full
sets, played at the fewest and the most seats by random bots and the game's planning bots.

After every move: no card is created or lost (`cards()`), every seat to act has a legal move,
and each game ends within MOVES_PER_GAME moves. A session (Points, several games) plays at
most GAMES_PLAYED games here; that sessions end (Runway: `games` games, or 500 points, or 50
games with Points) is a unit test of each game's rules.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import Enum
from itertools import combinations
from typing import Any

import pytest
from pydantic import ValidationError

from cardtable import games
from cardtable.bots import player_for
from cardtable.engine import SeatKind, contract

MOVES_PER_GAME = 40_000
"""A game must end within this many moves, whatever its options and players. Random bots are
the slow ones: with Runway's Trading Cards they make dozens of offers a turn (the longest game
here, five random players with trading and three decks, takes about 15,000 moves)."""
GAMES_PLAYED = 2
"""Games of a session followed here (each within MOVES_PER_GAME)."""
RANDOM_SETS = 2
"""Seeded random full combinations per game, beside the pairwise ones."""
PLANNED = {"runway"}
"""Games also played by their planning bots (`cardtable.bots`), as `simulate --seats bot,...`."""
ENDLESS_MOVES = 1_500
"""Moves checked where a game may never end (below)."""
NEVER_ENDS = {("over-trump", "table_rules", True, SeatKind.RANDOM)}
"""Options under which a player may keep a game from ending: Over Trump's Table rules cost 50
for every broken void claim, and random bots break them so often nobody reaches 100. There the
invariants are checked over ENDLESS_MOVES moves instead of to the end (as test_contract does)."""


def choices(field: Any) -> list[Any]:
    """The values of an option worth combining: both of an on/off, every member of a list, the
    least and the most of a bounded number."""
    default = field.default
    if isinstance(default, bool):
        return [False, True]
    if isinstance(default, Enum):
        return list(type(default))
    if isinstance(default, int):
        low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        return [default] if low is None or high is None else [low, high]
    return [default]


def allowed(model: Any, options: dict[str, Any]) -> bool:
    """True if the options model accepts the combination; a refusal must say why in words."""
    try:
        model.model_validate(options)
    except ValidationError as refused:
        assert all(e["msg"] for e in refused.errors())
        return False
    return True


def pairwise(model: Any) -> list[dict[str, Any]]:
    """Option sets that together hold every allowed pair of two options' values (greedy)."""
    fields = {name: choices(field) for name, field in model.model_fields.items()}
    names = list(fields)
    uncovered = {
        ((a, va), (b, vb))
        for a, b in combinations(names, 2)
        for va in fields[a]
        for vb in fields[b]
    }
    found: list[dict[str, Any]] = []
    while uncovered:
        (a, va), (b, vb) = min(uncovered, key=repr)
        chosen = {a: va, b: vb}
        for name in names:
            if name in chosen:
                continue
            best = max(
                fields[name],
                key=lambda v, name=name: (
                    sum(
                        ((n, chosen[n]), (name, v)) in uncovered
                        or ((name, v), (n, chosen[n])) in uncovered
                        for n in chosen
                    )
                    + allowed(model, {**chosen, name: v}) * 1000
                ),
            )
            chosen[name] = best
        if not allowed(model, chosen):
            # The pair itself is refused (say Points' empty-deck end with the bin shuffle).
            assert not allowed(model, {a: va, b: vb})
            uncovered.discard(((a, va), (b, vb)))
            continue
        items = list(chosen.items())
        uncovered -= set(combinations(items, 2))
        found.append(chosen)
    return found


def random_sets(model: Any, game_id: str) -> list[dict[str, Any]]:
    """A few seeded random full combinations the model accepts."""
    rng = random.Random(game_id)
    fields = {name: choices(field) for name, field in model.model_fields.items()}
    found: list[dict[str, Any]] = []
    while len(found) < RANDOM_SETS:
        options = {name: rng.choice(values) for name, values in fields.items()}
        if allowed(model, options):
            found.append(options)
    return found


def cases() -> list[Any]:
    found = []
    for game_id in games.ids():
        game = games.get(game_id)
        model = game.options_model
        sets = list({repr(o): o for o in pairwise(model) + random_sets(model, game_id)}.values())
        kinds = [SeatKind.RANDOM] + ([SeatKind.BOT] if game_id in PLANNED else [])
        seat_counts = sorted({game.seat_counts[0], game.seat_counts[-1]})
        for n, options in enumerate(sets):
            for kind in kinds:
                for seats in seat_counts:
                    label = f"{game_id}-{n}-{seats}-{kind.value}"
                    found.append(pytest.param(game_id, options, seats, kind, n, id=label))
    return found


def census(game: Any, state: Any) -> Counter:
    """How many of each card the game holds (the engine's own count: `same_census` compares)."""
    return contract.census(game.cards(state))


@pytest.mark.parametrize(("game_id", "options", "seats", "kind", "seed"), cases())
def test_every_option_combination_plays_to_an_end_keeping_the_invariants(
    game_id, options, seats, kind, seed
):
    game = games.get(game_id)
    state = game.new_game(seats=seats, seed=seed, options=options)
    players = [player_for(kind, game_id, seed * 31 + s) for s in range(seats)]
    endless = any((game_id, name, value, kind) in NEVER_ENDS for name, value in options.items())
    start = census(game, state)
    number = getattr(state, "game_number", 1)
    moves = games_played = 0
    while not game.is_over(state) and games_played < GAMES_PLAYED:
        acting = game.to_act(state)
        assert acting, "nobody is to act before the game is over"
        legal = [game.legal_moves(state, seat) for seat in acting]
        assert all(legal), "a seat to act has no legal move"
        seat = acting[0]
        player = players[seat]
        view = game.view(state, seat) if player.needs_view else None
        move, _ = player.choose(view, legal[0])
        # The bots' path, as `cardtable simulate` plays: the move is one of the legal moves just
        # listed, so the check `apply` makes first would list them all again (Runway's check
        # is just that, a quarter of its playouts here). That legal moves pass their checks is
        # test_contract's, over every option turned on.
        game.play(state, seat, move)
        moves += 1
        assert contract.same_census(census(game, state), start), "a card was created or lost"
        if getattr(state, "game_number", 1) != number:
            number, moves, games_played = state.game_number, 0, games_played + 1
        if endless and moves == ENDLESS_MOVES:
            return
        assert moves < MOVES_PER_GAME, f"a game with {options} does not end"
    assert game.outcome(state).winners or not game.is_over(state)

"""Counts read as English where a player sees them: '1 card', '1 move in' (issue 9.7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from cardtable import games
from cardtable.cli import main
from cardtable.engine import Move, SavedGame
from cardtable.engine.phrased import PhrasedMove
from cardtable.saved_list import describe
from cardtable.ui.tables import table_for
from cardtable.ui.themes import FELT_COLOURS


class OneTable(App[None]):
    """A game's table widget alone, to draw one view into."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **FELT_COLOURS}  # the felt's colours

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.table = table_for(game_id)()

    def compose(self) -> ComposeResult:
        yield self.table


@pytest.mark.parametrize("game_id", games.ids())
async def test_a_hand_of_one_card_is_titled_1_card(game_id):
    game = games.get(game_id)
    state = game.new_game(game.default_seats, 3)
    state.hands[0] = state.hands[0][:1]
    names = [f"Ann {i}" for i in range(game.default_seats)]
    app = OneTable(game_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.table.show(game.view(state, 0), names, [], False)
        title = str(app.query_one("#hand-title").render())
        assert "Ann 0's hand" in title and ": 1 card" in title and "1 cards" not in title


def test_a_game_one_move_in_says_1_move_on_the_start_screen():
    saved = SavedGame(
        path=Path("piles-bcdf.jsonl"), id="bcdf", game="piles", names=["Ann"], moves=1, when=0
    )
    assert " · 1 move in · " in describe(saved)


def test_simulating_one_game_says_1_game(capsys):
    main(["simulate", "piles", "-n", "1"])
    assert capsys.readouterr().out.startswith("1 game of Piles: ")


def _move_kinds(base: type) -> list[type]:
    found = []
    for kind in base.__subclasses__():
        found += [kind, *_move_kinds(kind)]
    return found


def test_no_move_is_shown_with_describe_s_default_player():
    """Menus and hints use `brief`; `describe(player="You")` would read "You places ..."."""
    for game_id in games.ids():
        games.get(game_id)  # loads its moves
    # The games' own moves: a test may define a stray Move of no game (test_contract.py).
    kinds = [kind for kind in _move_kinds(Move) if kind.__module__.startswith("cardtable.")]
    assert kinds
    for kind in kinds:
        if issubclass(kind, PhrasedMove) and kind is not PhrasedMove:
            # a phrased move names its brief in its class line, or writes brief itself
            assert kind.brief_phrase or "brief" in vars(kind), kind
            assert kind.does or "describe" in vars(kind), kind
        else:
            assert "brief" in vars(kind), kind

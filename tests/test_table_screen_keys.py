"""The table screen: no key acts while the table is hidden; a demo stops on Esc or q; quitting
a game says how to resume it; a new deal is drawn before its first paint."""

import pytest

from cardtable import games
from cardtable.engine import Match, SeatConfig, SeatKind
from cardtable.engine.match import LoggedMove
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.menu import MenuScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import ask_hint, my_turn, shown_text, wait_until


def status(screen) -> str:
    return str(screen.query_one("#status").render())


def footer_keys(screen) -> str:
    from textual.widgets._footer import FooterKey

    return " | ".join(f"{k.key_display} {k.description}" for k in screen.query(FooterKey))


def piles_ann_opens() -> CardTableApp:
    """Piles, Ann and three bots, dealt so that Ann opens."""
    game = games.get("piles")
    seed = next(s for s in range(100) if game.to_act(game.new_game(4, s)) == [0])
    return CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=seed, delay=0)
    )


async def test_no_key_acts_while_the_window_is_too_small_and_the_table_comes_back():
    app = piles_ann_opens()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: screen.too_small)
        said = status(screen)
        state = screen.match.state.model_dump_json()
        await pilot.press("1", "enter", "enter", "p", "h", "question_mark", "ctrl+n", "d", "tab")
        await pilot.pause(0.1)
        assert app.screen is screen and screen.match.state.model_dump_json() == state
        assert status(screen) == said and not screen.match.record.log
        assert screen.table.selected is None
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: not screen.too_small)
        assert screen.table.has_focus
        await pilot.press("h")  # thought of in the worker process: it comes a moment later
        await wait_until(pilot, lambda: status(screen).startswith("Hint: "))


@pytest.mark.parametrize("game_id", ["runway", "run-it"])
async def test_a_move_menu_open_when_the_window_shrinks_closes_and_makes_no_move(game_id):
    """The menu of every move (m) would stand over the size message and take keys: made too
    small, the window closes it and the table's message shows; no key makes a move."""
    from cardtable.ui.screens.move_menu import MoveMenu

    game = games.get(game_id)
    seed = next(s for s in range(100) if game.to_act(game.new_game(4, s)) == [0])
    app = CardTableApp(
        Launch(command="play", game=game_id, seats="Ann,bot,bot,bot", seed=seed, delay=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.press("m")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: app.screen is screen and screen.too_small)
        await pilot.press("down", "enter", "enter")
        await pilot.pause(0.1)
        assert app.screen is screen and not screen.match.record.log
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: not screen.too_small)
        assert app.screen is screen and not screen.match.record.log


async def test_bots_wait_while_the_table_is_hidden():
    app = CardTableApp(
        Launch(command="play", game="piles", seats="bot,bot,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=(70, 20)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await pilot.pause(0.4)
        assert not screen.match.record.log
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: len(screen.match.record.log) > 0)


@pytest.mark.usefixtures("quick_strong_bots")
@pytest.mark.parametrize("key", ["escape", "q"])
async def test_esc_or_q_stops_a_demo_and_its_footer_says_so(key):
    app = CardTableApp(Launch(command="demo", game="runway", delay=0.5, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await wait_until(pilot, lambda: "Stop" in footer_keys(app.screen))
        keys = footer_keys(app.screen)
        assert "Stop the demo" in keys
        assert "Hint" not in keys and "Use card" not in keys and "Draw" not in keys
        assert "Esc or q stops it" in str(app.screen.query_one("#table-title").render())
        await pilot.press(key)
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert len(app.screen_stack) == 1  # the start screen alone: nothing left over it


async def test_esc_and_q_keep_their_usual_meaning_outside_a_demo():
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "Stop the demo" not in footer_keys(app.screen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_quitting_a_game_in_play_says_it_is_saved_and_how_to_resume():
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        # A game quit before any move keeps no save (test_saves_ui); make Ann's first move.
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: app.screen.match.log_lines())
        await pilot.press("ctrl+q")
    assert "Piles game is saved" in app.exit_message and "cardtable resume" in app.exit_message


async def test_a_new_deal_never_shows_an_empty_board(monkeypatch):
    seen = []
    on_mount = TableScreen.on_mount

    def watched(self):
        on_mount(self)
        seen.append(self.query_one("#game-table").visible)

    monkeypatch.setattr(TableScreen, "on_mount", watched)
    app = CardTableApp(Launch(command="demo", game="piles", delay=0, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: seen and isinstance(app.screen, TableScreen))
        table = app.screen
        # Painted before its first draw, the board is hidden; once drawn it shows.
        assert seen[0] is False
        await wait_until(pilot, lambda: table.match.record.log)
        assert table.query_one("#game-table").visible


def test_the_handoff_counts_earlier_moves_in_words():
    game = games.get("piles")
    seats = [SeatConfig(name=n, kind=SeatKind.HUMAN) for n in ("Ann", "Bob")]
    match = Match.start(game, seats, 1)
    match.record.log = [LoggedMove(seat=1, move={}, lines=[f"line {i}"]) for i in range(9)]
    said = TableScreen(match)._since_last_turn(0)
    assert said.startswith("The game so far (the last 8; 1 earlier move not shown):\nline 1\n")
    match.record.log.insert(0, LoggedMove(seat=0, move={}, lines=["Ann's move"]))
    assert TableScreen(match)._since_last_turn(0).startswith("Since your last turn (the last 8")


@pytest.mark.usefixtures("quick_strong_bots")
async def test_a_demo_deals_the_next_game_at_the_same_table_drawn_at_once():
    app = CardTableApp(Launch(command="demo", game="piles", delay=0, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        first = table.match
        await wait_until(pilot, lambda: app.screen is not table, tries=600)  # the results
        assert app.screen_stack[-2] is table  # the finished table stays under the results
        await wait_until(pilot, lambda: app.screen is table and table.match is not first, 600)
        assert table.match.game is first.game
        assert "to play" in str(table.query_one("#table-title").render())


def footer_seen(screen) -> str:
    """The footer's keys a player sees: those inside the window's width."""
    from textual.widgets._footer import FooterKey

    width = screen.app.size.width
    return " | ".join(
        f"{k.key_display} {k.description}"
        for k in screen.query(FooterKey)
        if k.region.width and k.region.right <= width
    )


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("run-it", "Ann,bot,bot"),
        ("piles", "Ann,bot,bot,bot"),
        ("over-trump", "Ann,bot,bot,bot"),
        ("runway", "Ann,bot,bot"),
        ("sets-and-runs", "Ann,bot,bot"),
    ],
)
async def test_every_table_shows_the_menu_key_at_the_players_turn(game, seats):
    rules = games.get(game)
    seed = next(
        s for s in range(100) if rules.to_act(rules.new_game(seats.count(",") + 1, s)) == [0]
    )
    app = CardTableApp(Launch(command="play", game=game, seats=seats, seed=seed, delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        await pilot.pause()
        assert "^n Menu" in footer_seen(app.screen)


@pytest.mark.parametrize(
    ("game", "moves"), [("piles", ["Choose", "Pass"]), ("over-trump", ["Place", "Keeper"])]
)
async def test_move_keys_leave_the_footer_while_a_bot_plays(game, moves):
    rules = games.get(game)
    seed = next(s for s in range(100) if rules.to_act(rules.new_game(4, s)) != [0])
    app = CardTableApp(
        Launch(command="play", game=game, seats="Ann,bot,bot,bot", seed=seed, delay=60)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        shown = footer_keys(app.screen)
        assert "^n Menu" in shown and not any(word in shown for word in moves)


@pytest.mark.usefixtures("quick_strong_bots")
async def test_a_demo_at_80_columns_shows_how_to_stop_it_whole():
    app = CardTableApp(Launch(command="demo", game="run-it", delay=0.5, seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        assert "DEMO: Esc or q stops it" in shown_text(app.screen.query_one("#table-title"))


async def test_a_hint_stands_while_the_window_is_too_small_and_enter_still_makes_it():
    app = piles_ann_opens()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        hint = await ask_hint(pilot, app)
        hinted = screen.table.hinted
        await pilot.resize_terminal(40, 10)
        await wait_until(pilot, lambda: screen.too_small)
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: not screen.too_small)
        await pilot.pause()
        assert status(screen) == hint and screen.table.hinted == hinted
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.match.record.log) >= 1)
        assert screen.match.record.log[0].move == hinted.model_dump(mode="json")

"""The start screen lists every unfinished game and resumes each where it stood; a damaged
save or a failed write is said plainly (issue 9 finding 5, issue 10 findings 3, 4, 8)."""

import os

from textual.widgets import OptionList

from cardtable.engine import saved_games, saves_dir
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.menu import MenuScreen
from tests.pilot_steps import my_turn, wait_until

SIZE = (100, 30)


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def play_a_little(game_id: str, seed: int) -> str:
    """Start a game with one person and three bots, make one move, quit: its state."""
    app = CardTableApp(
        Launch(command="play", game=game_id, seats="Ann,bot,bot,bot", seed=seed, delay=0)
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: my_turn(app) and app.screen.match.record.log[-1].seat)
        return app.screen.match.state.model_dump_json()


async def test_two_unfinished_games_are_both_listed_and_each_resumes_where_it_stood():
    piles = await play_a_little("piles", 3)
    trump = await play_a_little("over-trump", 11)
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one("#save-list", OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(2)]
        assert labels[0].startswith("Over Trump · Ann, Bot 2, Bot 3, Bot 4 · ")
        assert labels[1].startswith("Piles · Ann, Bot 2, Bot 3, Bot 4 · ")
        for index, state, game in ((1, piles, "piles"), (0, trump, "over-trump")):
            options = app.screen.query_one("#save-list", OptionList)
            options.focus()
            options.highlighted = index
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(app))
            assert app.screen.match.game.id == game
            assert app.screen.match.state.model_dump_json() == state
            await pilot.press("ctrl+n")
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
            # Back on the start screen, its unfinished games start again on the newest, as on
            # a new start screen (not on the line of the game left, where another now stands).
            assert app.screen.query_one("#save-list", OptionList).highlighted == 0
    assert len(saved_games()) == 2


async def test_a_damaged_save_is_listed_refused_with_a_message_and_left_untouched():
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "piles-bcdf.jsonl"
    path.write_text("{ this is not a save", encoding="utf-8")
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one("#save-list", OptionList)
        assert str(options.get_option_at_index(0).prompt).startswith("Damaged save: piles-bcdf")
        options.focus()
        options.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        assert any("cannot be resumed" in m and "left untouched" in m for m in messages(app))
        assert not any("next save will replace" in m for m in messages(app))
        assert isinstance(app.screen, MenuScreen)
    assert path.read_text(encoding="utf-8") == "{ this is not a save"


async def test_resume_with_no_unfinished_game_says_so():
    app = CardTableApp(Launch(command="resume"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any("no unfinished game" in m for m in messages(app))


async def test_a_game_that_cannot_be_saved_goes_on_and_says_why_on_the_table(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocker))
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        title = str(app.screen.query_one("#table-title").render())
        assert "not saved:" in title and "is a file, not a folder" in title
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: my_turn(app) and len(app.screen.match.record.log) > 1)
        assert any("Not saved" in m for m in messages(app))


def test_a_continue_line_fits_the_start_screen_with_five_long_names():
    from pathlib import Path

    from cardtable.engine import SavedGame
    from cardtable.saved_list import describe
    from cardtable.ui.screens.menu import CONTINUE_ROOM

    names = ["Alexandrina Long", "Bartholomew Tee", "Cassiopeia Star", "Bot 4", "Bot 5"]
    saved = SavedGame(Path("runway-kpwx.jsonl"), "kpwx", "runway", names, 127, 0.0)
    line = describe(saved, room=CONTINUE_ROOM)
    assert len(line) <= CONTINUE_ROOM
    assert line.startswith("Runway · Alexandrina Long, Bart") and "…" in line
    assert line.endswith("127 moves in · " + line.rsplit(" · ", 1)[1])
    short = SavedGame(Path("piles-bcdf.jsonl"), "bcdf", "piles", ["Ann", "Bob", "{0}", "x"], 1, 0)
    assert describe(short, room=CONTINUE_ROOM).startswith("Piles · Ann, Bob, {0}, x · 1 move in")


async def test_two_copies_of_one_save_each_get_a_line_on_the_start_screen():
    await play_a_little("piles", 3)
    [path] = [s.path for s in saved_games()]
    path.with_name("copy-of-" + path.name).write_bytes(path.read_bytes())
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        # At the start the unfinished games are read after the first paint: wait for them.
        await wait_until(
            pilot, lambda: isinstance(app.screen, MenuScreen) and app.screen.saves_listed
        )
        options = app.screen.query_one("#save-list", OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert sum(1 for i in ids if i.startswith("resume:")) == 2


def nine_unfinished_games() -> list:
    """Nine saves, each a few moves in (bots' moves), made one after another."""
    from cardtable import games
    from cardtable.engine import Match, new_save_path, parse_seats

    for i in range(9):
        game = games.get(["piles", "run-it", "runway"][i % 3])
        match = Match.start(game, parse_seats("Ann,bot"), 20 + i, None, new_save_path(game.id))
        for _ in range(1 + i):
            seat = game.to_act(match.state)[0]
            match.play(seat, game.legal_moves(match.state, seat)[0])
        path = match.save_path
        match.close()
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    return saved_games()


def on_screen(widget, height: int) -> bool:
    region = widget.region
    return region.height > 0 and region.y >= 0 and region.bottom <= height - 1


async def test_with_nine_unfinished_games_the_five_games_stay_in_view_at_80x24():
    saved = nine_unfinished_games()
    assert [s.moves for s in saved] == list(range(9, 0, -1)), "newest first"
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        menu = app.screen
        games_list = menu.query_one("#game-list", OptionList)
        save_list = menu.query_one("#save-list", OptionList)
        assert games_list.option_count == 5 and on_screen(games_list, 24)
        assert games_list.region.height >= 5 + 2, "every game's line shows"
        assert save_list.option_count == 9 and on_screen(save_list, 24)
        assert on_screen(menu.query_one("#menu-detail"), 24)
        # Down from the last game goes on to the unfinished games, which scroll; the games stay.
        for _ in range(5 + 8):
            await pilot.press("down")
        assert app.focused is save_list and save_list.highlighted == 8
        assert save_list.scroll_offset.y > 0
        assert on_screen(games_list, 24) and games_list.region.height >= 7
        assert "cardtable resume" in str(menu.query_one("#menu-detail").render())


async def test_deleting_an_unfinished_game_asks_once_and_n_keeps_it():
    from cardtable.ui.screens.menu import ConfirmDelete

    saved = nine_unfinished_games()
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        for _ in range(5 + 1):  # the second unfinished game
            await pilot.press("down")
        await pilot.press("delete")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDelete))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert saved[1].path.exists() and len(saved_games()) == 9
        await pilot.press("delete")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDelete))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        assert not saved[1].path.exists()
        assert [s.path for s in saved_games()] == [s.path for s in saved if s is not saved[1]]
        save_list = app.screen.query_one("#save-list", OptionList)
        assert save_list.option_count == 8
        # On a game's line, del deletes nothing.
        app.screen.query_one("#game-list", OptionList).focus()
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(saved_games()) == 8


async def test_a_game_left_before_any_move_leaves_no_save_and_no_line():
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=60)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.in_play is not None)
        assert app.in_play.record.log == [] and len(saved_games()) == 1
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        assert saved_games() == []
        assert not app.screen.query_one("#save-list", OptionList).display
    # Quitting from the table before any move: no save, and no line saying one was kept.
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=60)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.in_play is not None)
        await app.action_quit()
    assert saved_games() == [] and app.exit_message is None


async def test_ctrl_q_says_a_game_on_a_full_disk_was_not_saved(monkeypatch):
    """Issue 19 item 9: a game the disk never took is not left in silence."""
    import errno

    from cardtable.engine import saves as saves_module

    def full(fd, data, offset):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves_module.os, "pwrite", full)
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: my_turn(app) and len(app.screen.match.record.log) > 1)
        await app.action_quit()
    assert app.exit_message == (
        "Your Piles game was not saved (the disk is full): it cannot be resumed."
    )


def footer_keys(app) -> set[str]:
    """The actions the start screen's footer shows now."""
    return {
        binding.action
        for (_, binding, enabled, _) in app.screen.active_bindings.values()
        if enabled and binding.show
    }


async def test_continue_is_offered_only_while_there_is_an_unfinished_game():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "resume" not in footer_keys(app)  # a first start: nothing to continue
    await play_a_little("piles", 3)
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "resume" in footer_keys(app)


async def test_ctrl_q_on_a_disk_that_filled_mid_game_says_the_save_resumes_from_its_last_move(
    monkeypatch,
):
    """A disk that fills after some moves were saved: the save still holds them, and the quit
    message says how to continue from the last one, not that nothing can be resumed."""
    import errno

    from cardtable import games
    from cardtable.engine import Match
    from cardtable.engine import saves as saves_module

    real = saves_module.os.pwrite
    full = {"now": False}

    def filling(fd, data, offset):
        if full["now"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data, offset)

    monkeypatch.setattr(saves_module.os, "pwrite", filling)
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app) and len(app.screen.match.record.log) >= 1)
        match = app.screen.match
        saved_moves = len(match.record.log)
        full["now"] = True
        await pilot.press("h", "enter")
        await wait_until(pilot, lambda: len(match.record.log) > saved_moves and match.unsaved)
        path = match.save_path
        await app.action_quit()
    assert app.exit_message is not None
    assert "could not save its last moves (the disk is full)" in app.exit_message
    assert "resume" in app.exit_message and "cannot be resumed" not in app.exit_message
    full["now"] = False
    resumed = Match.load(path, games)
    assert len(resumed.record.log) == saved_moves  # it goes on from the last move saved
    resumed.close()

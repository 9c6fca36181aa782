"""The start screen lists every unfinished game and resumes each where it stood; a damaged
save or a failed write is said plainly (issue 9 finding 5, issue 10 findings 3, 4, 8)."""

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
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(2)]
        assert labels[0].startswith("Continue: Over Trump · Ann, Bot 2, Bot 3, Bot 4 · ")
        assert labels[1].startswith("Continue: Piles · Ann, Bot 2, Bot 3, Bot 4 · ")
        for index, state, game in ((1, piles, "piles"), (0, trump, "over-trump")):
            options = app.screen.query_one(OptionList)
            options.highlighted = index
            await pilot.press("enter")
            await wait_until(pilot, lambda: my_turn(app))
            assert app.screen.match.game.id == game
            assert app.screen.match.state.model_dump_json() == state
            await pilot.press("ctrl+n")
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
    assert len(saved_games()) == 2


async def test_a_damaged_save_is_listed_refused_with_a_message_and_left_untouched():
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "piles-bcdf.jsonl"
    path.write_text("{ this is not a save", encoding="utf-8")
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert str(options.get_option_at_index(0).prompt).startswith("Damaged save: piles-bcdf")
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
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert sum(1 for i in ids if i.startswith("resume:")) == 2

"""The history at the table: the start screen's h lists the finished games, newest first, and
Enter replays one; `cardtable replay N|ID|FILE` opens a replay at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import games
from cardtable.engine.history import History, export_lines, finished_game
from cardtable.saved_list import NO_GAMES, when
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.history import HistoryScreen
from cardtable.ui.screens.menu import MenuScreen
from cardtable.ui.screens.replay import ReplayScreen
from tests.test_replay import played


def kept(*seeds: int) -> list:
    """Finished games of Piles recorded in this test's history, oldest first."""
    finished = []
    with History() as history:
        for n, seed in enumerate(seeds):
            match = played("piles", seed)
            game = finished_game(match, ended=1_800_000_000 + n * 60)
            assert history.record(game)
            finished.append(game)
    return finished


async def test_h_on_the_start_screen_lists_finished_games_newest_first_and_enter_replays():
    older, newer = kept(3, 4)
    app = CardTableApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert [s.id for s in screen.summaries] == [newer.id, older.id]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.record == older.record
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_an_empty_history_says_so_in_a_sentence():
    app = CardTableApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert str(app.screen.query_one("#history-empty").render()) == NO_GAMES
        await pilot.press("enter")  # nothing to replay: nothing happens
        assert isinstance(app.screen, HistoryScreen)


async def test_cardtable_replay_opens_the_latest_by_number_an_id_or_an_exported_file(tmp_path):
    older, newer = kept(5, 6)
    exported = tmp_path / "game.jsonl"
    exported.write_text(export_lines(older))
    for which, expected in (("1", newer), (older.id, older), (str(exported), older)):
        app = CardTableApp(Launch(command="replay", replay=which))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen), which
            assert app.screen.replay.record == expected.record
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)


async def test_cardtable_replay_of_nothing_ends_with_a_sentence(tmp_path: Path):
    bad = tmp_path / "not-a-game.jsonl"
    bad.write_text('{"hello": 1}\n')
    for which in ("7", str(bad)):
        app = CardTableApp(Launch(command="replay", replay=which))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
        assert app.return_code == 1
        assert app.exit_message.startswith("cardtable: ")
        assert "Traceback" not in app.exit_message
    assert games.get("piles")  # the games still load after a refused file


async def test_at_80x24_each_finished_game_is_one_line_its_time_kept_and_names_cut_first():
    from cardtable.engine import parse_seats

    long_names = "Bartholomew Ann,Wilhelmina Bo,Maximilian Cy,Fitzgerald Di"
    match = played("piles", 7)
    match.record.seats = parse_seats(long_names)
    with History() as history:
        history.record(finished_game(match, ended=1_800_000_000))
    app = CardTableApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        listed = app.screen.query_one("#history-list")
        line = listed.get_option_at_index(0).prompt
        # The game and when it ended first, whole; the rest cut to the list's width, one line.
        assert line.plain.startswith(f"  1. Piles · {when(1_800_000_000)} · won by ")
        assert line.plain.endswith("…") and line.no_wrap
        assert len(line.plain) < listed.scrollable_content_region.width


@pytest.mark.usefixtures("quick_strong_bots")
async def test_a_demo_played_to_its_results_is_kept_out_of_the_history():
    from cardtable.ui.screens.results import ResultsScreen
    from tests.pilot_steps import wait_until

    app = CardTableApp(Launch(command="demo", game="piles", delay=0, seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), tries=3000)
        assert app.recorder.flush(5)
        await pilot.press("escape")
    with History() as history:
        assert history.finished_games() == []


async def test_a_save_whose_last_move_was_made_is_kept_in_the_history_when_resumed():
    """Stopped after the last move but before its save was deleted: resuming shows the results
    and keeps the game (once) in the history."""
    from cardtable.engine import Match, new_save_path, parse_seats
    from cardtable.ui.screens.results import ResultsScreen

    game = games.get("piles")
    match = Match.start(game, parse_seats("Ann,bot,bot,bot"), 5, None, new_save_path("piles"))
    finished = played("piles", 5, people=1)
    path = match.save_path
    for entry in finished.record.log[:-1]:
        match.play(entry.seat, game.parse_move(entry.move))
    last = finished.record.log[-1]
    match.save_file.append(last.model_dump_json() + "\n")  # saved, then stopped at once
    match.save_file.close()
    app = CardTableApp(Launch(command="resume", save=path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen), [n.message for n in app._notifications]
        assert app.recorder.flush(5)
    assert not path.exists()
    with History() as history:
        kept = history.finished_games()
    assert [(g.game, g.moves) for g in kept] == [("piles", len(finished.record.log))]

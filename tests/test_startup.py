"""Start to first paint (issue 25 item 3): the start screen is drawn before the engine's models,
the games' rules, the history or the worker pool are imported, and the unfinished games filled
in after it move nothing on the screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screen_css import SCREENS_CSS
from cardtable.ui.screens.menu import MenuScreen
from cardtable.ui.screens.setup import SetupScreen
from cardtable.ui.screens.table_frame import TableFrame
from tests.pilot_steps import wait_until

ROOT = Path(__file__).resolve().parents[1]

NOT_BEFORE_THE_FIRST_PAINT = (
    "pydantic",
    "cardtable.engine.contract",
    "cardtable.engine.match",
    "cardtable.engine.history",
    "cardtable.cards.standard",
    "cardtable.saved_list",
    "cardtable.net.apart",
    "cardtable.ui.card_faces",
    "filelock",
    "multiprocessing",
    "importlib.metadata",
)
"""What the start screen has no use for, each some milliseconds to import (pydantic and the
models it builds, about 170 ms): the game's modules (cardtable.games.<game>) are checked too."""

PROBE = """
import json, sys
import cardtable
from cardtable.ui import app as app_module
from textual.css.stylesheet import Stylesheet

seen = {}
painted = app_module.CardTableApp._painted
read_again = Stylesheet.reparse
reparsed = []


def counted(self):
    reparsed.append(1)
    read_again(self)


Stylesheet.reparse = counted


def probe(self):
    seen["modules"] = sorted(sys.modules)
    seen["css"] = sorted(path for path, _ in self.stylesheet.source if path.endswith(".tcss"))
    sources = self.stylesheet.source.values()
    seen["setup_styles"] = any("#setup-actions" in source.content for source in sources)
    seen["reparsed"] = len(reparsed)
    painted(self)


app_module.CardTableApp._painted = probe
from cardtable.cli import main

main([])
print(json.dumps(seen))
"""
"""`cardtable` with no command, as a person starts it, to its first paint (then it exits): the
modules loaded by then, the style files read and how often the stylesheet was read again, as
the last line."""


def at_the_first_paint(home: Path) -> dict[str, Any]:
    """What `cardtable` (no command) has loaded when it has painted its start screen."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        env={**os.environ, "CARDTABLE_HOME": str(home), "CARDTABLE_EXIT_AFTER_FIRST_PAINT": "1"},
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_start_screen_paints_before_the_engine_and_the_games_load(tmp_path):
    loaded = at_the_first_paint(tmp_path)["modules"]
    assert "cardtable.ui.screens.menu" in loaded, "the probe saw the start screen"
    early = [name for name in NOT_BEFORE_THE_FIRST_PAINT if name in loaded]
    games = [
        name
        for name in loaded
        if name.startswith("cardtable.games.") and name != "cardtable.games.catalog"
    ]
    assert not early + games, f"imported before the first paint: {early + games}"


def test_the_start_screen_reads_only_its_own_styles_once_in_a_theme_of_ours(tmp_path):
    # The other screens' styles (screens.tcss) and a second reading of every stylesheet for the
    # theme cost a tenth of the start: the start screen needs neither.
    (tmp_path / "preferences.json").write_text(json.dumps({"theme": "felt-contrast"}))
    seen = at_the_first_paint(tmp_path)
    assert [Path(path).name for path in seen["css"]] == ["app.tcss"]
    assert not seen["setup_styles"], "the setup screen's styles were read before the first paint"
    assert seen["reparsed"] == 0, "every stylesheet was read again before the first paint"


async def test_other_screens_styles_load_after_the_first_paint_or_with_a_table_opened_first():
    app = CardTableApp(Launch(command="menu"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.stylesheet.has_source(SCREENS_CSS, ""))
        await pilot.press("enter")  # the first game's setup screen
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.query_one("#setup-actions").styles.dock == "bottom"
    played = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot", seed=1, delay=0))
    async with played.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(played.screen, TableFrame))
        assert played.screen.query_one("#status").styles.min_height.value == 2


def unfinished_games(count: int) -> None:
    """`count` saves, each a move in, the last of them an unreadable one."""
    from cardtable import games
    from cardtable.engine import Match, new_save_path, parse_seats, saves_dir

    game = games.get("piles")
    for seed in range(count - 1):
        match = Match.start(game, parse_seats("Ann,bot"), seed, None, new_save_path("piles"))
        seat = game.to_act(match.state)[0]
        match.play(seat, game.legal_moves(match.state, seat)[0])
        match.close()
    (saves_dir() / "piles-bcdf.jsonl").write_text("{ not a save", encoding="utf-8")


def layout(menu: MenuScreen) -> dict[str, object]:
    """Where each part of the start screen is, and how many lines the unfinished games have."""
    found: dict[str, object] = {
        name: menu.query_one(name).region
        for name in ("#game-list", "#saves-title", "#save-list", "#menu-detail")
    }
    found["lines"] = menu.query_one("#save-list", OptionList).option_count
    found["continue"] = menu.check_action("resume", ())
    return found


async def test_the_unfinished_games_are_filled_in_after_the_first_paint_and_nothing_moves(
    monkeypatch,
):
    unfinished_games(3)
    before: dict[str, object] = {}
    listing = MenuScreen.list_saves

    def list_saves(menu: MenuScreen) -> None:
        if not before:
            before["painted"] = menu.app.first_paint is not None
            before.update(layout(menu))
        listing(menu)

    monkeypatch.setattr(MenuScreen, "list_saves", list_saves)
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen) and before)
        await pilot.pause()
        menu = app.screen
        assert menu.saves_listed and before.pop("painted") is True
        assert layout(menu) == before
        labels = [str(option.prompt) for option in menu.query_one("#save-list", OptionList).options]
        assert sum(label.startswith("Damaged save: piles-bcdf") for label in labels) == 1
        assert sum(label.startswith("Piles · Ann, Bot 2 · 1 move in") for label in labels) == 2


async def test_down_before_the_unfinished_games_are_read_reads_them_and_goes_on_to_them():
    unfinished_games(2)
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen
        menu.saves_listed = False  # as if ↓ came before the list was read (it is read again)
        game_list = menu.query_one("#game-list", OptionList)
        game_list.highlighted = game_list.option_count - 1
        await pilot.press("down")
        save_list = menu.query_one("#save-list", OptionList)
        assert menu.saves_listed and len(menu.saves) == 2
        assert app.focused is save_list and save_list.highlighted == 0


def test_cardtable_alone_skips_the_parser_for_what_the_parser_would_give(monkeypatch):
    from cardtable import cli

    assert vars(cli.build_parser().parse_args([])) == {"command": None}
    given = []

    def no_parser():
        raise AssertionError("the parser was built for `cardtable` alone")

    monkeypatch.setattr(cli, "_run_app", given.append)
    monkeypatch.setattr(cli, "build_parser", no_parser)
    cli.main([])
    monkeypatch.setattr(sys, "argv", ["cardtable"])
    cli.main()
    assert [vars(args) for args in given] == [{"command": None}, {"command": None}]


async def test_a_start_screen_not_yet_mounted_at_the_first_paint_reads_the_games_as_it_mounts():
    # Ctrl+N at a table before the app's first paint was out: the app told a start screen that
    # had no widgets yet to fill them in, and stopped on NoMatches (CI, test_handoff_guard).
    unfinished_games(2)
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = MenuScreen()
        menu.after_first_paint()  # not mounted: nothing read, nothing fails
        assert not menu.saves_listed
        app.push_screen(menu)
        await wait_until(pilot, lambda: app.screen is menu and menu.saves_listed)
        assert len(menu.saves) == 2

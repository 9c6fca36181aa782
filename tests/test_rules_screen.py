"""The rules pages in a player's words: no "seed" jargon, and a footer that says where Esc goes
back to (issue 18 item 12)."""

import re
from pathlib import Path

from textual.widgets import Footer, OptionList

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.screens.setup import SetupScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import wait_until

RULES = Path(__file__).parent.parent / "assets" / "rules"


def footer_words(app) -> str:
    """Every key's description in the footer of the screen on top."""
    footer = app.screen.query_one(Footer)
    return " | ".join(str(key.description) for key in footer.query("FooterKey"))


def test_no_rules_page_calls_the_original_rules_the_seed():
    for page in RULES.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"\bseed\b|\bseed's\b", text, re.IGNORECASE), page.name


def test_pages_that_settle_gaps_still_say_which_rules_are_ours_and_which_the_originals():
    for name in ("run-it.md", "sets-and-runs.md", "runway.md"):
        text = (RULES / name).read_text(encoding="utf-8")
        assert "original rules" in text, name
        assert "**ours" in text or "ours" in text, name
    runway = (RULES / "runway.md").read_text(encoding="utf-8")
    assert "**these endings are ours, not the original rules'**" in runway


async def test_the_rules_page_says_back_to_where_it_was_opened():
    app = CardTableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        words = footer_words(app)
        assert "Back to the start screen" in words and "game" not in words
        await pilot.press("escape")
        options = app.screen.query_one("#game-list", OptionList)
        options.highlighted = options.get_option_index("piles")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        words = footer_words(app)
        assert "Back to the setup" in words and "game" not in words
        await pilot.press("escape")
        assert isinstance(app.screen, SetupScreen)


async def test_the_rules_page_over_a_table_says_back_to_the_game():
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        assert "Back to the game" in footer_words(app)

"""Run It's rules page: what the seed and our settlements say, every setting, and
`cardtable rules run-it` prints it."""

import subprocess
import sys

from cardtable.games.run_it.session import BLOCKED_ROUNDS, STALL_ROUNDS
from cardtable.games.run_it.state import RunItOptions
from cardtable.rules_pages import rules_page


def page() -> str:
    return " ".join(rules_page("run-it").split())


def test_the_rules_page_tells_the_game_from_the_deal_to_the_win():
    text = page()
    for words in (
        "130 cards",
        "The turned card's action is **not** applied",
        "the first player may play **any** card",
        "The player on the dealer's left goes first",
        "the winner of each game goes first in the next, and the deal moves one seat clockwise",
        "you get a second card the same way",
        "Offers not taken go back",
        "**No card is offered or got during a penalty run.**",
        "the run **ends, nobody draws**",
        "the player who cannot answer draws 6",
        "A yellow +3 may follow",
        "A match is **only a discard**",
        "A player with **no cards wins at once**",
    ):
        assert words in text, words


def test_the_rules_page_marks_our_settlements_and_the_house_rule():
    text = page()
    assert "a Wild Penalty counts as a penalty card here, so a Wild may not go on it" in text
    assert BLOCKED_ROUNDS == 1
    assert (
        "nobody offers a card, and a whole round of turns passes in which no player **could** "
        "play (not merely did not" in text
    )
    assert f"So does a game in which {STALL_ROUNDS} whole rounds pass with nothing played" in text
    assert "**House rule** (the *False claims draw one* setting, off unless you turn it on" in text
    assert text.count("**Ours:**") + text.count("**ours") >= 5


def test_the_rules_page_lists_every_setting_and_the_keys_at_one_keyboard():
    text = page()
    for field in RunItOptions.model_fields.values():
        assert f"| {field.title} |" in text, field.title
    assert "**Never offers**" in text
    assert "press **your** claim key before the countdown ends" in text
    assert "gets the handoff screen first" in text


def test_cardtable_rules_prints_the_run_it_page():
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "rules", "run-it"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert "Match-it" in done.stdout and "Penalty runs" in done.stdout

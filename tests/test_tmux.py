"""One real terminal: the app in tmux, driven by keys, read back from the screen."""

import pytest

from benchmarks.tmux import TmuxSession, cardtable_command, have_tmux

pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(not have_tmux(), reason="tmux is not installed"),
]


def test_piles_in_a_real_terminal_from_start_screen_to_a_hint_and_the_rules(tmp_path):
    with TmuxSession(cardtable_command(), env={"CARDTABLE_HOME": str(tmp_path)}) as term:
        term.wait_for("Friends around one keyboard")
        screen = term.screen()
        assert "Piles" in screen and "Over Trump" in screen and "not playable yet" in screen
        term.send("Enter")
        term.wait_for("new game")
        term.send("C-s")
        term.wait_for("You's hand")
        term.wait_for("Place one of your")
        term.send("h")
        term.wait_for("Hint:")
        term.send("?")
        term.wait_for("The deal")
        term.send("Escape")
        term.wait_for("You's hand")
        term.send("C-q")
        for _ in range(200):
            if not term.alive():
                break
            term.wait_for("", timeout=0.01)
        assert (tmp_path / "last-game.json").exists()


def test_too_small_a_terminal_says_the_size_it_needs(tmp_path):
    args = cardtable_command("play", "piles", "--seats", "Ann,bot,bot,bot", "--seed", "2")
    with TmuxSession(args, width=70, height=20, env={"CARDTABLE_HOME": str(tmp_path)}) as term:
        term.wait_for("at least 80x24")
        assert "70x20" in term.screen()

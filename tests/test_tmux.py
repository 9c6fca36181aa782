"""One real terminal: the app in tmux, driven by keys, read back from the screen."""

import pytest

from benchmarks.tmux import TmuxSession, cardtable_command, have_tmux

# Real terminals run one after another, on one xdist worker: under a loaded machine, an app
# started in a small tmux pane was seen drawing at 80x24 and never hearing of the pane's size.
pytestmark = [
    pytest.mark.tmux,
    pytest.mark.xdist_group("tmux"),
    pytest.mark.skipif(not have_tmux(), reason="tmux is not installed"),
]


def test_piles_in_a_real_terminal_from_start_screen_to_a_hint_and_the_rules(tmp_path):
    with TmuxSession(cardtable_command(), env={"CARDTABLE_HOME": str(tmp_path)}) as term:
        term.wait_for("Friends around one keyboard")
        screen = term.screen()
        assert "Piles" in screen and "Sets and Runs" in screen and "not playable yet" not in screen
        term.send("End", "Enter")  # Piles is last on the list
        term.wait_for("Piles: new game")
        term.send("C-s")
        term.wait_for("Player 1's hand")
        term.wait_for("You open", "Place one of your")  # the bots before Player 1 have played
        term.send("h")
        term.wait_for("Hint:")
        term.send("?")
        term.wait_for("The deal")
        term.send("Escape")
        term.wait_for("Player 1's hand")
        term.send("h")  # the hint again, and Enter makes its move (a game with no move keeps
        term.wait_for("Hint:")  # no save)
        term.send("Enter")
        term.wait_for("Player 1 places")
        term.send("C-q")
        assert term.wait_until_closed()
        assert len(list((tmp_path / "saves").glob("piles-*.jsonl"))) == 1


def test_an_app_whose_terminal_closes_quits_with_its_game_saved(tmp_path):
    """Closing the window under `make play` used to leave the app running for good, a core
    busy: make keeps the hangup to itself, and Textual's input thread, reading nothing from a
    dead terminal, spins. The app notices the terminal is gone and quits as Ctrl+Q does."""
    import os
    import shlex
    import time
    from pathlib import Path

    pid_file = tmp_path / "pid"
    app = " ".join(shlex.quote(word) for word in cardtable_command("play", "piles"))
    # As under make: a parent that outlives the hangup, which never reaches the app.
    shell = f"trap '' HUP; echo $$ > {shlex.quote(str(pid_file))}; {app} --seats Ann,bot; true"
    term = TmuxSession(["sh", "-c", shell], env={"CARDTABLE_HOME": str(tmp_path)})
    try:
        term.wait_for("Ann's hand")
        term.wait_for("You open", "Place one of your")
        term.send("h")
        term.wait_for("Hint:")
        term.send("Enter")
        term.wait_for("Ann places")
        parent = int(pid_file.read_text())
        pid = int(Path(f"/proc/{parent}/task/{parent}/children").read_text().split()[0])
    finally:
        term.close()  # the window closes: its terminal hangs up

    def running() -> bool:  # a zombie has ended: nothing may be left to reap it here
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        return state != "Z"

    for _ in range(100):
        if not running():
            break
        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        os.kill(parent, 9)
        raise AssertionError("the app ran on after its terminal closed")
    assert len(list((tmp_path / "saves").glob("piles-*.jsonl"))) == 1  # its game kept

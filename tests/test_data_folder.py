"""The suite never writes into the data folder of the person running it (issue 18.15): a save
made after a test's own folder was undone lands in the session's throwaway folder, and a run
that changes the person's folder anyway fails, naming what changed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LATE_SAVE = """
import threading
import time

from cardtable import games
from cardtable.engine import Match, new_save_path, parse_seats


def save_a_little_later():
    time.sleep(0.5)  # the test that started it has ended, its monkeypatch undone
    match = Match.start(
        games.get("piles"), parse_seats("Ann,bot,bot,bot"), 3, None, new_save_path("piles")
    )
    seat = games.get("piles").to_act(match.state)[0]
    match.play(seat, games.get("piles").legal_moves(match.state, seat)[0])
    match.close()


def test_starts_a_game_that_outlives_it():
    # The last test of a worker: the thread saves after the session ended, as an app or a bot
    # still thinking on a loaded machine did (the interpreter waits for it before exiting).
    threading.Thread(target=save_a_little_later).start()
"""

WRITES_THE_REAL_FOLDER = """
import os
from pathlib import Path

import pytest


def test_writes_into_the_persons_folder():
    folder = Path(os.environ["HOME"], ".local", "share", "cardtable", "saves")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "piles-bcdf.jsonl").write_text("{}")
"""


def run_suite(tmp_path: Path, test_text: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Run pytest on one test file beside this suite's conftest, as a person whose home is
    `tmp_path/home` (with no CARDTABLE_HOME or XDG_DATA_HOME of her own) runs it."""
    suite = tmp_path / "suite"
    suite.mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", suite / "conftest.py")
    (suite / "test_it.py").write_text(test_text)
    home = tmp_path / "home"
    home.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("CARDTABLE_HOME", "XDG_DATA_HOME", "CARDTABLE_TESTS_REAL_DATA")
        and not k.startswith(("PYTEST_", "COV_"))
    }
    env["HOME"] = str(home)
    env["TMPDIR"] = str(tmp_path / "tmp")  # the session's folder, which the late save remakes
    (tmp_path / "tmp").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]
        + ["-p", "no:randomly", "--rootdir", str(suite), "-c", os.devnull, str(suite)],
        cwd=suite,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    return done, home / ".local" / "share" / "cardtable"


def test_a_save_made_after_its_test_ended_stays_out_of_the_persons_folder(tmp_path):
    done, real = run_suite(tmp_path, LATE_SAVE)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not real.exists() or not any(real.rglob("*")), sorted(real.rglob("*"))


def test_a_run_that_changes_the_persons_folder_fails_naming_the_file(tmp_path):
    done, real = run_suite(tmp_path, WRITES_THE_REAL_FOLDER)
    assert (real / "saves" / "piles-bcdf.jsonl").exists()
    assert done.returncode != 0
    assert "added saves/piles-bcdf.jsonl" in done.stdout
    assert str(real) in done.stdout.replace("\n", "")


# Where the data folder is (issue 20.5: platformdirs chooses it on every system)


def start_a_game():
    """A Piles game started and closed, saved in the data folder as it is now chosen."""
    from cardtable import games
    from cardtable.engine import Match, new_save_path, parse_seats

    path = new_save_path("piles")
    Match.start(games.get("piles"), parse_seats("Ann,bot,bot,bot"), 3, None, path).close()
    return path


@pytest.fixture
def person_home(tmp_path, monkeypatch):
    """A person's home folder, with no CARDTABLE_HOME or XDG_DATA_HOME of her own."""
    home = tmp_path / "person"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CARDTABLE_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    return home


@pytest.mark.skipif(sys.platform != "linux", reason="the folder a Linux person already has")
def test_on_linux_saves_stay_in_the_folder_a_person_already_has(person_home, monkeypatch):
    from cardtable.engine import saved_games

    path = start_a_game()
    assert path.parent == person_home / ".local" / "share" / "cardtable" / "saves"
    assert [saved.path for saved in saved_games()] == [path]

    xdg = person_home / "xdg"
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg))
    assert start_a_game().parent == xdg / "cardtable" / "saves"


def test_cardtable_home_wins_over_the_systems_folder(person_home, monkeypatch, tmp_path):
    from cardtable.engine import saved_games

    monkeypatch.setenv("XDG_DATA_HOME", str(person_home / "xdg"))
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "mine"))
    path = start_a_game()
    assert path.parent == tmp_path / "mine" / "saves"
    assert [saved.path for saved in saved_games()] == [path]


def test_a_data_folder_that_is_a_file_only_means_the_seats_are_not_remembered(
    monkeypatch, tmp_path
):
    from cardtable.engine.seats import SeatConfig, remember_seats, remembered_seats

    not_a_folder = tmp_path / "home"
    not_a_folder.write_text("a file where the folder should be")
    monkeypatch.setenv("CARDTABLE_HOME", str(not_a_folder))
    remember_seats("piles", [SeatConfig(name="Ann")])  # no error: the seats are not kept
    assert not_a_folder.read_text() == "a file where the folder should be"
    assert remembered_seats("piles", (1, 2, 3, 4)) is None

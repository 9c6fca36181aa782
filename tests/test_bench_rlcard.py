"""The RLCard comparison's own parts, without RLCard: what `make bench` prints when it cannot run,
and when one of our games is not playable yet."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks import rlcard as bench
from cardtable import games

PIP_OFFLINE_LOG = """\
WARNING: Location 'file:///x/simple/rlcard/' is ignored: it is neither a file nor a directory.
WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after \
connection broken by 'NewConnectionError('<HTTPConnection object>: Failed to establish a new \
connection: [Errno 111] Connection refused')': /simple/rlcard/
ERROR: Could not find a version that satisfies the requirement rlcard==1.2.0 (from versions: none)
ERROR: No matching distribution found for rlcard==1.2.0
"""


def test_without_a_python_it_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([]) == 2
    assert "usage: python -m benchmarks.rlcard" in capsys.readouterr().out


def test_a_missing_python_is_named_with_what_the_install_said(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "rlcard-install.log"
    log.write_text(PIP_OFFLINE_LOG)
    missing = str(tmp_path / "rlcard" / "bin" / "python")
    assert bench.main([missing, str(log)]) == 1
    out = capsys.readouterr().out
    assert "The RLCard comparison could not run" in out
    assert f"there is no Python at {missing}" in out
    assert "No matching distribution found for rlcard==1.2.0" in out
    assert "the package index was not reached: [Errno 111] Connection refused" in out
    assert "Location" not in out


def test_a_python_without_rlcard_says_so_before_measuring_anything(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # This Python without its site-packages (-S): a Python that surely lacks rlcard, wherever
    # the suite runs.
    bare = tmp_path / "python"
    bare.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    bare.chmod(0o755)
    assert bench.main([str(bare)]) == 1
    out = capsys.readouterr().out
    assert "cannot import rlcard" in out and "No module named 'rlcard'" in out
    assert "moves/s" not in out


@pytest.fixture
def piles_not_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog as it was before Piles was playable."""
    catalog = tuple(
        replace(entry, module=None) if entry.id == "piles" else entry for entry in games.CATALOG
    )
    monkeypatch.setattr(games, "CATALOG", catalog)
    monkeypatch.setattr(games, "_LOADED", {})


def test_a_game_not_playable_yet_gets_a_line_instead_of_a_figure(piles_not_playable) -> None:
    line = bench.not_playable_line("piles", 2)
    assert line is not None
    assert "Piles (2 random seats): not playable in cardtable yet" in line
    assert "no figure and no ratio" in line
    with pytest.raises(KeyError):
        bench.ours("piles", 2, seconds=0.1)


def test_a_playable_game_gets_a_figure() -> None:
    assert bench.not_playable_line("piles", 2) is None
    assert bench.ours("piles", 2, seconds=0.2) > 1000


def test_every_pairing_names_a_game_in_the_catalog_with_room_for_its_seats() -> None:
    for pairing in bench.PAIRINGS:
        low, _, high = games.entry(pairing.game_id).seats.partition("-")
        assert int(low) <= pairing.seats <= int(high or low)

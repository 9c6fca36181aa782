"""Shared test set-up: every test writes its save files into its own folder."""

import pytest


@pytest.fixture(autouse=True)
def _own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))


@pytest.fixture(autouse=True)
def _finished_tricks_linger_briefly(monkeypatch):
    """Bots wait only a moment after a finished trick, so whole bot games stay quick; the test
    of the linger itself sets its own length."""
    from cardtable.ui.tables import over_trump

    monkeypatch.setattr(over_trump, "TRICK_SEEN_SECONDS", 0.05)

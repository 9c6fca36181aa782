"""Shared test set-up: every test writes its save files into its own folder."""

import pytest


@pytest.fixture(autouse=True)
def _own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))

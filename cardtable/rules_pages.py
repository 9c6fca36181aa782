"""The rules page of each game, written by us in assets/rules/<game>.md."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

CHECKOUT_ASSETS = Path(__file__).resolve().parent.parent / "assets"
"""assets/ at the top of the repository: read in a checkout and by an editable install."""


def assets() -> Traversable:
    """The assets folder: inside the installed package, where the wheel ships it
    (`cardtable/assets`), else at the top of the repository."""
    shipped = files("cardtable") / "assets"
    return shipped if shipped.is_dir() else CHECKOUT_ASSETS


def rules_page(game_id: str) -> str | None:
    """The Markdown rules page of a game, or None if it has not been written yet."""
    page = assets() / "rules" / f"{game_id}.md"
    try:
        return page.read_text(encoding="utf-8")
    except OSError:
        return None

"""The rules page of each game, written by us in assets/rules/<game>.md."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def rules_page(game_id: str) -> str | None:
    """The Markdown rules page of a game, or None if it has not been written yet."""
    path = ASSETS / "rules" / f"{game_id}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None

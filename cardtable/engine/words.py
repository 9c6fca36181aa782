"""Words in sentences a player reads: counts with the right plural."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards'; `words` for an irregular plural ('1 die', '2 dice')."""
    return f"{count} {word if count == 1 else (words or word + 's')}"

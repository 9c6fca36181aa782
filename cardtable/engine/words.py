"""Words in sentences a player reads: counts with the right plural, sentences joined."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards'; `words` for an irregular plural ('1 die', '2 dice')."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def sentences(*parts: str) -> str:
    """Parts joined into one line, each ended as a sentence (a full stop where it has no
    '.', '!' or '?'): 'Hint: take the discard', 'Take it', 'Press t.' -> 'Hint: take the
    discard. Take it. Press t.'; empty parts are left out."""
    kept = [part.strip() for part in parts if part.strip()]
    return " ".join(part if part.endswith((".", "!", "?")) else part + "." for part in kept)

"""The player's preferences (the theme, the four-colour deck), kept in the data folder for the
next start.

The file is read with care, as a file anyone could have written: at most `MAX_BYTES`, a regular
file only (a pipe or a device would hang the start), every value checked. Anything wrong gives
the default for that value and one plain sentence to show; nothing is lost: keys this version
does not know are written back as they were, and a file that cannot be read at all is kept
beside as preferences.json.broken when the next preference is saved, never overwritten.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardtable.engine.saves import data_dir, write_whole

MAX_BYTES = 16 * 1024
"""A preferences file larger than this is not one cardtable wrote: it is not read."""
THEME_NAME_MAX = 64


@dataclass(frozen=True)
class Preferences:
    """What the player chose: the theme's name and whether the standard deck has four
    colours."""

    theme: str | None = None
    """None: the app's default theme."""
    four_colour_deck: bool = False
    others: dict[str, Any] = field(default_factory=dict, compare=False)
    """Keys of the file this version does not know, written back as they were."""

    def changed(self, **values: Any) -> Preferences:
        """These preferences with `values` changed."""
        return replace(self, **values)


@dataclass(frozen=True)
class Loaded:
    """The preferences read at the start, what was wrong with the file in words (None: nothing),
    and whether the file was unreadable as a whole (to be kept aside before a save)."""

    preferences: Preferences
    problem: str | None = None
    broken: bool = False


def preferences_path() -> Path:
    """Where the preferences are kept: preferences.json in the data folder."""
    return data_dir() / "preferences.json"


def _read_bounded(path: Path) -> bytes:
    """The file's bytes, refusing anything but a regular file of at most MAX_BYTES (OSError or
    ValueError says why)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("it is not a regular file")
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise ValueError(f"it is larger than {MAX_BYTES // 1024} KB")
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_preferences(theme_names: set[str]) -> Loaded:
    """The preferences kept in the data folder, each value checked (a theme must be one of
    `theme_names`); the defaults, with a sentence saying why, for anything wrong."""
    path = preferences_path()
    try:
        raw = _read_bounded(path)
    except FileNotFoundError:
        return Loaded(Preferences())
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        return Loaded(Preferences(), _unreadable(path, reason), broken=True)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return Loaded(Preferences(), _unreadable(path, "it is not JSON"), broken=True)
    if not isinstance(data, dict):
        return Loaded(Preferences(), _unreadable(path, "it is not a JSON object"), broken=True)
    wrong = []
    theme = data.pop("theme", None)
    if theme is not None and not (
        isinstance(theme, str) and len(theme) <= THEME_NAME_MAX and theme in theme_names
    ):
        wrong.append("its theme is not one of this version's")
        theme = None
    four = data.pop("four_colour_deck", False)
    if not isinstance(four, bool):
        wrong.append("its four-colour deck is neither true nor false")
        four = False
    if _deeper_than(data, NESTING_MAX):  # kept and written back: Python's encoder recurses
        wrong.append("it holds values too deeply nested to keep")
        data = {}
    problem = None
    if wrong:
        problem = f"Preferences in {path}: {' and '.join(wrong)}, so the default is used."
    return Loaded(Preferences(theme, four, data), problem)


NESTING_MAX = 32
"""How deep the values this version does not know may nest, to be kept and written back."""


def _deeper_than(value: Any, most: int) -> bool:
    """True if lists and objects nest in `value` more than `most` deep (counted without
    recursion, so a hostile file cannot exhaust the stack here either)."""
    level = [value]
    for _ in range(most + 1):
        level = [
            inner
            for item in level
            if isinstance(item, dict | list)
            for inner in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return False
    return True


def _unreadable(path: Path, reason: str) -> str:
    return (
        f"Cannot read the preferences in {path} ({reason}): starting with the default theme. "
        "The file is kept as preferences.json.broken when a preference is next saved."
    )


def save_preferences(preferences: Preferences, broken: bool = False) -> str | None:
    """Keep `preferences` for the next start (written whole: a temporary file, renamed); a
    `broken` file there is first kept aside as preferences.json.broken. None when kept, else
    why not, in words."""
    path = preferences_path()
    data = {
        **preferences.others,
        "theme": preferences.theme,
        "four_colour_deck": preferences.four_colour_deck,
    }
    try:
        text = json.dumps(data, indent=1) + "\n"
    except (RecursionError, ValueError, TypeError):
        text = json.dumps({key: data[key] for key in ("theme", "four_colour_deck")}) + "\n"
    try:
        if broken and os.path.lexists(path):
            path.replace(path.with_name(path.name + ".broken"))
        write_whole(path, text.encode())
    except OSError as err:
        return f"The preferences cannot be kept in {path}: {err.strerror or err}."
    return None

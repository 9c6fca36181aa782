"""Save files: where the last game lives, written safely, read with a clear message on failure."""

from __future__ import annotations

import os
from pathlib import Path


class SaveFileError(Exception):
    """A save file that cannot be used; `message` says why, and the file is left as it was."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def data_dir() -> Path:
    """Where cardtable keeps its files: $CARDTABLE_HOME, else the XDG data folder."""
    home = os.environ.get("CARDTABLE_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "cardtable"


def last_game_path() -> Path:
    """The save file of the game in play, which `cardtable resume` continues."""
    return data_dir() / "last-game.json"


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to a new file beside `path`, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def read_text(path: Path) -> str:
    """The text of a save file, or SaveFileError saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"There is no saved game to resume ({path} does not exist).") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveFileError(
            f"The saved game {path} cannot be read: {err}. It was left untouched."
        ) from None

"""When the app fails: the full report goes to a file, the screen gets two plain lines.

Textual's own crash screen prints every local variable of every frame: all the hands, the deck
and the random state, for the whole table to read. Ours names the error and the file only.
"""

from __future__ import annotations

import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from cardtable.engine.saves import data_dir
from cardtable.ui.command import cardtable_command


def _version(package: str) -> str:
    from importlib import metadata  # only on a crash: it costs the start some 40 ms

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def report_text(error: BaseException) -> str:
    """The full report: versions, then the traceback (code lines, never local variables)."""
    versions = ", ".join(
        f"{package} {_version(package)}" for package in ("cardtable", "textual", "rich")
    )
    return (
        f"cardtable crash report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n"
        f"Python {platform.python_version()} on {sys.platform}; {versions}\n"
        f"command: {' '.join(sys.argv)}\n\n" + "".join(traceback.format_exception(error))
    )


def write_report(error: BaseException) -> Path | None:
    """Write the report into the data folder (else the temporary folder); None if neither works."""
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{id(error) % 10000:04d}.txt"
    text = report_text(error)
    for folder in (data_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def crash_message(error: BaseException, report: Path | None) -> str:
    """What the screen says after a crash: the error's kind and where the report is."""
    where = (
        f"The full report is in {report}"
        if report
        else "The report could not be written (the data folder and the temporary folder refused it)"
    )
    return (
        f"cardtable stopped on an error it did not expect ({type(error).__name__}).\n"
        f"{where}; please send it with a description of what you did.\n"
        f"A game in play is saved after every move: `{cardtable_command()} resume` continues it."
    )

"""The command that runs cardtable again, as this shell can type it."""

from __future__ import annotations

import os
import shutil
import sys


def cardtable_command() -> str:
    """'cardtable' where that name on the PATH is this program; else the path it was started by
    ('.venv/bin/cardtable' after `make play`, which puts nothing on the PATH), so a line that
    says "`cardtable resume mxtj` continues it" names a command that works when typed."""
    program = sys.argv[0]
    if os.path.basename(program) != "cardtable":  # python -m cardtable, a test: the usual name
        return "cardtable"
    found = shutil.which("cardtable")
    try:
        if found is not None and os.path.samefile(found, program):
            return "cardtable"
    except OSError:
        pass
    relative = os.path.relpath(program)
    return os.path.abspath(program) if relative.startswith("..") else relative

"""The styles of the screens past the start screen (`screens.tcss`), kept out of the first paint.

The start screen needs only app.tcss; the setup screen, the table frame, the handoff, the rules
page and the move menu need screens.tcss too. Each of those screens names it as its CSS_PATH, so
Textual reads it as the first of them opens (a table launched from the command line opens before
the first paint); the app also reads it just after the first paint (`read_screens_css`), while
the player looks at the start screen, so that opening one from there has nothing left to read.
"""

from __future__ import annotations

import os
from typing import Any

SCREENS_CSS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "screens.tcss")
"""The file, as an absolute path: the key Textual keeps a screen's CSS_PATH under."""


def read_screens_css(app: Any) -> None:
    """Add screens.tcss to the app's stylesheet and style the app by it, unless it is there
    already (as Textual does for a screen's CSS_PATH when the screen opens). Only the new file
    is parsed: the stylesheet keeps what it parsed of the others (it forgets it when a theme
    changes the variables), where Textual's way reads every file again, twice as long."""
    stylesheet = app.stylesheet
    if stylesheet.has_source(SCREENS_CSS, ""):
        return
    stylesheet.read(SCREENS_CSS)
    stylesheet.update(app)  # parses what is new, then styles every widget by it

"""cardtable: a terminal card table. `from cardtable import games` is the public game contract."""

import time

STARTED = time.perf_counter()
"""When the package was first imported: the app's start-up figure counts from here."""

"""The rules layer never loads the UI (DESIGN.md, "Layers")."""

import subprocess
import sys


def test_rules_layer_imports_neither_textual_nor_rich():
    code = (
        "import sys\n"
        "import cardtable.engine, cardtable.cards, cardtable.games, cardtable.bots\n"
        "import cardtable.bots.simulate\n"
        "import cardtable.net.protocol, cardtable.net.host, cardtable.net.server\n"
        "from cardtable import games\n"
        "for game_id in games.ids():\n"
        "    games.get(game_id)\n"
        "bad = [m for m in ('textual', 'rich') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

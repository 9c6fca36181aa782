"""The catalog names each game's rules, planner and table; nothing else lists them."""

import subprocess
import sys

from cardtable import games
from cardtable.bots.seat_player import planner
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import GameTable


def test_each_playable_game_names_its_planner_and_table():
    for item in games.catalog():
        assert item.planner and item.table, item.id
        bot = planner(item.id, seed=3)
        assert f"{type(bot).__module__}:{type(bot).__name__}" == item.planner
        table = table_for(item.id)
        assert issubclass(table, GameTable)
        assert f"{table.__module__}:{table.__name__}" == item.table


def test_planners_and_card_logic_load_without_the_ui():
    code = (
        "import sys\n"
        "from cardtable import games\n"
        "from cardtable.bots.seat_player import planner\n"
        "import cardtable.games.sets_and_runs.hand\n"
        "for game_id in games.ids():\n"
        "    planner(game_id)\n"
        "bad = [m for m in ('textual', 'rich') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

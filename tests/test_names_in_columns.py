"""A name with an emoji or a CJK letter (two cells wide) keeps every column after it where it
was: names are measured in cells, not characters, wherever they are padded into a column
(issue 18 item 12)."""

from rich.cells import cell_len

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.cells import fitted, padded
from tests.pilot_steps import wait_until

WIDE = "Ann🎉"
"""Four characters, five cells."""


def test_a_name_is_padded_and_cut_by_cells_with_a_mark_where_it_is_cut():
    assert fitted("Ann", 6) == "Ann   "
    assert fitted(WIDE, 6) == WIDE + " "
    assert cell_len(fitted("名前名前名前", 6)) == 6 and fitted("名前名前名前", 6) == "名前… "
    assert fitted("Alexandrina Long", 12) == "Alexandrina…"
    assert padded(WIDE, 7) == WIDE + "  " and padded("Bartholomew", 4) == "Bartholomew"


async def test_the_host_lobby_lines_up_the_join_commands_after_a_wide_name():
    from cardtable import games
    from cardtable.engine import Match, new_save_path, parse_seats
    from cardtable.net.host import Host
    from cardtable.ui.screens.host_lobby import HostLobbyScreen

    seats = parse_seats(f"{WIDE},Bob,bot,bot")
    match = Match.start(games.get("piles"), seats, 3, None, new_save_path("piles"))
    host = Host(match, delay=0.05)
    app = CardTableApp(Launch(command="host", game="piles", port=0), host=host)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        # Drawn once mounted: the lobby can be on top a moment before.
        seats = app.screen.query_one("#lobby-seats")
        await wait_until(pilot, lambda: "cardtable join" in str(seats.render()))
        lobby = str(seats.render())
        rows = [row for row in lobby.splitlines() if "cardtable join" in row]
        starts = {cell_len(row[: row.index("cardtable join")]) for row in rows}
        assert len(rows) == 3 and len(starts) == 1, rows

"""The host's lobby with its seats' pages, in a browser tab, for tests/test_host_lobby_browser.py.

`python -m tests.lobby_page serve PORT PAGES_FILE SEATS THEME` serves (textual-serve) a tab
that runs `python -m tests.lobby_page app PAGES_FILE SEATS THEME`: `cardtable host run-it` with
those seats in that theme, whose lobby is given each seat's page (as the app gives it once the
host serves them), the pages added to PAGES_FILE as a line of JSON so the test knows which URL
each code must read as.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from cardtable import games
from cardtable.engine import Match, new_save_path, parse_seats
from cardtable.ui import app as app_module
from cardtable.ui.app import CardTableApp, Launch

LAN = "192.168.100.200"


class LobbyWithPages(CardTableApp):
    """The host's app, its lobby given a page per seat and one for spectators."""

    CSS_PATH = str(Path(app_module.__file__).with_name(CardTableApp.CSS_PATH))

    def __init__(self, pages_file: Path, theme: str, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.pages_file = pages_file
        self.lobby_theme = theme

    def show_lobby(self) -> None:
        """The lobby, with the pages the host would serve on its LAN address."""
        from cardtable.net.server import server_port
        from cardtable.ui.screens.host_lobby import HostLobbyScreen

        pages: dict[int | None, str] = {
            seat: f"https://{LAN}:8766/seat/{code}" for seat, code in self.host.codes.items()
        }
        pages[None] = f"https://{LAN}:8766/watch"
        with self.pages_file.open("a") as kept:  # one line an app: a tab may be opened again
            kept.write(json.dumps({str(seat): url for seat, url in pages.items()}) + "\n")
        address = f"{LAN}:{server_port(self.server)}"
        self.theme = self.lobby_theme
        self.push_screen(HostLobbyScreen(self.host, address, "cardtable", self.pin, pages))


def main(argv: list[str]) -> None:
    """`serve PORT PAGES_FILE SEATS THEME` or `app PAGES_FILE SEATS THEME`."""
    if argv[0] == "serve":
        from textual_serve.server import Server

        port, rest = int(argv[1]), argv[2:]
        command = shlex.join([sys.executable, "-m", "tests.lobby_page", "app", *rest])
        Server(command, host="127.0.0.1", port=port, title="lobby").serve()
        return
    from cardtable.net.host import Host

    pages_file, seats, theme = Path(argv[1]), argv[2], argv[3]
    match = Match.start(games.get("run-it"), parse_seats(seats), 3, None, new_save_path("run-it"))
    app = LobbyWithPages(
        pages_file,
        theme,
        Launch(command="host", game="run-it", port=0),
        host=Host(match, delay=0.05),
    )
    app.run()


if __name__ == "__main__":
    main(sys.argv[1:])

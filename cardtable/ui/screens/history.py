"""The finished games, newest first, each one key from its replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardtable import games
from cardtable.engine.history import History, HistoryError, read_export
from cardtable.engine.words import plural
from cardtable.saved_list import when

NO_GAMES = (
    "No finished games yet. Every game played to its end at this table, hosted from it or in "
    "its browser tabs is kept here, with its replay."
)


def finished_line(summary: Any, room: int = 76) -> Text:
    """'3. Piles · Ann, Bob, Bot 3, Bot 4 · won by Ann & Bot 3 · 40 moves · 21:40', cut to
    `room` columns."""
    try:
        name = games.entry(summary.game).name
    except KeyError:
        name = summary.game
    won = " & ".join(summary.winners) or "nobody"
    line = Text.assemble(
        (f"{summary.number:>3}. ", "dim"),
        (name, "bold"),
        f" · {', '.join(summary.names)} · won by {won} · {plural(summary.moves, 'move')}",
        (f" · {when(summary.ended)}", "dim"),
    )
    line.truncate(room, overflow="ellipsis")
    return line


class HistoryScreen(Screen[None]):
    """The games played to their end, newest first: Enter replays the one highlighted."""

    BINDINGS = [
        Binding("enter", "replay", "Replay", show=True),
        Binding("escape,q", "dismiss", "Back", key_display="Esc"),
    ]

    DEFAULT_CSS = """
    HistoryScreen #history {
        padding: 1 2;
    }
    HistoryScreen #history-title {
        text-style: bold;
        height: 1;
    }
    HistoryScreen #history-list {
        height: 1fr;
    }
    HistoryScreen #history-empty {
        padding: 1 0;
    }
    """

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history
        self.summaries = history.finished_games()

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            yield Static("Finished games, newest first", id="history-title")
            if self.summaries:
                yield OptionList(
                    *(Option(finished_line(summary), id=summary.id) for summary in self.summaries),
                    id="history-list",
                )
            else:
                yield Static(Text(NO_GAMES), id="history-empty")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Replay only when there is a game to replay."""
        if action == "replay":
            return bool(self.summaries)
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open(event.option.id)

    def action_replay(self) -> None:
        """Replay the game highlighted."""
        listed = self.query_one("#history-list", OptionList)
        if listed.highlighted is not None:
            self.open(listed.get_option_at_index(listed.highlighted).id)

    def open(self, game_id: str | None) -> None:
        """The replay of one finished game, or a line saying why it cannot be shown."""
        if game_id is None:
            return
        screen = replay_screen(game_id, self.history)
        if isinstance(screen, str):
            self.notify(screen, title="Cannot replay", severity="error", markup=False)
            return
        self.app.push_screen(screen)


def replay_screen(key: str, history: History | None = None) -> Any:
    """The replay screen of the finished game `key` names (its number in the history, 1 the
    latest, its id, or a file `cardtable history export` wrote), or a sentence saying why it
    cannot be replayed."""
    from cardtable.bots.replay import Replay, ReplayRefused
    from cardtable.ui.screens.replay import ReplayScreen

    try:
        if Path(key).is_file():
            finished = read_export(Path(key), games)
        else:
            finished = (history or History()).load(key, games)
        replay = Replay(games.get(finished.record.game), finished.record)
    except HistoryError as err:
        return str(err)
    except ReplayRefused as refused:
        return refused.reason
    return ReplayScreen(replay, when=when(finished.ended))

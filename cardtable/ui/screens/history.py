"""The finished games, newest first, each one key from its replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardtable import games
from cardtable.engine.history import GameSummary, History, HistoryError, read_export
from cardtable.saved_list import NO_GAMES, describe_finished, game_name, when
from cardtable.ui.keys_footer import KeysFooter


def finished_line(summary: GameSummary, room: int) -> Text:
    """'  3. Piles · 21:40 · won by Ann & Bot 3 · 40 moves · Ann, Bob, …': one line, cut to
    `room` columns."""
    line = Text.assemble((f"{summary.number:>3}. ", "dim"), describe_finished(summary))
    line.stylize("bold", 5, 5 + len(game_name(summary.game)))
    line.truncate(room, overflow="ellipsis")
    line.no_wrap = True
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
    HistoryScreen #history-help {
        color: $text-muted;
        height: auto;
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
                yield Static(
                    "Enter replays the one highlighted: every hand open, the hint beside each "
                    "move a person made.",
                    id="history-help",
                )
            if self.summaries:
                yield OptionList(id="history-list")
            else:
                yield Static(Text(NO_GAMES), id="history-empty")
        yield KeysFooter()

    def on_unmount(self) -> None:
        self.history.close()

    def on_resize(self) -> None:
        """Each game one line, cut to the list's width (its players' names go first)."""
        if not self.summaries:
            return
        listed = self.query_one("#history-list", OptionList)
        room = (listed.scrollable_content_region.width or self.size.width - 10) - 1
        place = listed.highlighted
        listed.clear_options()
        listed.add_options(
            Option(finished_line(summary, room), id=summary.id) for summary in self.summaries
        )
        listed.highlighted = place or 0

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
        elif history is not None:
            finished = history.load(key, games)
        else:
            with History() as opened:
                finished = opened.load(key, games)
        replay = Replay(games.get(finished.record.game), finished.record)
    except HistoryError as err:
        return str(err)
    except ReplayRefused as refused:
        return refused.reason
    return ReplayScreen(replay, when=when(finished.ended))

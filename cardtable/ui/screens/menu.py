"""The start screen: the five games, the unfinished games to continue, and the demo."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardtable import games
from cardtable.engine import SavedGame
from cardtable.saved_list import describe

BANNER = "♠ ♥  c a r d t a b l e  ♦ ♣"
RESUME = "resume:"
"""The id of a Continue line is this and the save's short id."""
CONTINUE_ROOM = 62
"""Columns a Continue line's description may take: the list is 76 wide at 80x24, less its
border, padding and 'Continue: '. Longer names are cut short so the line never wraps."""


class MenuScreen(Screen[None]):
    """Pick a game to set up, continue an unfinished game, read rules, or watch bots play."""

    BINDINGS = [
        Binding("enter", "choose", "Set up game", show=False),
        Binding("r,question_mark", "rules", "Rules"),
        Binding("d", "demo", "Demo: bots play"),
        Binding("c", "resume", "Continue latest game"),
        Binding("j", "join", "Join a game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(BANNER, id="banner")
            yield Static("Friends around one keyboard, bots in any empty seat.", id="tagline")
            yield OptionList(*self._options(), id="game-list")
            yield Static("", id="menu-detail")
        yield Footer()

    def _options(self) -> list[Option]:
        options = []
        self.saves: dict[str, SavedGame] = {}
        # Options are keyed by place in the list: two copied files may share a short id.
        for place, saved in enumerate(self.app.saved_games()):  # type: ignore[attr-defined]
            self.saves[RESUME + str(place)] = saved
            label = Text.assemble(
                ("Damaged save: " if saved.problem else "Continue: ", "bold"),
                describe(saved, room=CONTINUE_ROOM),
            )
            options.append(Option(label, id=RESUME + str(place)))
        for item in games.catalog():
            playable = item.module is not None
            label = Text.assemble(
                (f"{item.name:<14}", "bold" if playable else "dim"),
                (f"{item.seats:>7} players  ", "dim"),
                ("" if playable else "not playable yet", "italic dim"),
            )
            options.append(Option(label, id=item.id, disabled=not playable))
        return options

    def on_mount(self) -> None:
        game_list = self.query_one(OptionList)
        game_list.focus()
        first = next(
            (
                i
                for i in range(game_list.option_count)
                if not game_list.get_option_at_index(i).disabled
            ),
            0,
        )
        game_list.highlighted = first

    def _highlighted(self) -> str | None:
        game_list = self.query_one(OptionList)
        if game_list.highlighted is None:
            return None
        return game_list.get_option_at_index(game_list.highlighted).id

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Describe the highlighted game under the list."""
        detail = self.query_one("#menu-detail", Static)
        saved = self.saves.get(event.option.id or "")
        if saved is not None:
            if saved.problem:
                detail.update(Text(f"This save cannot be resumed; it is kept at {saved.path}."))
            else:
                detail.update(
                    Text(
                        "Pick up this game exactly where it stood "
                        f"(from the command line: cardtable resume {saved.id})."
                    )
                )
            return
        item = games.entry(event.option.id or "")
        soon = "" if item.module else "\nComing soon: its rules are not in the engine yet."
        detail.update(Text.assemble((item.name, "bold"), f": {item.summary}", (soon, "italic")))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a game opens its setup."""
        self._open(event.option.id)

    def action_choose(self) -> None:
        """Set up the highlighted game."""
        self._open(self._highlighted())

    def _open(self, choice: str | None) -> None:
        if choice in self.saves:
            self.app.resume(self.saves[choice].path)  # type: ignore[attr-defined]
        elif choice in games.ids():
            self.app.open_setup(choice)  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        """The rules page of the highlighted game."""
        choice = self._highlighted()
        if choice and choice not in self.saves:
            from cardtable.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(choice, back="Back to the start screen"))

    def action_demo(self) -> None:
        """Bots play the highlighted game, game after game."""
        choice = self._highlighted()
        self.app.start_demo(choice if choice in games.ids() else None)  # type: ignore[attr-defined]

    def action_resume(self) -> None:
        """Continue the most recently played unfinished game."""
        self.app.resume()  # type: ignore[attr-defined]

    def action_join(self) -> None:
        """Join a game a host runs (its address and a seat's code), or watch it."""
        from cardtable.ui.screens.join import JoinScreen

        self.app.push_screen(JoinScreen())

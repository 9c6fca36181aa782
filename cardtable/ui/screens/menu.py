"""The start screen: the five games, the unfinished games to continue or delete, and the demo.

At the app's start the unfinished games are read after the first paint (reading a save loads the
engine's models): until then their list holds a blank line for each save file, so nothing on the
screen moves when they are filled in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardtable import games
from cardtable.engine.saves import listed_saves
from cardtable.ui.app_api import LEAST_WINDOW, table_app
from cardtable.ui.keys_footer import KeysFooter

if TYPE_CHECKING:
    from cardtable.engine import SavedGame

BANNER = "♠ ♥  c a r d t a b l e  ♦ ♣"
RESUME = "resume:"
"""The id of an unfinished game's line is this and its place in the list."""
CONTINUE_ROOM = 70
"""Columns an unfinished game's line may take: the list is 76 wide at 80x24, less its border
and padding. Longer names are cut short so the line never wraps."""
MENU_ROWS = 18
"""Rows of the start screen besides the unfinished games' lines: banner, tagline, the games'
list, the title of the unfinished games, their list's border, the description and the footer.
The unfinished games scroll in what is left; the games never leave the screen."""


class MenuList(OptionList):
    """One of the start screen's two lists: ↓ past the games' last line goes on to the
    unfinished games, ↑ past the first unfinished game back to the games."""

    def action_cursor_down(self) -> None:
        """The next line; from the games' last, the first unfinished game."""
        below = self.screen.query_one("#save-list", OptionList)
        at_last_game = self.id == "game-list" and self.highlighted == self.option_count - 1
        menu = self.screen
        if at_last_game and isinstance(menu, MenuScreen) and not menu.saves_listed:
            menu.list_saves()  # ↓ came before the unfinished games were read: read them now
        if at_last_game and below.display:
            below.focus()
            below.highlighted = below.highlighted or 0
            return
        super().action_cursor_down()

    def action_cursor_up(self) -> None:
        """The line above; from the first unfinished game, the games' last."""
        if self.id == "save-list" and self.highlighted == 0:
            self.screen.query_one("#game-list", OptionList).focus()
            return
        super().action_cursor_up()


class ConfirmDelete(ModalScreen[bool]):
    """Asks once before an unfinished game is deleted: y deletes it, n or Esc keeps it."""

    BINDINGS = [
        Binding("y", "answer(True)", "Delete it"),
        Binding("n,escape", "answer(False)", "Keep it", key_display="n/Esc"),
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        from cardtable.saved_list import describe

        with Vertical(id="confirm-delete"):
            yield Static(
                Text.assemble(
                    ("Delete this unfinished game?\n\n", "bold"),
                    describe(self.saved, room=CONTINUE_ROOM),
                )
            )
            yield Static(Text("\nIt cannot be continued afterwards. y deletes it; n keeps it."))
        yield KeysFooter()

    def action_answer(self, delete: bool) -> None:
        """Close, saying whether to delete."""
        self.dismiss(delete)


TAGLINE = "Friends around one keyboard, bots in any empty seat."
"""The line under the banner, in a window the tables fit."""


class MenuScreen(Screen[None]):
    """Pick a game to set up, continue or delete an unfinished game, read rules, or watch."""

    BINDINGS = [
        Binding("enter", "choose", "Set up game", show=False),
        Binding("r,question_mark", "rules", "Rules"),
        Binding("d", "demo", "Demo"),
        Binding("c", "resume", "Continue latest"),
        Binding("delete,x", "delete", "Delete", key_display="del"),
        Binding("j", "join", "Join"),
        Binding("s", "stats", "Stats"),
        Binding("h", "history", "History"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, saves_after_paint: bool = False) -> None:
        super().__init__()
        self.saves_after_paint = saves_after_paint
        """Read the unfinished games after the first paint (the app's first start screen), not
        as the screen is mounted."""
        self.saves: dict[str, SavedGame] = {}
        """Each unfinished game's line (its option's id) and the game."""
        self.saves_listed = False
        """Whether the unfinished games have been read (their lines are blank until then)."""
        self._held = 0
        """Blank lines held for the unfinished games until they are read."""

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            yield MenuList(*self._game_options(), id="game-list")
            yield Static(Text("Unfinished games, newest first", style="bold"), id="saves-title")
            yield MenuList(id="save-list")
            yield Static("", id="menu-detail")
        yield KeysFooter(compact=True)

    def _game_options(self) -> list[Option]:
        options = []
        for item in games.catalog():
            playable = item.module is not None
            label = Text.assemble(
                (f"{item.name:<14}", "bold" if playable else "dim"),
                (f"{item.seats:>7} players  ", "dim"),
                ("" if playable else "not playable yet", "italic dim"),
            )
            options.append(Option(label, id=item.id, disabled=not playable))
        return options

    def _hold_room(self) -> None:
        """Before the unfinished games are read: their title, and a blank line for each save
        file (counted, not read), so that filling them in moves nothing; none shown if there
        are no saves."""
        self._held = listed_saves()
        save_list = self.query_one("#save-list", OptionList)
        save_list.add_options([Option("", disabled=True) for _ in range(self._held)])
        save_list.display = bool(self._held)
        self.query_one("#saves-title").display = bool(self._held)
        self._fit()

    def after_first_paint(self) -> None:
        """The app's first paint is out: read the unfinished games now, if not read yet (the app
        calls this; an app that ends before it paints never reads them). A start screen not yet
        mounted (Ctrl+N at a table before the app's first paint) reads them as it mounts."""
        if not self.saves_listed and self.is_mounted:
            self.list_saves()

    def list_saves(self) -> None:
        """Fill the unfinished games' list, newest first; hide it when there are none."""
        from cardtable.saved_list import describe

        self.saves_listed = True
        self.saves = {}
        options = []
        # Options are keyed by place in the list: two copied files may share a short id.
        for place, saved in enumerate(table_app(self).saved_games()):
            self.saves[RESUME + str(place)] = saved
            label = Text.assemble(
                ("Damaged save: " if saved.problem else "", "bold"),
                describe(saved, room=CONTINUE_ROOM - (14 if saved.problem else 0)),
            )
            options.append(Option(label, id=RESUME + str(place)))
        save_list = self.query_one("#save-list", OptionList)
        place = save_list.highlighted
        save_list.clear_options()
        save_list.add_options(options)
        if options:
            save_list.highlighted = min(place or 0, len(options) - 1)
        save_list.display = bool(options)
        self.query_one("#saves-title").display = bool(options)
        self._fit()
        self.refresh_bindings()  # Continue shows only while there is a game to continue

    def _fit(self) -> None:
        """The unfinished games get the rows the rest of the screen leaves (at least two)."""
        room = max(self.size.height - MENU_ROWS, 2) + 2
        self.query_one("#save-list", OptionList).styles.max_height = room

    def on_resize(self) -> None:
        """A new window size: the unfinished games' list takes what is left, and a window
        smaller than the tables need is told so where the tagline was."""
        self._fit()
        (width, height), (least_w, least_h) = self.app.size, LEAST_WINDOW
        small = width < least_w or height < least_h
        tagline = self.query_one("#tagline", Static)
        tagline.set_class(small, "-small")
        tagline.update(
            f"This window is {width}x{height}: the games need {least_w}x{least_h}. Make it "
            "larger (or the font smaller)."
            if small
            else TAGLINE
        )

    def on_mount(self) -> None:
        if self.saves_after_paint and table_app(self).first_paint is None:
            self._hold_room()  # the app calls after_first_paint once its first paint is out
        else:
            self.list_saves()
        self._first_game()

    def show_afresh(self) -> None:
        """Back from a game, as on a new start screen: the unfinished games read again and
        their list on its first line (the game just left has moved there), the first game
        highlighted."""
        self.query_one("#save-list", OptionList).highlighted = None
        self.list_saves()
        self._first_game()

    def _first_game(self) -> None:
        """Focus the games' list on its first playable game."""
        game_list = self.query_one("#game-list", OptionList)
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

    def _in_saves(self) -> bool:
        return self.focused is self.query_one("#save-list", OptionList)

    def _highlighted(self) -> str | None:
        focused = self.focused
        if not isinstance(focused, OptionList) or focused.highlighted is None:
            return None
        return focused.get_option_at_index(focused.highlighted).id

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Delete shows only on an unfinished game; Demo only on a game; Continue only while
        there is an unfinished game to continue."""
        if action == "delete":
            return self._in_saves()
        if action == "resume":
            if not self.saves_listed:  # until they are read, any save file counts
                return self._held > 0
            return any(saved.problem is None for saved in self.saves.values())
        if action == "demo":
            return not self._in_saves()
        return True

    def on_descendant_focus(self) -> None:
        """The footer's keys follow the list in use; the description its line."""
        self.refresh_bindings()
        focused = self.focused
        if isinstance(focused, OptionList) and focused.highlighted is not None:
            self._describe(focused.get_option_at_index(focused.highlighted).id)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Describe the highlighted line under the lists."""
        if event.option_list is self.focused:
            self._describe(event.option.id)

    def _describe(self, choice: str | None) -> None:
        detail = self.query_one("#menu-detail", Static)
        saved = self.saves.get(choice or "")
        if saved is not None:
            if saved.problem:
                detail.update(Text(f"This save cannot be resumed; it is kept at {saved.path}."))
            else:
                detail.update(
                    Text(
                        "Enter picks up this game exactly where it stood (from the command "
                        f"line: cardtable resume {saved.id}); del deletes it."
                    )
                )
            return
        item = games.entry(choice or "")
        soon = "" if item.module else "\nComing soon: its rules are not in the engine yet."
        detail.update(Text.assemble((item.name, "bold"), f": {item.summary}", (soon, "italic")))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a game opens its setup; on an unfinished game, continues it."""
        self._open(event.option.id)

    def action_choose(self) -> None:
        """Set up the highlighted game, or continue the highlighted unfinished game."""
        self._open(self._highlighted())

    def _open(self, choice: str | None) -> None:
        if choice in self.saves:
            table_app(self).resume(self.saves[choice].path)
        elif choice in games.ids():
            table_app(self).open_setup(choice)

    def _game_of(self, choice: str | None) -> str | None:
        """The game a line is about: a game's own line, or an unfinished game's (none for a
        damaged save)."""
        saved = self.saves.get(choice or "")
        if saved is not None:
            return saved.game or None
        return choice

    def action_rules(self) -> None:
        """The rules page of the highlighted game (or of the unfinished game's)."""
        game = self._game_of(self._highlighted())
        if game:
            from cardtable.ui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(game, back="Back to the start screen"))

    def action_demo(self) -> None:
        """Bots play the highlighted game, game after game."""
        choice = self._highlighted()
        table_app(self).start_demo(choice if choice in games.ids() else None)

    def action_stats(self) -> None:
        """Each person's figures in each game, from the finished games."""
        from cardtable.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_history(self) -> None:
        """The finished games, newest first, each one key from its replay."""
        table_app(self).open_history()

    def action_resume(self) -> None:
        """Continue the most recently played unfinished game."""
        table_app(self).resume()

    def action_delete(self) -> None:
        """Delete the highlighted unfinished game, once the person says yes."""
        saved = self.saves.get(self._highlighted() or "")
        if saved is None:
            return

        def answered(delete: bool | None) -> None:
            if not delete:
                return
            from cardtable.engine.saves import SaveFileError, delete_save

            try:
                delete_save(saved.path)
            except SaveFileError as err:
                self.notify(
                    err.message, title="Not deleted", severity="error", timeout=10, markup=False
                )
                return
            self.list_saves()
            if not self.saves:
                self.query_one("#game-list", OptionList).focus()

        self.app.push_screen(ConfirmDelete(saved), answered)

    def action_join(self) -> None:
        """Join a game a host runs (its address and a seat's code), or watch it."""
        from cardtable.ui.screens.join import JoinScreen

        self.app.push_screen(JoinScreen())

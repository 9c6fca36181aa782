"""What every table screen shares, at one keyboard or joined to a host: the layout (title, the
game's table, the claim bar, the status line), the size check, the status line's words, the
title's layout, hints, the rules page and the way back to the menu."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.bots.seat_player import planner
from cardtable.engine import Game, Move, View
from cardtable.engine.claims import Claim, ClaimWindow
from cardtable.engine.words import sentences
from cardtable.ui.app_api import table_app
from cardtable.ui.claim_bar import ClaimBar
from cardtable.ui.widgets import GameTable


class TableFrame(Screen[None]):
    """Base of the table screens: one game's table with its title, claim bar and status line."""

    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("ctrl+n", "menu", "Menu"),
    ]

    demo = False
    """True while nobody plays (a demo): no hint, no keys for moves."""

    table: GameTable
    """The game's own table widget (ui/tables)."""

    @property
    def game(self) -> Game:
        """The rules of the game at this table."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw the table as it stands and say what the player can do."""
        raise NotImplementedError

    @property
    def claims(self) -> bool:
        """True if this game opens claim windows (so the claim keys mean something)."""
        return type(self.game).claim_window is not Game.claim_window

    @staticmethod
    def first_call(window: ClaimWindow, acting: list[int], seat: int | None) -> bool:
        """True if `seat` has first call on the window's card: she acts first and is no
        claimant (Sets and Runs' next player), so she plays her turn as usual, hint and all,
        while others may claim."""
        return bool(acting) and seat == acting[0] and seat not in window.open_to

    def compose(self) -> ComposeResult:
        yield Static(id="table-title")
        yield self.table
        yield ClaimBar()
        yield Static(id="status")
        with Middle(id="too-small"), Center():
            yield Static(id="too-small-text")
        yield Footer()

    def _bar(self) -> ClaimBar | None:
        bars = self.query(ClaimBar) if self.is_mounted else None
        return bars.first() if bars else None

    # Size

    def on_resize(self, event: events.Resize) -> None:
        """Too small a window gets a message instead of a broken table."""
        self._check_size()

    def _check_size(self) -> None:
        """Show the table, or say which size it needs; read from the terminal's size now."""
        width, height = self.app.size
        need_w, need_h = self.table.MIN_WIDTH, self.table.MIN_HEIGHT
        small = width < need_w or height < need_h
        if small:
            words, boxed = self.size_words(width, height, need_w, need_h)
            message = self.query_one("#too-small-text", Static)
            message.set_class(not boxed, "plain")
            message.update(Text(words))
        if small == self.too_small:
            return
        self.set_class(small, "too-small")
        # While the table is hidden no key or click reaches it (only quitting works), and bots
        # wait: nothing happens that nobody can see.
        self.table.disabled = small
        self.size_changed(small)
        if not small:
            if not self.demo:
                self.table.focus()
            self.redraw()
        self.refresh_bindings()

    def size_changed(self, small: bool) -> None:
        """The window became too small for the table (`small`), or large enough again."""

    def size_words(self, width: int, height: int, need_w: int, need_h: int) -> tuple[str, bool]:
        """The too-small message that a window of `width` x `height` shows whole, and whether
        its box fits around it: the full sentences where they fit, shorter ones where not; each
        says the size the table needs."""
        sayings = [
            f"The {self.game.name} table needs a window of at least {need_w}x{need_h}.\n"
            f"This one is {width}x{height}: make it larger (or the font smaller).\n"
            f"{self.quit_words}",
            f"{self.game.name} needs {need_w}x{need_h}.\nThis window is {width}x{height}.\n"
            f"{self.quit_words}",
            f"Needs {need_w}x{need_h}; this is {width}x{height}. Ctrl+Q quits.",
            f"Needs {need_w}x{need_h}.",
        ]
        console = self.app.console
        for words in sayings:
            for boxed in (True, False):
                # The box: a heavy border and a padding of 1 row and 2 columns (app.tcss).
                room_w, room_h = (width - 6, height - 4) if boxed else (width, height)
                if room_w >= 8 and len(Text(words).wrap(console, room_w)) <= room_h:
                    return words, boxed
        return sayings[-1], False

    quit_words = "Ctrl+Q quits; the game stays saved."
    """What quitting does, for the too-small message."""

    @property
    def too_small(self) -> bool:
        """True while the window is too small and the size message hides the table."""
        return self.has_class("too-small")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts while the table is hidden; a demo has no hint (nobody plays)."""
        if self.too_small:
            return False
        if self.demo and action == "hint":
            return False
        return True

    # Words

    def say(self, text: str, refused: bool = False) -> None:
        """Put a line on the status bar; a refusal stands out."""
        status = self.query_one("#status", Static)
        status.set_class(refused, "refused")
        status.update(Text(("✗ " if refused else "") + text))
        if refused:
            self.app.bell()

    def title_text(
        self,
        acting: list[int],
        names: list[str],
        window: ClaimWindow | None,
        summary: str,
        unsaved: str | None = None,
        tag: str | None = None,
        lead: Text | None = None,
    ) -> Text:
        """The title line: a warning if not saved, `lead` (who is at this screen: 'hosting on
        ...', 'you: Ann'), the game, whose turn (or the card up for claim), the standing, and a
        tag at the end (' DEMO: ... ')."""
        who = ", ".join(names[s] for s in acting)
        turn = f"{who} to play" if acting else "Game over"
        if window is not None:
            turn = f"the {window.card} is up for a {window.verb}"
        title = Text()
        if unsaved:
            title.append(f"⚠ not saved: {unsaved}", style="reverse")
            title.append("  ")
        if lead:
            title.append_text(lead)
            title.append("  ")
        title.append_text(Text.assemble((self.game.name, "bold"), f"  ·  {turn}  ·  {summary}"))
        if tag:
            title.append("  ")
            title.append(tag, style="reverse")
        return title

    def hint_line(self, view: View, legal: list[Move]) -> str:
        """A hint for the seat of `view`, which may make `legal` now: the move is pointed at on
        the table (Enter or the key named makes exactly it) and the line says why."""
        move, why = planner(self.game.id).choose(view, legal)
        self.table.hinted = move
        how = self.table.suggest(move)
        return sentences(f"Hint: {self.table.move_label(move)}", why, how)

    def window_hint_line(self, window: ClaimWindow, view: View, legal: list[Move], key: str) -> str:
        """A hint in a claim window for the seat of `view`: claim (with `key`) or let it go."""
        move, why = planner(self.game.id).choose(view, legal)
        self.table.hinted = move
        if isinstance(move, Claim):
            what, how = f"{window.verb} the {window.card}", f"Press {key}."
        else:
            what, how = f"let the {window.card} go", "Enter lets it go."
        return sentences(f"Hint: {what}", why, how)

    # Keys

    def action_rules(self) -> None:
        """The rules page of this game."""
        from cardtable.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game.id))

    def action_menu(self) -> None:
        """Back to the start screen; the game stays saved."""
        table_app(self).action_back_to_menu()

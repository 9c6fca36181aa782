"""The one table screen, at one keyboard or joined to a host: the layout (title, the game's
table, the claim bar, the status line), drawing a `Table` (net/protocol.py) for the seat shown,
the status line's words, claim windows' words, keys and countdown, hints, summaries between
hands, the size check, the rules page and the way back to the menu.

Two feeds give it its Tables and take its moves: at one keyboard a `Runner` (the local table,
screens/table.py, which acts for any person's seat and adds the handoffs), joined to a host the
host's messages (screens/remote_table.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from cardtable.bots.hints import hint_player
from cardtable.engine import Event, Game, Move, View
from cardtable.engine.claims import LET_GO, Claim, ClaimWindow, LetGo
from cardtable.engine.words import sentences
from cardtable.net.apart import ApartChoice
from cardtable.net.clock import Answer, Clock
from cardtable.net.protocol import Table
from cardtable.net.runner import HOSTED_UNDO
from cardtable.ui.app_api import table_app
from cardtable.ui.claim_bar import ClaimBar
from cardtable.ui.compositor import ChangedOnlyCompositor
from cardtable.ui.keys_footer import KeysFooter
from cardtable.ui.phone import PhoneTable
from cardtable.ui.screen_css import SCREENS_CSS
from cardtable.ui.widgets import Drawn, GameTable, MoveLog

UNDO_KEY = "u"
"""Takes back the last move of the person at the keyboard (no table binds it otherwise)."""


class TableFrame(Screen[None]):
    """Base of the table screens: one game's table with its title, claim bar and status line."""

    CSS_PATH = SCREENS_CSS

    # Undo first of the screen's keys: while it is offered, the footer at 80 columns has room
    # for it before the log's key (the busiest tables' keys fill the row).
    BINDINGS = [
        Binding(UNDO_KEY, "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("ctrl+n", "menu", "Menu"),
        Binding("ctrl+l", "log", "Log"),
    ]
    SPARE_KEYS = ("log", "menu")
    """Where the busiest tables' keys overflow a narrow footer, the log's key and then the
    menu's are left out of it (both still work; the README's keys name them)."""

    DEFAULT_CSS = """
    TableFrame.dealing #game-table {
        visibility: hidden;
    }
    TableFrame PhoneTable {
        display: none;
    }
    TableFrame.-phone PhoneTable {
        display: block;
    }
    TableFrame.-phone #game-table, TableFrame.-phone Footer {
        display: none;
    }
    """

    phone_ok = False
    """True where a window too small for the game's own table gets the phone-sized one
    (ui/phone.py): a screen joined to a host (a phone opening her seat's page, or the page
    to watch)."""

    PHONE_AT = (30, 16)
    """The smallest window the phone-sized table is drawn in (columns, rows)."""

    demo = False
    """True while nobody plays (a demo): no hint, no keys for moves."""

    at_one_keyboard = False
    """True at one keyboard: the claim keys of every person's seat act here."""

    table: GameTable
    """The game's own table widget (ui/tables)."""

    status_rows = 0
    """The rows the status line's words took when last said (0: not measured yet)."""
    said = ""
    """The status line's words as last said (without a refusal's mark)."""

    clock: Clock
    """The clock the table waits on (the app's: a FakeClock in tests)."""

    names: list[str]
    """The seats' names."""

    claim_keys: list[str]
    """Each seat's claim key, the same for the whole session (claim_bar.py)."""

    current: Table | None = None
    """The Table on screen: the seat shown's view, legal moves, window and words."""
    view: View | None = None
    """The Table's view, as the game's model."""
    legal: list[Move] = []
    """The Table's legal moves, as the game's moves."""
    ended: str | None = None
    """Why this screen no longer plays (a host's Goodbye), or None."""
    dropped: str | None = None
    """'Connection lost, trying again…' while a host's feed is down."""

    def __init__(self) -> None:
        super().__init__()
        self._compositor = ChangedOnlyCompositor()  # a key repaints only what it changed

    @property
    def game(self) -> Game:
        """The rules of the game at this table."""
        raise NotImplementedError

    @property
    def seat_shown(self) -> int | None:
        """The seat whose table is shown (whose hand, whose moves); None: the public table."""
        raise NotImplementedError

    def acts_for(self, seat: int) -> bool:
        """True if this screen makes `seat`'s moves and claims."""
        raise NotImplementedError

    @property
    def people(self) -> list[int]:
        """The seats people play (the claim bar marks them)."""
        raise NotImplementedError

    def window_left(self) -> float | None:
        """Seconds left in the timed window open now; None with no clock."""
        raise NotImplementedError

    @property
    def held(self) -> bool:
        """True while a hint given in a window holds it."""
        return False

    def send_move(self, seat: int, move: Move, who: str = "") -> None:
        """Make `seat`'s move (a refusal is said, starting with `who`)."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw the table as it stands and say what the player can do."""
        self.draw()

    def start(self) -> None:
        """Begin: the table's widgets are all mounted."""
        raise NotImplementedError

    def lead(self) -> Text | None:
        """Who is at this screen, first in the title ('you: Ann'); None at one keyboard."""
        return None

    # Starting and leaving

    def on_mount(self) -> None:
        if not self.demo and (self.at_one_keyboard or self.seat_shown is not None):
            self.table.focus()
        player_here = self.people if self.at_one_keyboard else self.seat_shown is not None
        if not self.demo and self.takes_claim_keys and player_here:
            self.clock.warm()  # a person here may ask for a hint: its worker starts now
        # Nested widgets (the Castle, the log) finish mounting after this screen's on_mount:
        # start once all are laid out. Until then the table is hidden ("dealing"), so the one
        # frame painted before the first draw shows the felt, not an empty board (a demo at
        # --delay 0 deals every few seconds, and each deal flashed a blank Castle and hand).
        self.add_class("dealing")
        self.call_after_refresh(self._begin)

    def _begin(self) -> None:
        """Start once the table's nested widgets are all mounted."""
        if not self.query(MoveLog) or not self.table.ready():  # not yet, on a busy machine
            self.call_after_refresh(self._begin)
            return
        self.start()
        self.remove_class("dealing")

    def _close(self, screen: Screen) -> None:
        if screen.is_current:
            screen.dismiss()

    def on_unmount(self) -> None:
        if self._countdown is not None:
            self._countdown.stop()
            self._countdown = None

    # Drawing

    @property
    def window(self) -> ClaimWindow | None:
        """The claim window open now (seats may still claim in it), as the Table says."""
        return self.current.window if self.current is not None else None

    @property
    def asking(self) -> int | None:
        """In a turn-based window, the person asked now."""
        return self.current.asking if self.current is not None else None

    @property
    def may_move(self) -> bool:
        """True if the seat shown may move now (the Table gave it legal moves)."""
        seat = self.seat_shown
        table = self.current
        return (
            not self.demo
            and seat is not None
            and bool(self.legal)
            and table is not None
            and seat in table.acting
        )

    def draw(self) -> None:
        """Draw the Table on screen for the seat shown and say what the player can do."""
        self._check_size()
        table = self.current
        if table is None or self.view is None:
            return
        interactive = self.may_move and not self.ended
        if self.phone:
            self.table.keep(self.view, self.names, self.legal, interactive)  # for its words
            seat = self.seat_shown
            self._phone().show(
                self.game.id,
                self.view,
                self.names,
                self.legal,
                interactive,
                self.table.move_label,
                self.claim_keys[seat] if seat is not None and self.claims else "",
                self.query_one(MoveLog).said[-3:],
                order=self.table.hand_order,
                letter=self.table.letter_of,
            )
        else:
            self.table.show(self.view, self.names, self.legal, interactive)
        self.query_one("#table-title", Static).update(
            self.title_text(
                table.acting,
                self.names,
                table.window,
                table.summary,
                table.unsaved,
                " DEMO: Esc or q stops it " if self.demo else None,
                self.lead(),
            )
        )
        self._draw_bar()
        self.say_status()

    def say_status(self) -> None:
        """The status line: why the screen waits, the window's words, or what to do now."""
        table = self.current
        if self.ended:
            self.say(self.ended_words(), refused=False)
            return
        if self.dropped:
            self.say(self.dropped)
            return
        if table is None:
            return
        if table.waiting:
            self.say(table.waiting)
            return
        window = table.window
        if window is not None and not table.over and not self.demo:
            if not self.first_call(window, table.acting, self.seat_shown):
                self.say(self.window_words(window))
                return
        self.say(table.explain)

    watching = False
    """True for a spectator's screen: it plays no seat."""

    def ended_words(self) -> str:
        """Why this screen no longer plays or watches, and what to do: a browser's page is
        closed, a terminal quits."""
        does = "shows the game" if self.watching else "plays"
        if table_app(self).where == "browser":
            return f"{self.ended} This page no longer {does}: close it."
        return f"{self.ended} This screen no longer {does}: Ctrl+Q quits."

    def window_words(self, window: ClaimWindow) -> str:
        """What the person at this screen can do in a claim window."""
        names = self.names
        said = self.current.explain if self.current is not None else ""
        asking = self.asking
        if asking is not None and not self.acts_for(asking):  # one person asked at a time
            return f"{said} {names[asking]} is asked first."
        seat = asking if asking is not None else self.seat_shown
        if seat is not None and seat in window.open_to and self.acts_for(seat) and self.touch:
            if any(isinstance(move, Claim) for move in self.legal):  # her button only if so
                return f"{said} Tap {window.verb.capitalize()} it, or Let it go."
            return f"{said} Tap Let it go."
        if seat is not None and seat in window.open_to and self.acts_for(seat):
            key = self.claim_keys[seat]
            if asking is not None and self.at_one_keyboard:
                return f"{said} {names[seat]}: {key} to {window.verb} it, Enter to let it go."
            return f"{said} Your key {key} claims it; Enter lets it go."
        if self.at_one_keyboard and any(self.acts_for(s) for s in window.open_to):
            return f"{said} Each player's key (beside her name) claims it."
        return said

    # The claim window's countdown (the runner or the host counts; this screen shows it)

    _countdown: Timer | None = None

    def follow_countdown(self) -> None:
        """Redraw the claim bar's countdown while a timed window runs."""
        timed = self.window_left() is not None and not self.ended
        if timed and self._countdown is None:
            self._countdown = self.set_interval(0.1, self._draw_bar)
        elif not timed and self._countdown is not None:
            self._countdown.stop()
            self._countdown = None

    def _draw_bar(self) -> None:
        bar = self._bar()
        if bar is None:
            return
        window = self.window
        if window is None or self.ended:
            bar.close()
            return
        bar.draw(
            window,
            self.names,
            self.claim_keys,
            self.window_left(),
            self.asking,
            self.people,
            self.held,
        )

    # Summaries between hands

    def interlude(
        self,
        events_: list[Event],
        view: View,
        then: Callable[[], None],
        seconds: float | None = None,
    ) -> bool:
        """The table's summary of these events over the table, if it has one (True): `then`
        once it is dismissed; it closes by itself after `seconds` unless None."""
        screen = self.table.interlude(events_, view, self.names)
        if screen is None:
            return False
        self.cover(screen, callback=lambda _: then())
        if seconds is not None:
            self.clock.call_later(seconds, lambda: self.call_next(self._close, screen))
        return True

    def cover(self, screen: Screen, callback: Callable[[object], None] | None = None) -> None:
        """Put `screen` over the table."""
        self.app.push_screen(screen, callback=callback)

    # Moves, claims and hints

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """A person chose a move on the table."""
        message.stop()
        seat = self.seat_shown
        if seat is None and not self.at_one_keyboard:
            self.say("You are watching: only the players move.", refused=True)
            return
        if seat is None or not self.may_move:
            self.say("It is not your turn.", refused=True)
            return
        self.send_move(seat, message.move)

    def on_phone_table_chosen(self, message: PhoneTable.Chosen) -> None:
        """A move chosen on the phone-sized table: a claim or a let-go as their keys make them,
        any other move as the game's table makes it."""
        message.stop()
        seat = self.seat_shown
        if isinstance(message.move, Claim) and seat is not None:
            self.claim_key(seat)
        elif isinstance(message.move, LetGo):
            self.let_go_key()
        else:
            self.on_game_table_chosen(GameTable.Chosen(message.move))

    def on_phone_table_hinted(self, message: PhoneTable.Hinted) -> None:
        """The Hint button: the hint on the status line, its card selected on the hand."""
        message.stop()
        self.action_hint()

    def on_phone_table_said(self, message: PhoneTable.Said) -> None:
        """What a tap did, on the status line."""
        message.stop()
        self.say(message.text)

    def on_game_table_hint_withdrawn(self, message: GameTable.HintWithdrawn) -> None:
        """The player moved off the hinted card: the status line says what she can do now."""
        message.stop()
        self.say_status()

    def on_game_table_said(self, message: GameTable.Said) -> None:
        """The table has something to tell the player (once a host has let this screen go,
        that it no longer plays: not 'wait for your turn')."""
        message.stop()
        if self.ended:
            self.say(self.ended_words(), refused=True)
            return
        self.say(message.text, refused=message.refused)

    def claim_key(self, seat: int) -> None:
        """A seat's claim key."""
        raise NotImplementedError

    def let_go_key(self) -> None:
        """Enter in a window: the person asked (turn-based) or shown lets the card go."""
        window = self.window
        if window is None:
            return
        asking = self.asking
        seat = asking if asking is not None and self.acts_for(asking) else self.seat_shown
        if seat is None or seat not in window.open_to or not self.acts_for(seat):
            self.say("Each player's key claims the card; the window closes by itself.")
            return
        self.send_move(seat, LET_GO)

    takes_claim_keys = True
    """False on a screen nobody plays at (the host's own)."""

    def undo_refusal(self) -> str | None:
        """Why the person at this screen may not take back her last move now, or None."""
        return HOSTED_UNDO

    def take_back(self) -> None:
        """Take back the last move of the person at this screen (only at one keyboard)."""
        self.say(HOSTED_UNDO, refused=True)

    def action_undo(self) -> None:
        """u: take back her last move, or say why it cannot be taken back."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.say(refusal, refused=True)
            return
        self.take_back()

    def on_key(self, event: events.Key) -> None:
        """Enter while a hint is thought of at her turn (it waits for the hint, then makes its
        move), u (allowed or not: a refusal says why), claim keys (a game with claim windows),
        and Enter to let a card go in a window (at once, hint or not: that is what it does)."""
        if event.key == "enter" and self.hint_pending and not self.too_small:
            event.stop()
            self._enter_after_hint = True
            return
        if event.key == UNDO_KEY and not self.demo and not self.too_small:
            event.stop()
            self.action_undo()
            return
        if not self.claims or self.demo or self.too_small or not self.takes_claim_keys:
            return
        if event.key in self.claim_keys:
            event.stop()
            self.claim_key(self.claim_keys.index(event.key))
        elif event.key in ("enter", "space") and self.window is not None:
            window = self.window
            if self.current is not None and self.first_call(
                window, self.current.acting, self.seat_shown
            ):
                return  # she plays her turn as usual
            event.stop()
            self.let_go_key()

    hint_watching = "A hint is for a player whose turn it is."
    """A hint asked where nobody may move (a spectator's screen)."""
    hint_window_words = "A hint is for a player who may still claim the card."
    """A hint asked in a window by a seat that may no longer claim."""

    def action_hint(self) -> None:
        """Suggest a move and say why."""
        if self.ended:
            self.say(self.ended_words(), refused=True)
            return
        view, window, seat = self.view, self.window, self.seat_shown
        if view is None:
            self.say(self.hint_watching)
            return
        table = self.current
        if window is not None and table is not None:
            if not self.first_call(window, table.acting, seat):
                self.window_hint(window)
                return
        if seat is None and not self.at_one_keyboard:
            self.say(self.hint_watching)
            return
        if not self.may_move:
            self.say("A hint is for the player whose turn it is.")
            return
        self.think_of_hint(view, self.legal, lambda move, why: self.say(self.hint_line(move, why)))

    def window_hint(self, window: ClaimWindow) -> None:
        """A hint in a claim window, for the person asked or shown: claim (her key) or not
        (Enter)."""
        asking = self.asking
        seat = asking if asking is not None and self.acts_for(asking) else self.seat_shown
        view = self.view
        if (
            seat is None
            or seat not in window.open_to
            or not self.acts_for(seat)
            or not self.legal
            or view is None
        ):
            self.say(self.hint_window_words)
            return
        key = self.claim_keys[seat]

        def show(move: Move, why: str) -> None:
            line = self.window_hint_line(window, move, why, key)
            # The window waits while she reads the hint (its clock and the bots), so that the
            # key it names still makes the move it names.
            self.hold_window()
            self._draw_bar()
            self.say(line)

        self.think_of_hint(view, self.legal, show)

    _hint_asked: object | None = None
    """The hint being thought of (a later one, or a move, calls it off), or None."""
    _enter_after_hint = False
    """Enter was pressed while the hint was thought of: once it shows, Enter makes its move (h
    then Enter follows the hint however quick the fingers); a hint dropped drops it too."""

    def think_of_hint(
        self, view: View, legal: list[Move], show: Callable[[Move, str], None]
    ) -> None:
        """Think of a hint for the seat of `view`, which may make `legal` now, on the clock (a
        search, in the worker process: the screen answers keys meanwhile), and `show` its move
        and why once it is in, if the table still stands where it was asked: a hint for a
        position that has moved on is dropped, never shown."""
        asked = self._hint_asked = object()
        choice = ApartChoice(hint_player(self.game.id), view, legal)
        self.clock.think(choice, partial(self._hint_in, asked, view, legal, show))
        if self._hint_asked is asked:  # not in yet (a fake clock answers at once)
            self.say(self.hint_coming)

    @property
    def hint_pending(self) -> bool:
        """True while a hint for her turn is thought of (Enter then makes it once it is in)."""
        return self._hint_asked is not None and self.window is None

    hint_coming = "Thinking of a hint…"
    """The status line while a hint is thought of."""

    def _hint_in(
        self,
        asked: object,
        view: View,
        legal: list[Move],
        show: Callable[[Move, str], None],
        answer: Answer[tuple[Move, str]],
    ) -> None:
        """A hint is in: shown if it is the last one asked and the seat shown still sees what
        it was asked for (the same view and moves: the same position, whoever moved since)."""
        if asked is not self._hint_asked or not self.is_attached:
            return
        self._hint_asked = None
        follow, self._enter_after_hint = self._enter_after_hint, False
        if self.view != view or self.legal != legal or self.ended:
            return
        try:
            move, why = answer()
            show(move, why)
            if view.seat is not None:
                self.hint_shown(view.seat, move, why)
            if follow:
                self.app.simulate_key("enter")
        except Exception as err:  # the app's crash report, as a hint given at once had

            def fail(error: Exception = err) -> None:
                raise error

            self.app.call_later(fail)

    def hint_shown(self, seat: int, move: Move, why: str) -> None:
        """`seat` was shown this hint in the position as it stands (at one keyboard it is kept
        with her move, for the replay)."""

    def hold_window(self) -> None:
        """A hint was given in a window (at one keyboard it waits until the next move)."""

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
        yield Drawn(id="table-title")
        yield self.table
        yield ClaimBar()
        yield Drawn(id="status")
        with Middle(id="too-small"), Center():
            yield Static(id="too-small-text")
        yield KeysFooter(spare=self.SPARE_KEYS)

    def _bar(self) -> ClaimBar | None:
        bars = self.query(ClaimBar) if self.is_mounted else None
        return bars.first() if bars else None

    # Size

    def on_resize(self, event: events.Resize) -> None:
        """Too small a window gets a message instead of a broken table."""
        self._check_size()

    @property
    def phone(self) -> bool:
        """True while the phone-sized table is drawn instead of the game's own."""
        return self.has_class("-phone")

    @property
    def touch(self) -> bool:
        """True while the phone-sized table is drawn on a browser's page: the words name taps
        and buttons, not keys (a small terminal keeps its keys)."""
        return self.phone and self._phone().touch

    def _phone(self) -> PhoneTable:
        """The phone-sized table, mounted when first needed."""
        found = self.query(PhoneTable)
        if found:
            return found.first()
        phone = PhoneTable()
        self.mount(phone, after=self.table)
        return phone

    def _check_size(self) -> None:
        """Show the table, or say which size it needs; read from the terminal's size now. A
        joined screen too small for the game's table gets the phone-sized one."""
        width, height = self.app.size
        need_w, need_h = self.table.MIN_WIDTH, self.table.MIN_HEIGHT
        small = width < need_w or height < need_h
        phone = small and self.phone_ok and width >= self.PHONE_AT[0] and height >= self.PHONE_AT[1]
        if phone != self.phone:
            self.set_class(phone, "-phone")
            if phone:
                self._phone().focus()
            elif not self.demo:
                self.table.focus()
            if self.current is not None:
                self.call_after_refresh(self.redraw)
        small = small and not phone
        if small:
            if self.phone_ok:  # what it needs is the phone-sized table's room
                need_w, need_h = self.PHONE_AT
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
            self._redraw_keeping_hint()
        self.refresh_bindings()

    def _redraw_keeping_hint(self) -> None:
        """Draw the table again once the window is large enough: a hint given on the position
        still shown stands, its line with it (Enter still makes the move it names)."""
        hinted, line = self.table.hinted, self.said
        number = None if self.current is None else self.current.number
        self.redraw()
        if hinted is None or self.current is None or self.current.number != number:
            return
        self.table.hinted = hinted
        self._point_at_hint(hinted)
        self.say(line)

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
        """No key acts while the table is hidden; a demo has no hint (nobody plays); u is
        offered only while the move can be taken back."""
        if self.too_small:
            return False
        if self.demo and action == "hint":
            return False
        if action == "undo":  # in the footer only while it would be allowed
            return not self.demo and self.undo_refusal() is None
        return True

    # Words

    def say(self, text: str, refused: bool = False) -> None:
        """Put a line on the status bar; a refusal stands out."""
        self.said = text
        status = self.query_one("#status", Static)
        status.set_class(refused, "refused")
        line = Text(("✗ " if refused else "") + text)
        width = status.content_size.width
        rows = max(len(line.wrap(self.app.console, width)), 2) if width else 0
        status.update(line, layout=not rows or rows != self.status_rows)  # same height: no layout
        self.status_rows = rows
        self.table.give_status_rows(max(rows - 2, 0))
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
        """The title line: a tag (' DEMO: ... '), a warning if not saved, `lead` (who is at this
        screen: 'hosting on ...', 'you: Ann'), the game, whose turn (or the card up for claim)
        and the standing."""
        who = ", ".join(names[s] for s in acting)
        turn = f"{who} to play" if acting else "Game over"
        if window is not None:
            turn = f"the {window.card} is up for a {window.verb}"
        title = Text(no_wrap=True, overflow="ellipsis")  # one row: what does not fit ends in …
        if tag:  # first: on a narrow screen the standing is cut, not how to stop a demo
            title.append(tag, style="reverse")
            title.append("  ")
        if unsaved:
            title.append(f"⚠ not saved: {unsaved}", style="reverse")
            title.append("  ")
        if lead:
            title.append_text(lead)
            title.append("  ")
        title.append_text(Text.assemble((self.game.name, "bold"), f"  ·  {turn}  ·  {summary}"))
        return title

    def hint_line(self, move: Move, why: str) -> str:
        """A hint of `move` for the seat shown, `why` it is good: the move is pointed at on the
        table (Enter or the key named makes exactly it) and the line says why."""
        self.table.hinted = move
        return sentences(f"Hint: {self.table.move_label(move)}", why, self._point_at_hint(move))

    def _point_at_hint(self, move: Move) -> str:
        """Point at the hinted move where the player sees it; how to make it, in words. On a
        phone (no keys) its card is selected, or the move has a button: the wide table is not
        drawn there, and its hand is not the one shown."""
        if self.phone:
            phone = self._phone()
            phone.point_at(move)
            return phone.how(move)
        return self.table.suggest(move)

    def window_hint_line(self, window: ClaimWindow, move: Move, why: str, key: str) -> str:
        """A hint in a claim window, `move` `why`: claim (with `key`) or let it go."""
        self.table.hinted = move
        if isinstance(move, Claim):
            what, how = f"{window.verb} the {window.card}", f"Press {key}."
        else:
            what, how = f"let the {window.card} go", "Enter lets it go."
        if self.touch:
            how = (
                f"Tap {window.verb.capitalize()} it."
                if isinstance(move, Claim)
                else "Tap Let it go."
            )
        return sentences(f"Hint: {what}", why, how)

    # Keys

    def action_rules(self) -> None:
        """The rules page of this game."""
        from cardtable.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game.id))

    def action_log(self) -> None:
        """Ctrl+L opens the whole log over the lower table, and folds it again."""
        self.table.toggle_log()

    def action_menu(self) -> None:
        """Back to the start screen; the game stays saved."""
        table_app(self).action_back_to_menu()

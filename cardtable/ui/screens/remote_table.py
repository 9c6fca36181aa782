"""The table of one seat of a host's match (or the public table, for a spectator).

The host owns the game: this screen draws what the host sends (each `Table`: the seat's view,
its legal moves, the claim window), sends the player's moves and claims, and shows a refusal's
reason as the table at one keyboard does. The seat's hand is always in view (nobody else looks
at this screen), so there are no handoffs.
"""

from __future__ import annotations

import logging
import time

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer

from cardtable import games
from cardtable.engine import Event, Game, Move, View
from cardtable.engine.claims import LET_GO, ClaimWindow
from cardtable.engine.contract import Outcome
from cardtable.net.client import Delivered, Dropped, Feed
from cardtable.net.protocol import Act, ClaimCard, Goodbye, Refusal, Table, Welcome
from cardtable.ui.claim_bar import claim_keys
from cardtable.ui.screens.table_frame import TableFrame
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import GameTable, MoveLog

log = logging.getLogger("cardtable.client")

SUMMARY_SECONDS = 10.0
"""How long a spectator's screen (the projector) shows a summary between hands."""


class RemoteTableScreen(TableFrame):
    """One seat's table, fed by a host; a spectator's (no hand, no moves) without a seat."""

    BINDINGS = [Binding("c", "codes", "Join codes")]

    DEFAULT_CSS = """
    RemoteTableScreen.dealing #game-table {
        visibility: hidden;
    }
    """

    def __init__(self, feed: Feed, welcome: Welcome, hosting: str | None = None) -> None:
        super().__init__()
        self.feed = feed
        self.welcome = welcome
        self._game = games.get(welcome.game)
        self.seat = welcome.seat
        """The seat this screen plays; None: a spectator."""
        self.names = list(welcome.names)
        self.humans = list(welcome.humans)
        self.hosting = hosting
        """'hosting on 127.0.0.1:8765' on the host's own screen (the projector), else None."""
        self.table = table_for(welcome.game)()
        self.claim_keys = claim_keys(len(self.names))
        self.current: Table | None = None
        """The host's last Table."""
        self.view: View | None = None
        self.legal: list[Move] = []
        self.dropped: str | None = None
        """'Connection lost, trying again…' while the feed is down."""
        self.ended: str | None = None
        """The host's Goodbye, once it has let this screen go."""
        self.outcome: Outcome | None = None
        self._window_key: str | None = None
        self._window_ends: float | None = None
        self._clock: Timer | None = None
        self._results_shown = False
        self._interludes = 0
        if self.seat is None:
            self.AUTO_FOCUS = ""

    @property
    def game(self) -> Game:
        """The rules of the game the host plays."""
        return self._game

    quit_words = "Ctrl+Q quits; the host keeps the game."

    # Starting

    def on_mount(self) -> None:
        if self.seat is not None:
            self.table.focus()
        self.add_class("dealing")
        self.call_after_refresh(self._begin)

    def _begin(self) -> None:
        """Once the table's nested widgets are mounted: the log, then the host's messages."""
        logs = self.query(MoveLog)
        if not logs or not self.table.ready():
            self.call_after_refresh(self._begin)
            return
        self.feed.listen(self.receive)
        self.remove_class("dealing")

    # The host's messages

    def receive(self, message: Delivered) -> None:
        """A message from the host (or the news that the connection dropped). The feed checked
        it against the game; one this screen still cannot draw ends it in words, not a crash."""
        if not self.is_attached or self.ended:
            return
        try:
            self._receive(message)
        except Exception:  # a host is another program: what it sends must not end the app
            log.exception("could not show a message from the host")
            self.ended = "The host sent a table this screen cannot show: this screen has left it."
            self._stop_clock()
            self.app.run_worker(self.feed.close())
            self.say(self.ended_words(), refused=True)

    def _receive(self, message: Delivered) -> None:
        if isinstance(message, Welcome):
            self.dropped = None
            self.names = list(message.names)
            self.query_one(MoveLog).show_lines(message.log)
        elif isinstance(message, Table):
            self._table(message)
        elif isinstance(message, Refusal):
            if message.stale:  # the newer Table came first: it is on screen, and says what now
                self.redraw()
            else:
                self.say(message.reason, refused=True)
        elif isinstance(message, Goodbye):
            self.ended = message.reason
            self._stop_clock()
            self.redraw()
        elif isinstance(message, Dropped):
            self.dropped = message.reason
            self.redraw()

    def _table(self, table: Table) -> None:
        self.dropped = None
        shown = self.current, self.view, self.legal
        try:
            self.current = table
            self.view = self.game.view_model.model_validate(table.view)
            self.legal = [self.game.parse_move(move) for move in table.legal]
            log = self.query_one(MoveLog)
            for event in table.events:
                log.write(event.render(self.names))
            self._follow_window(table)
            self.table.hinted = None
            self.redraw()
        except Exception:
            # A table the game cannot draw stays off this screen: the last one that could be
            # drawn comes back, so a later redraw (a resize, a key) cannot fail on it again.
            self.current, self.view, self.legal = shown
            self.redraw()
            raise
        self._interlude(table.events)
        if table.over and table.outcome is not None:
            self.outcome = table.outcome
            self._results()

    def _interlude(self, events_: list[Event]) -> None:
        """The table's summary between hands or games, over the table until dismissed."""
        if not events_ or self.view is None:
            return
        interlude = self.table.interlude(events_, self.view, self.names)
        if interlude is None:
            return
        self._interludes += 1

        def closed(_: object) -> None:
            self._interludes -= 1
            self._results()

        self.app.push_screen(interlude, callback=closed)
        if self.seat is None:  # nobody at the projector presses Enter: it closes by itself
            self.app.set_timer(SUMMARY_SECONDS, lambda: self._close(interlude))

    def _close(self, screen: Screen) -> None:
        if screen.is_current:
            screen.dismiss()

    def _results(self) -> None:
        """Once the game is over and no summary is open: the results."""
        if self.outcome is None or self._interludes or self._results_shown:
            return
        self._results_shown = True
        from cardtable.ui.screens.results import OutcomeScreen

        outcome = OutcomeScreen(self.game.name, self.outcome, self.names, bool(self.hosting))
        self.app.push_screen(outcome)

    # The claim window's clock, counted down here from what the host said was left

    def _follow_window(self, table: Table) -> None:
        window = table.window
        if window is None:
            self._window_key = None
            self._window_ends = None
            self._stop_clock()
            return
        key = window.model_dump_json(include={"card", "verb", "seconds"})
        if table.window_left is not None:
            ends = time.monotonic() + table.window_left
            if key != self._window_key or self._window_ends is None:
                self._window_ends = ends
            else:  # the same window: the host's clock is the one that counts
                self._window_ends = min(self._window_ends, ends)
            if self._clock is None:
                self._clock = self.set_interval(0.1, self._draw_bar)
        else:
            self._window_ends = None
            self._stop_clock()
        self._window_key = key

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.stop()
            self._clock = None

    def _window_left(self) -> float | None:
        if self._window_ends is None:
            return None
        return max(0.0, self._window_ends - time.monotonic())

    def _draw_bar(self) -> None:
        bar = self._bar()
        if bar is None:
            return
        window = self.window
        if window is None or self.ended:
            bar.close()
            return
        asking = self.current.asking if self.current is not None else None
        bar.draw(window, self.names, self.claim_keys, self._window_left(), asking, self.humans)

    @property
    def window(self) -> ClaimWindow | None:
        """The claim window open now, as the host last said."""
        return self.current.window if self.current is not None else None

    # Drawing

    @property
    def acting(self) -> list[int]:
        """The seats that may act now, as the host last said."""
        return self.current.acting if self.current is not None else []

    @property
    def may_move(self) -> bool:
        """True if this seat may move now (the host sent it legal moves)."""
        return self.seat is not None and bool(self.legal) and self.seat in self.acting

    def redraw(self) -> None:
        """Draw the host's last table for this seat and say what the player can do."""
        self._check_size()
        table = self.current
        if table is None or self.view is None:
            return
        interactive = self.may_move and not self.ended
        self.table.show(self.view, self.names, self.legal, interactive)
        self.query_one("#table-title").update(self._title())  # type: ignore[attr-defined]
        self._draw_bar()
        self._status()

    def _title(self) -> Text:
        """Who is at this screen and who is away first (the end of a long title may be cut),
        then the game as at one keyboard."""
        table = self.current
        assert table is not None
        if self.hosting:
            tag = self.hosting
        elif self.ended:
            tag = "not connected"
        elif self.seat is None:
            tag = "watching"
        else:
            tag = f"you: {self.names[self.seat]}"
        lead = Text(f" {tag} ", style="reverse")
        names = self.names
        away = [names[s] for s, here in enumerate(table.present) if not here and s < len(names)]
        if away:
            lead.append(" away: " + ", ".join(away), style="bold")
        return self.title_text(
            table.acting, names, table.window, table.summary, table.unsaved, lead=lead
        )

    def _status(self) -> None:
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
        if window is not None and not table.over and not self._first_call(window):
            self.say(self._window_words(window))
            return
        self.say(table.explain)

    def _first_call(self, window: ClaimWindow) -> bool:
        """True if this seat has first call on the window's card (TableFrame.first_call)."""
        return self.first_call(window, self.acting, self.seat)

    def _window_words(self, window: ClaimWindow) -> str:
        """What this seat can do in a claim window."""
        table = self.current
        said = table.explain if table is not None else ""
        seat = self.seat
        asking = table.asking if table is not None else None
        if asking is not None and asking != seat:  # one person asked at a time
            return f"{said} {self.names[asking]} is asked first."
        if seat is not None and seat in window.open_to:
            key = self.claim_keys[seat]
            return f"{said} Your key {key} claims it; Enter lets it go."
        return said

    # Moves

    def _answer(self) -> int:
        """The number of the host's Table on screen, which every move and claim names."""
        return self.current.number if self.current is not None else 0

    def _send(self, message: Act | ClaimCard) -> None:
        if self.ended:
            self.say(self.ended_words(), refused=True)
        elif not self.feed.send(message):
            self.say("The connection is down: trying again; make the move once it is back.", True)

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """The player chose a move on the table: it goes to the host, which checks it."""
        message.stop()
        if self.seat is None:
            self.say("You are watching: only the players move.", refused=True)
            return
        if not self.may_move:
            self.say("It is not your turn.", refused=True)
            return
        self.table.hinted = None
        self._send(Act(move=message.move.model_dump(mode="json"), table=self._answer()))

    def on_game_table_said(self, message: GameTable.Said) -> None:
        """The table has something to tell the player (once the host has let this screen go,
        that it no longer plays: not 'wait for your turn')."""
        message.stop()
        if self.ended:
            self.say(self.ended_words(), refused=True)
            return
        self.say(message.text, refused=message.refused)

    def ended_words(self) -> str:
        """Why this screen no longer plays or watches, and what to do."""
        return f"{self.ended} This screen no longer plays: Ctrl+Q quits."

    def claim_key(self, seat: int) -> None:
        """A claim key: this seat's claims the card; another seat's says whose it is."""
        mine = self.seat
        key = self.claim_keys[seat]
        if mine is None:
            self.say("You are watching: the players claim from their own screens.")
            return
        if seat != mine:
            self.say(
                f"{key} is {self.names[seat]}'s key; yours is {self.claim_keys[mine]}.",
                refused=True,
            )
            return
        if self.window is None:
            self.say(
                "No card is up for claim now: your key claims while a card is shown up for claim.",
                refused=True,
            )
            return
        self._send(ClaimCard(table=self._answer()))

    def let_go_key(self) -> None:
        """Enter in a window: this seat lets the card go."""
        window = self.window
        if window is None:
            return
        if self.seat is None or self.seat not in window.open_to:
            self.say("Each player's key claims the card; the window closes by itself.")
            return
        self._send(Act(move=LET_GO.model_dump(mode="json"), table=self._answer()))

    def on_key(self, event: events.Key) -> None:
        """Claim keys (a game with claim windows), and Enter to let a card go in a window."""
        if not self.claims or self.too_small or self.hosting:
            return
        if event.key in self.claim_keys:
            event.stop()
            self.claim_key(self.claim_keys.index(event.key))
        elif event.key in ("enter", "space") and self.window is not None:
            window = self.window
            if self._first_call(window):
                return
            event.stop()
            self.let_go_key()

    # Keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts while the table is hidden; the host's own screen has no menu key (it
        would leave the game without a screen) and nobody hints there, nor at a spectator's;
        only the host's shows the join codes again."""
        if (self.hosting or self.seat is None) and action in ("menu", "hint"):
            return action == "menu" and not self.hosting
        if action == "codes":
            return bool(self.hosting)
        return super().check_action(action, parameters)

    def action_codes(self) -> None:
        """The host's screen: each person's join command again (for a late player)."""
        self.app.show_lobby()  # type: ignore[attr-defined]

    def action_hint(self) -> None:
        """Suggest a move and say why (the host's planner, on this seat's view)."""
        if self.ended:
            self.say(self.ended_words(), refused=True)
            return
        view = self.view
        window = self.window
        if view is None or self.seat is None:
            self.say("A hint is for a player whose turn it is.")
            return
        if window is not None and not self._first_call(window):
            if self.seat in window.open_to and self.legal:
                line = self.window_hint_line(window, view, self.legal, self.claim_keys[self.seat])
                self.say(line)
            else:
                self.say("A hint is for a player who may still claim the card.")
            return
        if not self.may_move:
            self.say("A hint is for the player whose turn it is.")
            return
        self.say(self.hint_line(view, self.legal))

    def action_menu(self) -> None:
        """Back to the start screen; this seat leaves the host (its code brings it back)."""
        self.app.run_worker(self.feed.close())
        super().action_menu()

    def on_unmount(self) -> None:
        self._stop_clock()

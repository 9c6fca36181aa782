"""The table screen fed by a host: one seat of a host's match (or the public table, for a
spectator).

The host owns the game: this feed hands the table screen (table_frame.py) each `Table` the
host sends (the seat's view, its legal moves, the claim window) and sends the player's moves
and claims; a refusal's reason is shown as at one keyboard. The seat's hand is always in view
(nobody else looks at this screen), so there are no handoffs.
"""

from __future__ import annotations

import logging

from rich.text import Text
from textual.binding import Binding

from cardtable import games
from cardtable.engine import Event, Game, Move
from cardtable.engine.claims import LET_GO
from cardtable.engine.contract import Outcome
from cardtable.net.client import Delivered, Dropped, Feed
from cardtable.net.clock import LoopClock
from cardtable.net.protocol import Act, ClaimCard, Goodbye, Refusal, Table, Welcome
from cardtable.ui.app_api import table_app
from cardtable.ui.claim_bar import claim_keys
from cardtable.ui.screens.table_frame import TableFrame
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import MoveLog

log = logging.getLogger("cardtable.client")

SUMMARY_SECONDS = 10.0
"""How long a spectator's screen (the projector) shows a summary between hands."""


class RemoteTableScreen(TableFrame):
    """The table screen over a host's feed: one seat's, or a spectator's (no hand, no moves)."""

    BINDINGS = [Binding("c", "codes", "Join codes")]

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
        self.takes_claim_keys = not hosting
        self.table = table_for(welcome.game)()
        self.claim_keys = claim_keys(len(self.names))
        self.clock = LoopClock()
        self.legal: list[Move] = []
        self.outcome: Outcome | None = None
        self._window_key: str | None = None
        self._window_ends: float | None = None
        self._results_shown = False
        self._interludes = 0
        if self.seat is None:
            self.AUTO_FOCUS = ""
        self.phone_ok = not hosting  # a player's screen or a spectator's; not the projector
        self.watching = self.seat is None and not hosting

    @property
    def game(self) -> Game:
        """The rules of the game the host plays."""
        return self._game

    @property
    def seat_shown(self) -> int | None:
        """This screen's seat (None: a spectator)."""
        return self.seat

    def acts_for(self, seat: int) -> bool:
        """A joined screen acts for its own seat only."""
        return seat == self.seat

    @property
    def people(self) -> list[int]:
        """The seats people play from their own screens."""
        return self.humans

    @property
    def acting(self) -> list[int]:
        """The seats that may act now, as the host last said."""
        return self.current.acting if self.current is not None else []

    @property
    def quit_words(self) -> str:  # type: ignore[override]
        """What Ctrl+Q does here, for the too-small message: the host's own screen stops
        hosting; a player's leaves a game the host keeps."""
        if self.hosting:
            return "Ctrl+Q stops hosting; the game stays saved."
        return "Ctrl+Q quits; the host keeps the game."

    hint_watching = "A hint is for a player whose turn it is."

    def on_mount(self) -> None:  # then TableFrame's own on_mount (Textual calls each class's)
        self.clock = table_app(self).clock

    def start(self) -> None:
        """The host's messages, from now on."""
        self.feed.listen(self.receive)

    # The host's messages

    def receive(self, message: Delivered) -> None:
        """A message from the host (or the news that the connection dropped). The feed checked
        it against the game; one this screen still cannot draw ends it in words, not a crash."""
        if self.taken_down or self.ended or not self.query(MoveLog):
            return  # off screen, over, or being taken down (the app quits: its widgets go)
        try:
            self._receive(message)
        except Exception:  # a host is another program: what it sends must not end the app
            log.exception("could not show a message from the host")
            self.ended = "The host sent a table this screen cannot show: this screen has left it."
            self.follow_countdown()
            self.app.run_worker(self.feed.close())
            self.say(self.ended_words(), refused=True)

    @property
    def taken_down(self) -> bool:
        """True once this screen is off the app or on its way off: the app quits, or a phone's
        tab closed and Textual prunes the screen's widgets one by one (a table arriving then
        found the title gone while the move log was still there)."""
        return not self.is_attached or self._closing or self._pruning

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
            self.follow_countdown()
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
        """The table's summary between hands or games, over the table until dismissed (at the
        projector, where nobody presses Enter, it closes by itself)."""
        if not events_ or self.view is None:
            return

        def closed() -> None:
            self._interludes -= 1
            self._results()

        seconds = SUMMARY_SECONDS if self.seat is None else None
        if self.interlude(events_, self.view, closed, seconds):
            self._interludes += 1

    def _results(self) -> None:
        """Once the game is over and no summary is open: the results."""
        if self.outcome is None or self._interludes or self._results_shown:
            return
        self._results_shown = True
        from cardtable.ui.screens.results import OutcomeScreen

        host = table_app(self).host if self.hosting else None
        outcome = OutcomeScreen(
            self.game.name,
            self.outcome,
            self.names,
            bool(self.hosting),
            match=host.match if host is not None else None,
        )
        self.app.push_screen(outcome)

    # The claim window's clock, counted down here from what the host said was left

    def _follow_window(self, table: Table) -> None:
        window = table.window
        if window is None:
            self._window_key = None
            self._window_ends = None
        else:
            key = window.model_dump_json(include={"card", "verb", "seconds"})
            if table.window_left is not None:
                ends = self.clock.now() + table.window_left
                if key != self._window_key or self._window_ends is None:
                    self._window_ends = ends
                else:  # the same window: the host's clock is the one that counts
                    self._window_ends = min(self._window_ends, ends)
            else:
                self._window_ends = None
            self._window_key = key
        self.follow_countdown()

    def window_left(self) -> float | None:
        """Seconds left on the window's clock, counted from what the host said."""
        if self._window_ends is None:
            return None
        return max(0.0, self._window_ends - self.clock.now())

    # Drawing

    def lead(self) -> Text:
        """Who is at this screen and who is away first (the end of a long title may be cut)."""
        table = self.current
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
        present = table.present if table is not None else []
        away = [names[s] for s, here in enumerate(present) if not here and s < len(names)]
        if away:
            lead.append(" away: " + ", ".join(away), style="bold")
        return lead

    # Moves

    def _answer(self) -> int:
        """The number of the host's Table on screen, which every move and claim names."""
        return self.current.number if self.current is not None else 0

    def _send(self, message: Act | ClaimCard) -> None:
        if self.ended:
            self.say(self.ended_words(), refused=True)
        elif not self.feed.send(message):
            self.say("The connection is down: trying again; make the move once it is back.", True)

    def send_move(self, seat: int, move: Move, who: str = "") -> None:
        """The move goes to the host, which checks it (a refusal comes back)."""
        if move != LET_GO:
            self.table.hinted = None
        self._send(Act(move=move.model_dump(mode="json"), table=self._answer()))

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
        table_app(self).show_lobby()

    def action_menu(self) -> None:
        """Back to the start screen; this seat leaves the host (its code brings it back)."""
        self.app.run_worker(self.feed.close())
        super().action_menu()

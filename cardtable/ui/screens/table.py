"""The table screen: runs the turns of a match, whoever sits in each seat."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.bots import player_for
from cardtable.bots.seat_player import planner
from cardtable.engine import Game, IllegalMove, Match, Move
from cardtable.engine.words import plural
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import GameTable, MoveLog


class TableScreen(Screen[None]):
    """One game in play: people move with keys or the mouse, bots move on their own."""

    DEFAULT_CSS = """
    TableScreen.dealing #game-table {
        visibility: hidden;
    }
    """

    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("ctrl+n", "menu", "Menu"),
    ]

    def __init__(self, match: Match, demo: bool = False, delay: float = 0.6) -> None:
        super().__init__()
        self.match = match
        self.demo = demo
        self.delay = delay
        self.viewer: int | None = None
        """The seat whose hand is shown: the last person handed the table (in a demo, the actor)."""
        self.table = table_for(match.game.id)()
        self._seat(match)
        if demo:  # nobody plays a demo: no widget takes the keys, the footer shows how to stop
            self.AUTO_FOCUS = ""

    def _seat(self, match: Match) -> None:
        """Sit the match's players at this table."""
        self.match = match
        self.players = [
            player_for(seat.kind, match.game.id, match.record.seed * 31 + i)
            for i, seat in enumerate(match.seats)
        ]
        self.humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self._pending = False
        self._linger = 0.0
        """Seconds the table asked to stay still after the last move before a bot moves on."""

    def deal(self, match: Match) -> None:
        """Play a new match of the same game at this table, drawn at once (a demo's next game:
        a new table screen would be painted empty once before its first draw)."""
        self._seat(match)
        self.query_one(MoveLog).show_lines(match.log_lines())
        self.advance()

    def compose(self) -> ComposeResult:
        yield Static(id="table-title")
        yield self.table
        yield Static(id="status")
        with Middle(id="too-small"), Center():
            yield Static(id="too-small-text")
        yield Footer()

    def on_mount(self) -> None:
        if not self.demo:
            self.table.focus()
        # Nested widgets (the Castle, the log) finish mounting after this screen's on_mount:
        # start once all are laid out. Until then the table is hidden ("dealing"), so the one
        # frame painted before the first draw shows the felt, not an empty board (a demo at
        # --delay 0 deals every few seconds, and each deal flashed a blank Castle and hand).
        self.add_class("dealing")
        self.call_after_refresh(self._begin)

    def _begin(self) -> None:
        """Fill the log and start the turns once the table's nested widgets are all mounted."""
        logs = self.query(MoveLog)
        if not logs or not self.table.ready():  # not yet, on a busy machine: after a refresh
            self.call_after_refresh(self._begin)
            return
        logs.first().show_lines(self.match.log_lines())
        self.advance()
        self.remove_class("dealing")

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
            self.query_one("#too-small-text", Static).update(
                f"The {self.match.game.name} table needs a window of at least {need_w}x{need_h}.\n"
                f"This one is {width}x{height}: make it larger (or the font smaller).\n"
                "Ctrl+Q quits; the game stays saved."
            )
        if small == self.too_small:
            return
        self.set_class(small, "too-small")
        # While the table is hidden no key or click reaches it (only quitting works), and bots
        # wait: nothing happens that nobody can see.
        self.table.disabled = small
        if not small:
            if not self.demo:
                self.table.focus()
            self.redraw()
        self.refresh_bindings()

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

    # Turn flow

    @property
    def game(self) -> Game:
        """The rules of the game in play."""
        return self.match.game

    def acting(self) -> list[int]:
        """The seats that may act now."""
        return self.game.to_act(self.match.state)

    def advance(self) -> None:
        """Decide what happens next: a bot's move, a handoff, a person's turn or the result."""
        state = self.match.state
        if self.game.is_over(state):
            self.redraw()
            self.set_timer(max(self.delay, 0.3) if self.demo else 0.4, self._finish)
            return
        seat = self.acting()[0]
        if self.demo:
            self.viewer = seat
        if not self.match.seats[seat].is_human:
            self.redraw()
            if not self._pending:
                self._pending = True
                # A timer, even at no delay, lets the screen repaint between bot moves; what
                # the last move left to be seen (a finished trick) is given its moment.
                wait = max(self.delay, self._linger, 0.001)
                self._linger = 0.0
                self.set_timer(wait, self._bot_move)
            return
        if self.viewer != seat and len(self.humans) > 1:
            self.viewer = None
            self.redraw()
            self.app.push_screen(
                HandoffScreen(self.match.names[seat], self._since_last_turn(seat)),
                callback=lambda _: self._seat_ready(seat),
            )
            return
        self.viewer = seat
        self.redraw()

    def _since_last_turn(self, seat: int, most: int = 8) -> str:
        """What happened since `seat` last moved, for the handoff screen (public moves only)."""
        log = self.match.record.log
        last = max((i for i, entry in enumerate(log) if entry.seat == seat), default=-1)
        lines = [line for entry in log[last + 1 :] for line in entry.lines]
        if not lines:
            return "The game is about to begin."
        shown = lines[-most:]
        earlier = len(lines) - most
        more = f"(and {plural(earlier, 'earlier move')})\n" if earlier > 0 else ""
        return "Since your last turn:\n" + more + "\n".join(shown)

    def _seat_ready(self, seat: int) -> None:
        self.viewer = seat
        self.redraw()
        if not self.too_small:
            self.table.focus()

    @property
    def on_top(self) -> bool:
        """True when this table is the screen in front (not under the rules page or a summary).

        Textual's is_current is also true under a modal screen; bots and results wait for this.
        """
        return self.app.screen is self

    def _bot_move(self) -> None:
        self._pending = False
        if not self.on_top or self.too_small:
            self.set_timer(0.2, self._bot_move)
            self._pending = True
            return
        state = self.match.state
        if self.game.is_over(state):
            return
        seat = self.acting()[0]
        if self.match.seats[seat].is_human:
            return
        move, _ = self.players[seat].choose(
            self.game.view(state, seat), self.game.legal_moves(state, seat)
        )
        self.play(seat, move)

    def play(self, seat: int, move: Move) -> None:
        """Send a move to the engine; show its reason if refused, else the new table."""
        try:
            events_ = self.match.play(seat, move)
        except IllegalMove as refused:
            self.say(refused.reason, refused=True)
            return
        log = self.query_one(MoveLog)
        for event in events_:
            log.write(event.render(self.match.names))
        self._linger = self.table.linger_after(events_)
        if self.demo:  # a demo shows it for a moment, in step with its pace
            self._linger = min(self._linger, max(2 * self.delay, 0.3))
        interlude = self.table.interlude(events_, self.match)
        if interlude is None:
            self.advance()
            return
        self.redraw()
        self.app.push_screen(interlude, callback=lambda _: self.advance())
        if self.demo:
            self.set_timer(max(1.0, self.delay * 4), lambda: self._close(interlude))

    def _close(self, screen: Screen) -> None:
        if screen.is_current:
            screen.dismiss()

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """A person chose a move on the table."""
        message.stop()
        if self.viewer is None or self.viewer not in self.acting():
            self.say("It is not your turn.", refused=True)
            return
        self.play(self.viewer, message.move)

    def on_game_table_said(self, message: GameTable.Said) -> None:
        """The table has something to tell the player."""
        message.stop()
        self.say(message.text, refused=message.refused)

    # Drawing

    def redraw(self) -> None:
        """Draw the table for the viewer and say what she can do."""
        self._check_size()
        state = self.match.state
        acting = self.acting()
        viewer = self.viewer
        interactive = viewer is not None and viewer in acting and not self.demo
        legal = (
            self.game.legal_moves(state, viewer) if viewer is not None and viewer in acting else []
        )
        self.table.hinted = None
        self.table.show(self.game.view(state, viewer), self.match.names, legal, interactive)
        self.query_one("#table-title", Static).update(self._title(acting))
        self.say(self._explain(acting, interactive))

    def _title(self, acting: list[int]) -> Text:
        outcome = self.game.outcome(self.match.state)
        who = ", ".join(self.match.names[s] for s in acting)
        turn = f"{who} to play" if acting else "Game over"
        title = Text()
        if self.match.unsaved:
            title.append(f"⚠ not saved: {self.match.unsaved}", style="reverse")
            title.append("  ")
        title.append_text(
            Text.assemble((self.game.name, "bold"), f"  ·  {turn}  ·  {outcome.summary}")
        )
        if self.demo:
            title.append("  ")
            title.append(" DEMO: Esc or q stops it ", style="reverse")
        return title

    def _explain(self, acting: list[int], interactive: bool) -> str:
        state = self.match.state
        names = self.match.names
        if interactive:
            return self.game.explain(state, self.viewer, names)
        return self.game.explain(state, None, names)

    def say(self, text: str, refused: bool = False) -> None:
        """Put a line on the status bar; a refusal stands out."""
        status = self.query_one("#status", Static)
        status.set_class(refused, "refused")
        status.update(Text(("✗ " if refused else "") + text))
        if refused:
            self.app.bell()

    # Keys

    def action_hint(self) -> None:
        """Suggest a move and say why."""
        viewer = self.viewer
        if self.demo or viewer is None or viewer not in self.acting():
            self.say("A hint is for the player whose turn it is.")
            return
        state = self.match.state
        move, why = planner(self.game.id).choose(
            self.game.view(state, viewer), self.game.legal_moves(state, viewer)
        )
        self.table.hinted = move
        how = self.table.suggest(move)
        self.say(f"Hint: {self.table.move_label(move)}. {why} {how}")

    def action_rules(self) -> None:
        """The rules page of this game."""
        from cardtable.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game.id))

    def action_menu(self) -> None:
        """Back to the start screen; the game stays saved."""
        self.app.action_back_to_menu()  # type: ignore[attr-defined]

    def _finish(self) -> None:
        if not self.on_top:  # the rules page or a summary is open: results when it closes
            self.set_timer(0.3, self._finish)
            return
        self.app.show_results(self.match, demo=self.demo, delay=self.delay)  # type: ignore[attr-defined]

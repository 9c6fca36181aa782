"""The table at one keyboard: a `Runner` (net/runner.py) runs the turns, whoever sits in each
seat; this screen acts for any person's seat and adds what only a shared keyboard needs: who sees
the table (handoffs that hide hands between people, a last look before one), asking privately in
a turn-based window, answers given ahead, and pausing the runner while the table is covered or
the window is too small."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from cardtable.engine import Event, Game, IllegalMove, Match, Move
from cardtable.engine.claims import ClaimWindow
from cardtable.engine.words import plural
from cardtable.net.clock import Clock, LoopClock
from cardtable.net.protocol import Act, ClaimCard
from cardtable.net.runner import ClaimRefused, KeyboardFeed, Runner
from cardtable.ui.app_api import table_app
from cardtable.ui.claim_bar import claim_keys
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.table_frame import TableFrame
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import MoveLog

COVERED = "covered"
"""The runner's pause while another screen is over the table (the rules page, a summary)."""
SMALL = "too small"
"""The runner's pause while the window is too small to show the table."""


class TableScreen(TableFrame):
    """One game in play: people move with keys or the mouse, bots move on their own."""

    at_one_keyboard = True

    hint_window_words = "A hint is for the player shown, while she may still claim the card."

    def __init__(
        self, match: Match, demo: bool = False, delay: float = 0.6, clock: Clock | None = None
    ) -> None:
        super().__init__()
        self.match = match
        self.demo = demo
        self.delay = delay
        self.clock: Clock = clock or LoopClock()
        """The clock the runner and this screen wait on (a FakeClock in tests)."""
        self._viewer: int | None = None
        self._hidden_for_bots: int | None = None
        self.table = table_for(match.game.id)()
        self._seat(match)
        if demo:  # nobody plays a demo: no widget takes the keys, the footer shows how to stop
            self.AUTO_FOCUS = ""

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown: the last person handed the table (in a demo, the
        actor)."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self._viewer = seat
        self._offer_undo()

    @property
    def hidden_for_bots(self) -> int | None:
        """The person whose hand was put away while bots play (she keeps the keyboard: her
        next turn, with only bots' moves between, needs no handoff)."""
        return self._hidden_for_bots

    @hidden_for_bots.setter
    def hidden_for_bots(self, seat: int | None) -> None:
        self._hidden_for_bots = seat
        self._offer_undo()

    def _later(self, wait: float, callback: Callable[[], object]) -> None:
        """Call `callback` after `wait` seconds on the table's clock, unless the screen has gone."""

        def fire() -> None:  # in the message loop: an error in it is the app's crash report
            if self.live:
                self.call_next(callback)

        self.clock.call_later(wait, fire)

    def _seat(self, match: Match) -> None:
        """Sit the match's players at this table, with a runner for its turns."""
        old = getattr(self, "runner", None)
        if old is not None:
            old.stop()
        self.match = match
        self.names = match.names
        self.humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.table.shared_keyboard = len(self.humans) > 1 and not self.demo
        runner = Runner(
            match,
            self.clock,
            self.delay,
            people=[] if self.demo else self.humans,
            # With nobody to wait for, the bots answer a window at once (a demo at its pace).
            window_wait=max(self.delay, 0.001) if self.demo else 0.001,
        )
        runner.answer_ahead = self._answer_ahead
        runner.linger_after = self._linger_after
        runner.on_fault = self._fault
        runner.listen(self._changed)
        self.feed = KeyboardFeed(runner)
        """Takes this keyboard's moves and claims, for the seat each names."""
        if self.is_attached and (self.too_small or self.app.screen is not self):
            runner.pause(SMALL if self.too_small else COVERED)
        self.runner = runner
        self._looked = -1
        """The length of the log when the last person leaving the keyboard was shown what the
        table had for her (`before_handoff`): shown once."""
        self.claim_keys = claim_keys(len(match.seats))
        """Each seat's claim key, the same for the whole session (claim_bar.py)."""
        self._asking_screen: HandoffScreen | None = None
        """The handoff before a person asked in a turn-based window sees her hand, while up."""

    @property
    def players(self) -> list:
        """The seats' players (a bot's chooses its moves), as the runner holds them."""
        return self.runner.players

    @property
    def asking(self) -> int | None:
        """In a turn-based window (0 seconds), the person asked now."""
        return self.runner.asking

    def claiming(self) -> ClaimWindow | None:
        """The claim window while seats may still claim in it (Runner.claiming)."""
        return self.runner.claiming()

    @property
    def seat_shown(self) -> int | None:
        """The viewer: the seat whose hand is shown (None: the public table)."""
        return self.viewer

    def acts_for(self, seat: int) -> bool:
        """At one keyboard the screen acts for every person's seat (in a demo, for none)."""
        return self.runner.person(seat)

    @property
    def people(self) -> list[int]:
        """The seats people play here (none in a demo)."""
        return self.runner.people

    def window_left(self) -> float | None:
        """Seconds left in the timed window, as the runner counts them."""
        return self.runner.window_left()

    @property
    def held(self) -> bool:
        """True while a hint given in the window holds it."""
        return self.runner.held

    def hold_window(self) -> None:
        """The window waits (clock and bots) until the next move."""
        self.runner.hold()

    def deal(self, match: Match) -> None:
        """Play a new match of the same game at this table, drawn at once (a demo's next game:
        a new table screen would be painted empty once before its first draw)."""
        self._seat(match)
        self.query_one(MoveLog).show_lines(match.log_lines())
        self.runner.start()

    def start(self) -> None:
        """Fill the log and start the turns."""
        self.query_one(MoveLog).show_lines(self.match.log_lines())
        self.runner.start()

    def on_unmount(self) -> None:
        self.runner.stop()  # then TableFrame's own on_unmount (Textual calls each class's)

    @property
    def live(self) -> bool:
        """True while the screen is up to be drawn on (not yet, or no longer, while the app
        builds or takes it down)."""
        return self.is_attached and bool(self.query("#table-title"))

    # Pausing the runner while nobody can see the table

    def on_screen_suspend(self) -> None:
        self.runner.pause(COVERED)

    def on_screen_resume(self) -> None:
        if self.app.screen is self:
            self.runner.resume(COVERED)

    def size_changed(self, small: bool) -> None:
        """Bots wait and the window's clock stops while the table is too small to see."""
        if small:
            self.runner.pause(SMALL)
        else:
            self.runner.resume(SMALL)

    def cover(self, screen: Screen, callback: Callable[[object], None] | None = None) -> None:
        """Put `screen` over the table; the runner waits until the table is in front again."""
        self.runner.pause(COVERED)
        self.app.push_screen(screen, callback=callback)

    def _fault(self, err: Exception) -> None:
        """A bot or the rules failed inside the runner: the app's crash report, as anywhere."""

        def fail() -> None:
            raise err

        self.app.call_later(fail)

    # Turn flow

    @property
    def game(self) -> Game:
        """The rules of the game in play."""
        return self.match.game

    def acting(self) -> list[int]:
        """The seats that may act now."""
        return self.game.to_act(self.match.state)

    def advance(self) -> None:
        """The runner looks again at the match (after a test or a table changed it by hand)."""
        self.runner.step()

    def _answer_ahead(self, seat: int) -> Move | None:
        """An answer a person gave ahead for her turn now (Run It: her second offer)."""
        state = self.match.state
        return self.table.answer_given(
            self.game.view(state, seat), self.game.legal_moves(state, seat)
        )

    def _linger_after(self, events_: list[Event]) -> float:
        """The table lingers on what these events left to be seen (a finished trick); a demo
        for a moment, in step with its pace."""
        linger = self.table.linger_after(events_)
        return min(linger, max(2 * self.delay, 0.3)) if self.demo else linger

    def _changed(self, events_: list[Event]) -> None:
        """The runner made a change: log its events, show a summary they make, then the table."""
        if not self.live:
            return
        log = self.query_one(MoveLog)
        for event in events_:
            log.write(event.render(self.match.names))
        seconds = max(1.0, self.delay * 4) if self.demo else None
        view = self.game.view(self.match.state, None)
        if not self.interlude(events_, view, self.show_turn, seconds):
            self.show_turn()
            return
        self.redraw()

    def show_turn(self) -> None:
        """Show what the runner waits for: a person's turn (past a handoff), a claim window,
        a bot's move or the result."""
        state = self.match.state
        self.follow_countdown()
        if self.game.is_over(state):
            self.redraw()
            self._later(max(self.delay, 0.3) if self.demo else 0.4, self._finish)
            return
        shared = self.table.shared_keyboard
        window = self.claiming()
        if window is not None:
            asking = self.asking
            if asking is not None and shared and self.viewer != asking:
                # Turn-based: she answers with her hand in view, behind a handoff first.
                self._ask_privately(window, asking)
                return
            if asking is None and shared:
                # Everyone at the keyboard may be looking at the table now: no hand is shown.
                self.viewer = self.hidden_for_bots = None
            self.redraw()
            return
        seat = self.acting()[0]
        if self.demo:
            self.viewer = seat
        if not self.runner.person(seat):
            if shared and self.viewer is not None:
                # Between people at one keyboard nobody's hand stays up while bots play: the
                # next person may already be looking at the screen.
                if self._last_look():
                    return
                self.viewer, self.hidden_for_bots = None, self.viewer
            self.redraw()
            return
        if self.viewer is None and self.hidden_for_bots == seat:
            # Only bots moved since her turn: she still has the keyboard, no handoff.
            self.viewer = seat
        if self.viewer != seat and len(self.humans) > 1:
            if self._last_look():
                return
            self.viewer = None
            self.redraw()
            unseen = self.table.unseen_answer(
                self.game.view(state, None), self.game.legal_moves(state, seat)
            )
            words = unseen[0] if unseen else ""

            def ready(answered: object) -> None:
                if answered and unseen is not None:
                    self.play(seat, unseen[1])
                else:
                    self._seat_ready(seat)

            self.cover(
                HandoffScreen(
                    self.match.names[seat], self._since_last_turn(seat), words, clock=self.clock
                ),
                callback=ready,
            )
            return
        self.viewer = seat
        self.redraw()

    def _last_look(self) -> bool:
        """Before a handoff: what the table still has for the person leaving the keyboard
        (`before_handoff`), over her own table until she closes it; True while it is shown."""
        seat, moves = self.viewer, len(self.match.record.log)
        if seat is None or self._looked == moves:
            return False
        self._looked = moves
        look = self.table.before_handoff(self.game.view(self.match.state, seat))
        if look is None:
            return False
        self.redraw()
        self.cover(look, callback=lambda _: self.show_turn())
        return True

    def _since_last_turn(self, seat: int, most: int = 8) -> str:
        """What happened since `seat` last moved, for the handoff screen (public moves only)."""
        log = self.match.record.log
        # Her last move that said something (letting a claim window's card go says nothing).
        last = max(
            (i for i, entry in enumerate(log) if entry.seat == seat and entry.lines), default=-1
        )
        lines = [line for entry in log[last + 1 :] for line in entry.lines]
        if not lines:
            return "The game is about to begin." if last < 0 else "Nothing new since your turn."
        shown = lines[-most:]
        earlier = len(lines) - most
        heading = "Since your last turn" if last >= 0 else "The game so far"
        if earlier > 0:
            heading += f" (the last {len(shown)}; {plural(earlier, 'earlier move')} not shown)"
        return heading + ":\n" + "\n".join(shown)

    def _seat_ready(self, seat: int) -> None:
        self.viewer, self.hidden_for_bots = seat, None
        self.redraw()
        if not self.too_small:
            self.table.focus()
        self.refresh_bindings()

    @property
    def on_top(self) -> bool:
        """True when this table is the screen in front (not under the rules page or a summary).

        Textual's is_current is also true under a modal screen; bots and results wait for this.
        """
        return self.app.screen is self

    def play(self, seat: int, move: Move, who: str = "") -> None:
        """Send a move to the runner; show its reason if refused, else the new table.

        `who` starts a refusal's reason ('Bob: ') when the move was not the viewer's own."""
        try:
            made = move.model_dump(mode="json")
            self.feed.send(Act(move=made, table=self.shown_number, seat=seat))
        except IllegalMove as refused:
            self.say(who + refused.reason, refused=True)

    # Claim windows (engine/claims.py): several seats may claim one card out of turn

    @property
    def shown_number(self) -> int:
        """The number of the Table on screen, which every move and claim names: one made on a
        table the game has since moved on from is refused (stale), never applied."""
        return self.current.number if self.current is not None else self.runner.number

    def _human(self, seat: int) -> bool:
        return self.runner.person(seat)

    def _ask_privately(self, window: ClaimWindow, seat: int) -> None:
        """A turn-based window at a shared keyboard asks `seat`: a handoff covers the table,
        which takes no key for its first moment and then only Y (so a double tap of the last
        person's Enter cannot answer for her), and shows her own hand; there she claims with
        her key or lets the card go with Enter."""
        self.viewer = self.hidden_for_bots = None
        self.redraw()
        if self._asking_screen is not None:  # already covering the table for her
            return
        key = self.claim_keys[seat]
        note = (
            f"The {window.card} is up for a {window.verb}. See your hand, then press {key} to "
            f"{window.verb} it or Enter to let it go.\n\n{self._since_last_turn(seat, most=5)}"
        )
        screen = HandoffScreen(self.match.names[seat], note, clock=self.clock)
        self._asking_screen = screen

        def shown(_: object) -> None:
            self._asking_screen = None
            self._seat_ready(seat)

        self.cover(screen, callback=shown)

    def _asked_unseen(self) -> bool:
        """True in the moment a turn-based window asks a person at a shared keyboard before her
        handoff is up (a summary over the table has just closed): no key answers for her yet."""
        asking = self.asking
        return asking is not None and self.table.shared_keyboard and self.viewer != asking

    def let_go_key(self) -> None:
        """Enter in a window; the handoff first if the person asked has not seen her hand."""
        if self._asked_unseen():
            self.show_turn()
            return
        super().let_go_key()

    def claim_key(self, seat: int) -> None:
        """A seat's claim key: a claim for that seat if it is a person's and still open (the
        handoff first if the person asked has not seen her hand)."""
        if self._asked_unseen():
            self.show_turn()
            return
        names = self.match.names
        window = self.game.claim_window(self.match.state)
        if window is None:
            self.say(
                "No card is up for claim now: each seat's key claims while a card is shown "
                "up for claim.",
                refused=True,
            )
            return
        if not self._human(seat):
            self.say(f"{self.claim_keys[seat]} is {names[seat]}'s key: a bot claims for itself.")
            return
        asked = self.asking
        shared = len(self.humans) > 1
        if shared and asked is not None and seat != asked and seat in window.open_to:
            # Turn-based at a shared keyboard: each person answers when asked, her hand shown.
            self.say(f"{names[asked]} is asked now; {names[seat]} is asked in turn.", refused=True)
            return
        # Not open to her: the game says why (she discarded it, let it go, ...).
        who = f"{names[seat]}: " if seat != self.viewer or seat not in window.open_to else ""
        try:
            self.feed.send(ClaimCard(table=self.shown_number, seat=seat))
        except ClaimRefused as refused:
            if refused.rules is None:
                self.say(f"{names[seat]} has already let the {window.card} go.", refused=True)
            else:
                self.say(who + refused.rules, refused=True)

    def redraw(self) -> None:
        """Draw the table for the viewer as the match stands, and say what she can do."""
        state = self.match.state
        viewer = self.viewer
        acting = self.acting()
        interactive = viewer is not None and viewer in acting and not self.demo
        explained = None if interactive else self.game.explain(state, None, self.names)
        self.view, self.legal = self.runner.sight(viewer)
        self.current = self.runner.table(
            viewer, [], explained=explained, sight=(self.view, self.legal)
        )
        self.table.hinted = None
        self.draw()
        self._offer_undo()

    def _offer_undo(self) -> None:
        """u comes and goes with what the last move was and who has the keyboard: the footer
        is laid out again only when it does (each layout cost a bot table 5 ms a move, and the
        keys waited behind them)."""
        if getattr(self, "runner", None) is None or not self.is_attached:
            return
        offered = not self.demo and self.undo_refusal() is None
        if offered != self._undo_offered:
            self._undo_offered = offered
            self.refresh_bindings()

    _undo_offered = False
    """Whether the footer offers u now (it is laid out again only when this changes)."""

    def _at_keyboard(self) -> int | None:
        """The person who has the keyboard: the one shown, or the one whose hand was put away
        while only bots played since (a handoff to another person takes it from her)."""
        return self.viewer if self.viewer is not None else self.hidden_for_bots

    def hint_shown(self, seat: int, move: Move, why: str) -> None:
        """Kept with her move if she makes it here: the replay sets it beside what she did."""
        self.match.hint_shown(seat, move, why)

    def undo_refusal(self) -> str | None:
        """Why the person at the keyboard may not take back her last move now, or None."""
        seat = self._at_keyboard()
        if seat is None:
            return "Only the player whose hand is shown takes back her own move."
        return self.runner.undo_refusal(seat)

    def take_back(self) -> None:
        """Her last move is taken back: the runner tells the table, which is drawn again."""
        seat = self._at_keyboard()
        if seat is None:
            return
        try:
            self.feed.undo(seat, self.shown_number)
        except IllegalMove as refused:
            self.say(refused.reason, refused=True)

    def send_move(self, seat: int, move: Move, who: str = "") -> None:
        """The move goes to the runner (a refusal's reason is said)."""
        self.play(seat, move, who)

    def _finish(self) -> None:
        if not self.on_top:  # the rules page or a summary is open: results when it closes
            self._later(0.3, self._finish)
            return
        table_app(self).show_results(self.match, demo=self.demo, delay=self.delay)

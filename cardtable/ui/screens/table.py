"""The table screen: runs the turns of a match, whoever sits in each seat."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from cardtable.bots import player_for
from cardtable.bots.claims import bot_claim_delays
from cardtable.engine import Event, Game, IllegalMove, Match, Move
from cardtable.engine.chance import seed_for_bots
from cardtable.engine.claims import LET_GO, ClaimWindow, claim_move
from cardtable.engine.words import plural
from cardtable.ui.claim_bar import claim_keys
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.table_frame import TableFrame
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import GameTable, MoveLog


class TableScreen(TableFrame):
    """One game in play: people move with keys or the mouse, bots move on their own."""

    DEFAULT_CSS = """
    TableScreen.dealing #game-table {
        visibility: hidden;
    }
    """

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

    def _later(self, wait: float, callback: Callable[[], object]) -> None:
        """Call `callback` after `wait` seconds, always. Textual's set_timer may drop a one-shot
        timer (it skips ticks it is late for): preempted for more than `wait` between two reads
        of the clock, a 0.001 s timer never fired, and a bot table at --delay 0 froze."""
        timer = Timer(
            self,
            wait,
            name="table",
            callback=partial(self.call_next, callback),
            repeat=0,
            skip=False,
        )
        timer._start()
        self._timers.add(timer)

    def _seat(self, match: Match) -> None:
        """Sit the match's players at this table."""
        self.match = match
        seed = seed_for_bots(match.record.seed)  # never the secret a real game is dealt from
        self.players = [
            player_for(seat.kind, match.game.id, seed * 31 + i)
            for i, seat in enumerate(match.seats)
        ]
        self.humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.table.shared_keyboard = len(self.humans) > 1 and not self.demo
        self._looked = -1
        """The length of the log when the last person leaving the keyboard was shown what the
        table had for her (`before_handoff`): shown once."""
        self._pending = False
        self._linger = 0.0
        """Seconds the table asked to stay still after the last move before a bot moves on."""
        self.claim_keys = claim_keys(len(match.seats))
        """Each seat's claim key, the same for the whole session (claim_bar.py)."""
        self._claim_random = random.Random(seed * 97 + 11)
        """Draws the bots' claim delays: seeded, so a bot table behaves the same each time."""
        self._asking_screen: HandoffScreen | None = None
        """The handoff before a person asked in a turn-based window sees her hand, while up."""
        self._end_window()

    def _end_window(self) -> None:
        """Forget the claim window the app was running (it closed, or a new match)."""
        clock = getattr(self, "_window_clock", None)
        if clock is not None:
            clock.stop()
        self._window_clock = None
        self._window: ClaimWindow | None = None
        """The claim window the app is running (the engine's object: a new one is a new window)."""
        self._window_elapsed = 0.0
        """Seconds the window has been open and in view (the count pauses under another screen)."""
        self._window_tick = 0.0
        self._bot_claims: dict[int, float] = {}
        """The bots that will claim, with the second of the window at which each does."""
        self._window_pending = False
        self._held = False
        """A hint was given in the window: it waits (clock and bots) until the next move."""
        self.asking: int | None = None
        """In a turn-based window (0 seconds), the person asked now."""
        bar = self._bar()
        if bar is not None:
            bar.close()

    def claiming(self) -> ClaimWindow | None:
        """The claim window while seats may still claim in it. A settled window (every seat
        claimed or let go) may still wait for the seat with first call (Sets and Runs: the
        next player takes the discard or draws, which resolves the buy): she plays as usual."""
        window = self.game.claim_window(self.match.state)
        return window if window is not None and not window.settled else None

    def _first_call(self, window: ClaimWindow) -> bool:
        """True if the viewer has first call on the window's card (TableFrame.first_call)."""
        return self.first_call(window, self.acting(), self.viewer)

    def deal(self, match: Match) -> None:
        """Play a new match of the same game at this table, drawn at once (a demo's next game:
        a new table screen would be painted empty once before its first draw)."""
        self._seat(match)
        self.query_one(MoveLog).show_lines(match.log_lines())
        self.advance()

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
            self._end_window()
            self.redraw()
            self._later(max(self.delay, 0.3) if self.demo else 0.4, self._finish)
            return
        window = self.claiming()
        if window is not None:
            self._run_window(window)
            return
        if self._window is not None:
            self._end_window()
        seat = self.acting()[0]
        if self.demo:
            self.viewer = seat
        if self.match.seats[seat].is_human and not self.demo:
            automatic = self.game.automatic_move(state, seat, self.match.seats[seat])
            if automatic is None:  # an answer she gave ahead (Run It: her second offer)
                automatic = self.table.answer_given(
                    self.game.view(state, seat), self.game.legal_moves(state, seat)
                )
            if automatic is not None:  # a move the seat's settings make for her (never offers)
                self.play(seat, automatic)
                return
        if not self.match.seats[seat].is_human:
            self.redraw()
            if not self._pending:
                self._pending = True
                # A timer, even at no delay, lets the screen repaint between bot moves; what
                # the last move left to be seen (a finished trick) is given its moment.
                wait = max(self.delay, self._linger, 0.001)
                self._linger = 0.0
                self._later(wait, self._bot_move)
            return
        if self.viewer != seat and len(self.humans) > 1:
            if self._last_look():
                return
            self.viewer = None
            self.redraw()
            unseen = self.table.unseen_answer(
                self.game.view(state, None), self.game.legal_moves(state, seat)
            )
            words = unseen[0] if unseen else ""

            def ready(answered: bool | None) -> None:
                if answered and unseen is not None:
                    self.play(seat, unseen[1])
                else:
                    self._seat_ready(seat)

            self.app.push_screen(
                HandoffScreen(self.match.names[seat], self._since_last_turn(seat), words),
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
        self.app.push_screen(look, callback=lambda _: self.advance())
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
        more = f"(and {plural(earlier, 'earlier move')})\n" if earlier > 0 else ""
        return "Since your last turn:\n" + more + "\n".join(shown)

    def _seat_ready(self, seat: int) -> None:
        self.viewer = seat
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

    def _bot_move(self) -> None:
        self._pending = False
        if not self.on_top or self.too_small:
            self._later(0.2, self._bot_move)
            self._pending = True
            return
        state = self.match.state
        if self.game.is_over(state) or self.claiming() is not None:
            return
        seat = self.acting()[0]
        if self.match.seats[seat].is_human and not self.demo:
            return
        move, _ = self.players[seat].choose(
            self.game.view(state, seat), self.game.legal_moves(state, seat)
        )
        self.play(seat, move)

    def play(self, seat: int, move: Move, who: str = "") -> None:
        """Send a move to the engine; show its reason if refused, else the new table.

        `who` starts a refusal's reason ('Bob: ') when the move was not the viewer's own."""
        events_ = self._apply(seat, move, who)
        if events_ is not None:
            self._after(events_)

    def _apply(self, seat: int, move: Move, who: str = "") -> list[Event] | None:
        """Make one move and log it, without moving on; None (the reason said) if refused."""
        try:
            events_ = self.match.play(seat, move)
        except IllegalMove as refused:
            self.say(who + refused.reason, refused=True)
            return None
        self._held = False
        log = self.query_one(MoveLog)
        for event in events_:
            log.write(event.render(self.match.names))
        return events_

    def _after(self, events_: list[Event]) -> None:
        """After moves: the table lingers on what they left if it asks, then play goes on."""
        self._linger = self.table.linger_after(events_)
        if self.demo:  # a demo shows it for a moment, in step with its pace
            self._linger = min(self._linger, max(2 * self.delay, 0.3))
        interlude = self.table.interlude(
            events_, self.game.view(self.match.state, None), self.match.names
        )
        if interlude is None:
            self.advance()
            return
        self.redraw()
        self.app.push_screen(interlude, callback=lambda _: self.advance())
        if self.demo:
            self._later(max(1.0, self.delay * 4), lambda: self._close(interlude))

    # Claim windows (engine/claims.py): several seats may claim one card out of turn

    def _human(self, seat: int) -> bool:
        return self.match.seats[seat].is_human and not self.demo

    def _run_window(self, window: ClaimWindow) -> None:
        """Keep a claim window going: a countdown while people may claim, else bots at once."""
        if window is not self._window:
            self._open_window(window)
        shared = len(self.humans) > 1 and not self.demo
        people = [s for s in window.open_to if self._human(s)]
        self.asking = None
        if window.seconds <= 0 and people and self._human(window.open_to[0]):
            # Turn-based: the person asked answers with her hand in view. At a shared keyboard
            # she sees it behind a handoff first, unless it is shown to her already.
            self.asking = window.open_to[0]
            if shared and self.viewer != self.asking:
                self._ask_privately(window, self.asking)
                return
            self.redraw()
            return
        if shared:
            # Everyone at the keyboard may be looking at the table now: no hand is shown.
            self.viewer = None
        if not people:  # nobody to wait for: the bots decide at once (at a demo's pace)
            self._stop_clock()
            self.redraw()
            self._soon(list(window.open_to), max(self.delay, 0.001) if self.demo else 0.001)
            return
        if window.seconds <= 0:  # turn-based, and a bot's turn to answer
            self._soon([window.open_to[0]], 0.001)
            return
        self.redraw()

    def _ask_privately(self, window: ClaimWindow, seat: int) -> None:
        """A turn-based window at a shared keyboard asks `seat`: a handoff covers the table,
        which takes no key for its first moment and then only Y (so a double tap of the last
        person's Enter cannot answer for her), and shows her own hand; there she claims with
        her key or lets the card go with Enter."""
        self.viewer = None
        self.redraw()
        if self._asking_screen is not None:  # already covering the table for her
            return
        key = self.claim_keys[seat]
        note = (
            f"The {window.card} is up for a {window.verb}. See your hand, then press {key} to "
            f"{window.verb} it or Enter to let it go.\n\n{self._since_last_turn(seat, most=5)}"
        )
        screen = HandoffScreen(self.match.names[seat], note)
        self._asking_screen = screen

        def shown(_: bool | None) -> None:
            self._asking_screen = None
            self._seat_ready(seat)

        self.app.push_screen(screen, callback=shown)

    def _open_window(self, window: ClaimWindow) -> None:
        """A new window: every bot in it decides now; one that claims does so after a short
        random delay (a quick person beats it), one that does not lets go when the window ends."""
        self._end_window()
        self._window = window
        self._bot_claims = bot_claim_delays(
            self.game,
            self.match.state,
            window,
            self.players,
            lambda seat: not self._human(seat),
            self._claim_random,
        )
        if window.seconds > 0 and any(self._human(s) for s in window.open_to):
            self._window_tick = time.monotonic()
            self._window_clock = self.set_interval(0.05, self._tick)

    def _stop_clock(self) -> None:
        if self._window_clock is not None:
            self._window_clock.stop()
            self._window_clock = None

    def _window_left(self) -> float | None:
        """Seconds left in a timed window; None in a turn-based one."""
        window = self._window
        if window is None or window.seconds <= 0 or self._window_clock is None:
            return None
        return window.seconds - self._window_elapsed

    def _tick(self) -> None:
        """The window's clock: it runs only while the table is in view (not under the rules)."""
        window = self._window
        now = time.monotonic()
        passed, self._window_tick = now - self._window_tick, now
        if window is None or self.game.claim_window(self.match.state) is not window:
            self._stop_clock()
            return
        if not self.on_top or self.too_small or self._window_pending or self._held:
            return
        self._window_elapsed += passed
        due = sorted(
            (at, window.open_to.index(s), s)
            for s, at in self._bot_claims.items()
            if at <= self._window_elapsed and s in window.open_to
        )
        if due:
            self._bot_answer([due[0][2]])
            return
        if self._window_elapsed >= window.seconds:
            self._stop_clock()
            self._bot_answer(list(window.open_to), let_go_all=True)  # time is up
            return
        self._draw_bar()

    def _soon(self, seats: list[int], wait: float) -> None:
        """The bots among `seats` answer the window after `wait` seconds (once)."""
        if self._window_pending:
            return
        self._window_pending = True

        def answer() -> None:
            self._window_pending = False
            if not self.on_top or self.too_small:
                self._soon(seats, 0.2)
                return
            self._bot_answer(seats)

        self._later(wait, answer)

    def _bot_answer(self, seats: list[int], let_go_all: bool = False) -> None:
        """The bots among `seats` claim or let go, in the window's order, as they decided; with
        `let_go_all` (the countdown ran out) every seat still open lets go, people too."""
        window = self._window
        state = self.match.state
        made: list[Event] = []
        for seat in seats:
            if window is None or self.game.claim_window(state) is not window:
                break
            human = self._human(seat)
            if seat not in window.open_to or (human and not let_go_all):
                continue
            claim = not human and not let_go_all and seat in self._bot_claims
            self._bot_claims.pop(seat, None)
            move = claim_move(self.game, state, seat) if claim else LET_GO
            answer = self._apply(seat, move)
            if answer is None and claim:  # refused: it lets the card go instead
                answer = self._apply(seat, LET_GO)
            made += answer or []
        self._after(made)

    def _draw_bar(self) -> None:
        bar = self._bar()
        window = self._window
        if bar is None:
            return
        if window is None or self.game.claim_window(self.match.state) is not window:
            bar.close()
            return
        humans = [s for s in range(len(self.match.seats)) if self._human(s)]
        bar.draw(
            window,
            self.match.names,
            self.claim_keys,
            self._window_left(),
            self.asking,
            humans,
            self._held,
        )

    def claim_key(self, seat: int) -> None:
        """A seat's claim key: a claim for that seat if it is a person's and still open."""
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
        claim = claim_move(self.game, self.match.state, seat)
        if seat not in window.open_to:  # the game says why (she discarded it, let it go, ...)
            try:
                self.game.check(self.match.state, seat, claim)
                reason = f"{names[seat]} has already let the {window.card} go."
            except IllegalMove as refusal:
                reason = f"{names[seat]}: {refusal.reason}"
            self.say(reason, refused=True)
            return
        who = f"{names[seat]}: " if seat != self.viewer else ""
        self.play(seat, claim, who)

    def let_go_key(self) -> None:
        """Enter in a window: the person asked (turn-based) or the viewer lets the card go."""
        window = self.game.claim_window(self.match.state)
        if window is None:
            return
        seat = self.asking if self.asking is not None else self.viewer
        if seat is None or seat not in window.open_to or not self._human(seat):
            self.say("Each player's key claims the card; the window closes by itself.")
            return
        self.play(seat, LET_GO)

    def on_key(self, event: events.Key) -> None:
        """Claim keys (a game with claim windows), and Enter to let a card go in a window."""
        if not self.claims or self.demo or self.too_small:
            return
        if event.key in self.claim_keys:
            event.stop()
            self.claim_key(self.claim_keys.index(event.key))
        elif event.key in ("enter", "space") and self.claiming():
            event.stop()
            self.let_go_key()

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
        self._draw_bar()

    def _title(self, acting: list[int]) -> Text:
        return self.title_text(
            acting,
            self.match.names,
            self.claiming(),
            self.game.outcome(self.match.state).summary,
            self.match.unsaved,
            " DEMO: Esc or q stops it " if self.demo else None,
        )

    def _explain(self, acting: list[int], interactive: bool) -> str:
        state = self.match.state
        names = self.match.names
        window = self.claiming()
        if window is not None and not self.demo and not self._first_call(window):
            return self._window_words(window)
        if interactive:
            return self.game.explain(state, self.viewer, names)
        return self.game.explain(state, None, names)

    def _window_words(self, window: ClaimWindow) -> str:
        """What the people at the keyboard can do in a claim window."""
        names = self.match.names
        said = self.game.explain(self.match.state, None, names)
        seat = self.asking if self.asking is not None else self.viewer
        if seat is not None and seat in window.open_to and self._human(seat):
            key = self.claim_keys[seat]
            if self.asking is not None:
                return f"{said} {names[seat]}: {key} to {window.verb} it, Enter to let it go."
            return f"{said} Your key {key} claims it; Enter lets it go."
        people = [s for s in window.open_to if self._human(s)]
        if people:
            return f"{said} Each player's key (beside her name) claims it."
        return said

    # Keys

    def action_hint(self) -> None:
        """Suggest a move and say why."""
        window = self.claiming()
        if window is not None and not self.demo and not self._first_call(window):
            self._window_hint(window)
            return
        viewer = self.viewer
        if self.demo or viewer is None or viewer not in self.acting():
            self.say("A hint is for the player whose turn it is.")
            return
        state = self.match.state
        self.say(
            self.hint_line(self.game.view(state, viewer), self.game.legal_moves(state, viewer))
        )

    def _window_hint(self, window: ClaimWindow) -> None:
        """A hint in a claim window, for the person asked or shown: claim (her key) or not
        (Enter)."""
        seat = self.asking if self.asking is not None else self.viewer
        if seat is None or seat not in window.open_to or not self._human(seat):
            self.say("A hint is for the player shown, while she may still claim the card.")
            return
        state = self.match.state
        line = self.window_hint_line(
            window,
            self.game.view(state, seat),
            self.game.legal_moves(state, seat),
            self.claim_keys[seat],
        )
        # The window waits while she reads the hint (its clock and the bots), so that the
        # key it names still makes the move it names.
        self._held = True
        self._draw_bar()
        self.say(line)

    def _finish(self) -> None:
        if not self.on_top:  # the rules page or a summary is open: results when it closes
            self._later(0.3, self._finish)
            return
        self.app.show_results(self.match, demo=self.demo, delay=self.delay)  # type: ignore[attr-defined]

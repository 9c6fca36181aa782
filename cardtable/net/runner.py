"""The runner of one match: the one place its turns are run, at one keyboard or on a host.

A `Runner` owns the `Match` (rules, state, save and log) and its bots, and after every move
decides what happens next: a bot's move after `delay` (or longer, while the table lingers on what
a move left to be seen), a person's automatic move, a claim window (bots claim after a short
seeded delay, everyone still open lets the card go when the time is up; with no clock, each
person is asked in turn) or nothing (a person's turn). Everything waits on an injected clock
(net/clock.py), so tests never wait real seconds.

Bots think on the clock too (`Clock.think`: the real clock's worker thread, so a strong bot's
search never holds up the screen). A bot starts thinking as its turn begins, while the table
waits `delay`; its move is made once both are done, and the table says it is thinking when it
is late by THINKING_SHOWN. An answer that comes back after the game has moved on (a move taken
back, a new game, the table stopped) is dropped: every change of the game calls off the thought
it was made for, as it calls off the waits. Bots deciding whether to claim a card think on a
copy of the game, while the people at the table may still answer the window.

Fronts act for a seat (`play`, `claim`) and are told after every change (`listen`) with the
events it made; `table` builds the protocol's `Table` for any seat. The host (net/host.py) puts
it behind websockets; the one-keyboard table (ui/screens/table.py) behind a local feed, which
also `pause`s it (the rules page is open, the window is too small: bots wait and a timed window's
clock stops, then goes on with the seconds it had left) and `hold`s it (a hint in a window: until
the next move). No UI here.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pydantic_core import to_jsonable_python

from cardtable.bots import player_for
from cardtable.bots.claims import bot_claim_delays
from cardtable.engine import Event, Game, IllegalMove, Match, Move, Outcome, View
from cardtable.engine.chance import seed_for_bots
from cardtable.engine.claims import LET_GO, Claim, ClaimWindow, LetGo, claim_move
from cardtable.engine.match import LoggedMove
from cardtable.net.apart import ApartChoice
from cardtable.net.clock import Answer, Clock, Handle
from cardtable.net.protocol import Act, ClaimCard, Table
from cardtable.net.view_dumps import dump_views

log = logging.getLogger("cardtable.runner")

HOSTED_UNDO = "Moves cannot be taken back in a hosted game."
"""Every hosted game's answer to taking a move back (only one keyboard allows it)."""

HOLD = "hold"
"""The pause a hint given in a claim window makes, until the next move."""

THINKING_SHOWN = 0.2
"""Seconds a bot's move may be late (its wait is over, its thought is not in) before the table
says it is thinking: a quick bot never makes the status line flicker."""


class ClaimRefused(Exception):
    """A claim the runner did not make. `window` is the window open now, or None; `closed` the
    last window that closed (with no window open); `rules` the rules' reason, when they refused
    it; with none of those, the seat has already let the card go."""

    def __init__(
        self,
        window: ClaimWindow | None = None,
        closed: ClaimWindow | None = None,
        rules: str | None = None,
    ) -> None:
        super().__init__(rules or "claim refused")
        self.window = window
        self.closed = closed
        self.rules = rules


@dataclass(frozen=True)
class Moment:
    """What every seat's Table shares at one moment: made once for all the Tables a change
    sends (a host sends one to every seat and spectator), not once for each."""

    acting: list[int]
    window: ClaimWindow | None
    """A copy: the state's window changes as seats answer, and the Tables are sent later."""
    window_left: float | None
    over: bool
    outcome: Outcome


@dataclass(eq=False)  # each wait is itself: found and removed by identity
class _Wait:
    """A call the runner has asked its clock for: `left` seconds to go while paused."""

    callback: Callable[[], None]
    due: float
    handle: Handle | None = None
    left: float = 0.0


@dataclass(eq=False)  # each thought is itself: a late answer is told from the current one
class _Thought:
    """A bot's move being thought about: made once it is in and the bot's wait is over."""

    seat: int
    answer: Answer[tuple[Move, str]] | None = None
    """The bot's move and reason, once it has thought."""
    due: bool = False
    """True once the bot's wait is over (the move is late from then on)."""


@dataclass
class _WindowClock:
    """The clock of the claim window the runner is running."""

    window: ClaimWindow
    elapsed: float = 0.0
    """Seconds it has counted, up to `since`."""
    since: float | None = None
    """When it last started counting (None while paused)."""
    bot_claims: dict[int, float] = field(default_factory=dict)
    """The bots that claim, with the second of the window at which each does."""
    deciding: bool = False
    """True while the bots think over whether to claim: none of them answers until they have."""
    asked: bool = False
    """True once the bots have been asked: an answer after that runs the window again."""


class Runner:
    """Runs the turns of one match, whoever sits in each seat, on an injected clock."""

    def __init__(
        self,
        match: Match,
        clock: Clock,
        delay: float = 0.8,
        people: list[int] | None = None,
        window_wait: float | None = None,
    ) -> None:
        self.match = match
        self.clock = clock
        self.delay = delay
        """Seconds before a bot moves."""
        self.people = (
            [i for i, seat in enumerate(match.seats) if seat.is_human] if people is None else people
        )
        """The seats people play (none in a demo); bots play the rest."""
        self.window_wait = delay if window_wait is None else window_wait
        """Seconds before the bots answer a window nobody else may claim in."""
        seed = seed_for_bots(match.record.seed)  # never the secret a real game is dealt from
        self.players = [
            player_for(seat.kind, match.game.id, seed * 31 + i)
            for i, seat in enumerate(match.seats)
        ]
        self._claim_random = random.Random(seed * 97 + 11)
        """Draws the bots' claim delays: seeded, so a bot table behaves the same each time."""
        self.asking: int | None = None
        """In a turn-based window (0 seconds), the person asked now."""
        self.ready: Callable[[], bool] = lambda: True
        """False while play waits (the host: until every person has joined)."""
        self.answer_ahead: Callable[[int], Move | None] = lambda seat: None
        """A move a person gave ahead for her turn now (at one keyboard: Run It's second
        offer), made for her like an automatic one."""
        self.linger_after: Callable[[list[Event]], float] = lambda events: 0.0
        """Seconds the table stays still after these events before a bot moves on."""
        self.on_fault: Callable[[Exception], None] = self._log_fault
        """What to do when a bot's move or the rules fail inside a timer."""
        self.closed: ClaimWindow | None = None
        """The last window that closed: a claim after it is told it came too late."""
        self._window: _WindowClock | None = None
        self._thought: _Thought | None = None
        self.thinking: int | None = None
        """The bot whose move is late while it thinks (the table says so), or None."""
        self._waits: list[_Wait] = []
        self._pauses: set[str] = set()
        self._linger = 0.0
        self._events: list[Event] = []
        self._listeners: list[Callable[[list[Event]], None]] = []
        self.started = False
        self.stopped = False
        self.at_one_keyboard = False
        """True where one keyboard plays (`KeyboardFeed`): a person may take a move back."""

    # Who and what

    @property
    def game(self) -> Game:
        """The rules of the match."""
        return self.match.game

    @property
    def names(self) -> list[str]:
        """The seats' names, by seat number."""
        return self.match.names

    @property
    def number(self) -> int:
        """The number of the game's position now (the moves made so far, kept in the save):
        every Table carries it, and a move or claim that names another is stale."""
        return len(self.match.record.log)

    def stale(self, answers: int) -> bool:
        """True if a move or claim made on the Table numbered `answers` is late: the game has
        moved on, and what was made on a position that is gone is never applied to this one."""
        return answers != self.number

    def person(self, seat: int) -> bool:
        """True if a person plays `seat` (a bot moves for itself)."""
        return seat in self.people

    def claiming(self) -> ClaimWindow | None:
        """The claim window while seats may still claim in it. A settled window (every seat
        claimed or let go) may still wait for the seat with first call (Sets and Runs: the
        next player takes the discard or draws, which resolves the buy): she plays as usual."""
        window = self.game.claim_window(self.match.state)
        return window if window is not None and not window.settled else None

    def window_left(self) -> float | None:
        """Seconds left in the timed window running now; None with no clock."""
        running = self._window
        window = self.claiming()
        if running is None or window is not running.window or window.seconds <= 0:
            return None
        counted = running.elapsed
        if running.since is not None:
            counted += self.clock.now() - running.since
        return max(0.0, window.seconds - counted)

    @property
    def held(self) -> bool:
        """True while a hint given in a window holds it (its clock and bots)."""
        return HOLD in self._pauses

    @property
    def paused(self) -> bool:
        """True while the table is paused or held: bots wait and no window counts down."""
        return bool(self._pauses)

    # Listening

    def listen(self, callback: Callable[[list[Event]], None]) -> None:
        """Call `callback` with the events after every change (a move, a new step)."""
        self._listeners.append(callback)

    def unlisten(self, callback: Callable[[list[Event]], None]) -> None:
        """Stop calling `callback`."""
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _tell(self) -> None:
        events, self._events = self._events, []
        for callback in list(self._listeners):
            callback(events)

    # Acting

    def play(self, seat: int, move: Move) -> list[Event]:
        """Make `seat`'s move (IllegalMove, nothing changed, if the rules refuse it), then go
        on; the events it made. A stopped runner refuses every move."""
        if self.stopped:
            raise IllegalMove("This table has stopped: the game is saved as it stands.")
        asked = self.asking
        if asked is not None and seat != asked and isinstance(move, Claim | LetGo):
            raise IllegalMove(
                f"{self.names[asked]} is asked first: your turn to answer comes after hers."
            )
        events = self.match.play(seat, move)
        self._after(events)
        return events

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take back the last move now, or None (a hosted game: never)."""
        if not self.at_one_keyboard:
            return HOSTED_UNDO
        if self.stopped:
            return "This table has stopped: the game is saved as it stands."
        if not self.person(seat):
            return "Only a person takes a move back."
        return self.match.undo_refusal(seat)

    def undo(self, seat: int) -> LoggedMove:
        """Take back `seat`'s last move (IllegalMove saying why if it may not be): what it
        made the runner wait for (a bot's move) is called off, the listeners are told (the
        event 'Ann took back ...'), and play goes on from the position before it."""
        why = self.undo_refusal(seat)
        if why is not None:
            raise IllegalMove(why)
        entry = self.match.undo(seat)
        self._cancel_waits()
        self._linger = 0.0
        words = "{0} took back " + self.match.taken_back(entry) + "."
        self._after([Event(kind="undo", text=words, seats=(seat,))])
        return entry

    def claim(self, seat: int) -> list[Event]:
        """`seat` claims the card up for claim; ClaimRefused if it cannot."""
        state = self.match.state
        window = self.game.claim_window(state)
        if window is None:
            raise ClaimRefused(closed=self.closed)
        claim = claim_move(self.game, state, seat)
        if seat not in window.open_to:  # the game says why (she discarded it, let it go, ...)
            try:
                self.game.check(state, seat, claim)
            except IllegalMove as refusal:
                raise ClaimRefused(window, rules=refusal.reason) from None
            raise ClaimRefused(window)
        try:
            return self.play(seat, claim)
        except IllegalMove as refusal:
            raise ClaimRefused(window, rules=refusal.reason) from None

    # Running

    def start(self) -> None:
        """Begin running turns (a strong bot's worker process is started first, in the
        background, so its first move does not wait for it)."""
        if any(getattr(player, "thinks_apart", False) for player in self.players):
            self.clock.warm()
        self.started = True
        self.step()

    def stop(self) -> None:
        """Stop: nothing more is run."""
        self.stopped = True
        self._cancel_waits()

    def pause(self, reason: str) -> None:
        """Pause for `reason` (several may hold at once): bots wait, a window's clock stops."""
        if not self._pauses:
            now = self.clock.now()
            for wait in self._waits:
                wait.left = max(0.0, wait.due - now)
                if wait.handle is not None:
                    wait.handle.cancel()
                    wait.handle = None
            running = self._window
            if running is not None and running.since is not None:
                running.elapsed += now - running.since
                running.since = None
        self._pauses.add(reason)

    def resume(self, reason: str) -> None:
        """`reason` no longer pauses; with no pause left, everything goes on where it stopped."""
        if reason not in self._pauses:
            return
        self._pauses.discard(reason)
        if self._pauses or self.stopped:
            return
        now = self.clock.now()
        if self._window is not None:
            self._window.since = now
        for wait in self._waits:
            wait.due = now + wait.left
            wait.handle = self.clock.call_later(wait.left, self._firing(wait))

    def hold(self) -> None:
        """A hint in a window: it waits (clock and bots) until the next move, so the key the
        hint names still makes the move it names."""
        if self.claiming() is not None:
            self.pause(HOLD)

    def _later(self, seconds: float, callback: Callable[[], None]) -> None:
        wait = _Wait(callback, self.clock.now() + seconds, left=seconds)
        if not self._pauses:
            wait.handle = self.clock.call_later(seconds, self._firing(wait))
        self._waits.append(wait)

    def _firing(self, wait: _Wait) -> Callable[[], None]:
        def fire() -> None:
            if wait not in self._waits or self.stopped or self._pauses:
                return
            self._waits.remove(wait)
            try:
                wait.callback()
            except Exception as err:  # a fault in a bot or the rules must not stop the loop
                self.on_fault(err)

        return fire

    def _cancel_waits(self) -> None:
        """Call off every wait, and the thought a bot's move waits for (its answer is dropped)."""
        for wait in self._waits:
            if wait.handle is not None:
                wait.handle.cancel()
        self._waits.clear()
        self._thought = None
        self.thinking = None

    @staticmethod
    def _log_fault(err: Exception) -> None:
        log.error("the turn runner failed", exc_info=err)

    def _after(self, events: list[Event]) -> None:
        """After moves: the hold ends, the table may linger on them, then play goes on."""
        self._pauses.discard(HOLD)
        if not self._pauses and self._window is not None and self._window.since is None:
            self._window.since = self.clock.now()
        self._events += events
        self._linger = self.linger_after(events)
        self.step()

    def step(self) -> None:
        """Decide what happens next: a bot's move, a window's clock, or wait for a person;
        then every listener is told."""
        if self.stopped or not self.started:
            return
        self._cancel_waits()
        self.asking = None
        state = self.match.state
        if self.game.is_over(state):
            self._close_window()
            self._tell()
            return
        ready = self.ready()
        window = self.claiming()
        if window is not None and ready:
            self._run_window(window)
            self._tell()
            return
        self._close_window()
        if not ready:  # nobody's turn is played, nor window run, until play may begin
            self._tell()
            return
        seat = self.game.to_act(state)[0]
        if not self.person(seat):
            # A wait even at no delay lets a screen repaint between bot moves; what the last
            # move left to be seen (a finished trick) is given its moment.
            wait = max(self.delay, self._linger, 0.001)
            self._linger = 0.0
            self._think_move(seat, wait)
        else:
            automatic = self.game.automatic_move(state, seat, self.match.seats[seat])
            if automatic is None:
                automatic = self.answer_ahead(seat)
            if automatic is not None:  # a move the seat's settings make for her (never offers)
                self._after(self.match.play(seat, automatic))
                return
        self._tell()

    def _think_move(self, seat: int, wait: float) -> None:
        """A bot's turn: it thinks (on the clock) while the table waits `wait` seconds."""
        thought = self._thought = _Thought(seat)
        self._later(wait, partial(self._move_due, thought))
        state = self.match.state
        view, moves = self.game.view(state, seat), self.game.legal_moves(state, seat)
        choice = ApartChoice(
            self.players[seat], view, moves, wanted=lambda: thought is self._thought
        )
        self.clock.think(choice, partial(self._thought_in, thought))

    def _thought_in(self, thought: _Thought, answer: Answer[tuple[Move, str]]) -> None:
        """A bot has thought: its move is made now if its wait is over (and nothing pauses the
        table), else when it is; an answer for a game that has moved on is dropped."""
        if thought is not self._thought:
            return
        thought.answer = answer
        if thought.due:
            self._later(0.0, partial(self._bot_move, thought))

    def _move_due(self, thought: _Thought) -> None:
        """The bot's wait is over: its move, or the table says it is thinking if it is slow."""
        thought.due = True
        if thought.answer is not None:
            self._bot_move(thought)
        else:
            self._later(THINKING_SHOWN, partial(self._show_thinking, thought))

    def _show_thinking(self, thought: _Thought) -> None:
        if thought is self._thought and thought.answer is None:
            self.thinking = thought.seat
            self._tell()

    def _bot_move(self, thought: _Thought) -> None:
        state = self.match.state
        if thought is not self._thought or thought.answer is None:
            return
        self._thought, self.thinking = None, None
        seat = thought.seat
        if self.game.is_over(state) or self.claiming() is not None:
            return
        if self.game.to_act(state)[0] != seat:
            return
        move, _ = thought.answer()
        self._after(self.match.play(seat, move))

    # Claim windows (engine/claims.py): several seats may claim one card out of turn

    def _close_window(self) -> None:
        if self._window is not None:
            self.closed = self._window.window
        self._window = None

    def _run_window(self, window: ClaimWindow) -> None:
        """Keep a claim window going: the clock while people may claim, else bots at once."""
        if self._window is None or window is not self._window.window:
            self._open_window(window)
        running = self._window
        assert running is not None
        people = [s for s in window.open_to if self.person(s)]
        if not people:  # nobody to wait for: the bots answer at once (at the table's pace)
            if not running.deciding:
                self._later(self.window_wait, lambda: self._answer(window, list(window.open_to)))
            return
        if window.seconds <= 0:  # each person asked in turn; a bot answers when its turn comes
            first = window.open_to[0]
            if not self.person(first):
                if not running.deciding:
                    self._later(0.001, lambda: self._answer(window, [first]))
                return
            self.asking = first
            return
        left = self.window_left() or 0.0
        self._later(left, lambda: self._answer(window, list(window.open_to), let_go_all=True))
        counted = window.seconds - left
        due = sorted(
            (at, window.open_to.index(seat), seat)
            for seat, at in running.bot_claims.items()
            if seat in window.open_to
        )
        for at, _, seat in due:
            self._later(max(0.0, at - counted), partial(self._answer, window, [seat]))

    def _open_window(self, window: ClaimWindow) -> None:
        """A new window: each bot decides now (thinking on the clock, on a copy of the game,
        while its clock runs); one that claims does so after a short seeded delay (a quick
        person beats it), one that does not lets go when the window ends."""
        self._close_window()
        since = None if self._pauses else self.clock.now()
        running = self._window = _WindowClock(window, since=since)
        if all(self.person(seat) for seat in window.open_to):
            return
        running.deciding = True
        state = self.match.state.model_copy(deep=True)  # people may answer while bots think
        decide = partial(
            bot_claim_delays,
            self.game,
            state,
            self.game.claim_window(state),
            self.players,
            lambda seat: not self.person(seat),
            self._claim_random,
        )
        self.clock.think(decide, partial(self._claims_decided, running))
        running.asked = True

    def _claims_decided(self, running: _WindowClock, answer: Answer[dict[int, float]]) -> None:
        """The bots have decided whether to claim: the window runs on with their claims (an
        answer for a window that has closed is dropped; a bot that failed lets the card go)."""
        if running is not self._window:
            return
        running.deciding = False
        try:
            running.bot_claims = answer()
        except Exception as err:  # a fault in a bot must not stop the window
            self.on_fault(err)
        if running.asked:  # the answer came later than the window opened: run it again
            self.step()

    def _answer(self, window: ClaimWindow, seats: list[int], let_go_all: bool = False) -> None:
        """Bots among `seats` claim or let go, in the window's order, as they decided; with
        `let_go_all` (time is up) every seat still open lets the card go, people too."""
        running = self._window
        bot_claims = running.bot_claims if running is not None else {}
        state = self.match.state
        made: list[Event] = []
        for seat in seats:
            if self.game.claim_window(state) is not window:
                break
            person = self.person(seat)
            if seat not in window.open_to or (person and not let_go_all):
                continue
            claim = not person and not let_go_all and seat in bot_claims
            bot_claims.pop(seat, None)
            move = claim_move(self.game, state, seat) if claim else LET_GO
            try:
                made += self.match.play(seat, move, timed=let_go_all)
            except IllegalMove:
                if claim:  # refused: it lets the card go instead
                    made += self.match.play(seat, LET_GO)
        self._after(made)

    # What a seat sees

    def sight(self, seat: int | None) -> tuple[View, list[Move]]:
        """What `seat` (None: the public) sees now and the moves it may make (none while play
        waits or another seat acts)."""
        state = self.match.state
        game = self.game
        return game.view(state, seat), self.legal_for(seat)

    def legal_for(self, seat: int | None) -> list[Move]:
        """The moves `seat` may make now: none while play waits or another seat acts."""
        state = self.match.state
        game = self.game
        may_act = seat is not None and seat in game.to_act(state) and self.ready()
        return game.legal_moves(state, seat) if may_act and seat is not None else []

    def moment(self) -> Moment:
        """What every seat's Table shares now."""
        state = self.match.state
        game = self.game
        window = self.claiming()
        return Moment(
            acting=game.to_act(state),
            window=None if window is None else window.model_copy(deep=True),
            window_left=self.window_left(),
            over=game.is_over(state),
            outcome=game.outcome(state),
        )

    def table(
        self,
        seat: int | None,
        events: list[Event],
        present: list[bool] | None = None,
        waiting: str | None = None,
        explained: str | None = None,
        sight: tuple[View, list[Move]] | None = None,
        moment: Moment | None = None,
        dumped: dict[str, Any] | None = None,
    ) -> Table:
        """What `seat` (None: the public) may see now, with these events; `present` says which
        seats are here (all, at one keyboard), `waiting` for whom play waits and `explained`
        what to say instead of the seat's own words (at one keyboard, the public's while the
        seat shown may not act); `sight` is `self.sight(seat)`, `moment` `self.moment()` and
        `dumped` the sight's view written out, where the caller made them already."""
        state = self.match.state
        game = self.game
        now = self.moment() if moment is None else moment
        view, legal = self.sight(seat) if sight is None else sight
        if self.thinking is not None:
            explained = f"{self.names[self.thinking]} is thinking…"
        return Table(
            number=self.number,
            view=view.model_dump(mode="json") if dumped is None else dumped,
            # One call for the whole list: half the cost of a dump per move (a Piles turn has
            # ~100 moves, on every Table a host sends).
            legal=to_jsonable_python(legal, by_alias=False),
            acting=now.acting,
            explain=game.explain(state, seat, self.names) if explained is None else explained,
            summary=now.outcome.summary,
            outcome=now.outcome if now.over else None,
            over=now.over,
            window=now.window,
            window_left=now.window_left,
            asking=self.asking,
            events=events,
            present=present if present is not None else [True] * len(self.names),
            waiting=waiting,
            unsaved=self.match.unsaved,
        )

    def tables(
        self, seats: list[int | None], present: list[bool], waiting: str | None
    ) -> dict[int | None, Table]:
        """The Table of each of `seats` (None: the public) now, with no events, made together:
        what they share is made and written out once (`Game.views`, `dump_views`)."""
        moment = self.moment()
        views = self.game.views(self.match.state, seats)
        return {
            seat: self.table(
                seat,
                [],
                present,
                waiting,
                sight=(view, self.legal_for(seat)),
                moment=moment,
                dumped=dumped,
            )
            for seat, view, dumped in zip(seats, views, dump_views(views), strict=True)
        }


class KeyboardFeed:
    """The runner's feed at one keyboard: it acts for any person's seat, the one each message
    names (`Act.seat`, `ClaimCard.seat`), as a host acts for a code's own seat."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner
        runner.at_one_keyboard = True
        runner.match.keeps_before = True

    def send(self, message: Act | ClaimCard) -> list[Event]:
        """Make the move or claim of the seat the message names; IllegalMove (a move) or
        ClaimRefused (a claim) if it is refused, nothing changed."""
        runner = self.runner
        seat = message.seat
        refusal = None
        if seat is None or not runner.person(seat):
            refusal = "Only a person's seat is played from the keyboard."
        elif runner.stale(message.table):
            refusal = "The table changed before that move: here it is as it stands now."
        if isinstance(message, ClaimCard):
            if refusal is not None:
                raise ClaimRefused(runner.claiming(), rules=refusal)
            assert seat is not None
            return runner.claim(seat)
        if refusal is not None:
            raise IllegalMove(refusal)
        assert seat is not None
        return runner.play(seat, runner.game.parse_move(message.move))

    def undo(self, seat: int, table: int) -> LoggedMove:
        """Take back `seat`'s last move, seen on the Table numbered `table`; IllegalMove, nothing
        changed, if it may not be (or the table has moved on)."""
        if self.runner.stale(table):
            raise IllegalMove("The table changed before that: here it is as it stands now.")
        return self.runner.undo(seat)

"""The host: a networked match's front door, where every message from another screen is checked.

A `Host` owns one `Match` (rules, state, save and log). People play their seats from their own
screens, each connected as a `Member` with her seat's join code; spectators (the projector)
connect with none. Its `Runner` (net/runner.py) runs the turns on the host's clock: bots move after
`delay`, claim windows run their seconds; play waits until every person has joined, and the
host says for whom it waits when the game needs a person who is not connected.

Every member gets a `Table` after each change: its seat's view and legal moves, never another
seat's. A client's message is validated first; anything malformed, from a spectator, for
another seat or refused by the rules gets a `Refusal` and a line in the host's log, and changes
nothing; so does a move or claim that names a Table other than the latest (stale: the game
moved on before it arrived). The host is transport-free: `server.py` connects members over
websockets, and an in-process member (the projector) is just a callback. It needs a running
asyncio loop.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from cardtable.engine import Event, IllegalMove, Match, Move, name_of
from cardtable.net.clock import Clock, LoopClock
from cardtable.net.protocol import (
    CLIENT_MESSAGE,
    MAX_CLIENT_MESSAGE,
    Act,
    ClaimCard,
    Goodbye,
    Hello,
    Message,
    Refusal,
    Table,
    Welcome,
)
from cardtable.net.runner import ClaimRefused, Runner

CODE_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Join codes use Crockford's letters: no I, L, O or U to misread (40 bits in 8 letters)."""

log = logging.getLogger("cardtable.host")

LOGGED_REFUSALS = 20
"""Refused messages of one member written to the log one by one; after that, one line every
REFUSALS_PER_LINE."""
REFUSALS_PER_LINE = 1000


def new_code() -> str:
    """A fresh join code, a random secret: 'K7QX-2MPD'."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def with_names(reason: str, names: list[str]) -> str:
    """A rules' refusal with the seats' names: the rules write it without them ('It is not your
    turn: waiting for Player 3 to play.', name_of's words), the host knows who sits where."""
    placeholders = {name_of(None, seat): name for seat, name in enumerate(names)}
    # One pass, longest first: a seat named 'Player 1' is never named again as another seat.
    pattern = "|".join(re.escape(p) for p in sorted(placeholders, key=len, reverse=True))
    return re.sub(rf"\b(?:{pattern})\b", lambda found: placeholders[found[0]], reason)


def tidy_code(text: str) -> str:
    """A code as typed ('k7qx 2mpd', 'K7QX2MPD') in the form the host prints ('K7QX-2MPD')."""
    letters = "".join(c for c in text.upper() if c.isalnum())
    letters = letters.replace("O", "0").replace("I", "1").replace("L", "1")
    return f"{letters[:4]}-{letters[4:]}" if len(letters) == 8 else letters


class JoinRefused(Exception):
    """A Hello the host turns away; `reason` says why in a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Member:
    """One screen connected to the host: a seat's (with its code) or a spectator's."""

    def __init__(self, seat: int | None, post: Callable[[Message], None], name: str) -> None:
        self.seat = seat
        self.post = post
        """Hands a message to the member's transport (a websocket's queue, or a callback)."""
        self.name = name
        """Who it is, for the host's log: 'Ann (seat 1)' or 'a spectator'."""
        self.events: list[Event] = []
        """Public events not yet sent to it."""
        self.left = False
        self.refused = 0
        """How many of its messages were refused."""


class Host:
    """Runs one match for people on their own screens and bots on the host."""

    def __init__(
        self,
        match: Match,
        delay: float = 0.8,
        codes: dict[int, str] | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.match = match
        self.game = match.game
        seats = match.seats
        self.humans = [i for i, seat in enumerate(seats) if seat.is_human]
        self.codes: dict[int, str] = codes or {seat: new_code() for seat in self.humans}
        """Each person's seat and its join code."""
        self.runner = Runner(match, clock or LoopClock(), delay)
        """Runs the turns; the host lets its members act and tells them what changed."""
        self.runner.ready = lambda: self.everyone_came
        self.runner.on_fault = self._fault
        self.runner.listen(self._changed)
        self.members: list[Member] = []
        self.seat_members: dict[int, Member] = {}
        self.joined: set[int] = set()
        """The people's seats that have joined at least once: play begins when all have."""
        self.refusals = 0
        """How many client messages were refused (the log says which and why)."""
        self._on_change: list[Callable[[], None]] = []

    # Joining and leaving

    @property
    def names(self) -> list[str]:
        """The seats' names, by seat number."""
        return self.match.names

    def seat_of(self, code: str) -> int | None:
        """The seat a join code is for, or None."""
        tidy = tidy_code(code)
        for seat, known in self.codes.items():
            if secrets.compare_digest(tidy.encode(), known.encode()):
                return seat
        return None

    def connect(self, code: str | None, post: Callable[[Message], None]) -> Member:
        """A new member: the seat of `code`, or a spectator when `code` is None. It gets a
        Welcome and its Table at once; JoinRefused if the code is no seat's."""
        play_begins = False
        """She is the last person to come: play may begin."""
        if code is None:
            member = Member(None, post, "a spectator")
        else:
            seat = self.seat_of(code)
            if seat is None:
                raise JoinRefused(
                    "That code is not one of this game's: check it with the host "
                    "(codes look like K7QX-2MPD)."
                )
            old = self.seat_members.get(seat)
            if old is not None:
                old.post(Goodbye(reason=f"{self.names[seat]}'s seat joined from another screen."))
                self._drop(old)
            member = Member(seat, post, f"{self.names[seat]} (seat {seat + 1})")
            self.seat_members[seat] = member
            play_begins = seat not in self.joined and len(self.joined) + 1 == len(self.humans)
            self.joined.add(seat)
        self.members.append(member)
        log.info("%s joined", member.name)
        member.post(
            Welcome(
                game=self.game.id,
                seat=member.seat,
                names=self.names,
                humans=self.humans,
                log=self.match.log_lines(),
            )
        )
        if play_begins and self.runner.started:
            self.runner.step()  # the last person has come: play begins
        elif member.seat is not None and self.runner.started:
            # Her seat is present again: every member's Table says so. The turns go on as they
            # were: a step would start a bot's wait and thought again at every rejoin, and a
            # seat rejoining faster than the bots' delay kept them from ever moving.
            self._broadcast()
        else:
            member.post(self._table(member.seat, []))
            if member.seat is not None:
                self._others_see_change(member)
        return member

    def leave(self, member: Member) -> None:
        """A member's connection has closed: its seat waits for it to rejoin."""
        if member.left:
            return
        self._drop(member)
        log.info("%s left", member.name)
        if member.seat is not None and not self.runner.stopped:
            self._broadcast()

    def _drop(self, member: Member) -> None:
        member.left = True
        if member in self.members:
            self.members.remove(member)
        if member.seat is not None and self.seat_members.get(member.seat) is member:
            del self.seat_members[member.seat]

    def _others_see_change(self, joined: Member) -> None:
        self._send_tables([member for member in self.members if member is not joined])

    def present(self) -> list[bool]:
        """Per seat: a bot, or a person whose screen is connected."""
        return [
            not seat.is_human or i in self.seat_members for i, seat in enumerate(self.match.seats)
        ]

    def watch(self, callback: Callable[[], None]) -> None:
        """Call `callback` after every change (a move, a join, a leave): for the host's own log."""
        self._on_change.append(callback)

    def unwatch(self, callback: Callable[[], None]) -> None:
        """Stop calling `callback` after changes."""
        if callback in self._on_change:
            self._on_change.remove(callback)

    # Messages from members

    def receive(self, member: Member, data: str | bytes) -> None:
        """A message from a member: validated, then applied or refused. Never raises."""
        if member.left or self.runner.stopped:
            return
        if len(data) > MAX_CLIENT_MESSAGE:
            self._refuse(member, "That message is too long to be a move.", "an oversized message")
            return
        try:
            message = CLIENT_MESSAGE.validate_json(data)
        except ValidationError as err:
            self._refuse(
                member,
                "The host did not understand that message.",
                f"a malformed message ({err.error_count()} errors)",
            )
            return
        if isinstance(message, Hello):
            self._refuse(member, "You have already joined.", "a second hello")
            return
        seat = member.seat
        if seat is None:
            self._refuse(
                member,
                "You are watching: only a player who joined with her seat's code can move.",
                "a move",
            )
            return
        if message.seat is not None and message.seat != seat:
            other = self._seat_name(message.seat)
            self._refuse(
                member,
                f"Your code is {self.names[seat]}'s: it cannot act for {other}.",
                f"a move for {other}",
            )
            return
        waiting = self._waiting()
        if not self.everyone_came and waiting is not None:
            self._refuse(member, waiting, "a move before everyone had joined")
            return
        if isinstance(message, Act):
            if self._stale(member, message.table):
                return
            try:
                move = self.game.parse_move(message.move)
            except IllegalMove as err:
                self._refuse(member, err.reason, "a move of another game")
                return
            self._play_for(member, move)
        elif isinstance(message, ClaimCard):
            self._claim_for(member, message.table)

    def _stale(self, member: Member, answers: int) -> bool:
        """True (and refused) if a move or claim answers a Table the game has moved on from:
        made on a position that is gone, it is never applied to the one that stands now."""
        if not self.runner.stale(answers):
            return False
        self._refuse(
            member,
            "The table changed before your move arrived: here it is as it stands now.",
            f"a stale message (table {answers}, now {self.number})",
            stale=True,
        )
        return True

    def _seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return f"{self.names[seat]}'s seat"
        return "a seat this game does not have"  # (a seat's number counts from 0 on the wire)

    @property
    def number(self) -> int:
        """The number of the game's position now (Runner.number)."""
        return self.runner.number

    def _refuse(self, member: Member, reason: str, what: str, stale: bool = False) -> None:
        """Answer a Refusal. The log has the first LOGGED_REFUSALS of each member, then a line
        every REFUSALS_PER_LINE: a client that floods the host cannot fill its disk."""
        self.refusals += 1
        member.refused += 1
        if member.refused <= LOGGED_REFUSALS:
            log.info("refused %s from %s: %s", what, member.name, reason)
        elif member.refused % REFUSALS_PER_LINE == 0:
            log.info("refused %d messages from %s so far", member.refused, member.name)
        member.post(Refusal(reason=reason, stale=stale))

    def _play_for(self, member: Member, move: Move) -> None:
        assert member.seat is not None
        try:
            self.runner.play(member.seat, move)
        except IllegalMove as refused:
            reason = with_names(refused.reason, self.names)
            self._refuse(member, reason, f"the move {move.brief()!r}")

    def _claim_for(self, member: Member, answers: int) -> None:
        seat = member.seat
        assert seat is not None
        if self.game.claim_window(self.match.state) is not None and self._stale(member, answers):
            return
        try:
            self.runner.claim(seat)
        except ClaimRefused as refused:
            self._refuse(member, *self._claim_refusal(refused))

    def _claim_refusal(self, refused: ClaimRefused) -> tuple[str, str]:
        """The words for a refused claim, and what the log calls it."""
        window, closed = refused.window, refused.closed
        if window is None:
            reason = (
                "No card is up for claim now."
                if closed is None
                else f"Too late to {closed.verb} the {closed.card}: its window has closed."
            )
            return reason, "a claim with no window"
        what = "a claim after the window closed to her"
        if refused.rules is not None:
            return with_names(refused.rules, self.names), what
        return f"You have already let the {window.card} go.", what

    # Running the turns

    def start(self) -> None:
        """Begin running turns (from inside the running asyncio loop)."""
        self.runner.start()

    def stop(
        self, reason: str = "The host has stopped; the game is saved.", rejoin: str | None = None
    ) -> None:
        """Stop: timers cancelled, every member told `reason`, the match checkpointed and
        closed. When the game is saved to be hosted again, `rejoin` says so to each seat's
        screen, which is told to keep trying: its code joins this game alone. A spectator's is
        not: with no code, it would join whatever game the port hosts next."""
        if self.runner.stopped:
            return
        self.runner.stop()
        for member in list(self.members):
            if rejoin is not None and member.seat is not None:
                member.post(Goodbye(reason=f"{reason} {rejoin}", retry=True))
            else:
                member.post(Goodbye(reason=reason))
            self._drop(member)
        self.match.close()

    @staticmethod
    def _fault(err: Exception) -> None:
        log.error("the host's turn runner failed", exc_info=err)

    def _human(self, seat: int) -> bool:
        return self.match.seats[seat].is_human

    def _changed(self, events: list[Event]) -> None:
        """After a change the runner made: every member hears its events and its Table."""
        for member in self.members:
            member.events.extend(events)
        self._broadcast()

    @property
    def everyone_came(self) -> bool:
        """True once every person has joined (play waits for that, then goes on without a
        person who drops until it needs her)."""
        return len(self.joined) == len(self.humans)

    @property
    def asking(self) -> int | None:
        """In a turn-based window, the person asked now."""
        return self.runner.asking

    @property
    def players(self) -> list[Any]:
        """The seats' players (the bots' choose the bots' moves)."""
        return self.runner.players

    # What members see

    def _waiting(self) -> str | None:
        """'Waiting for Ann to join.' before everyone has; 'Waiting for Bob to rejoin ...'
        when the game needs a person whose screen has dropped."""
        state = self.match.state
        if self.game.is_over(state):
            return None
        if not self.everyone_came:
            who = " and ".join(self.names[s] for s in self.humans if s not in self.joined)
            return f"Waiting for {who} to join: play begins when everyone has."
        if self.runner.claiming() is not None:
            needed = [self.asking] if self.asking is not None else []
        else:
            needed = self.game.to_act(state)[:1]
        away = [s for s in needed if self._human(s) and s not in self.seat_members]
        if not away:
            return None
        who = " and ".join(self.names[s] for s in away)
        return f"Waiting for {who} to rejoin, with the same join command."

    def _table(self, seat: int | None, events: list[Event]) -> Table:
        """What `seat` (None: a spectator) may see now, with these events."""
        return self.runner.table(seat, events, self.present(), self._waiting())

    def _send_tables(self, members: list[Member]) -> None:
        """Post each of `members` its Table with the events it has not heard: one Table per
        seat (spectators share theirs), all made together (`Runner.tables`)."""
        if not members:
            return
        seats = list(dict.fromkeys(member.seat for member in members))
        tables = self.runner.tables(seats, self.present(), self._waiting())
        for member in members:
            events, member.events = member.events, []
            table = tables[member.seat]
            member.post(table.model_copy(update={"events": events}) if events else table)

    def _broadcast(self) -> None:
        self._send_tables(list(self.members))
        for callback in list(self._on_change):
            callback()

"""Every message between a host and its clients, as pydantic models validated on arrival.

A client says `Hello` (with its seat's join code, or none to watch), then sends `Act` (a move)
and `ClaimCard` (claim the card up in a claim window), each naming the number of the `Table` it
answers. The host answers `Welcome`, then sends a `Table` whenever the game changes (what that
seat may see now, and the public events since its last `Table`), a `Refusal` for a message it
did not apply (`stale` when the table changed before the message arrived), and `Goodbye` when it
closes the connection (`retry` when the client should try again in a while: no room just now,
or the game saved to be hosted again). JSON text, one
message per websocket frame; `type` names the message.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from cardtable.engine.claims import ClaimWindow
from cardtable.engine.contract import Event, Outcome

PROTOCOL = 2
"""The version of these messages; a client of another version is told so and let go. Version 2:
each Table has a number, and a move or claim names the number of the Table it answers."""

MAX_CLIENT_MESSAGE = 64 * 1024
"""The most bytes a client's message may have (a move is well under 1 KB); the connection of a
client that sends more is closed."""

CODE_PATTERN = r"^[0-9A-Z]{4}-[0-9A-Z]{4}$"
"""A join code as the host prints it: 'K7QX-2MPD'."""


class Message(BaseModel):
    """Base of every message: frozen, and nothing beyond its fields is accepted."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# Client to host

MAX_SEAT = 99
"""No table has more seats: a seat number beyond it is a malformed message."""


class FromClient(Message):
    """Base of the messages a client sends: strict, so nothing is coerced ('0' is not 0)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Hello(FromClient):
    """The first message of a connection: a seat's join code, or none to watch."""

    type: Literal["hello"] = "hello"
    protocol: int = PROTOCOL
    code: str | None = Field(default=None, max_length=32)


class Act(FromClient):
    """A move for the client's seat, as `move.model_dump(mode='json')` gives it, made on the
    Table numbered `table` (any other is refused as stale). `seat`, when given, must be the
    code's own seat: a code acts for its seat only."""

    type: Literal["move"] = "move"
    move: dict[str, Any]
    table: int = Field(ge=0)
    """The number of the Table this move answers."""
    seat: int | None = Field(default=None, ge=0, le=MAX_SEAT)


class ClaimCard(FromClient):
    """Claim the card up in the open claim window (the host makes the game's claim move), seen
    on the Table numbered `table`."""

    type: Literal["claim"] = "claim"
    table: int = Field(ge=0)
    """The number of the Table this claim answers."""
    seat: int | None = Field(default=None, ge=0, le=MAX_SEAT)


ClientMessage = Annotated[Hello | Act | ClaimCard, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | ClaimCard] = TypeAdapter(ClientMessage)


# Host to client


class Welcome(Message):
    """The host's answer to a Hello: the game, who sits where, and the log so far."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    game: str
    seat: int | None
    """The seat this connection plays; None: a spectator."""
    names: list[str]
    humans: list[int]
    """The seats people play (from their own screens); the rest are bots on the host."""
    log: list[str]
    """Every line of the game's log so far, oldest first."""


class Table(Message):
    """What one seat may see now: sent after every change of the game."""

    type: Literal["table"] = "table"
    number: int
    """Which position of the game this is (the moves made so far): a move or claim names it,
    and one naming another is refused as stale."""
    view: dict[str, Any]
    """`game.view(state, seat).model_dump(mode='json')`: nothing its seat may not know."""
    legal: list[dict[str, Any]]
    """The seat's legal moves now (empty while it may not act, and for a spectator)."""
    acting: list[int]
    explain: str
    """What this seat can do now, in a line (`game.explain`)."""
    summary: str
    """The standing of the game (`outcome.summary`)."""
    over: bool
    outcome: Outcome | None = None
    """The result, once the game is over."""
    window: ClaimWindow | None = None
    """The claim window while seats may still claim in it."""
    window_left: float | None = None
    """Seconds left on the host's clock for the window (None: no clock, each person asked)."""
    asking: int | None = None
    """In a window with no clock: the person asked now."""
    events: list[Event] = []
    """The public events since this connection's last Table, oldest first."""
    present: list[bool]
    """Per seat: a bot, or a person whose screen is connected."""
    waiting: str | None = None
    """'Waiting for Ann to rejoin.' while the game needs a person who is not connected."""
    unsaved: str | None = None
    """Why the host is not saving the game, or None."""


class Refusal(Message):
    """A message the host did not apply, and why, in words."""

    type: Literal["refused"] = "refused"
    reason: str
    stale: bool = False
    """True when the message answered a Table the game has moved on from (the client has the
    newer Table already: it shows that, not the refusal)."""


class Goodbye(Message):
    """The host closes this connection, and why."""

    type: Literal["goodbye"] = "goodbye"
    reason: str
    retry: bool = False
    """True when the client should try again in a while: the host has no room just now, or it
    stopped with the game saved to be hosted again (said to a seat's screen only: its code joins
    that game alone)."""


HostMessage = Annotated[Welcome | Table | Refusal | Goodbye, Field(discriminator="type")]
HOST_MESSAGE: TypeAdapter[Welcome | Table | Refusal | Goodbye] = TypeAdapter(HostMessage)

"""What a game of Run It holds: options, piles, turn and penalty run, offers, the match window."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from cardtable.cards import RunItCard, RunItColour
from cardtable.engine import Chance, View
from cardtable.engine.claims import ClaimWindow
from cardtable.engine.settings import claim_window_seconds, games_in_session, optional_rule
from cardtable.games.run_it.lacking import Lack


class Phase(StrEnum):
    """What the game waits for."""

    PLAY = "play"
    """The seat to act plays a card, gets a card, or (in a penalty run) answers it."""
    OFFERS = "offers"
    """The others are asked, one by one, whether to offer the getter a card face down."""
    TAKE = "take"
    """The getter takes the draw pile's top card or one offer, blind."""
    GOT = "got"
    """The card just got is playable: she plays it or keeps it."""
    WINDOW = "window"
    """A card was just played: any seat may match it."""


class RunItOptions(BaseModel):
    """The settings of a game of Run It."""

    hand_size: int = Field(
        default=5, ge=3, le=10, title="Cards dealt", description="Each player's hand at the deal."
    )
    match_seconds: int = claim_window_seconds("Match", "Match-it claims", "play")
    draw_anyway: bool = optional_rule(
        "Draw anyway",
        "A player holding a playable card may get a card instead of playing.",
    )
    false_claims_draw: bool = optional_rule(
        "False claims draw one (house rule)",
        "A Match-it claim without the identical card costs a card from the draw "
        "pile instead of being refused.",
    )
    games: int = games_in_session(
        "The winner of each game starts the next; the session counts wins."
    )


class GameResult(BaseModel):
    """One finished game of a session."""

    number: int
    winners: list[int]
    reason: str
    cards_left: list[int]
    blocked: bool = False
    """True when a backstop ended it (nobody could play), not a player going out."""


class RunItState(BaseModel):
    """One session of Run It in play."""

    game: Literal["run-it"] = "run-it"
    seats: int
    options: RunItOptions
    game_number: int = 1
    dealer: int
    turn: int
    """The seat whose turn it is (during a penalty run: its target)."""
    direction: int = 1
    """+1 clockwise (increasing seat numbers), -1 after an odd number of Reverses."""
    hands: list[list[RunItCard]]
    draw_pile: list[RunItCard]
    """Face down; the top card is the last."""
    discards: list[RunItCard]
    """Face up; the top card is the last."""
    colour: RunItColour | None
    """The colour in force; None while a Wild turned up at the start lets anything be played."""
    penalty: int = 0
    """The penalty run's total T; 0 when no run is pending."""
    penalty_value: int = 0
    """The last penalty card's value in the run (it may be continued by that value)."""
    phase: Phase = Phase.PLAY
    window: ClaimWindow | None = None
    played_by: int | None = None
    """Who played the card the match window is open for."""
    attempt: int = 0
    """1 or 2 while the seat to act is getting a card."""
    offers: list[RunItCard | None] = []
    """Per seat, the card offered face down to the getter (None: no offer)."""
    asked: list[int] = []
    """The seats still to be asked for an offer, in order."""
    got: RunItCard | None = None
    """The card just got, while she decides whether to play it."""
    missed: RunItCard | None = None
    """The last card got that could not be played, shown to its getter (`missed_by`) until the
    next card is got or played or a penalty is taken."""
    missed_by: int | None = None
    idle_turns: int = 0
    """Turns in a row that ended with nothing played."""
    stuck_turns: int = 0
    """Turns in a row in which the seat could not play, nothing could be drawn and nobody
    offered (session.BLOCKED_ROUNDS of these rounds block the game)."""
    ended: str = ""
    """Why the last game ended, in words."""
    lacking: list[list[Lack]] = []
    """Per seat, oldest first, what she has shown she holds none of this game (`lacking.py`):
    public, as everyone at the table saw it. Left out (a new position, a save made before it was
    kept), each seat's starts empty."""
    history: list[GameResult] = []
    chance: Chance

    def model_post_init(self, context: object) -> None:
        """A record for each seat, empty unless one was given."""
        if not self.lacking:
            self.lacking = [[] for _ in range(self.seats)]


class RunItView(View):
    """What one seat may know of a game of Run It."""

    hand: list[RunItCard] | None

    game_number: int
    games: int
    dealer: int
    turn: int
    direction: int
    top: RunItCard
    discard_count: int
    draw_count: int
    colour: RunItColour | None
    penalty: int
    penalty_value: int
    phase: Phase
    window: ClaimWindow | None
    played_by: int | None
    attempt: int
    offered_by: list[int]
    """Seats that have offered the getter a card (face down: the cards are not shown)."""
    my_offer: RunItCard | None
    """The card this seat has offered, while it waits to be taken or returned."""
    got: RunItCard | None
    """The card just got, shown only to the seat that got it."""
    missed: RunItCard | None = None
    """The card this seat just got and could not play, shown only to her (until the next card
    is got or played)."""
    lacking: list[list[Lack]] = []
    """Per seat, what she has shown she holds none of (`RunItState.lacking`)."""
    playable: list[RunItCard]
    """The cards of this seat's hand that may be played now (for the highlight)."""
    repeats: ClassVar[frozenset[str]] = frozenset({"playable", "lacking"})
    wins: list[int]
    history: list[GameResult]
    ended: str
    match_seconds: int
    options: RunItOptions
    """The table's settings (public: they decide which moves every seat has)."""

"""Claim windows: moments when several seats may claim one card out of turn.

One shared piece for Run It's Match-it and Sets and Runs' buys (DESIGN.md, "Seats, hot-seat
and hidden cards"). In the rules layer a window is a phase of the state: it opens after every
event that may be claimed, every time, so its opening tells nothing about any hand; `to_act`
lists every seat that may still act in it; explicit moves claim (`Claim`) or let the card go
(`LetGo`). The rules layer has no clock: the app owns the countdown and, when it runs out, lets
the card go for every seat still open; bots claim after a short random delay.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from cardtable.engine.contract import Move
from cardtable.engine.phrased import PhrasedMove


class ClaimWindow(BaseModel):
    """An open window: which card may be claimed, by whom, and how long the app keeps it open."""

    verb: str
    """What a claim does, as a verb for a prompt: 'match', 'buy'."""
    card: str
    """The card up for claim, as shown on the table: 'R7'."""
    open_to: list[int]
    """The seats that may still claim or let it go, nearest first (who wins a tie)."""
    claimed: list[int] = Field(default_factory=list)
    """Seats that claimed and wait for the window to be resolved (a buy); a match is at once."""
    seconds: float = 3.0
    """How long the app keeps the window open; 0 asks each person in turn instead."""

    def let_go(self, seat: int) -> None:
        """`seat` will not claim this card."""
        if seat in self.open_to:
            self.open_to.remove(seat)

    def claim(self, seat: int) -> None:
        """`seat` claims the card, to be given when the window is resolved (a buy). The nearest
        claimant wins, so `seat` and every seat farther than her leave `open_to` (nobody there
        can win it any more) and she goes first in `claimed`."""
        if seat in self.open_to:
            del self.open_to[self.open_to.index(seat) :]
        if seat not in self.claimed:
            self.claimed.insert(0, seat)

    @property
    def nearest_claim(self) -> int | None:
        """The claimant who wins the card when the window is resolved, or None."""
        return self.claimed[0] if self.claimed else None

    @property
    def settled(self) -> bool:
        """True once every seat has claimed or let the card go."""
        return not self.open_to


class Claim(PhrasedMove, does="claims the card", brief="claim"):
    """Claim the card of the open window (each game names it: 'match', 'buy')."""

    kind: Literal["claim"] = "claim"


class LetGo(PhrasedMove, does="lets it go", brief="let it go"):
    """Let the window's card go: this seat will not claim it."""

    kind: Literal["let-go"] = "let-go"


LET_GO = LetGo()
CLAIM = Claim()


def claim_move(game: Any, state: Any, seat: int) -> Move:
    """`seat`'s claim in the open window: the game's own Claim move when it lists one, else the
    shared CLAIM (which the game then refuses in words)."""
    for move in game.legal_moves(state, seat):
        if isinstance(move, Claim):
            return move
    return CLAIM

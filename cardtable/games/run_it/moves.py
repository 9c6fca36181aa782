"""The Run It moves: play, get a card, offer, take, keep, take the penalty, match or let go."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from cardtable.cards import RunItCard, RunItColour
from cardtable.engine import Move
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.phrased import PhrasedMove
from cardtable.engine.shared_moves import SharedMoves

COLOUR_NAMES = {
    RunItColour.RED: "Red",
    RunItColour.BLUE: "Blue",
    RunItColour.YELLOW: "Yellow",
    RunItColour.GREEN: "Green",
}


def colour_name(colour: RunItColour) -> str:
    """'Blue (B)': a colour in words, always with its letter."""
    return f"{COLOUR_NAMES[colour]} ({colour.value})"


class Play(Move):
    """Play a card from hand on the discard pile; Wilds and Stops name a colour."""

    kind: Literal["play"] = "play"
    card: RunItCard
    colour: RunItColour | None = None
    """The colour named by a Wild, a Wild Penalty or a Stop."""

    def describe(self, player: str = "You") -> str:
        """'Ann plays the B3', 'Ann plays the Wild, naming Blue (B)'."""
        named = f", naming {colour_name(self.colour)}" if self.colour else ""
        return f"{player} plays {self.card.label}{named}"

    def brief(self) -> str:
        """'B3', 'Wild → Blue'."""
        return (
            f"{self.card.short} → {COLOUR_NAMES[self.colour]}" if self.colour else self.card.short
        )


class GetCard(PhrasedMove, does="gets a card", brief="get a card"):
    """Get a card: from the draw pile or one a player offers (Pass-it)."""

    kind: Literal["get"] = "get"


class Offer(PhrasedMove, does="offers a card face down", brief="offer {card.short}"):
    """Offer the getter one card face down (Pass-it). The log line never names the card (it is
    hidden); the brief does, for the offerer's own menu and hints only (her card, in her hand)."""

    kind: Literal["offer"] = "offer"
    card: RunItCard
    face_down: ClassVar[bool] = True


class NoOffer(PhrasedMove, does="offers nothing", brief="offer nothing"):
    """Offer nothing this time."""

    kind: Literal["no-offer"] = "no-offer"


class TakeDraw(PhrasedMove, does="takes the draw pile's top card", brief="draw pile"):
    """Take the draw pile's top card."""

    kind: Literal["take-draw"] = "take-draw"


class TakeOffer(
    PhrasedMove,
    does="takes the card offered by seat {offerer_number}",
    brief="offer of seat {offerer_number}",
):
    """Take one player's offered card, blind."""

    kind: Literal["take-offer"] = "take-offer"
    offered_by: int

    @property
    def offerer_number(self) -> int:
        """The offering seat as players count them, from 1."""
        return self.offered_by + 1


class Keep(PhrasedMove, does="keeps the card and ends the turn", brief="keep it"):
    """Keep the playable card just got and end the turn."""

    kind: Literal["keep"] = "keep"


class TakePenalty(PhrasedMove, does="takes the penalty", brief="take the penalty"):
    """Give up the penalty run: draw its total and lose the turn."""

    kind: Literal["take-penalty"] = "take-penalty"


RunItMove = (
    Play | GetCard | Offer | NoOffer | TakeDraw | TakeOffer | Keep | TakePenalty | Claim | LetGo
)
MOVE_ADAPTER: TypeAdapter[RunItMove] = TypeAdapter(
    Annotated[RunItMove, Field(discriminator="kind")]
)
GET = GetCard()
NO_OFFER = NoOffer()
TAKE_DRAW = TakeDraw()
KEEP = Keep()
TAKE_PENALTY = TakePenalty()


_OFFERS: SharedMoves[RunItCard, Offer] = SharedMoves(lambda card: Offer(card=card))
_TAKE_OFFERS: SharedMoves[int, TakeOffer] = SharedMoves(lambda seat: TakeOffer(offered_by=seat))


def offer(card: RunItCard) -> Offer:
    """The move offering `card`: one shared frozen value per card."""
    return _OFFERS[card]


def take_offer(offered_by: int) -> TakeOffer:
    """The move taking the card `offered_by` offered: one shared value per seat."""
    return _TAKE_OFFERS[offered_by]

"""The two Piles moves: place a card on a pile, or pass."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from cardtable.cards import Card, Suit
from cardtable.engine.phrased import PhrasedMove
from cardtable.engine.shared_moves import SharedMoves
from cardtable.games.piles import castle


class Place(
    PhrasedMove, does="places {card.label} on {pile_name}", brief="{card.short} on {pile_name}"
):
    """Place a card from hand on one of the Castle's piles."""

    kind: Literal["place"] = "place"
    card: Card
    pile: int

    @property
    def pile_name(self) -> str:
        """The pile's name on the Castle: 'B2'."""
        return castle.pile_name(self.pile)


class Pass(PhrasedMove, does="passes", brief="pass"):
    """Pass: the opponent on the left takes one of the passer's cards at random."""

    kind: Literal["pass"] = "pass"


_PLACES: SharedMoves[tuple[int, Suit | None, int], Place] = SharedMoves(
    lambda key: Place(card=Card(rank=key[0], suit=key[1]), pile=key[2])
)


def place(card: Card, pile: int) -> Place:
    """The move placing `card` on `pile`: one shared frozen value per card and pile."""
    return _PLACES[(card.rank, card.suit, pile)]


PilesMove = Annotated[Place | Pass, Field(discriminator="kind")]
MOVE_ADAPTER: TypeAdapter[Place | Pass] = TypeAdapter(PilesMove)
PASS = Pass()

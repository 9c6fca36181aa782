"""The Sets and Runs moves: take the discard or draw, buy (claim) or let go, lay down a meld of
the contract, take the lay-down back, add to a meld, swap a Joker out, discard."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationInfo, field_validator

from cardtable.cards import Card
from cardtable.engine import Move
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.phrased import PhrasedMove
from cardtable.engine.shared_moves import SharedMoves
from cardtable.games.sets_and_runs.melds import CARD_OF_CODE, card_code


class TakeDiscard(PhrasedMove, does="takes the discard", brief="take the discard"):
    """The next player takes the card just discarded as her draw (her first call)."""

    kind: Literal["take-discard"] = "take-discard"


class DrawStock(PhrasedMove, does="draws from the stock", brief="draw from the stock"):
    """Draw the top card of the stock (in a buy window: the discard is left to the buyers)."""

    kind: Literal["draw"] = "draw"


class LayMeld(Move):
    """Put one meld of the round's contract down; the lay-down is made when the contract is
    complete. A run's cards are in order, so each Joker's place says what it stands for."""

    run: bool
    kind: Literal["meld"] = "meld"
    cards: tuple[Card, ...]

    @field_validator("cards")
    @classmethod
    def _set_in_one_order(cls, cards: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        """A set's cards in one order (by card code, Jokers last), so two lay-downs of the same
        cards are one move however they were picked; a run keeps its order (it places Jokers)."""
        if info.data.get("run", True):
            return cards
        return tuple(sorted(cards, key=lambda card: (card.is_joker, card_code(card))))

    def describe(self, player: str = "You") -> str:
        """'Ann lays down the run 4♠ Jkr 6♠ 7♠'."""
        return f"{player} lays down the {'run' if self.run else 'set'} {self.brief_cards()}"

    def brief_cards(self) -> str:
        """The cards as a short line: '4♠ Jkr 6♠ 7♠'."""
        return " ".join(c.short for c in self.cards)

    def brief(self) -> str:
        """'run 4♠ Jkr 6♠ 7♠'."""
        return f"{'run' if self.run else 'set'} {self.brief_cards()}"


class TakeBack(PhrasedMove, does="takes the lay-down back", brief="take the lay-down back"):
    """Take back the melds of a lay-down not yet complete: they go back into the hand."""

    kind: Literal["take-back"] = "take-back"


class AddTo(
    PhrasedMove,
    does="adds {card.label} to meld {meld_number}{end}",
    brief="{card.short} on meld {meld_number}{end}",
):
    """Add a card to a meld on the table (after laying down); `high` names a run's end."""

    kind: Literal["add"] = "add"
    card: Card
    meld: int
    """The meld's place in the table's list, from 0."""
    high: bool = True
    """On a run: True the high end, False the low end. Ignored on a set."""

    @property
    def meld_number(self) -> int:
        """The meld as the table numbers them, from 1."""
        return self.meld + 1

    @property
    def end(self) -> str:
        """' (high end)' or ' (low end)'."""
        return " (high end)" if self.high else " (low end)"


class Swap(
    PhrasedMove,
    does="swaps {card.label} for the Joker in meld {meld_number}",
    brief="{card.short} for the Joker of meld {meld_number}",
):
    """Put a natural card in a run in place of the Joker standing for it; the Joker comes to
    the hand."""

    kind: Literal["swap"] = "swap"
    card: Card
    meld: int

    @property
    def meld_number(self) -> int:
        """The meld as the table numbers them, from 1."""
        return self.meld + 1


class Discard(PhrasedMove, does="discards {card.label}", brief="discard {card.short}"):
    """Discard a card: the turn ends (the round, if it was the last card)."""

    kind: Literal["discard"] = "discard"
    card: Card


SetsAndRunsMove = Annotated[
    TakeDiscard | DrawStock | LayMeld | TakeBack | AddTo | Swap | Discard | Claim | LetGo,
    Field(discriminator="kind"),
]
MOVE_ADAPTER: TypeAdapter[SetsAndRunsMove] = TypeAdapter(SetsAndRunsMove)

TAKE_DISCARD = TakeDiscard()
DRAW_STOCK = DrawStock()
TAKE_BACK = TakeBack()

_DISCARDS: SharedMoves[int, Discard] = SharedMoves(lambda code: Discard(card=CARD_OF_CODE[code]))
_MELDS: SharedMoves[tuple[tuple[int, ...], bool], LayMeld] = SharedMoves(
    lambda key: LayMeld(cards=tuple(CARD_OF_CODE[k] for k in key[0]), run=key[1]), most=50_000
)
_ADDS: SharedMoves[tuple[int, int, bool], AddTo] = SharedMoves(
    lambda key: AddTo(card=CARD_OF_CODE[key[0]], meld=key[1], high=key[2])
)
_SWAPS: SharedMoves[tuple[int, int], Swap] = SharedMoves(
    lambda key: Swap(card=CARD_OF_CODE[key[0]], meld=key[1])
)


def discard(card: Card) -> Discard:
    """The move discarding `card`: one shared frozen value per card."""
    return _DISCARDS[card_code(card)]


def lay_meld_of(codes: tuple[int, ...], run: bool) -> LayMeld:
    """The move laying down the cards of `codes` (see `melds.card_code`) as a run or a set."""
    return _MELDS[(codes, run)]


def lay_meld(cards: tuple[Card, ...], run: bool) -> LayMeld:
    """The move laying down `cards` as a run (in order) or a set (shared values)."""
    return _MELDS[(tuple(card_code(c) for c in cards), run)]


def add_to(card: Card, meld: int, high: bool) -> AddTo:
    """The move adding `card` to meld `meld` at that end (shared values)."""
    return _ADDS[(card_code(card), meld, high)]


def swap(card: Card, meld: int) -> Swap:
    """The move swapping `card` for the Joker it stands for in meld `meld` (shared values)."""
    return _SWAPS[(card_code(card), meld)]


DISCARD_OF_CODE: dict[int, Discard] = {code: discard(card) for code, card in CARD_OF_CODE.items()}
"""The discard move of each card code (see `melds.card_code`)."""

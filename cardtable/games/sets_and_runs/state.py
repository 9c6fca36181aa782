"""What a game of Sets and Runs holds: options, hands, stock and discards, melds, buys, totals."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import BaseModel, field_validator

from cardtable.cards import Card
from cardtable.engine import Chance, View
from cardtable.engine.claims import ClaimWindow
from cardtable.engine.settings import claim_window_seconds
from cardtable.games.sets_and_runs.melds import TableMeld


def table_order(card: Card) -> tuple[bool, str, int]:
    """Where a card goes in a hand: by suit, then rank; Jokers last."""
    return (card.suit is None, card.suit or "", card.rank)


def sorted_hand(hand: list[Card]) -> list[Card]:
    """A hand in table order: by suit, then rank; Jokers last."""
    return sorted(hand, key=table_order)


class Phase(StrEnum):
    """What the game waits for."""

    WINDOW = "window"
    """A card was just discarded (or turned up at the deal): the next player takes it or draws
    from the stock; meanwhile, for a discard, other seats with buys left may claim it (the card
    turned up is not for sale: no window)."""
    PLAY = "play"
    """The seat to act has drawn: she lays down, plays on melds, and discards."""
    OVER = "over"
    """The seventh round has been scored."""


class SetsAndRunsOptions(BaseModel):
    """The settings of a game of Sets and Runs."""

    buy_seconds: int = claim_window_seconds("Buy", "buys", "discard")


class RoundResult(BaseModel):
    """One scored round."""

    number: int
    contract: str
    went_out: int | None
    """The seat that discarded her last card; None when the stock ran out a second time."""
    reason: str
    points: list[int]
    """Per seat, the points of the cards left in hand."""
    cards_left: list[int]
    totals: list[int]
    """The running totals after this round."""


class SetsAndRunsState(BaseModel):
    """One game of Sets and Runs in play: seven rounds."""

    game: Literal["sets-and-runs"] = "sets-and-runs"
    seats: int
    options: SetsAndRunsOptions
    round: int = 1
    dealer: int
    turn: int
    """The seat whose turn it is (in a buy window: the next player, who has first call)."""
    phase: Phase
    hands: list[list[Card]]
    """Each in table order (`rules.take_in`): by suit, then rank, Jokers last."""

    @field_validator("hands")
    @classmethod
    def _in_table_order(cls, hands: list[list[Card]]) -> list[list[Card]]:
        """A state read from a save is put in table order: saves written before hands were kept
        in it hold them in the order the cards came in, and still resume."""
        return [sorted_hand(hand) for hand in hands]

    stock: list[Card]
    """Face down; the top card is the last."""
    discards: list[Card]
    """Face up; the top card is the last. Empty just after its only card was taken."""
    melds: list[TableMeld] = []
    """The melds on the table, in the order they were laid or started."""
    pending: list[TableMeld] = []
    """The melds of the lay-down the seat to act is building (still hers, not on the table)."""
    laid_down: list[bool]
    floating: list[bool]
    """Seats that played their last card without discarding."""
    buys_left: list[int]
    reshuffled: bool = False
    """True once the stock has been made again from the discards this round."""
    window: ClaimWindow | None = None
    """The buy window on a discard; None outside the WINDOW phase and on the card turned up."""
    totals: list[int]
    taken: list[list[Card]] = []
    """Per seat, the cards everyone saw go into her hand this round that she may hold still
    (`taken.py`): public, as the whole table saw them. Left out (a position written before it
    was kept), each seat's starts empty."""
    history: list[RoundResult] = []
    chance: Chance

    def model_post_init(self, context: object) -> None:
        """A record for each seat, empty unless one was given."""
        if not self.taken:
            self.taken = [[] for _ in range(self.seats)]


class SetsAndRunsView(View):
    """What one seat may know of a game of Sets and Runs."""

    hand: list[Card] | None

    round: int
    rounds: int
    contract: str
    contract_sets: int
    contract_runs: int
    dealer: int
    turn: int
    phase: Phase
    stock_count: int
    discard_top: Card | None
    discard_count: int
    reshuffled: bool
    melds: list[TableMeld]
    pending: list[TableMeld]
    """This seat's lay-down being built (empty for every other seat)."""
    laid_down: list[bool]
    floating: list[bool]
    buys_left: list[int]
    window: ClaimWindow | None
    playable: list[Card]
    """The cards of this seat's hand that could be played on the table now."""
    repeats: ClassVar[frozenset[str]] = frozenset({"playable"})
    totals: list[int]
    taken: list[list[Card]] = []
    """Per seat, the cards everyone saw go into her hand this round (`SetsAndRunsState.taken`)."""
    dead: list[Card] = []
    """The cards under the discard pile's top, bottom first: each was seen discarded, and none
    can be drawn again unless the stock runs out (the seed's dead cards)."""
    history: list[RoundResult]
    buy_seconds: int

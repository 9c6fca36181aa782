"""What a game of Over Trump holds: options, the trick, the hand's tally, the view."""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from cardtable.cards import PilatchCard, PilatchSuit
from cardtable.engine import Chance, View
from cardtable.engine.settings import optional_rule


class OverTrumpOptions(BaseModel):
    """The settings of a game of Over Trump."""

    table_rules: bool = optional_rule(
        "Table rules",
        (
            "Any card may be placed; placing a suit you claimed to be out of ends the hand, "
            "and your team loses 50."
        ),
    )
    void_tracker: bool = Field(
        default=True,
        title="Void tracker",
        description="Show who has shown out of which suit.",
    )


class Placement(BaseModel):
    """A card in the trick: who placed it, and a Keeper she revealed with it."""

    model_config = ConfigDict(frozen=True)

    seat: int
    card: PilatchCard
    reveal: PilatchCard | None = None

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """Frozen, so its own deep copy (the strong bot copies a table per move it weighs)."""
        return self


class HandSummary(BaseModel):
    """How a hand was scored, per team."""

    number: int
    tricks: list[int]
    ones: list[int]
    honours: list[int]
    keepers: list[int]
    bonus: list[int]
    penalty: list[int]
    points: list[int]
    totals: list[int]
    note: str = ""


class OverTrumpState(BaseModel):
    """One game of Over Trump in play."""

    game: Literal["over-trump"] = "over-trump"
    options: OverTrumpOptions
    dealer: int
    hand_number: int = 1
    leader: int
    """Who placed the trick's first card; the seat to play is the leader plus the trick's size."""
    hands: list[list[PilatchCard]]
    trick: list[Placement] = []
    """The trick in play, bottom card first: the top card, if any, is last."""
    won: list[list[PilatchCard]] = [[], []]
    """The cards each team has won this hand."""
    tricks: list[int] = [0, 0]
    scores: list[int] = [0, 0]
    last_trick: list[Placement] = []
    last_winner: int | None = None
    voids: list[list[PilatchSuit]] = [[], [], [], []]
    """The suits each seat has shown (or, under table rules, claimed) to be out of."""
    shown: list[list[PilatchCard]] = [[], [], [], []]
    """Cards each seat is known to hold: everyone saw them go back after a Keeper reveal."""
    history: list[HandSummary] = []
    over: bool = False
    chance: Chance


class OverTrumpView(View):
    """What one seat may know of a game of Over Trump."""

    hand: list[PilatchCard] | None

    dealer: int
    hand_number: int
    turn: int
    leader: int
    trick: list[Placement]
    top: int | None
    """The index in `trick` of the top card; None while only Keepers lie there."""
    trick_suit: PilatchSuit | None
    tricks: list[int]
    hand_points: list[int]
    scores: list[int]
    last_trick: list[Placement]
    repeats: ClassVar[frozenset[str]] = frozenset({"last_trick"})
    """The last trick's cards are also in `gone` (its revealed Keeper in `shown`)."""
    last_winner: int | None
    voids: list[list[PilatchSuit]]
    shown: list[list[PilatchCard]] = []
    """Cards each seat is known to hold: everyone saw them go back after a Keeper reveal."""
    gone: list[PilatchCard] = []
    """The cards of this hand's finished tricks (a revealed Keeper in its card's place)."""
    history: list[HandSummary]
    teams: list[list[int]]
    table_rules: bool
    void_tracker: bool

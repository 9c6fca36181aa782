"""What a game of Piles holds: options, state, and the view one seat may see."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel

from cardtable.cards import Card, Colour
from cardtable.engine import Chance, View
from cardtable.engine.settings import optional_rule


class PilesOptions(BaseModel):
    """The settings of a game of Piles."""

    show_buried: bool = optional_rule(
        "Show buried cards",
        "Show the cards under each pile's top card (they were all once face up).",
    )


class PilesState(BaseModel):
    """One game of Piles in play."""

    game: Literal["piles"] = "piles"
    seats: int
    options: PilesOptions
    dealer: int
    turn: int
    """The seat to play next."""
    turns_taken: int = 0
    hands: list[list[Card]]
    castle: list[list[Card]]
    """The twelve piles, A1 to D3 row by row, each bottom card first."""
    stock: list[Card]
    """In a two-seat game, the 20 cards dealt once both players have played their first 10."""
    captured: list[list[Card]]
    """Each team's cards taken from passers, face up."""
    team_colours: list[Colour] | None = None
    """Each team's colour, fixed by the first card played."""
    chance: Chance


class PileView(BaseModel):
    """One pile as every seat sees it."""

    top: Card
    height: int
    total: int
    """The top card's total value: intrinsic, adjusted by its neighbours."""
    cards: list[Card]
    """Every card in the pile, bottom first: all were once face up, so all are public."""
    repeats: ClassVar[frozenset[str]] = frozenset({"top"})
    """The top card is also the last of `cards`."""


class PilesView(View):
    """What one seat may know of a game of Piles."""

    hand: list[Card] | None

    dealer: int
    turn: int
    turns_taken: int
    opener: int
    castle: list[PileView]
    captured: list[list[Card]]
    teams: list[list[int]]
    team_colours: list[Colour] | None
    team_scores: list[int]
    stock_count: int
    show_buried: bool

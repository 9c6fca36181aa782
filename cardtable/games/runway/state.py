"""What a game of Runway holds: options, runs, the common area, the bin, turns and the view."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.cards import JOKER_MARK, Direction, DirectionCard, PilatchCard
from cardtable.engine import Chance, View
from cardtable.engine.settings import games_in_session, optional_rule

HandCard = PilatchCard | DirectionCard
"""What a Runway hand (or the bin, or the deck) may hold: Pilatch cards, and under More
Control the direction cards."""


class Handicap(StrEnum):
    """What a session's winner carries into her later games."""

    OFF = "Off"
    LONGER_RUN = "One more run card"
    SMALLER_HAND = "One fewer hand card"
    BOTH = "Both"


class DeckEnd(StrEnum):
    """What happens when the deck runs out (Infini-Deck)."""

    OFF = "Off: draw from the bin"
    RESHUFFLE = "Shuffle the bin into the deck"


class Points(StrEnum):
    """Playing for points, and whether the deck running out ends each game (the seed offers
    that Infini-Deck choice only to players playing for points)."""

    OFF = "Off"
    TO_500 = "To 500"
    DECK_ENDS = "To 500; the empty deck ends each game"

    def __bool__(self) -> bool:
        """False when off, as the on/off setting it once was (`if options.points:` reads true)."""
        return self is not Points.OFF


OLD_DECK_END_AND_SCORE = "End the game and score"
"""Infini-Deck's third choice in saves made before it moved under Points."""


class RunwayOptions(BaseModel):
    """The settings of a game of Runway: the seed's optional rules, each off by default."""

    trading: bool = optional_rule(
        "Trading Cards",
        "In her build phase the player may offer cards to one opponent, who "
        "accepts or declines on her own screen.",
    )
    especially_special: bool = optional_rule(
        "Especially Special Actions",
        "Triples may also buy: +1 hand size, reshuffle everything, an extra turn, "
        "or one more run card for an opponent.",
    )
    decks: int = Field(
        default=1,
        ge=1,
        le=3,
        title="Decks (Multiple Decks: 2 or 3)",
        description="Shuffle several decks together; X is 6; duplicates in hand may be "
        "revealed for fresh cards.",
    )
    biggest_run_wins: bool = optional_rule(
        "Biggest Run Wins",
        "Play until the deck is empty; the longest run wins (with several decks "
        "runs of 14 may wrap).",
    )
    handicap: Handicap = optional_rule(
        "Handicap",
        "A winner needs a longer run, or keeps a smaller hand, in later games.",
        off=Handicap.OFF,
    )
    pecking_order: bool = optional_rule(
        "Pecking Order",
        "4+ players: winners go out one by one; the order sets the next game's turn order.",
    )
    build_easily: bool = optional_rule(
        "Build Easily",
        "No direction cards: build on either end of your run.",
    )
    speed_up: bool = optional_rule(
        "Speed Up",
        "After drawing from the deck, draw a card for each card you add to your run that turn.",
    )
    trounce: bool = optional_rule(
        "Slow Down (Trounce)",
        "Once a turn, knock an opponent's leading card off with the same rank of "
        "the superior suit.",
    )
    more_control: bool = optional_rule(
        "More Control",
        "Your direction card is in your hand; choose UP or DOWN when you start a run.",
    )
    points: Points = optional_rule(
        "Points",
        "Score cards in play minus cards in hand, +50 to the winner; play games "
        "until someone has 500 (50 games at most). Or: the moment the deck is empty, the game "
        "ends and is scored.",
        off=Points.OFF,
    )
    deck_end: DeckEnd = optional_rule(
        "Infini-Deck",
        "When the deck runs out, shuffle the bin into it.",
        off=DeckEnd.OFF,
    )
    games: int = games_in_session(
        "Without Points: play this many games; most wins takes the session."
    )

    @model_validator(mode="before")
    @classmethod
    def _from_old_saves(cls, data: Any) -> Any:
        """Points was on/off and 'end the game and score' an Infini-Deck choice: read those."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        points = data.get("points")
        if isinstance(points, bool):
            data["points"] = Points.TO_500 if points else Points.OFF
        if data.get("deck_end") == OLD_DECK_END_AND_SCORE:
            if data.get("points", Points.OFF) == Points.OFF:
                raise ValueError(
                    "Ending the game when the deck runs out is played only with Points: "
                    "turn Points on."
                )
            data["points"] = Points.DECK_ENDS
            data["deck_end"] = DeckEnd.OFF
        return data

    @model_validator(mode="after")
    def _one_end_for_the_deck(self) -> RunwayOptions:
        """The deck running out either ends the game (Points) or takes the bin (Infini-Deck)."""
        if self.points is Points.DECK_ENDS and self.deck_end is DeckEnd.RESHUFFLE:
            raise ValueError(
                "When the deck runs out it either ends the game (Points) or takes the shuffled "
                "bin (Infini-Deck), not both: choose one."
            )
        return self

    @property
    def scores_points(self) -> bool:
        """Playing for points (to 500)."""
        return self.points is not Points.OFF

    @property
    def deck_ends_game(self) -> bool:
        """Points' choice: the moment the deck is empty the game ends and is scored."""
        return self.points is Points.DECK_ENDS


class Phase(StrEnum):
    """Where the active player's turn stands; each has its own moves."""

    DRAW = "draw"
    TAKING = "taking"
    """Taking cards from the bin, one at a time, until she stops."""
    BUILD = "build"
    LOOKING = "looking"
    """A special action: she sees one opponent's hand and may swap one card."""
    OFFERING = "offering"
    """Trading: she is putting an offer together."""
    ANSWERING = "answering"
    """Trading: the opponent accepts or declines, on her own screen."""
    GIVING = "giving"
    """Trading: the opponent accepted and picks the cards she gives."""
    DISCARD = "discard"


PHASE_TITLES = {
    Phase.DRAW: "Draw",
    Phase.TAKING: "Draw",
    Phase.BUILD: "Build",
    Phase.LOOKING: "Build",
    Phase.OFFERING: "Build",
    Phase.ANSWERING: "Build",
    Phase.GIVING: "Build",
    Phase.DISCARD: "Discard",
}


class RunCard(BaseModel):
    """A card in a run or the common area with the rank it stands for (a Joker's may be None:
    a Joker that starts a run is pending until the next card)."""

    model_config = ConfigDict(frozen=True)

    card: PilatchCard
    rank: int | None

    @property
    def short(self) -> str:
        """7●R, or ★7●R for a Joker standing for the 7 (★●R while it stands for none)."""
        if not self.card.is_joker:
            return self.card.short
        if self.rank is None:
            return self.card.short
        rank = PilatchCard(suit=self.card.suit, rank=self.rank).rank_text
        return f"{JOKER_MARK}{rank}{self.card.suit.symbol}"


class Triple(BaseModel):
    """Cards of one rank in the common area, played together by `owner`."""

    owner: int
    rank: int
    cards: list[PilatchCard]


class TradeOffer(BaseModel):
    """An offer of `give` (the active player's cards) for `ask` of `to`'s cards."""

    by: int
    to: int
    give: list[HandCard] = []
    ask: int = 0
    given: list[HandCard] = []
    """Once accepted: the cards `to` has picked so far."""


class GameSummary(BaseModel):
    """How one game of a session ended."""

    number: int
    winners: list[int]
    """Empty for a draw."""
    drawn: list[int] = []
    """A draw: the seats tied for the longest run. A draw credits nobody (no win, no +50)."""
    reason: str
    points: list[int] = []
    """Points scored this game per seat (Points rule), else empty."""
    totals: list[int] = []
    out_order: list[int] = []


class RunwayState(BaseModel):
    """One session of Runway in play (one game, or several with Points, Handicap, Pecking)."""

    game: Literal["runway"] = "runway"
    options: RunwayOptions
    seats: int
    x: int
    game_number: int = 1
    order: list[int]
    """The seats in turn order for this game (Pecking Order may rearrange it)."""
    active: int
    phase: Phase
    hands: list[list[HandCard]]
    deck: list[HandCard]
    """Face down; the top card is the last."""
    bin: list[HandCard] = []
    common: list[Triple] = []
    runs: list[list[RunCard]]
    """Each seat's run, lowest end first."""
    directions: list[Direction | None]
    """Each seat's direction card in play; None under Build Easily or while in hand."""
    needed: list[int]
    """Non-Joker run cards each seat needs to win this game."""
    hand_limits: list[int]
    actions: int = 0
    """Special actions banked this build phase."""
    looking_at: int | None = None
    offer: TradeOffer | None = None
    trounced: bool = False
    drew_from_deck: bool = False
    grew: bool = False
    """A run gained a card this turn."""
    deck_drawn: bool = False
    """A card came from the deck this turn (by any draw: the draw phase, an action, Speed Up)."""
    longest: list[int] = []
    """Each seat's longest run this game, Jokers counted."""
    record: bool = False
    """A run grew longer than it had been this game, this turn."""
    quiet_turns: int = 0
    """Turns in a row that ended with the deck empty and no run grown."""
    idle_turns: int = 0
    """Turns in a row with no run grown and no card drawn from the deck."""
    flat_turns: int = 0
    """Turns in a row in which no run grew longer than it had been this game (an extra turn and
    the turn a player goes out count as turns)."""
    extra_turns: int = 0
    on_extra_turn: bool = False
    out: list[int] = []
    """Pecking Order: the seats that have gone out this game, in order."""
    end_reason: str | None = None
    """Why the session ended (an EndReason value), once it has."""
    wins: list[int]
    """Games won this session, per seat."""
    scores: list[int]
    history: list[GameSummary] = []
    over: bool = False
    chance: Chance


class RunwayView(View):
    """What one seat may know of a game of Runway."""

    hand: list[HandCard] | None

    active: int
    phase: Phase
    x: int
    game_number: int
    order: list[int]
    runs: list[list[RunCard]]
    directions: list[Direction | None]
    needed: list[int]
    hand_limits: list[int]
    common: list[Triple]
    bin: list[HandCard]
    deck_size: int
    actions: int
    looking_at: int | None
    peek: list[HandCard] | None
    """The hand the viewer is looking at (her special action), else None."""
    offer: TradeOffer | None
    """The trade being made, for the two seats in it only."""
    trading: list[int]
    """The two seats of a trade being made (public), else empty."""
    trounced: bool
    drew_from_deck: bool
    out: list[int]
    wins: list[int]
    scores: list[int]
    history: list[GameSummary]
    options: RunwayOptions

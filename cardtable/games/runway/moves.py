"""Runway's moves: one small value per thing a player may do in each phase of her turn."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, field_validator

from cardtable.cards import Direction, PilatchCard, PilatchSuit
from cardtable.engine import Move
from cardtable.engine.phrased import PhrasedMove
from cardtable.games.runway.state import HandCard

SUIT_ORDER = {PilatchSuit.ROCK: 0, PilatchSuit.PAPER: 1, PilatchSuit.SCISSORS: 2}


class End(StrEnum):
    """An end of a run: the high-ranked end or the low one."""

    HIGH = "high"
    LOW = "low"


class DrawFromDeck(PhrasedMove, does="draws the top card of the deck", brief="Draw from the deck"):
    """Draw phase: the top card of the deck."""

    kind: Literal["draw"] = "draw"


class TakeFromBin(
    PhrasedMove, does="takes {card.label} from the bin", brief="Take {card.short} from the bin"
):
    """Draw phase: one card of the player's choice from the bin (she may take more)."""

    kind: Literal["take"] = "take"
    card: HandCard


class StopTaking(PhrasedMove, does="stops taking from the bin", brief="Done taking from the bin"):
    """Draw phase: done taking cards from the bin."""

    kind: Literal["stop-taking"] = "stop-taking"


class StartRun(Move):
    """Build: a hand card starts the player's run (under More Control, with a direction)."""

    kind: Literal["start"] = "start"
    card: PilatchCard
    direction: Direction | None = None

    def describe(self, player: str = "You") -> str:
        way = f", going {self.direction}" if self.direction else ""
        return f"{player} starts a run with {self.card.label}{way}"

    def brief(self) -> str:
        way = f" going {self.direction}" if self.direction else ""
        return f"Start a run with {self.card.short}{way}"


class AddToRun(Move):
    """Build: a card from hand (or the common area) onto an end of the player's run."""

    kind: Literal["add"] = "add"
    card: PilatchCard
    end: End
    from_common: bool = False

    def describe(self, player: str = "You") -> str:
        source = " from the common area" if self.from_common else ""
        return f"{player} adds {self.card.label}{source} to the run"

    def brief(self) -> str:
        source = " from the common area" if self.from_common else ""
        return f"Add {self.card.short}{source} to your run ({self.end} end)"


class PlayTriple(Move):
    """Build: three cards of one rank, one of each suit, to the common area: one action."""

    kind: Literal["triple"] = "triple"
    cards: tuple[PilatchCard, PilatchCard, PilatchCard]
    rank: int

    @field_validator("cards")
    @classmethod
    def _in_suit_order(
        cls, cards: tuple[PilatchCard, PilatchCard, PilatchCard]
    ) -> tuple[PilatchCard, PilatchCard, PilatchCard]:
        """Rock, Paper, Scissors: one triple is one move whatever order its cards came in."""
        return tuple(sorted(cards, key=lambda c: SUIT_ORDER[c.suit]))  # type: ignore[return-value]

    def describe(self, player: str = "You") -> str:
        return f"{player} plays a triple: {' '.join(c.short for c in self.cards)}"

    def brief(self) -> str:
        return f"Play the triple {' '.join(c.short for c in self.cards)}"


class ReplaceJoker(PhrasedMove, does="puts {card.label} in place of a Joker"):
    """Build: the natural card a Joker stands for takes its place; the Joker comes to hand."""

    kind: Literal["replace"] = "replace"
    card: PilatchCard
    run_of: int | None
    """The seat whose run holds the Joker; None for the common area."""

    def brief(self) -> str:
        where = "the common area" if self.run_of is None else "a run"
        return f"Replace the Joker in {where} with {self.card.short}"


class DrawThree(
    PhrasedMove, does="draws three cards (special action)", brief="Action: draw 3 cards"
):
    """Special action: draw three cards from the deck."""

    kind: Literal["draw-three"] = "draw-three"


class FlipDirections(Move):
    """Special action: flip the direction cards of these seats."""

    kind: Literal["flip"] = "flip"
    seats: tuple[int, ...]

    @field_validator("seats")
    @classmethod
    def _sorted(cls, seats: tuple[int, ...]) -> tuple[int, ...]:
        """One set of seats is one move whatever order they came in."""
        return tuple(sorted(set(seats)))

    def describe(self, player: str = "You") -> str:
        return f"{player} flips direction cards (special action)"

    def brief(self) -> str:
        return "Action: flip direction cards of seats " + ", ".join(str(s + 1) for s in self.seats)


class LookAtHand(PhrasedMove, does="looks at a hand (special action)"):
    """Special action: look at one opponent's hand, then perhaps swap one card."""

    kind: Literal["look"] = "look"
    seat: int

    def brief(self) -> str:
        return f"Action: look at seat {self.seat + 1}'s hand"


class SwapCards(
    PhrasedMove,
    does="swaps {mine.label} for {theirs.label}",
    brief="Swap your {mine.short} for their {theirs.short}",
):
    """While looking: one of the player's cards for one of the opponent's."""

    kind: Literal["swap"] = "swap"
    mine: HandCard
    theirs: HandCard


class StopLooking(
    PhrasedMove,
    does="hands the cards back without a swap",
    brief="Give the hand back without a swap",
):
    """While looking: hand the cards back without a swap."""

    kind: Literal["stop-looking"] = "stop-looking"


class RaiseHandLimit(
    PhrasedMove,
    does="raises her hand size by one (special action)",
    brief="Action: keep one more card in hand",
):
    """Especially special action: the player keeps one more card, for the rest of the game."""

    kind: Literal["hand-size"] = "hand-size"


class ReshuffleAll(
    PhrasedMove,
    does="shuffles the bin, common area and every hand into the deck",
    brief="Action: reshuffle bin, common area and all hands; everyone draws a new hand",
):
    """Especially special action: bin, common area and all hands into the deck; all draw X
    (the table names the number)."""

    kind: Literal["reshuffle"] = "reshuffle"


class ExtraTurn(
    PhrasedMove,
    does="takes an extra turn after this one (special action)",
    brief="Action: take another turn after this one",
):
    """Especially special action: another turn after this one."""

    kind: Literal["extra-turn"] = "extra-turn"


class LengthenRun(PhrasedMove, does="makes an opponent need one more run card (special action)"):
    """Especially special action: an opponent needs one more run card to win (14 at most)."""

    kind: Literal["lengthen"] = "lengthen"
    seat: int

    def brief(self) -> str:
        return f"Action: seat {self.seat + 1} needs one more run card"


class RevealDuplicates(
    PhrasedMove,
    does="reveals {count} copies of {card.label} and draws {count}",
    brief="Reveal {count}× {card.short}, draw {count}",
):
    """Multiple Decks: reveal `count` copies of one card; all but one go under the deck, one to
    the bin, and the player draws as many as she revealed."""

    kind: Literal["duplicates"] = "duplicates"
    card: PilatchCard
    count: int


class Trounce(PhrasedMove, does="trounces with {card.label}"):
    """Slow Down: knock an opponent's leading card off with the same rank, superior suit."""

    kind: Literal["trounce"] = "trounce"
    seat: int
    card: PilatchCard

    def brief(self) -> str:
        return f"Trounce seat {self.seat + 1}'s leading card with {self.card.short}"


class OfferTrade(PhrasedMove, does="puts together a trade offer"):
    """Trading: start an offer to one opponent."""

    kind: Literal["offer"] = "offer"
    seat: int

    def brief(self) -> str:
        return f"Offer seat {self.seat + 1} a trade"


class OfferCard(PhrasedMove, does="offers {card.label}", brief="Offer {card.short}"):
    """Trading: put one more of the player's cards into the offer."""

    kind: Literal["offer-card"] = "offer-card"
    card: HandCard


class AskCard(PhrasedMove, does="asks for one more card", brief="Ask for one more of her cards"):
    """Trading: ask for one more card from the opponent (she picks which)."""

    kind: Literal["ask-card"] = "ask-card"


class SendOffer(PhrasedMove, does="sends the offer", brief="Send the offer"):
    """Trading: the offer goes to the opponent."""

    kind: Literal["send-offer"] = "send-offer"


class WithdrawOffer(PhrasedMove, does="withdraws the offer", brief="Withdraw the offer"):
    """Trading: give up on the offer being put together."""

    kind: Literal["withdraw"] = "withdraw"


class AcceptTrade(PhrasedMove, does="accepts the trade", brief="Accept the trade"):
    """Trading, the opponent: accept the offer."""

    kind: Literal["accept"] = "accept"


class DeclineTrade(PhrasedMove, does="declines the trade", brief="Decline the trade"):
    """Trading, the opponent: decline the offer."""

    kind: Literal["decline"] = "decline"


class GiveCard(PhrasedMove, does="gives {card.label}", brief="Give {card.short}"):
    """Trading, the opponent: one of the cards she gives for the offer."""

    kind: Literal["give"] = "give"
    card: HandCard


class EndBuild(PhrasedMove, does="ends the build phase", brief="End the build phase"):
    """Build: done building; a long enough run wins now."""

    kind: Literal["end-build"] = "end-build"


class RecycleRun(
    PhrasedMove, does="puts her run in the bin", brief="Recycle your run into the bin"
):
    """Discard: the whole run goes to the bin."""

    kind: Literal["recycle"] = "recycle"


class Discard(PhrasedMove, does="discards {card.label}", brief="Discard {card.short}"):
    """Discard: one card from hand to the bin, while she holds more than her limit."""

    kind: Literal["discard"] = "discard"
    card: HandCard


class EndTurn(PhrasedMove, does="ends the turn", brief="End your turn"):
    """Discard: the turn is over."""

    kind: Literal["end-turn"] = "end-turn"


RunwayMove = Annotated[
    DrawFromDeck
    | TakeFromBin
    | StopTaking
    | StartRun
    | AddToRun
    | PlayTriple
    | ReplaceJoker
    | DrawThree
    | FlipDirections
    | LookAtHand
    | SwapCards
    | StopLooking
    | RaiseHandLimit
    | ReshuffleAll
    | ExtraTurn
    | LengthenRun
    | RevealDuplicates
    | Trounce
    | OfferTrade
    | OfferCard
    | AskCard
    | SendOffer
    | WithdrawOffer
    | AcceptTrade
    | DeclineTrade
    | GiveCard
    | EndBuild
    | RecycleRun
    | Discard
    | EndTurn,
    Field(discriminator="kind"),
]
MOVE_ADAPTER: TypeAdapter[RunwayMove] = TypeAdapter(RunwayMove)

DRAW = DrawFromDeck()
STOP_TAKING = StopTaking()
STOP_LOOKING = StopLooking()
END_BUILD = EndBuild()
RECYCLE = RecycleRun()
END_TURN = EndTurn()
DRAW_THREE = DrawThree()
RAISE_HAND_LIMIT = RaiseHandLimit()
RESHUFFLE = ReshuffleAll()
EXTRA_TURN = ExtraTurn()
ASK_CARD = AskCard()
SEND_OFFER = SendOffer()
WITHDRAW = WithdrawOffer()
ACCEPT = AcceptTrade()
DECLINE = DeclineTrade()

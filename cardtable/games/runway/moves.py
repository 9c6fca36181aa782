"""Runway's moves: one small value per thing a player may do in each phase of her turn."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, field_validator

from cardtable.cards import Direction, PilatchCard, PilatchSuit
from cardtable.engine import Move
from cardtable.games.runway.state import HandCard

SUIT_ORDER = {PilatchSuit.ROCK: 0, PilatchSuit.PAPER: 1, PilatchSuit.SCISSORS: 2}


class End(StrEnum):
    """An end of a run: the high-ranked end or the low one."""

    HIGH = "high"
    LOW = "low"


class DrawFromDeck(Move):
    """Draw phase: the top card of the deck."""

    kind: Literal["draw"] = "draw"

    def describe(self, player: str = "You") -> str:
        return f"{player} draws the top card of the deck"

    def brief(self) -> str:
        return "Draw from the deck"


class TakeFromBin(Move):
    """Draw phase: one card of the player's choice from the bin (she may take more)."""

    kind: Literal["take"] = "take"
    card: HandCard

    def describe(self, player: str = "You") -> str:
        return f"{player} takes {self.card.label} from the bin"

    def brief(self) -> str:
        return f"Take {self.card.short} from the bin"


class StopTaking(Move):
    """Draw phase: done taking cards from the bin."""

    kind: Literal["stop-taking"] = "stop-taking"

    def describe(self, player: str = "You") -> str:
        return f"{player} stops taking from the bin"

    def brief(self) -> str:
        return "Done taking from the bin"


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


class ReplaceJoker(Move):
    """Build: the natural card a Joker stands for takes its place; the Joker comes to hand."""

    kind: Literal["replace"] = "replace"
    card: PilatchCard
    run_of: int | None
    """The seat whose run holds the Joker; None for the common area."""

    def describe(self, player: str = "You") -> str:
        return f"{player} puts {self.card.label} in place of a Joker"

    def brief(self) -> str:
        where = "the common area" if self.run_of is None else "a run"
        return f"Replace the Joker in {where} with {self.card.short}"


class DrawThree(Move):
    """Special action: draw three cards from the deck."""

    kind: Literal["draw-three"] = "draw-three"

    def describe(self, player: str = "You") -> str:
        return f"{player} draws three cards (special action)"

    def brief(self) -> str:
        return "Action: draw 3 cards"


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


class LookAtHand(Move):
    """Special action: look at one opponent's hand, then perhaps swap one card."""

    kind: Literal["look"] = "look"
    seat: int

    def describe(self, player: str = "You") -> str:
        return f"{player} looks at a hand (special action)"

    def brief(self) -> str:
        return f"Action: look at seat {self.seat + 1}'s hand"


class SwapCards(Move):
    """While looking: one of the player's cards for one of the opponent's."""

    kind: Literal["swap"] = "swap"
    mine: HandCard
    theirs: HandCard

    def describe(self, player: str = "You") -> str:
        return f"{player} swaps {self.mine.label} for {self.theirs.label}"

    def brief(self) -> str:
        return f"Swap your {self.mine.short} for their {self.theirs.short}"


class StopLooking(Move):
    """While looking: hand the cards back without a swap."""

    kind: Literal["stop-looking"] = "stop-looking"

    def describe(self, player: str = "You") -> str:
        return f"{player} hands the cards back without a swap"

    def brief(self) -> str:
        return "Give the hand back without a swap"


class RaiseHandLimit(Move):
    """Especially special action: the player keeps one more card, for the rest of the game."""

    kind: Literal["hand-size"] = "hand-size"

    def describe(self, player: str = "You") -> str:
        return f"{player} raises her hand size by one (special action)"

    def brief(self) -> str:
        return "Action: keep one more card in hand"


class ReshuffleAll(Move):
    """Especially special action: bin, common area and all hands into the deck; all draw X
    (the table names the number)."""

    kind: Literal["reshuffle"] = "reshuffle"

    def describe(self, player: str = "You") -> str:
        return f"{player} shuffles the bin, common area and every hand into the deck"

    def brief(self) -> str:
        return "Action: reshuffle bin, common area and all hands; everyone draws a new hand"


class ExtraTurn(Move):
    """Especially special action: another turn after this one."""

    kind: Literal["extra-turn"] = "extra-turn"

    def describe(self, player: str = "You") -> str:
        return f"{player} takes an extra turn after this one (special action)"

    def brief(self) -> str:
        return "Action: take another turn after this one"


class LengthenRun(Move):
    """Especially special action: an opponent needs one more run card to win (14 at most)."""

    kind: Literal["lengthen"] = "lengthen"
    seat: int

    def describe(self, player: str = "You") -> str:
        return f"{player} makes an opponent need one more run card (special action)"

    def brief(self) -> str:
        return f"Action: seat {self.seat + 1} needs one more run card"


class RevealDuplicates(Move):
    """Multiple Decks: reveal `count` copies of one card; all but one go under the deck, one to
    the bin, and the player draws as many as she revealed."""

    kind: Literal["duplicates"] = "duplicates"
    card: PilatchCard
    count: int

    def describe(self, player: str = "You") -> str:
        return f"{player} reveals {self.count} copies of {self.card.label} and draws {self.count}"

    def brief(self) -> str:
        return f"Reveal {self.count}× {self.card.short}, draw {self.count}"


class Trounce(Move):
    """Slow Down: knock an opponent's leading card off with the same rank, superior suit."""

    kind: Literal["trounce"] = "trounce"
    seat: int
    card: PilatchCard

    def describe(self, player: str = "You") -> str:
        return f"{player} trounces with {self.card.label}"

    def brief(self) -> str:
        return f"Trounce seat {self.seat + 1}'s leading card with {self.card.short}"


class OfferTrade(Move):
    """Trading: start an offer to one opponent."""

    kind: Literal["offer"] = "offer"
    seat: int

    def describe(self, player: str = "You") -> str:
        return f"{player} puts together a trade offer"

    def brief(self) -> str:
        return f"Offer seat {self.seat + 1} a trade"


class OfferCard(Move):
    """Trading: put one more of the player's cards into the offer."""

    kind: Literal["offer-card"] = "offer-card"
    card: HandCard

    def describe(self, player: str = "You") -> str:
        return f"{player} offers {self.card.label}"

    def brief(self) -> str:
        return f"Offer {self.card.short}"


class AskCard(Move):
    """Trading: ask for one more card from the opponent (she picks which)."""

    kind: Literal["ask-card"] = "ask-card"

    def describe(self, player: str = "You") -> str:
        return f"{player} asks for one more card"

    def brief(self) -> str:
        return "Ask for one more of their cards"


class SendOffer(Move):
    """Trading: the offer goes to the opponent."""

    kind: Literal["send-offer"] = "send-offer"

    def describe(self, player: str = "You") -> str:
        return f"{player} sends the offer"

    def brief(self) -> str:
        return "Send the offer"


class WithdrawOffer(Move):
    """Trading: give up on the offer being put together."""

    kind: Literal["withdraw"] = "withdraw"

    def describe(self, player: str = "You") -> str:
        return f"{player} withdraws the offer"

    def brief(self) -> str:
        return "Withdraw the offer"


class AcceptTrade(Move):
    """Trading, the opponent: accept the offer."""

    kind: Literal["accept"] = "accept"

    def describe(self, player: str = "You") -> str:
        return f"{player} accepts the trade"

    def brief(self) -> str:
        return "Accept the trade"


class DeclineTrade(Move):
    """Trading, the opponent: decline the offer."""

    kind: Literal["decline"] = "decline"

    def describe(self, player: str = "You") -> str:
        return f"{player} declines the trade"

    def brief(self) -> str:
        return "Decline the trade"


class GiveCard(Move):
    """Trading, the opponent: one of the cards she gives for the offer."""

    kind: Literal["give"] = "give"
    card: HandCard

    def describe(self, player: str = "You") -> str:
        return f"{player} gives {self.card.label}"

    def brief(self) -> str:
        return f"Give {self.card.short}"


class EndBuild(Move):
    """Build: done building; a long enough run wins now."""

    kind: Literal["end-build"] = "end-build"

    def describe(self, player: str = "You") -> str:
        return f"{player} ends the build phase"

    def brief(self) -> str:
        return "End the build phase"


class RecycleRun(Move):
    """Discard: the whole run goes to the bin."""

    kind: Literal["recycle"] = "recycle"

    def describe(self, player: str = "You") -> str:
        return f"{player} puts her run in the bin"

    def brief(self) -> str:
        return "Recycle your run into the bin"


class Discard(Move):
    """Discard: one card from hand to the bin, while she holds more than her limit."""

    kind: Literal["discard"] = "discard"
    card: HandCard

    def describe(self, player: str = "You") -> str:
        return f"{player} discards {self.card.label}"

    def brief(self) -> str:
        return f"Discard {self.card.short}"


class EndTurn(Move):
    """Discard: the turn is over."""

    kind: Literal["end-turn"] = "end-turn"

    def describe(self, player: str = "You") -> str:
        return f"{player} ends the turn"

    def brief(self) -> str:
        return "End your turn"


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

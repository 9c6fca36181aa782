"""How an Over Trump bot plans: win tricks worth having, feed the partner, save 1s with Keepers."""

from __future__ import annotations

from cardtable.cards import PilatchCard, superior_suit
from cardtable.games.over_trump.moves import PlaceCard, short
from cardtable.games.over_trump.scoring import ONE_POINTS, card_points
from cardtable.games.over_trump.state import OverTrumpView


def takes_top(card: PilatchCard, top: PilatchCard | None) -> bool:
    """True if `card` would become the trick's top card."""
    if card.is_joker:
        return False
    if top is None:
        return True
    if card.suit is top.suit:
        return card.rank > top.rank
    return card.suit is superior_suit(top.suit)


def keep_value(card: PilatchCard) -> float:
    """How much a card is worth keeping out of an opponent's trick: points first, then rank."""
    return card_points(card) * 2 + card.rank / 14


class OverTrumpPlanner:
    """An Over Trump bot that plays for its team: it never overtakes a partner needlessly."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: OverTrumpView, moves: list[PlaceCard]) -> tuple[PlaceCard, str]:
        """The move to make, and why."""
        assert view.seat is not None
        seat = view.seat
        partner = (seat + 2) % 4
        top_play = view.trick[view.top] if view.top is not None else None
        top = top_play.card if top_play is not None else None
        last = len(view.trick) == 3
        at_stake = sum(card_points(p.card) for p in view.trick)
        plain = [m for m in moves if m.reveal is None and not m.card.is_joker]
        keepers = [m for m in moves if m.card.is_joker]
        winners = sorted((m for m in plain if takes_top(m.card, top)), key=lambda m: m.card.rank)
        losers = sorted(
            (m for m in plain if not takes_top(m.card, top)), key=lambda m: keep_value(m.card)
        )

        if not view.trick:
            return self._lead(plain, keepers)
        if top_play is not None and top_play.seat == partner:
            if losers:
                gift = max(losers, key=lambda m: card_points(m.card)) if last else losers[0]
                if card_points(gift.card) and last:
                    return (
                        gift,
                        f"Your partner wins this trick: {short(gift.card)} adds its points.",
                    )
                return losers[
                    0
                ], f"Your partner is on top: {short(losers[0].card)} does not overtake."
            if keepers:
                return keepers[0], "A Keeper leaves your partner on top without spending a card."
            return winners[
                0
            ], "Every card you may place overtakes your partner; this is the cheapest."
        if winners and (last or at_stake >= ONE_POINTS or winners[0].card.rank >= 12):
            pick = winners[0] if last else winners[-1]
            reveal = self._reveal(moves, pick) if last and pick.card.rank >= 13 else None
            why = f"{short(pick.card)} takes the trick ({at_stake} points in it)."
            if reveal is not None:
                return reveal, why + " Revealing a Keeper brings it back to your hand afterwards."
            return pick, why
        if losers and card_points(losers[0].card) == 0:
            return losers[
                0
            ], f"You cannot win this trick cheaply: {short(losers[0].card)} costs nothing."
        if keepers and (not losers or card_points(losers[0].card) >= ONE_POINTS):
            return keepers[0], "Place a Keeper and keep your 1 out of the other team's trick."
        if losers:
            return losers[0], f"{short(losers[0].card)} is the least you can give away."
        return winners[0], f"{short(winners[0].card)} is the cheapest card that takes the top."

    @staticmethod
    def _lead(plain: list[PlaceCard], keepers: list[PlaceCard]) -> tuple[PlaceCard, str]:
        if not plain:
            return keepers[0], "Only Keepers left: lead one."
        high = [m for m in plain if m.card.rank == 14]
        if high:
            return high[0], f"Lead {short(high[0].card)}: only the superior suit can beat an Ace."
        low = min(plain, key=lambda m: keep_value(m.card))
        return low, f"Lead {short(low.card)}: a cheap card that gives little away."

    @staticmethod
    def _reveal(moves: list[PlaceCard], pick: PlaceCard) -> PlaceCard | None:
        for move in moves:
            if move.reveal is not None and move.card == pick.card:
                return move
        return None

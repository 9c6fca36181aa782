"""How an Over Trump bot plans: count the points, guard the 1s, save or take 1s with Keepers.

The bot plays for its partnership. For each card it may place it deals the cards nobody has
seen to the other hands (as the voids and the cards seen going back allow), plays the rest of
the trick out as sensible players would, and keeps the card whose trick is worth most to its
team, less what the card itself is worth keeping. The hint's reason is read off the same
figures: whether the card takes the top, how often the trick ends with the team, the points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardtable.cards import PilatchCard, PilatchSuit, superior_suit
from cardtable.games.over_trump.moves import PlaceCard, short
from cardtable.games.over_trump.public import proven_illegal
from cardtable.games.over_trump.rules import placeable
from cardtable.games.over_trump.scoring import DECK, ONE_POINTS, card_points, points_text
from cardtable.games.over_trump.state import OverTrumpView, Placement

SAMPLES = 14
"""Deals of the unseen cards per decision: enough to tell a safe card from a risky one."""
TRICK_WORTH = 1.5
"""A trick's worth beyond its points: the team with more tricks scores 5."""
KEEPER_WORTH = 2.5
"""A Keeper in hand: it can later save a 1 or bring back a winning card."""
REVEAL_COST = 0.1
"""A reveal shows a card everyone will know is in hand: a Keeper placed outright is as good."""
LIKELY = 0.7
"""A trick won in this share of the deals is 'likely' in a hint."""


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
    """What a card is worth keeping in hand for later tricks: high ranks win them, Keepers
    save 1s. Its points are not counted here: they count in whichever trick it goes to."""
    if card.is_joker:
        return KEEPER_WORTH
    return max(card.rank - 9, 0) * 0.55


@dataclass
class Trial:
    """One card to place, and how its trick went over the deals."""

    move: PlaceCard
    takes: bool
    won: int = 0
    """Deals in which the bot's team won the trick."""
    value: float = 0.0


class OverTrumpPlanner:
    """An Over Trump bot that counts points and plays each trick out over likely deals."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.random = random.Random(seed)

    def choose(self, view: OverTrumpView, moves: list[PlaceCard]) -> tuple[PlaceCard, str]:
        """The move to make, and why."""
        assert view.seat is not None and view.hand is not None
        seat = view.seat
        top_play = view.trick[view.top] if view.top is not None else None
        top = top_play.card if top_play is not None else None
        moves = self.sound(view, moves, top)
        trials = [Trial(move=m, takes=takes_top(m.card, top)) for m in self._distinct(moves)]
        later = [(seat + k) % 4 for k in range(1, 4 - len(view.trick))]
        deals = [self._deal(view)] if not later else [self._deal(view) for _ in range(SAMPLES)]
        at_stake = sum(card_points(p.card if p.reveal is None else p.reveal) for p in view.trick)
        for trial in trials:
            for hands in deals:
                self._play_out(view, trial, top_play, at_stake, later, hands)
            trial.value = trial.value / len(deals) - self._spent(trial.move)
        best = max(trials, key=lambda t: t.value)
        return best.move, self._reason(view, best, trials, len(deals), top_play, at_stake, later)

    # Which moves to weigh

    @staticmethod
    def sound(
        view: OverTrumpView, moves: list[PlaceCard], top: PilatchCard | None
    ) -> list[PlaceCard]:
        """Under Table rules, only moves the follow rule allows and nothing public proves
        illegal (so no claim is ever broken); otherwise every legal move."""
        if not view.table_rules:
            return moves
        assert view.seat is not None and view.hand is not None
        shown, voids = view.shown[view.seat] if view.shown else [], view.voids[view.seat]
        unproven = [m for m in moves if proven_illegal(shown, voids, top, m.card) is None]
        allowed = set(placeable(view.hand, top)[1])
        legal = [m for m in unproven if m.card.is_joker or m.card in allowed]
        return legal or unproven or moves

    @staticmethod
    def _distinct(moves: list[PlaceCard]) -> list[PlaceCard]:
        """One reveal per card: the Keepers are alike, so the first one stands for all."""
        seen: set[PilatchCard] = set()
        out = []
        for move in moves:
            if move.reveal is not None:
                if move.card in seen:
                    continue
                seen.add(move.card)
            out.append(move)
        return out

    @staticmethod
    def _spent(move: PlaceCard) -> float:
        """What placing the move costs the hand: the card, or the revealed Keeper instead."""
        if move.reveal is not None:
            return keep_value(move.reveal) + REVEAL_COST
        return keep_value(move.card)

    # The unseen cards, dealt as the table allows

    def _deal(self, view: OverTrumpView) -> dict[int, list[PilatchCard]]:
        """A deal of the unseen cards to the other seats, honouring voids and seen cards."""
        assert view.seat is not None and view.hand is not None
        out = set(view.hand) | set(view.gone)
        for placement in view.trick:
            out.add(placement.card)
            if placement.reveal is not None:
                out.add(placement.reveal)
        others = [s for s in range(4) if s != view.seat]
        hands: dict[int, list[PilatchCard]] = {}
        room: dict[int, int] = {}
        for s in others:
            known = list(view.shown[s]) if view.shown else []
            out.update(known)
            hands[s] = known
            room[s] = view.hand_sizes[s] - len(known)
        unseen = [c for c in DECK if c not in out]
        self.random.shuffle(unseen)

        def allowed(card: PilatchCard) -> list[int]:
            if card.is_joker:
                return others
            return [s for s in others if card.suit not in view.voids[s]]

        unseen.sort(key=lambda c: len(allowed(c)))
        for card in unseen:
            seats = [s for s in allowed(card) if room[s] > 0] or [s for s in others if room[s]]
            if not seats:
                break
            s = self.random.choice(seats)
            hands[s].append(card)
            room[s] -= 1
        return hands

    # Playing the trick out

    def _play_out(
        self,
        view: OverTrumpView,
        trial: Trial,
        top_play: Placement | None,
        at_stake: int,
        later: list[int],
        hands: dict[int, list[PilatchCard]],
    ) -> None:
        """Place the trial's card, let the later seats answer, and score the trick."""
        seat = view.seat
        assert seat is not None
        move = trial.move
        top = top_play.card if top_play is not None else None
        top_seat = top_play.seat if top_play is not None else None
        points = at_stake + card_points(move.reveal if move.reveal is not None else move.card)
        if trial.takes:
            top, top_seat = move.card, seat
        for s in later:
            card = self._answer(hands[s], top, top_seat, s, s == later[-1], points)
            points += card_points(card)
            if takes_top(card, top):
                top, top_seat = card, s
        ours = top_seat is not None and top_seat % 2 == seat % 2
        worth = points + TRICK_WORTH
        trial.value += worth if ours else -worth
        trial.won += ours

    @staticmethod
    def _answer(
        hand: list[PilatchCard],
        top: PilatchCard | None,
        top_seat: int | None,
        seat: int,
        last: bool,
        points: int,
    ) -> PilatchCard:
        """What a sensible player places: cheaply over the other team, low under a partner."""
        _, allowed, keepers = placeable(hand, top)
        if not allowed:
            return keepers[0] if keepers else PilatchCard(suit=PilatchSuit.ROCK, rank=0)
        friendly = top_seat is not None and top_seat % 2 == seat % 2
        if not friendly:
            takers = [c for c in allowed if takes_top(c, top)]
            if takers and (last or points or top is None):
                return min(takers, key=lambda c: (c.rank != 1 or not last, c.rank))
        under = [c for c in allowed if not takes_top(c, top)] or allowed
        if friendly and last:
            return max(under, key=lambda c: (card_points(c), -c.rank))
        low = min(under, key=lambda c: (card_points(c), c.rank))
        if keepers and card_points(low) >= ONE_POINTS and not friendly:
            return keepers[0]
        return low

    # The hint, from the same figures

    @staticmethod
    def _reason(
        view: OverTrumpView,
        best: Trial,
        trials: list[Trial],
        deals: int,
        top_play: Placement | None,
        at_stake: int,
        later: list[int],
    ) -> str:
        seat = view.seat
        assert seat is not None
        move = best.move
        card = short(move.card)
        share = best.won / deals
        # Certain only when nobody places after: the deals are guesses at the hidden hands.
        sure = not later and best.won == deals
        partner_on_top = top_play is not None and top_play.seat % 2 == seat % 2
        trick_now = f" ({points_text(at_stake)} in it so far)" if view.trick and at_stake else ""
        if len(trials) == 1:
            return f"{card} is the only card you may place."
        if move.card.is_joker:
            spared = sorted(
                {t.move.card for t in trials if not t.move.card.is_joker and t.move.reveal is None},
                key=card_points,
            )
            if spared and card_points(spared[0]):
                return (
                    "A Keeper goes to the bottom and keeps your points: every card you may "
                    f"place is worth points ({', '.join(short(c) for c in spared)})."
                )
            return "A Keeper goes to the bottom, and your cards stay in hand for later tricks."
        if move.reveal is not None:
            if best.takes:
                likely = "wins the trick" if sure else "is likely to win" if share >= LIKELY else ""
                return (
                    f"{card} takes the top{' and ' + likely if likely else ''}{trick_now}; "
                    f"the revealed Keeper goes into the trick and {card} comes back to your hand."
                )
            return (
                f"{card} would go to the other team's trick; revealing a Keeper brings it "
                "back to your hand and gives them only the Keeper."
            )
        gives = card_points(move.card)
        if not view.trick:
            if share >= LIKELY:
                return f"Lead {card}: it is likely to win the trick."
            if not gives:
                return f"Lead {card}: it gives no points away if the trick is lost."
            return f"Lead {card}."
        if best.takes:
            if sure:
                what = "wins the trick"
            elif share >= LIKELY:
                what = "is likely to win the trick"
            else:
                what = "may still be overtaken"
            add = f"; it adds {points_text(gives)} of its own" if gives and best.won else ""
            return f"{card} takes the top and {what}{trick_now}{add}."
        if partner_on_top:
            if sure and gives:
                return f"Your partner wins this trick: {card} adds its {points_text(gives)}."
            if share >= LIKELY and gives:
                return (
                    f"Your partner is likely to win this trick: {card} adds its "
                    f"{points_text(gives)}."
                )
            return f"Your partner is on top: {card} does not overtake."
        suited = [t for t in trials if not t.move.card.is_joker and t.move.reveal is None]
        if not any(t.takes for t in suited):
            least = min(card_points(t.move.card) for t in suited)
            if gives == least and not gives:
                return f"No card you may place takes the top: {card} gives no points away."
            if gives == least:
                return (
                    f"No card you may place takes the top, and each gives points: "
                    f"{card} gives {points_text(gives)}."
                )
            return f"No card you may place takes the top: {card} goes to the bottom."
        if not gives:
            return f"Taking the top is not worth it here: {card} gives no points away."
        return f"{card} goes to the bottom."

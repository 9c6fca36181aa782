"""What the strong and easy bots need to know of Piles (issue 24): worlds a seat could be in, a
quick policy to play them out with, and the blunders a beginner would not make."""

from __future__ import annotations

import math
import random

from cardtable.cards import Card, Colour, standard_deck
from cardtable.engine import Chance
from cardtable.engine.search_budget import Budget
from cardtable.games.piles.castle import NEIGHBOURS
from cardtable.games.piles.moves import Pass, Place
from cardtable.games.piles.rules import colour_held, opener_of, team_of, team_scores, tops
from cardtable.games.piles.scoring import POINTS, points
from cardtable.games.piles.state import PilesOptions, PilesState, PilesView
from cardtable.games.piles.strategy import PilesPlanner

MARGIN_SCALE = 12.0
"""Points of lead that make a finished game's standing clearly better than a bare win."""
MARGIN_WEIGHT = 0.2
"""How much of a finished game's standing is its margin (the rest is the result)."""
NOISE = 0.5
"""Points of noise in the rollout policy's judgement, so that worlds are not played alike."""
RISK_TOTAL = 13
"""A pile whose top totals this much is safe; below it, the points in it are at risk."""
THEIR_RISK = 0.5
"""How much a pile the other team holds is worth for the chance of taking it later."""
SPEND_SCALE = 13
"""A placed card costs its rank over this (high cards are worth keeping to take piles)."""


def unseen_cards(view: PilesView) -> list[Card]:
    """The deck less every card the seat sees: her hand, the Castle's piles, the captures."""
    seen = [*(view.hand or []), *(c for pile in view.castle for c in pile.cards)]
    seen += [card for cards in view.captured for card in cards]
    left = list(standard_deck())
    for card in seen:
        left.remove(card)
    return left


def opener_had_no_card(view: PilesView) -> bool:
    """True when the view shows that the opener passed on the very first turn: only passes have
    been made (no colours yet), which the opener may make only holding no card that fits any
    pile. The Castle has not changed since, so she still holds no such card."""
    return view.turns_taken > 0 and view.team_colours is None and view.seat != view.opener


def fits(card: Card, view: PilesView) -> bool:
    """True if `card` may go on some pile of the Castle the view shows."""
    return any(card.colour is p.top.colour or card.rank > p.total for p in view.castle)


class PilesSearch:
    """Piles' hooks for the strong bot: the unseen cards dealt at random into the other hands
    and the undealt stock; a rollout plays the whole game out (it is one deal)."""

    policy = PilesPlanner
    """The strong bot starts from the planner's rules of thumb."""

    budget = Budget(worlds=40, seconds=0.2, candidates=10, steps=60)
    easy_best = 0.2

    def sample(self, view: PilesView, rng: random.Random) -> PilesState:
        """A deal of the unseen cards into the other hands (their sizes as seen) and the stock,
        the opener holding none that fits when she has been seen to pass first."""
        assert view.seat is not None and view.hand is not None
        unseen = unseen_cards(view)
        rng.shuffle(unseen)
        hands: list[list[Card]] = [[] for _ in range(view.seats)]
        hands[view.seat] = list(view.hand)
        if opener_had_no_card(view):
            unfit = [card for card in unseen if not fits(card, view)]
            hands[view.opener] = unfit[: view.hand_sizes[view.opener]]
            for card in hands[view.opener]:
                unseen.remove(card)
        for seat in range(view.seats):
            if seat != view.seat and not hands[seat]:
                size = view.hand_sizes[seat]
                hands[seat], unseen = unseen[:size], unseen[size:]
        return PilesState(
            seats=view.seats,
            options=PilesOptions(show_buried=view.show_buried),
            dealer=view.dealer,
            turn=view.turn,
            turns_taken=view.turns_taken,
            hands=hands,
            castle=[list(pile.cards) for pile in view.castle],
            stock=unseen,
            captured=[list(cards) for cards in view.captured],
            team_colours=None if view.team_colours is None else list(view.team_colours),
            chance=Chance.seeded(rng.getrandbits(62)),
        )

    def horizon(self, state: PilesState) -> int:
        """Piles is one deal: a rollout plays to the end of the game."""
        return 0

    def standing(self, state: PilesState, seat: int) -> float:
        """The result (1 a win, 0.5 a draw, 0 a loss), mostly, and the margin a little; part-way
        the margin alone."""
        scores = team_scores(state)
        team = team_of(seat)
        margin = 0.5 + 0.5 * math.tanh((scores[team] - scores[1 - team]) / MARGIN_SCALE)
        if state.stock or any(state.hands):
            return margin
        result = 0.5 if scores[0] == scores[1] else float(scores[team] > scores[1 - team])
        return (1 - MARGIN_WEIGHT) * result + MARGIN_WEIGHT * margin

    def rollout_move(
        self, state: PilesState, seat: int, moves: list[Place | Pass], rng: random.Random
    ) -> Place | Pass:
        """A greedy move: the place that gains most for the team now, less what the pile then
        risks to the next player, with a little noise so worlds are not played alike."""
        if len(moves) == 1 or not isinstance(moves[0], Place):
            return moves[0]
        top = tops(state)
        held = state.team_colours
        boards: dict[Colour, _Board] = {}
        best, best_value = moves[0], -math.inf
        random_ = rng.random
        for move in moves:
            if not isinstance(move, Place):
                continue
            card = move.card
            if card.colour is None:  # every card of a standard deck has one
                continue
            colour = colour_held(seat, card.colour, held, opener_of(state))
            board = boards.get(colour)
            if board is None:
                board = boards[colour] = _Board(state, top, colour)
            value = board.place_value(move.pile, card) + random_() * NOISE
            if value > best_value:
                best, best_value = move, value
        return best

    def silly(self, view: PilesView, move: Place | Pass, moves: list[Place | Pass]) -> bool:
        """Passing while holding a card that may be placed, giving a pile of the team's own
        colour to the other team while another move does not, or placing a card that scores for
        the others on a pile they already hold while a better place exists."""
        if isinstance(move, Pass):
            return any(isinstance(m, Place) for m in moves)
        if view.team_colours is None:
            return False
        ours = view.team_colours[view.seat % 2]  # type: ignore[operator]
        gives_away = view.castle[move.pile].top.colour is ours and move.card.colour is not ours
        return gives_away and any(
            isinstance(m, Place)
            and not (view.castle[m.pile].top.colour is ours and m.card.colour is not ours)
            for m in moves
        )


class _Board:
    """The Castle from one team's side, worked out once per rollout move: what each pile
    scores for whoever holds it, and each pile's neighbours by colour."""

    __slots__ = ("colour", "top", "ours_if_held", "theirs_if_held", "lean")

    def __init__(self, state: PilesState, top: list[Card], colour: Colour) -> None:
        self.colour = colour
        self.top = top
        other = colour.other
        self.ours_if_held = [points(pile, other) for pile in state.castle]
        self.theirs_if_held = [points(pile, colour) for pile in state.castle]
        self.lean = [
            sum(1 if top[n].colour is colour else -1 for n in NEIGHBOURS[p])
            for p in range(len(top))
        ]
        """Per pile: neighbours of our colour less those of the other."""

    def place_value(self, p: int, card: Card) -> float:
        """What placing `card` on pile `p` is worth: the change in the points of the pile (who
        holds it, and the card's own points), less what the pile then risks to the next player
        (or, left to the other team, the chance of taking it back), less the card spent."""
        colour = self.colour
        worth = POINTS[card.rank]
        ours = card.colour is colour
        before = self.ours_if_held[p] if self.top[p].colour is colour else -self.theirs_if_held[p]
        gained = self.ours_if_held[p] + (0 if ours else worth)
        lost = self.theirs_if_held[p] + (worth if ours else 0)
        total = card.rank + (self.lean[p] if ours else -self.lean[p])
        risk = (gained + lost) * max(0, RISK_TOTAL - total) / RISK_TOTAL
        after = gained - risk if ours else -lost + risk * THEIR_RISK
        return after - before - card.rank / SPEND_SCALE


SEARCH = PilesSearch()
"""The hooks the catalog names for Piles."""

"""The strong and easy bots' hooks for Over Trump (issue 24): worlds from a seat's view, the
hand as the horizon, the teams' game scores as the standing, a quick trick-by-trick policy.

A world honours everything the table has shown about a hand: the cards seen going back after a
Keeper reveal stay with their owner, and a seat that showed out of a suit gets none of it (both
suits when she placed neither the top's suit nor its superior one). Under Table rules a void is
only claimed: a player may have broken her claim, and when the claims cannot all hold at once
the world is dealt without them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from itertools import combinations

from cardtable.cards import PilatchCard, PilatchSuit
from cardtable.engine import Chance
from cardtable.engine.search_budget import Budget
from cardtable.games.over_trump.moves import PlaceCard, place
from cardtable.games.over_trump.rules import placeable, team_of, top_card
from cardtable.games.over_trump.scoring import DECK, ONE_POINTS, SEATS, TARGET, card_points
from cardtable.games.over_trump.state import OverTrumpOptions, OverTrumpState, OverTrumpView
from cardtable.games.over_trump.strategy import (
    TRICK_WORTH,
    OverTrumpPlanner,
    keep_value,
    takes_top,
)

TRICK_SIZE = SEATS
"""Cards in a finished trick: each team's won cards are four per trick."""
KEEPER = None
"""A Keeper's kind in the deal: it may go to any hand, whatever voids she has shown."""


def card_kind(card: PilatchCard) -> PilatchSuit | None:
    """What a void can rule out: the card's suit, or KEEPER for a Keeper (never ruled out)."""
    return KEEPER if card.is_joker else card.suit


def deal_unseen(
    unseen: list[PilatchCard],
    room: dict[int, int],
    voids: dict[int, list[PilatchSuit]],
    rng: random.Random,
) -> dict[int, list[PilatchCard]] | None:
    """The unseen cards dealt to the hands with `room` places, none of a suit a hand is void
    in, each card's hand drawn in proportion to the places left among those where the rest can
    still be dealt (Hall's condition over the few kinds of card); None if no deal can honour
    the voids."""
    seats = list(room)
    counts: dict[PilatchSuit | None, int] = {}
    for card in unseen:
        kind = card_kind(card)
        counts[kind] = counts.get(kind, 0) + 1
    takers = {
        kind: frozenset(s for s in seats if kind is KEEPER or kind not in voids[s])
        for kind in counts
    }
    groups = [frozenset(g) for n in range(1, len(seats)) for g in combinations(seats, n)]
    left = dict(room)

    def dealable() -> bool:
        for group in groups:
            need = sum(n for kind, n in counts.items() if takers[kind] <= group)
            if need > sum(left[s] for s in group):
                return False
        return all(counts[k] == 0 or any(left[s] for s in takers[k]) for k in counts)

    if sum(left.values()) != len(unseen) or not dealable():
        return None
    free = all(len(takers[kind]) == len(seats) for kind in counts)  # no void to honour
    cards = list(unseen)
    rng.shuffle(cards)
    hands: dict[int, list[PilatchCard]] = {s: [] for s in seats}
    for card in cards:
        kind = card_kind(card)
        counts[kind] -= 1
        options = []
        for s in takers[kind]:
            if left[s]:
                left[s] -= 1
                if free or dealable():
                    options.append(s)
                left[s] += 1
        options.sort()  # the same seeded deal whatever the sets' order
        pick = rng.random() * sum(left[s] for s in options)
        for s in options:
            pick -= left[s]
            if pick < 0:
                break
        hands[s].append(card)
        left[s] -= 1
    return hands


def sensible_card(
    hand: list[PilatchCard],
    top: PilatchCard | None,
    partner_on_top: bool,
    last: bool,
    points: int,
) -> PilatchCard:
    """What a sensible player places: a lead worth nothing (1s and honours kept); the top
    taken cheaply from the other team when the trick holds points or she places last, with
    a 1 only when nobody can answer it; points given to a partner who surely wins; otherwise
    the cheapest card under the top, or a Keeper rather than a 1."""
    _, allowed, keepers = placeable(hand, top)
    if not allowed:
        return keepers[0]
    if top is None:
        return min(allowed, key=lambda c: (card_points(c), c.rank))
    if not partner_on_top:
        takers = [c for c in allowed if takes_top(c, top)]
        if takers and (last or points):
            return min(takers, key=lambda c: (0 if last else card_points(c), c.rank))
    under = [c for c in allowed if not takes_top(c, top)] or allowed
    if partner_on_top and last:
        return max(under, key=lambda c: (card_points(c), -c.rank))
    low = min(under, key=lambda c: (card_points(c), c.rank))
    if keepers and card_points(low) >= ONE_POINTS and not partner_on_top:
        return keepers[0]
    return low


class OverTrumpSearch:
    """Over Trump's `SearchHooks`: a hand's unseen cards dealt as the table allows, played out
    to the end of the hand by sensible placements."""

    policy = OverTrumpPlanner
    """The strong bot starts from the planner's rules of thumb."""

    budget = Budget(worlds=16, seconds=0.2, candidates=8, steps=60, margin=0.04, errors=1.0)
    easy_best = 0.35

    def sample(self, view: OverTrumpView, rng: random.Random) -> OverTrumpState:
        """A state the seat could be in: the public table and her hand as the view has them;
        the unseen cards dealt to the other hands honouring voids and cards seen going back."""
        seat = view.seat
        assert seat is not None and view.hand is not None
        seen = set(view.hand) | set(view.gone)
        for placement in view.trick:
            seen.add(placement.card)
            if placement.reveal is not None:
                seen.add(placement.reveal)
        shown = [list(s) for s in view.shown] if view.shown else [[] for _ in range(SEATS)]
        others = [s for s in range(SEATS) if s != seat]
        for s in others:
            seen.update(shown[s])
        unseen = [c for c in DECK if c not in seen]
        room = {s: view.hand_sizes[s] - len(shown[s]) for s in others}
        voids = {s: view.voids[s] for s in others}
        dealt = deal_unseen(unseen, room, voids, rng)
        if dealt is None:  # broken claims under Table rules: deal as if none were made
            dealt = deal_unseen(unseen, room, {s: [] for s in others}, rng)
            assert dealt is not None
        hands = [list(view.hand) if s == seat else shown[s] + dealt[s] for s in range(SEATS)]
        first_team = TRICK_SIZE * view.tricks[0]
        return OverTrumpState(
            options=OverTrumpOptions(table_rules=view.table_rules, void_tracker=view.void_tracker),
            dealer=view.dealer,
            hand_number=view.hand_number,
            leader=view.leader,
            hands=hands,
            trick=list(view.trick),
            won=[list(view.gone[:first_team]), list(view.gone[first_team:])],
            tricks=list(view.tricks),
            scores=list(view.scores),
            last_trick=list(view.last_trick),
            last_winner=view.last_winner,
            voids=[list(v) for v in view.voids],
            shown=shown,
            history=list(view.history),
            over=view.over,
            chance=Chance.seeded(rng.getrandbits(62)),
        )

    def horizon(self, state: OverTrumpState) -> Hashable:
        """The hand: a rollout plays to its end, where the points are scored."""
        return state.hand_number

    def standing(self, state: OverTrumpState, seat: int) -> float:
        """1 or 0 for a won or lost game; part-way, the score difference squashed by how far
        the leading team still has to go (a lead counts for more near the target)."""
        team = team_of(seat)
        ours, theirs = state.scores[team], state.scores[1 - team]
        if state.over:
            return 1.0 if ours > theirs else 0.0
        # Points still in this hand count as they lie (a rollout cut short).
        ours += sum(card_points(c) for c in state.won[team])
        theirs += sum(card_points(c) for c in state.won[1 - team])
        spread = 12 + 0.35 * max(TARGET - max(ours, theirs), 0)
        return 1 / (1 + math.exp(-(ours - theirs) / spread))

    def rollout_move(
        self, state: OverTrumpState, seat: int, moves: list[PlaceCard], rng: random.Random
    ) -> PlaceCard:
        """The planner's weighing, on the world's own hands (one deal, not fourteen: quick):
        each card the seat may place (a Keeper too), the trick played out by sensible
        placements (`sensible_card`), the trick's worth to her team less the card's worth
        kept for later tricks. Reveals are left to the search's own first move."""
        trick = state.trick
        top_play = top_card(trick)
        top = None if top_play is None else top_play.card
        at_stake = sum(card_points(p.card if p.reveal is None else p.reveal) for p in trick)
        later = [(seat + k) % SEATS for k in range(1, SEATS - len(trick))]
        _, allowed, keepers = placeable(state.hands[seat], top)
        best = None
        best_value = -1e9
        for card in allowed + keepers[:1]:
            points = at_stake + card_points(card)
            winner = top_play.seat if top_play is not None else None
            now = top
            if takes_top(card, now):
                now, winner = card, seat
            for other in later:
                answer = sensible_card(
                    state.hands[other],
                    now,
                    winner is not None and team_of(winner) == team_of(other),
                    other == later[-1],
                    points,
                )
                points += card_points(answer)
                if takes_top(answer, now):
                    now, winner = answer, other
            worth = points + TRICK_WORTH
            value = worth if winner is not None and team_of(winner) == team_of(seat) else -worth
            value -= keep_value(card)
            if value > best_value:
                best, best_value = card, value
        assert best is not None
        move = place(best)
        return move if move in moves else moves[0]

    def silly(self, view: OverTrumpView, move: PlaceCard, moves: list[PlaceCard]) -> bool:
        """Taking the top from a partner who holds it, or throwing a 1 under the other team's
        top card, while another move would not."""
        return self._blunder(view, move) and not all(self._blunder(view, m) for m in moves)

    @staticmethod
    def _blunder(view: OverTrumpView, move: PlaceCard) -> bool:
        """Does this move overtake the partner or give the other team a 1 for nothing?"""
        assert view.seat is not None
        if view.top is None:
            return False
        top = view.trick[view.top]
        takes = takes_top(move.card, top.card)
        if team_of(top.seat) == team_of(view.seat):
            return takes
        lost = move.card if move.reveal is None else move.reveal
        return not takes and card_points(lost) >= ONE_POINTS


SEARCH = OverTrumpSearch()
"""The hooks the catalog names."""

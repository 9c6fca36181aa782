"""The strong and easy bots' hooks for Sets and Runs (issue 24): worlds from a seat's view, the
round as the horizon, the totals (with the cards still in hand) as the standing, the planner's
rules of thumb as a quick policy.

What the view shows of the hidden cards is how many lie in each place (the other hands, the
stock, and a lay-down another player is still building: hers until it is complete, so a world
puts its cards back in her hand), and the cards each player was seen to take this round and
may hold still (`taken.py`: a discard taken or bought, a Joker taken off a meld), which a world
deals into her hand. The discard pile under its top is no secret (`dead`: every card of it was
seen going down), so a world has it as it lies and deals none of it into a hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from functools import lru_cache

from cardtable.cards import Card
from cardtable.engine import Chance
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.search_budget import Budget
from cardtable.games.sets_and_runs.contracts import ROUNDS, contract_for
from cardtable.games.sets_and_runs.melds import card_code
from cardtable.games.sets_and_runs.moves import (
    AddTo,
    Discard,
    DrawStock,
    LayMeld,
    SetsAndRunsMove,
    Swap,
    TakeBack,
    TakeDiscard,
)
from cardtable.games.sets_and_runs.rules import DECK
from cardtable.games.sets_and_runs.scoring import hand_points, lowest
from cardtable.games.sets_and_runs.state import (
    Phase,
    SetsAndRunsOptions,
    SetsAndRunsState,
    SetsAndRunsView,
)
from cardtable.games.sets_and_runs.strategy import (
    SetsAndRunsPlanner,
    laid_down_discards,
    lay_down_plan,
)
from cardtable.games.sets_and_runs.taken import deal_known

SPREAD_NOW = 25.0
SPREAD_PER_ROUND = 30.0
"""How far apart two totals may still move: this much now, and more per round still to play."""
NOT_LAID_DOWN = 1.5
"""A hand not yet laid down costs this many times its points in the guess: it is likely to
grow before the round ends."""


class BolderPlanner(SetsAndRunsPlanner):
    """The planner as the strong bot plays it: it buys with a bigger hand, buys later in a
    round, weighs a card's points less once someone has laid down, reads its hand with the
    dead cards under the discard pile's top out of reach, and holding the contract takes a
    discard that goes down with it. Self-play against the planner found these better
    (`benchmarks/tuning.py`)."""

    big_hand = 18
    late_buy_missing = 4
    points_weight_laid = 0.4
    remembers_discards = True
    takes_what_goes_down = True


class SetsAndRunsSearch:
    """Sets and Runs' `SearchHooks`: worlds dealt from the view, played on by the planner for
    a few turns and judged by the totals and the hands."""

    policy = BolderPlanner
    """The strong bot starts from bolder buys than the planner's."""

    budget = Budget(worlds=10, seconds=0.2, candidates=3, steps=250, margin=0.05, errors=2.0)
    easy_best = 0.7

    def __init__(self) -> None:
        self.planner = SetsAndRunsPlanner()
        """Plays every seat in the rollouts."""
        self.policy_planner = self.policy()
        """Ranks the strong bot's rivals to its policy's move."""

    def sample(self, view: SetsAndRunsView, rng: random.Random) -> SetsAndRunsState:
        """A state the seat could be in: the table, the discard pile and her hand as the view
        has them; the cards each other player was seen to take in her hand; every other card
        she cannot see shuffled into the other hands and the stock, each place its size."""
        seat = view.seat
        assert seat is not None and view.hand is not None
        mine = seat == view.turn
        pending = [m.model_copy(deep=True) for m in view.pending] if mine else []
        seen: dict[int, int] = {}
        shown: list[Card] = list(view.hand)
        for meld in view.melds + pending:
            shown += meld.cards
        if view.discard_top is not None:
            shown.append(view.discard_top)
        shown += view.dead
        for card in shown:
            code = card_code(card)
            seen[code] = seen.get(code, 0) + 1
        unseen: list[Card] = []
        for card in DECK:
            code = card_code(card)
            if seen.get(code):
                seen[code] -= 1
            else:
                unseen.append(card)
        rng.shuffle(unseen)
        taken = view.taken or [[] for _ in range(view.seats)]
        hands: list[list[Card]] = []
        for s in range(view.seats):
            if s == seat:
                hands.append(list(view.hand))
                continue
            hands.append(deal_known(unseen, taken[s], view.hand_sizes[s]))
        stock = unseen  # what the hands leave: as many as the view counts in the stock
        discards = list(view.dead)
        if view.discard_top is not None:
            discards.append(view.discard_top)
        return SetsAndRunsState(
            seats=view.seats,
            options=SetsAndRunsOptions(buy_seconds=view.buy_seconds),
            round=view.round,
            dealer=view.dealer,
            turn=view.turn,
            phase=view.phase,
            hands=hands,
            stock=stock,
            discards=discards,
            melds=[m.model_copy(deep=True) for m in view.melds],
            pending=pending,
            laid_down=list(view.laid_down),
            floating=list(view.floating),
            buys_left=list(view.buys_left),
            reshuffled=view.reshuffled,
            window=None if view.window is None else view.window.model_copy(deep=True),
            totals=list(view.totals),
            taken=[list(cards) for cards in taken],
            history=list(view.history),
            chance=Chance.seeded(rng.getrandbits(62)),
        )

    def candidates(
        self,
        view: SetsAndRunsView,
        moves: list[SetsAndRunsMove],
        first: SetsAndRunsMove,
    ) -> list[SetsAndRunsMove]:
        """The moves worth a search, the policy's `first` leading. Settled without one: a buy
        of a card that brings the contract no closer (two more cards in hand for nothing) or
        after laying down, a lay-down (the contract goes down as soon as it is held), a card
        played off onto the table, a discard taken that goes on a meld. Weighed against it: a
        draw or a buy the other way, the next discards in the planner's order."""
        seat = view.seat
        assert seat is not None
        rest = [m for m in moves if m != first]
        laid = view.laid_down[seat]
        card = view.discard_top
        if isinstance(first, (Claim, LetGo)):
            if laid or card is None or not any(isinstance(m, Claim) for m in moves):
                return [first]
            return [first, *rest] if self.policy_planner.brings_closer(view, card) else [first]
        if isinstance(first, (LayMeld, AddTo, Swap)) or (isinstance(first, TakeDiscard) and laid):
            return [first]
        if isinstance(first, Discard):
            if laid:
                order = laid_down_discards(view, moves)
            else:
                order = self.policy_planner.discards_ranked(view, moves)
            return [first, *(m for m in order if m != first)]
        return [first, *rest]

    def horizon(self, state: SetsAndRunsState) -> Hashable:
        """The round: its end scores the hands (a rollout cut short at `budget.steps` is judged
        by the hands as they lie)."""
        return state.round

    def standing(self, state: SetsAndRunsState, seat: int) -> float:
        """At the game's end 1 for the lowest total (shared: split), else 0. Part-way, the
        chance that her total ends lowest, pair by pair against every other player: each
        total with what her hand would cost if the round ended soon (`likely_cost`), the
        difference squashed by how many rounds are still to play."""
        if state.phase is Phase.OVER:
            winners = lowest(state.totals)
            return 1 / len(winners) if seat in winners else 0.0
        if state.phase is Phase.WINDOW and state.window is None:  # a new deal: hands alike
            expected = [float(total) for total in state.totals]
        else:
            expected = [total + likely_cost(state, s) for s, total in enumerate(state.totals)]
        spread = SPREAD_NOW + SPREAD_PER_ROUND * (ROUNDS - state.round)
        mine = expected[seat]
        chance = 1.0
        for other, theirs in enumerate(expected):
            if other != seat:
                chance *= 1 / (1 + math.exp((mine - theirs) / spread))
        return chance ** (1 / (state.seats - 1))

    def rollout_move(
        self,
        state: SetsAndRunsState,
        seat: int,
        moves: list[SetsAndRunsMove],
        rng: random.Random,
    ) -> SetsAndRunsMove:
        """The planner's move, read off the world through a `RolloutView`."""
        return self.planner.choose(RolloutView(state, seat), moves)[0]  # type: ignore[arg-type]

    def silly(
        self, view: SetsAndRunsView, move: SetsAndRunsMove, moves: list[SetsAndRunsMove]
    ) -> bool:
        """A blunder a beginner would see, while another move is not one: discarding a Joker;
        discarding or taking a lay-down back while holding the contract; discarding a card
        that fits a meld on the table after laying down; passing on a discard that completes
        the contract; buying after laying down."""
        return self._blunder(view, move) and not all(self._blunder(view, m) for m in moves)

    def _blunder(self, view: SetsAndRunsView, move: SetsAndRunsMove) -> bool:
        """Is this one of the beginner's blunders `silly` names?"""
        seat = view.seat
        assert seat is not None and view.hand is not None
        if isinstance(move, Discard):
            if move.card.rank == 0:
                return True
            if view.laid_down[seat]:
                return False  # the rules offer a discard only for a card that fits nowhere
            return self._holds_contract(view)
        if isinstance(move, TakeBack):
            return self._holds_contract(view)
        if isinstance(move, Claim):
            return view.laid_down[seat]
        card = view.discard_top
        if isinstance(move, DrawStock) and card is not None and view.turn == seat:
            if view.laid_down[seat] or view.floating[seat]:
                return False
            codes = [card_code(c) for c in view.hand]
            return not holds(tuple(codes), view.contract_sets, view.contract_runs) and holds(
                (*codes, card_code(card)), view.contract_sets, view.contract_runs
            )
        return False

    @staticmethod
    def _holds_contract(view: SetsAndRunsView) -> bool:
        """Could the hand lay down what the contract (or the lay-down being built) lacks?"""
        assert view.hand is not None
        sets = view.contract_sets - sum(1 for m in view.pending if not m.run)
        runs = view.contract_runs - sum(1 for m in view.pending if m.run)
        return holds(tuple(card_code(c) for c in view.hand), sets, runs)


@lru_cache(maxsize=256)
def holds(codes: tuple[int, ...], sets: int, runs: int) -> bool:
    """Can the hand of these card codes lay down `sets` sets and `runs` runs? (Remembered: the
    easy bot asks it of every move it weighs.)"""
    return lay_down_plan(list(codes), sets, runs) is not None


def likely_cost(state: SetsAndRunsState, seat: int) -> float:
    """What `seat`'s hand would cost at the round's end, guessed: the cards she holds once
    she has laid down (she plays off the rest), more while she has not (she may be caught
    with all of them)."""
    hand = state.hands[seat]
    if seat == state.turn:
        hand = hand + [c for meld in state.pending for c in meld.cards]
    points = hand_points(hand)
    return points if state.laid_down[seat] else points * NOT_LAID_DOWN


class RolloutView:
    """A seat's view of a world for the planner in a rollout: the fields it reads, shared with
    the world (never copied: the planner only reads them), at a fraction of a View's cost."""

    __slots__ = (
        "buys_left",
        "contract",
        "contract_runs",
        "contract_sets",
        "discard_top",
        "floating",
        "hand",
        "laid_down",
        "melds",
        "pending",
        "phase",
        "seat",
        "seats",
        "turn",
    )

    def __init__(self, state: SetsAndRunsState, seat: int) -> None:
        contract = contract_for(state.round)
        self.seat = seat
        self.seats = state.seats
        self.hand = state.hands[seat]  # in table order, as a view's
        self.contract = contract.name
        self.contract_sets = contract.sets
        self.contract_runs = contract.runs
        self.turn = state.turn
        self.phase = state.phase
        self.discard_top = state.discards[-1] if state.discards else None
        self.melds = state.melds
        self.pending = state.pending if seat == state.turn else []
        self.laid_down = state.laid_down
        self.floating = state.floating
        self.buys_left = state.buys_left


SEARCH = SetsAndRunsSearch()
"""The hooks the catalog names."""

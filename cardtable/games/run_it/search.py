"""What the strong and easy bots need to know of Run It (issue 24): worlds a seat could be in, a
quick policy to play them out with, and the blunders a beginner would not make."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.cards import RunItCard, run_it_deck
from cardtable.engine import Chance
from cardtable.engine.claims import CLAIM, LET_GO, Claim, LetGo
from cardtable.engine.search_budget import Budget
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it import rollout
from cardtable.games.run_it.lacking import deal_hand
from cardtable.games.run_it.matching import can_play
from cardtable.games.run_it.state import Phase, RunItState, RunItView
from cardtable.games.run_it.strategy import RunItPlanner

HAND_WEIGHT = 0.6
"""How fast a standing part-way falls with the cards a seat holds beyond the fewest."""


def unseen_cards(view: RunItView) -> list[RunItCard]:
    """The deck less the cards the seat sees: her hand, her own offer, the discard pile's top
    (the cards under it were seen once, but the view does not keep them)."""
    seen = Counter([*(view.hand or []), view.top, *([view.my_offer] if view.my_offer else [])])
    left = []
    for card in run_it_deck():
        if seen[card]:
            seen[card] -= 1
        else:
            left.append(card)
    return left


class HoldingPlanner(RunItPlanner):
    """The planner as the strong bot plays it: a penalty card is not played for the run it
    puts on the next player (unless she is close to winning) but kept to answer runs, like
    the Stops and Wild Penalties. Self-play against the planner found it better
    (`python -m benchmarks.tuning run-it`)."""

    attack_weight = 0.0


class RunItSearch:
    """Run It's hooks for the strong bot: the unseen cards dealt at random into the other
    hands, the offers made face down, the draw pile and the discards under the top; a rollout
    plays a round or two (`budget.steps`), or to the end of the game in hand if that comes
    first, and is judged by the cards each seat holds (short rollouts judged so beat full games
    played out: 55% against 37% of 40 games).

    Inferences honoured: what each seat has shown she lacks (`lacking.py`: getting a card
    without Draw anyway, taking a penalty run), kept across turns for the cards she held then,
    and a card she got and may play is one that goes. A guess beside them: a card offered face
    down is one the getter cannot play (nobody offers help). Not honoured, since the view does
    not keep them: cards seen under the discard pile's top and the seat's own offer taken by a
    getter (both are dealt as unseen)."""

    def __init__(self) -> None:
        """The planner plays the rollouts (through each seat's view of the world)."""
        self.planner = RunItPlanner()

    policy = HoldingPlanner
    """The strong bot starts from a planner that keeps its penalty cards."""

    budget = Budget(worlds=60, seconds=0.2, candidates=5, steps=30, margin=0.04, errors=2.0)
    easy_best = 0.1

    def sample(self, view: RunItView, rng: random.Random) -> RunItState:
        """A deal of the unseen cards the seat's view allows (see the class)."""
        assert view.seat is not None and view.hand is not None
        seat, seats, top = view.seat, view.seats, view.top
        unseen = unseen_cards(view)
        rng.shuffle(unseen)
        hands: list[list[RunItCard]] = [[] for _ in range(seats)]
        hands[seat] = list(view.hand)
        lacking = view.lacking or [[] for _ in range(seats)]
        got = view.got
        if view.phase is Phase.GOT and view.turn != seat:
            got = next(c for c in unseen if can_play(c, top, view.colour))
            unseen.remove(got)
        others = sorted(set(range(seats)) - {seat}, key=lambda other: -len(lacking[other]))
        for other in others:
            size = view.hand_sizes[other]
            if got is not None and other == view.turn:
                hands[other] = [*deal_hand(unseen, lacking[other], size - 1), got]
            else:
                hands[other] = deal_hand(unseen, lacking[other], size)
        offers: list[RunItCard | None] = []
        if view.phase in (Phase.OFFERS, Phase.TAKE):
            offers = [None] * seats
            for by in view.offered_by:
                offers[by] = view.my_offer if by == seat else _take_offer(unseen, top, view)
        asked: list[int] = []
        if view.phase is Phase.OFFERS:
            order = [(view.turn + view.direction * k) % seats for k in range(1, seats)]
            asked = order[order.index(view.to_act[0]) :]
        draw_pile, under = unseen[: view.draw_count], unseen[view.draw_count :]
        return RunItState(
            seats=seats,
            options=view.options,
            game_number=view.game_number,
            dealer=view.dealer,
            turn=view.turn,
            direction=view.direction,
            hands=hands,
            draw_pile=draw_pile,
            discards=[*under, top],
            colour=view.colour,
            penalty=view.penalty,
            penalty_value=view.penalty_value,
            phase=view.phase,
            window=None if view.window is None else view.window.model_copy(deep=True),
            played_by=view.played_by,
            attempt=view.attempt,
            offers=offers,
            asked=asked,
            got=got,
            missed=view.missed,
            missed_by=None if view.missed is None else seat,
            ended=view.ended,
            lacking=[list(lacks) for lacks in lacking],
            history=[result.model_copy(deep=True) for result in view.history],
            chance=Chance.seeded(rng.getrandbits(62)),
        )

    def playouts(self, world: RunItState, seat: int, moves: list[Any], steps: int) -> list[float]:
        """Each move's standing after the rollout, played on the fast path (`rollout.py`): the
        same moves and ends as `rollout_move` and `standing`, several times as quick."""
        return rollout.playouts(world, seat, moves, steps, HAND_WEIGHT)

    def horizon(self, state: RunItState) -> int:
        """The game of the session in play: a rollout stops when someone goes out."""
        return len(state.history)

    def standing(self, state: RunItState, seat: int) -> float:
        """A game just ended (or the session): the seat's share of its win. Part-way: her
        share of a guess that favours the seats holding fewest cards."""
        over = len(state.history) >= state.options.games
        if state.history and (over or _just_dealt(state)):
            winners = state.history[-1].winners
            return 1 / len(winners) if seat in winners else 0.0
        return rollout.hand_share([len(hand) for hand in state.hands], seat, HAND_WEIGHT)

    def rollout_move(
        self, state: RunItState, seat: int, moves: list[Any], rng: random.Random
    ) -> Any:
        """The planner's move from the seat's view of the world (a match whenever she can, at
        once: a window asks every seat)."""
        first = moves[0]
        if len(moves) == 1:
            return first
        if isinstance(first, (Claim, LetGo)):
            return CLAIM if CLAIM in moves else LET_GO
        return self.planner.choose(_glance(state, seat), moves)[0]

    def silly(self, view: RunItView, move: Any, moves: list[Any]) -> bool:
        """Letting a match go that would win the game, keeping a card got that would win it,
        taking a penalty run that could be answered, or naming a colour held by no card of the
        hand while another colour is held."""
        hand = view.hand or []
        if isinstance(move, LetGo):
            return CLAIM in moves and len(hand) == 1
        if isinstance(move, mv.Keep):
            return len(hand) == 1 and any(isinstance(m, mv.Play) for m in moves)
        if isinstance(move, mv.TakePenalty):
            return any(isinstance(m, mv.Play) for m in moves)
        if isinstance(move, mv.Play) and move.colour is not None:
            rest = list(hand)
            if move.card in rest:
                rest.remove(move.card)
            held = {c.colour for c in rest if c.colour is not None}
            return bool(held) and move.colour not in held
        return False


def _glance(state: RunItState, seat: int) -> RunItView:
    """The seat's view of a sampled world for the rollout's planner, built without copying or
    checking (the planner only reads it, and the world is the bot's own). Only the fields the
    planner reads are set: reading another fails loudly rather than see a made-up value."""
    return RunItView.model_construct(  # type: ignore[call-arg]
        seat=seat,
        seats=state.seats,
        hand=state.hands[seat],
        hand_sizes=[len(hand) for hand in state.hands],
        turn=state.turn,
        direction=state.direction,
        top=state.discards[-1],
        colour=state.colour,
        penalty=state.penalty,
        penalty_value=state.penalty_value,
        phase=state.phase,
        got=state.got if seat == state.turn else None,
        offered_by=[s for s, c in enumerate(state.offers) if c is not None],
        draw_count=len(state.draw_pile),
        options=state.options,
    )


def _take_offer(unseen: list[RunItCard], top: RunItCard, view: RunItView) -> RunItCard:
    """An offer made face down, out of `unseen`: a card the getter cannot play on the top where
    there is one (what anyone offers who does not want to help her), else any."""
    for i in range(len(unseen) - 1, -1, -1):
        if not can_play(unseen[i], top, view.colour):
            return unseen.pop(i)
    return unseen.pop()


def _just_dealt(state: RunItState) -> bool:
    """True for a game dealt a moment ago (only its turned-up card on the discards, every hand
    full, the first seat not yet moved): the state a finished game of a session leaves."""
    size = state.options.hand_size
    return (
        len(state.discards) == 1
        and state.phase is Phase.PLAY
        and state.attempt == 0
        and all(len(hand) == size for hand in state.hands)
    )


SEARCH = RunItSearch()
"""The hooks the catalog names for Run It."""

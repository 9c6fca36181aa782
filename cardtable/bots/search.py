"""The strong bot: a search over what its seat knows (determinized Monte Carlo, as OpenSpiel's
PIMC bots do).

For each move it deals out worlds its seat could be in (the game's `sample`, made from the view
alone: never the state), plays every candidate move out in each of them with a quick policy in
every seat as far as the game's horizon (the end of a hand, a round, the game), and picks the
move whose worlds end best for it on average. Every candidate meets the same worlds, so the
comparison is fair with few of them; it leaves the planner's move only for one that does
better by the game's margin and by more than the worlds' noise.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from statistics import fmean, stdev
from typing import Any, Protocol

from cardtable import games
from cardtable.bots.seat_player import SeatPlayer
from cardtable.engine import Move, View
from cardtable.engine.search_budget import Budget
from cardtable.engine.words import plural


class SearchHooks(Protocol):
    """What a game gives the search: worlds from a view, a horizon, a standing, a policy."""

    def sample(self, view: Any, rng: random.Random) -> Any:
        """A whole state the view's seat could be in: `game.view(state, view.seat) == view`,
        every card where the view puts it, the unseen ones dealt at random among the places
        they could be (as far as the view tells: a suit a player has shown she lacks, a card
        seen going into a hand), and the state's chance drawn from `rng` afresh."""
        ...

    def horizon(self, state: Any) -> Hashable:
        """Which part of the game the state is in (a hand, a round): a rollout stops when this
        changes or the game ends."""
        ...

    def standing(self, state: Any, seat: int) -> float:
        """How well `seat` (with its team) stands, from 0 (lost) to 1 (won): the result of a
        finished game, or a fair guess at one part-way."""
        ...

    def rollout_move(self, state: Any, seat: int, moves: list[Any], rng: random.Random) -> Any:
        """A quick move for `seat` in a rollout (it may look at the sampled state: that world
        is the bot's own guess, not the table's)."""
        ...

    policy: Callable[[int], Any]
    """The rules of thumb the search starts from, made with a seed: its first candidate, and
    its move when no other does clearly better. The game's planner, or where self-play against
    the planner found settings that beat it, the planner with those."""

    budget: Budget
    """How hard the strong bot thinks in this game (its moves differ in cost from game to
    game): within BUDGET_SECONDS at the 90th percentile on a 2-core machine."""

    easy_best: float
    """How often the easy bot plays the planner's move (else any move that is not silly)."""

    def silly(self, view: Any, move: Any, moves: list[Any]) -> bool:
        """True for a move among `moves` that a beginner would call a blunder (passing with a
        winning card in hand): the easy bot never makes one while it has another."""
        ...

    # A game may also give `candidates(view, moves, first) -> list`: the moves worth weighing,
    # `first` (the policy's move) leading and the likeliest rivals next; a list of `first`
    # alone where the policy's reading settles the move (buying a card that brings the
    # contract no closer), which is then made without a search. Without it the candidates
    # are `first`, then the others in the game's order.
    #
    # A game may also give `playouts(world, seat, moves, steps) -> list[float]`: each move's
    # standing after `seat` makes it in `world` and the rollout plays on (as SearchBot.rollout
    # with this game's rollout_move and standing would), worked out a quicker way (Run It plays
    # them on its fast path's ints). SearchBot.playouts uses it where it is given.


def hooks(game_id: str) -> SearchHooks | None:
    """The game's search hooks, as its catalog entry names them (None: it has none)."""
    path = games.entry(game_id).search
    return None if path is None else games.load(path)


class SearchBot:
    """Plays the move that comes out best over worlds sampled from its view."""

    needs_view = True
    thinks_apart = True
    """Its choice is made in a worker process (net/apart.py): a search holds the interpreter."""

    def __init__(self, game_id: str, seed: int = 0, budget: Budget | None = None) -> None:
        search = hooks(game_id)
        if search is None:
            raise ValueError(f"{game_id} has no search hooks")
        self.game = games.get(game_id)
        self.hooks = search
        self.budget = budget or search.budget
        self.random = random.Random(seed)
        self.planner: SeatPlayer = search.policy(seed)
        self.last_seconds = 0.0
        """How long the last choice took (for `make bench`'s think times)."""
        self.worlds = 0
        """Worlds the last search played out."""

    def __getstate__(self) -> dict[str, Any]:
        """What a copy in another process needs: the game by its id, not its rules objects."""
        return {
            "game_id": self.game.id,
            "budget": self.budget,
            "random": self.random.getstate(),
            "planner": self.planner,
            "last_seconds": self.last_seconds,
            "worlds": self.worlds,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Take on a state `__getstate__` gave (here or in another process): the game's rules and
        hooks are found again by its id."""
        search = hooks(state["game_id"])
        if search is None:
            raise ValueError(f"{state['game_id']} has no search hooks")
        self.game = games.get(state["game_id"])
        self.hooks = search
        self.budget = state["budget"]
        if not hasattr(self, "random"):
            self.random = random.Random()
        self.random.setstate(state["random"])
        self.planner = state["planner"]
        self.last_seconds = state["last_seconds"]
        self.worlds = state["worlds"]

    def choose(self, view: View | None, moves: list[Any]) -> tuple[Move, str]:
        """The move that did best in the sampled worlds, and why in words."""
        began = time.perf_counter()
        assert view is not None and view.seat is not None, "the search bot plays a seat"
        first, why = self.planner.choose(view, moves)
        if len(moves) == 1:
            self.last_seconds = time.perf_counter() - began
            return first, why
        rivals = getattr(self.hooks, "candidates", None)
        ranked = (
            [first, *(m for m in moves if m != first)]
            if rivals is None
            else rivals(view, moves, first)
        )
        candidates = ranked[: self.budget.candidates]
        if len(candidates) == 1:
            self.last_seconds = time.perf_counter() - began
            return first, why
        standings = self.search(view, view.seat, candidates, began)
        scores = {move: fmean(ends) for move, ends in standings.items()}
        better = [m for m in candidates[1:] if self.beats(standings[m], standings[first])]
        self.last_seconds = time.perf_counter() - began
        if not better:
            return first, why
        best = max(better, key=lambda m: scores[m])
        return best, self.reason(scores, best, first)

    def beats(self, ends: list[float], planned: list[float]) -> bool:
        """True if a move's standings beat the planner's move's over the same worlds (at least the
        budget's `least_worlds` of them, or all its `worlds` where it asks for fewer) by more
        than the budget's margin and its number of standard errors of the difference."""
        budget = self.budget
        if len(ends) < min(budget.least_worlds, budget.worlds):  # the clock cut it short
            return False
        gains = [end - plan for end, plan in zip(ends, planned, strict=True)]
        gain = fmean(gains)
        if gain <= budget.margin:
            return False
        if not budget.errors or len(gains) < 2:
            return True
        return gain > budget.errors * stdev(gains) / math.sqrt(len(gains))

    def search(
        self, view: View, seat: int, candidates: list[Any], began: float
    ) -> dict[Any, list[float]]:
        """Each candidate's standing in each of the same sampled worlds, in order."""
        search, budget = self.hooks, self.budget
        ends: dict[Any, list[float]] = {move: [] for move in candidates}
        worlds = 0
        deadline = None if budget.seconds is None else began + budget.seconds
        sampling = time.perf_counter()
        while worlds < budget.worlds:
            if (
                deadline is not None
                and worlds
                and not self.time_for_another(sampling, worlds, deadline)
            ):
                break
            world = search.sample(view, self.random)
            seed = self.random.getrandbits(32)
            for move, end in zip(
                candidates, self.playouts(world, seat, candidates, seed), strict=True
            ):
                ends[move].append(end)
            worlds += 1
        self.worlds = worlds
        return ends

    @staticmethod
    def time_for_another(sampling: float, worlds: int, deadline: float) -> bool:
        """True if one more world, taking as long as the worlds so far did on average (played
        since `sampling`), still ends by `deadline`: a world begun just before it would run past
        it by a whole world's time."""
        now = time.perf_counter()
        return now + (now - sampling) / worlds <= deadline

    def playouts(self, world: Any, seat: int, candidates: list[Any], seed: int) -> list[float]:
        """Each candidate's standing in `world`: made by `seat`, then played on (`rollout`),
        every one from the same chance (`seed`). A game's hooks may give a quicker way to the
        same ends (`playouts`, on a compact copy of the world)."""
        quick = getattr(self.hooks, "playouts", None)
        if quick is not None:
            ends: list[float] = quick(world, seat, candidates, self.budget.steps)
            return ends
        game, standings = self.game, []
        for move in candidates:
            state = world.model_copy(deep=True)
            game.advance(state, seat, move)
            standings.append(self.rollout(state, seat, random.Random(seed)))
        return standings

    def rollout(self, state: Any, seat: int, rng: random.Random) -> float:
        """Play `state` on with the quick policy to the horizon; `seat`'s standing there.

        The budget's steps are counted from the first move by another seat: the rest of the
        seat's own turn is played whole (up to as many moves again). A candidate that spends
        moves of its own (a trade offered, then withdrawn) must not see less of the future than
        one that does not, or a cut-short rollout makes stalling look wise."""
        game, search, steps = self.game, self.hooks, self.budget.steps
        part = search.horizon(state)
        own_turn, played = True, 0
        while played < steps:
            if game.is_over(state) or search.horizon(state) != part:
                break
            window = game.claim_window(state)
            acting = window.open_to[0] if window is not None and window.open_to else None
            actor = acting if acting is not None else game.to_act(state)[0]
            if own_turn and (actor != seat or played == steps - 1):
                own_turn, played = False, 0
            played += 1
            legal = game.legal_moves(state, actor)
            game.advance(state, actor, search.rollout_move(state, actor, legal, rng))
        return search.standing(state, seat)

    def reason(self, scores: dict[Any, float], best: Any, first: Any) -> str:
        """Why the search's move beats the planner's, in numbers a player can check."""
        worlds = plural(self.worlds, "deal")
        return (
            f"Played out over {worlds} you could be facing, this did best: it came out "
            f"ahead {scores[best]:.0%} of the time, against {scores[first]:.0%} for the usual "
            "choice."
        )

"""Run It's quick playouts for the strong bot (issue 24): the planner's rules of thumb on the
fast path's ints (`fast.py`), so a search weighs several times as many worlds in its budget.

`planner_action` is `RunItPlanner.choose` move for move outside Match-it windows (the tests
hold the two to it), and
`playouts` is the search's own rollout (`bots/search.py` `SearchBot.rollout`) with Run It's
rollout policy and standing (`search.py`), on a compact copy of each world.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.cards import RunItColour, RunItKind
from cardtable.games.run_it import fast as fp
from cardtable.games.run_it import strategy
from cardtable.games.run_it.fast import (
    ANSWERS,
    CARDS,
    CLAIM_IT,
    COLOUR,
    FAST,
    GET,
    GOT,
    KEEP,
    LET_IT_GO,
    NO,
    NO_OFFER,
    OFFER,
    OFFERS,
    PLAY,
    PLAYABLE,
    TAKE,
    TAKE_DRAW,
    TAKE_OFFER,
    TAKE_PENALTY,
    WINDOW,
    FastState,
)
from cardtable.games.run_it.matching import NAMES_A_COLOUR, PENALTIES
from cardtable.games.run_it.state import RunItState

_COLOURS = range(len(RunItColour))
_KINDS = [card.kind for card in CARDS]
KEEP_VALUE = [strategy.KEEP_VALUE[kind] for kind in _KINDS]
"""The planner's worth of keeping each card (by its int)."""
ANSWER_KEEP = [strategy.ANSWER_KEEP.get(kind, 0.0) for kind in _KINDS]
"""The planner's worth of keeping each card that answers a penalty run for a later one."""
NAMES = [kind in NAMES_A_COLOUR for kind in _KINDS]
PENALTY = [kind in PENALTIES for kind in _KINDS]
VALUE = [card.value for card in CARDS]
SKIP = [kind is RunItKind.SKIP for kind in _KINDS]
KEPT_FROM_OFFERS = [kind in strategy.KEPT_FROM_OFFERS for kind in _KINDS]
ACTION_OF: dict[Any, int] = {move: action for action, move in fp.MOVES.items()}
"""Each move of the game as the fast path's int."""


def _colour_counts(hand: Sequence[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in hand:
        colour = COLOUR[card]
        if colour != NO:
            counts[colour] += 1
    return counts


def _best_colour(counts: list[int]) -> int:
    """`strategy.best_colour`: the colour held most, the first in the game's order on a tie."""
    best = 0
    for colour in _COLOURS:
        if counts[colour] > counts[best]:
            best = colour
    return best


def planner_action(
    fast: FastState, seat: int, attack_weight: float = strategy.ATTACK_WEIGHT
) -> int:
    """The move `RunItPlanner.choose` makes for `seat` (the one to act, outside a Match-it
    window: the rollouts match whenever they can), as an int."""
    phase = fast.phase
    if phase == OFFERS:
        return _offer(fast, seat)
    if phase == TAKE:
        return _take(fast)
    if phase == GOT:
        return _got(fast, seat)
    if fast.penalty:
        return _answer(fast, seat)
    return _play(fast, seat, attack_weight)


def _play(fast: FastState, seat: int, attack_weight: float) -> int:
    hand = fast.hands[seat]
    playable = PLAYABLE[fast.discards[-1]][fast.colour + 1]
    cards = sorted({card for card in hand if playable[card]})
    if not cards:
        return GET
    counts = _colour_counts(hand)
    next_size = len(fast.hands[(seat + fast.direction) % fast.seats])
    two = fast.seats == 2
    last = len(hand) == 1
    best_value, best_action = 0.0, NO
    for card in cards:
        own = COLOUR[card]
        if own != NO:
            counts[own] -= 1
        if NAMES[card]:
            colour = _best_colour(counts)
            action = PLAY + card * 5 + colour + 1
        else:
            colour = own
            action = PLAY + card * 5
        follows = PLAYABLE[card][colour + 1]
        follow = sum(1 for other in hand if follows[other]) - follows[card]
        value = strategy.FOLLOW_WEIGHT * follow - KEEP_VALUE[card]
        if hand.count(card) > 1:
            value += strategy.MATCH_BONUS
        if PENALTY[card]:
            value += attack_weight * VALUE[card]
            if next_size <= 3:
                value += strategy.SHORT_HAND_ATTACK
        elif SKIP[card] and two:
            value += strategy.EXTRA_TURN
        if own != NO and not counts[own]:
            value += strategy.LONELY_WEIGHT
        if last:
            value += 100.0
        if own != NO:
            counts[own] += 1
        if best_action == NO or value > best_value:
            best_value, best_action = value, action
    return best_action


def _answer(fast: FastState, seat: int) -> int:
    hand = fast.hands[seat]
    ok = ANSWERS[fast.discards[-1]][fast.colour + 1][fast.penalty_value]
    cards = sorted({card for card in hand if ok[card]})
    if not cards:
        return TAKE_PENALTY
    best_value, best = 0.0, NO
    for card in cards:
        value = -ANSWER_KEEP[card]
        if PENALTY[card]:
            value += strategy.PUSH_WEIGHT * VALUE[card]
        if hand.count(card) > 1:
            value += 0.3
        if len(hand) == 1:
            value += 100.0
        if best == NO or value > best_value:
            best_value, best = value, card
    if not NAMES[best]:
        return PLAY + best * 5
    counts = _colour_counts(hand)
    if COLOUR[best] != NO:
        counts[COLOUR[best]] -= 1
    return PLAY + best * 5 + _best_colour(counts) + 1


def _got(fast: FastState, seat: int) -> int:
    card = fast.got
    if card == NO:
        return KEEP
    if not NAMES[card]:
        return PLAY + card * 5
    counts = _colour_counts(fast.hands[seat])
    if COLOUR[card] != NO:
        counts[COLOUR[card]] -= 1
    return PLAY + card * 5 + _best_colour(counts) + 1


def _offer(fast: FastState, seat: int) -> int:
    hand = fast.hands[seat]
    if not hand:
        return NO_OFFER
    cards = sorted(set(hand))
    if len(hand) == 1:
        return OFFER + cards[0]
    after_getter = (fast.turn + fast.direction) % fast.seats
    playable = PLAYABLE[fast.discards[-1]][fast.colour + 1]
    counts = _colour_counts(hand)
    best_key: tuple[bool, float, int] | None = None
    best = NO
    for card in cards:
        if KEPT_FROM_OFFERS[card]:
            continue
        helps = playable[card]
        if helps and PENALTY[card] and after_getter == seat:
            continue
        key = (helps, KEEP_VALUE[card], counts[COLOUR[card]])
        if best_key is None or key < best_key:
            best_key, best = key, card
    return NO_OFFER if best == NO else OFFER + best


def _take(fast: FastState) -> int:
    if fast.draw_pile or len(fast.discards) > 1:
        return TAKE_DRAW
    sizes = [len(hand) for hand in fast.hands]
    best = NO
    for by, card in enumerate(fast.offers):
        if card != NO and (best == NO or sizes[by] > sizes[best]):
            best = by
    return TAKE_OFFER + best


def rollout_action(fast: FastState, seat: int) -> int:
    """`RunItSearch.rollout_move`: a match whenever the seat can, else the planner's move."""
    if fast.phase == WINDOW:
        return CLAIM_IT if fast.discards[-1] in fast.hands[seat] else LET_IT_GO
    return planner_action(fast, seat)


def clone(fast: FastState) -> FastState:
    """A copy of `fast` that plays on apart from it (its chance copied too)."""
    copy = FastState()
    for name in FastState.__slots__:
        setattr(copy, name, getattr(fast, name))
    copy.hands = [list(hand) for hand in fast.hands]
    copy.draw_pile = list(fast.draw_pile)
    copy.discards = list(fast.discards)
    copy.open_to = None if fast.open_to is None else list(fast.open_to)
    copy.offers = list(fast.offers)
    copy.asked = list(fast.asked)
    copy.history = list(fast.history)
    copy.chance = fast.chance.model_copy()
    return copy


def playouts(
    world: RunItState, seat: int, moves: Sequence[Any], steps: int, hand_weight: float
) -> list[float]:
    """Each of `moves` made by `seat` in `world`, then played on as `SearchBot.rollout` plays
    (the rest of her own turn whole, then `steps` moves) to the end of the game in hand; her
    standing then, as `RunItSearch.standing` judges it."""
    start = FAST.start(world)
    games_before = len(start.history)
    ends = []
    for move in moves:
        fast = clone(start)
        FAST.step(fast, seat, ACTION_OF[move])
        own_turn, played = True, 0
        while played < steps and len(fast.history) == games_before:
            actor = FAST.first_to_act(fast)
            if own_turn and (actor != seat or played == steps - 1):
                own_turn, played = False, 0
            played += 1
            FAST.step(fast, actor, rollout_action(fast, actor))
        ends.append(_standing(fast, seat, games_before, hand_weight))
    return ends


def _standing(fast: FastState, seat: int, games_before: int, hand_weight: float) -> float:
    if len(fast.history) > games_before:
        winners = fast.history[-1][1]
        return 1 / len(winners) if seat in winners else 0.0
    return hand_share([len(hand) for hand in fast.hands], seat, hand_weight)


def hand_share(sizes: Sequence[int], seat: int, hand_weight: float) -> float:
    """`seat`'s share of a guess at a game part-way that favours the seats holding fewest
    cards: each seat's weight falls by `hand_weight` a card beyond the fewest."""
    fewest = min(sizes)
    weights = [hand_weight ** (size - fewest) for size in sizes]
    return weights[seat] / sum(weights)

"""Every contract a hand holds can be laid down through the legal moves, and the planner finds it.

A brute-force search lists every lay-down a hand allows (RULES.md, "Sets and Runs": a set is 3
or more cards of one rank, two sets of one rank allowed; a run 4 or more in a row of one suit,
the Ace low or high; Jokers wild, a natural card in every meld). It needs only the shortest
melds: a longer meld less some of its cards is still a meld of the same rank or suit, and the
cards it gives back never hurt. A lay-down is compared by what a player would name it: the
ranks of its sets and the suits of its runs ("two sets of Kings and a run of Hearts").

The hands are dealt from a narrow pool (a few ranks in a row, a few suits, both decks and the
Jokers), so that contracts, repeated cards and sets of one rank are common.
"""

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from cardtable.games.sets_and_runs import GAME
from cardtable.games.sets_and_runs.contracts import CONTRACTS, RUN_MIN, SET_MIN
from cardtable.games.sets_and_runs.hand import cards_short
from cardtable.games.sets_and_runs.melds import ACE_HIGH, CARD_OF_CODE, JOKER_CODE, card_code
from cardtable.games.sets_and_runs.moves import LayMeld
from cardtable.games.sets_and_runs.plan import read_hand
from cardtable.games.sets_and_runs.state import Phase
from cardtable.games.sets_and_runs.strategy import lay_down_plan

Signature = tuple[tuple[str, int], ...]
"""A lay-down as a player names it: ('set', rank) and ('run', suit number), sorted."""


# The brute force: every shortest meld, every way of choosing them


def _shortest_sets(hand: Counter) -> list[tuple[tuple[int, ...], tuple[str, int]]]:
    """Every 3-card set of the hand: 1 to 3 natural cards of one rank, Jokers for the rest."""
    out = []
    jokers = hand[JOKER_CODE]
    naturals = sorted(code for code in hand.elements() if code != JOKER_CODE)
    for rank in {code // 5 for code in naturals}:
        of_rank = [code for code in naturals if code // 5 == rank]
        for m in range(max(1, SET_MIN - jokers), SET_MIN + 1):
            for chosen in set(combinations(of_rank, m)):
                out.append((chosen + (JOKER_CODE,) * (SET_MIN - m), ("set", rank)))
    return out


def _shortest_runs(hand: Counter) -> list[tuple[tuple[int, ...], tuple[str, int]]]:
    """Every 4-card run of the hand: each place its natural card or a Joker, one natural at
    least (a natural card held may still give its place to a Joker)."""
    out = []
    jokers = hand[JOKER_CODE]
    for suit in range(4):
        for low in range(1, ACE_HIGH - RUN_MIN + 2):
            places = [(1 if v == ACE_HIGH else v) * 5 + suit for v in range(low, low + RUN_MIN)]
            held = [i for i, code in enumerate(places) if hand[code]]
            for m in range(max(1, RUN_MIN - jokers), len(held) + 1):
                for naturals in combinations(held, m):
                    codes = [JOKER_CODE] * RUN_MIN
                    for i in naturals:
                        codes[i] = places[i]
                    out.append((tuple(codes), ("run", suit)))
    return out


@cache
def brute_force(hand: tuple[int, ...], sets: int, runs: int) -> frozenset[Signature]:
    """The signatures of every lay-down of `sets` sets and `runs` runs the hand allows."""
    if not sets and not runs:
        return frozenset({()})
    held = Counter(hand)
    found: set[Signature] = set()
    melds = (_shortest_sets(held) if sets else []) + (_shortest_runs(held) if runs else [])
    for codes, name in melds:
        rest = held - Counter(codes)
        more = brute_force(
            tuple(sorted(rest.elements())), sets - (name[0] == "set"), runs - (name[0] == "run")
        )
        found |= {tuple(sorted((*sig, name))) for sig in more}
    return frozenset(found)


# Through the legal moves


def _name(move: LayMeld) -> tuple[str, int]:
    """('set', rank) or ('run', suit number) of a lay-down move."""
    natural = next(card for card in move.cards if card.rank)
    if move.run:
        return ("run", card_code(natural) % 5)
    return ("set", natural.rank)


def through_legal_moves(state, memo: dict) -> frozenset[Signature]:
    """The signatures of every lay-down the legal moves reach for seat 0 from `state` (she
    has drawn), each meld applied by the rules."""
    seat = 0
    if state.laid_down[seat]:
        return frozenset({()})
    key = (
        tuple(sorted(card_code(c) for c in state.hands[seat])),
        tuple(sorted(m.run for m in state.pending)),
    )
    if key in memo:
        return memo[key]
    found: set[Signature] = set()
    for move in GAME.legal_moves(state, seat):
        if not isinstance(move, LayMeld):
            continue
        after = state.model_copy(deep=True)
        GAME.apply(after, seat, move)
        found |= {tuple(sorted((*sig, _name(move)))) for sig in through_legal_moves(after, memo)}
    memo[key] = frozenset(found)
    return memo[key]


def hand_state(codes: tuple[int, ...], round_number: int):
    """Seat 0 to play in that round, holding `codes`, having drawn (nothing else matters to a
    lay-down: the other hands and the discards are left empty, the stock holds a few cards for
    the next player's draw when a lay-down leaves the hand empty)."""
    state = GAME.new_game(3, seed=0)
    state.round = round_number
    state.hands = [[CARD_OF_CODE[c] for c in codes], [], []]
    state.stock = state.stock[:3]
    state.discards = []
    state.turn = 0
    state.phase = Phase.PLAY
    state.window = None
    return state


def narrow_hand(chance: random.Random) -> tuple[int, ...]:
    """10 to 14 cards from a narrow pool: 3 to 5 ranks in a row (the Ace high or low), 1 to 4
    suits, both decks, and the four Jokers."""
    span = chance.randint(3, 5)
    low = chance.randint(1, ACE_HIGH - span + 1)
    suits = chance.sample(range(4), chance.randint(1, 4))
    pool = [
        (1 if v == ACE_HIGH else v) * 5 + s
        for v in range(low, low + span)
        for s in suits
        for _ in range(2)
    ] + [JOKER_CODE] * 4
    return tuple(sorted(chance.sample(pool, min(len(pool), chance.randint(10, 14)))))


HANDS_PER_CONTRACT = 100


@pytest.mark.parametrize("round_number", range(1, len(CONTRACTS) + 1))
def test_the_legal_moves_reach_every_lay_down_the_rules_allow(round_number):
    contract = CONTRACTS[round_number - 1]
    chance = random.Random(1000 + round_number)
    held = 0
    for _ in range(HANDS_PER_CONTRACT):
        hand = narrow_hand(chance)
        want = brute_force(hand, contract.sets, contract.runs)
        got = through_legal_moves(hand_state(hand, round_number), {})
        shown = " ".join(CARD_OF_CODE[c].short for c in hand)
        assert got == want, f"{contract.name} from {shown}: legal moves {got}, rules {want}"
        held += bool(want)
    assert held >= HANDS_PER_CONTRACT // 8, "too few hands hold the contract to test anything"


@pytest.mark.parametrize("round_number", range(1, len(CONTRACTS) + 1))
def test_the_planner_the_hint_and_the_table_find_a_lay_down_whenever_there_is_one(round_number):
    contract = CONTRACTS[round_number - 1]
    chance = random.Random(2000 + round_number)
    for _ in range(HANDS_PER_CONTRACT):
        hand = narrow_hand(chance)
        holds = bool(brute_force(hand, contract.sets, contract.runs))
        shown = " ".join(CARD_OF_CODE[c].short for c in hand)
        plan = lay_down_plan(list(hand), contract.sets, contract.runs)
        assert (plan is not None) == holds, f"{contract.name} from {shown}: plan {plan}"
        reading = read_hand(hand, contract.sets, contract.runs, [0] * 70)
        assert (reading.missing == 0) == holds, f"{contract.name} from {shown}: {reading}"
        short = cards_short([CARD_OF_CODE[c] for c in hand], contract.sets, contract.runs)
        assert (short == 0) == holds, f"{contract.name} from {shown}: {short} short"
        if plan is not None:
            state = hand_state(hand, round_number)
            for codes, run in plan:
                GAME.apply(state, 0, LayMeld(cards=tuple(CARD_OF_CODE[c] for c in codes), run=run))
            assert state.laid_down[0], f"{contract.name} from {shown}: {plan} is no lay-down"


def test_the_table_counts_a_second_set_of_one_rank_as_nearly_made():
    # Three Sets from five 10s and three 9s: one 10 more makes two sets of 10s.
    hand = [CARD_OF_CODE[c] for c in (45, 46, 47, 50, 50, 51, 52, 53, 23, 36, 67)]
    assert " ".join(c.short for c in hand) == "9♠ 9♥ 9♦ 10♠ 10♠ 10♥ 10♦ 10♣ 4♣ 7♥ K♦"
    assert cards_short(hand, 3, 0) == 1

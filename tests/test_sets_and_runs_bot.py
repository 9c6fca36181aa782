"""The Sets and Runs planner: it beats random play, and its hints name moves that are legal and
reasons that are true (checked against the position, or against the rules after the move)."""

from __future__ import annotations

import math
import os
import time

from cardtable.bots.random_bot import RandomBot
from cardtable.bots.seat_player import planner
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.sets_and_runs import GAME
from cardtable.games.sets_and_runs.moves import (
    DRAW_STOCK,
    TAKE_DISCARD,
    AddTo,
    Discard,
    LayMeld,
    Swap,
    discard,
)
from cardtable.games.sets_and_runs.scoring import hand_points
from cardtable.games.sets_and_runs.state import Phase
from cardtable.games.sets_and_runs.strategy import SetsAndRunsPlanner
from tests.test_sets_and_runs_rules import c, cs, position

GAMES = int(os.environ.get("SETS_AND_RUNS_BOT_GAMES", "24"))
"""Full seven-round games in the suite; the issue's 200-game figure is measured with
SETS_AND_RUNS_BOT_GAMES=200 (a few minutes)."""
LOWEST_AT_LEAST = math.ceil(0.85 * GAMES)
"""The planner must have the lowest total in 85% of them (21 of 24): a random bot has ~25%."""


def hint(state, seat):
    """The planner's move and reason for `seat`, checked as the rules would check it."""
    move, why = SetsAndRunsPlanner().choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
    GAME.check(state, seat, move)
    return move, why


def buyer_first(state) -> int:
    """The seat to ask next: in a buy window the seats that may buy speak first, nearest first,
    before the next player's own move resolves it (as `cardtable simulate` and the table's
    window do); else the seat to play."""
    window = GAME.claim_window(state)
    if window is not None and window.open_to:
        return window.open_to[0]
    return GAME.to_act(state)[0]


def names_its_card(view, move, why: str) -> bool:
    """The reason names the card the move is about (the discard taken or bought, the card
    played or discarded, the first card of a meld laid down)."""
    if isinstance(move, LayMeld):
        return f"{'run' if move.run else 'set'} {move.cards[0].short}" in why
    card = getattr(move, "card", None)
    if isinstance(card, str) or card is None:  # a claim's card is the window's, as text
        card = view.discard_top if move not in (DRAW_STOCK, LET_GO) else None
    if card is None:
        return bool(why)
    return (card.short if card.rank else "Joker") in why


def play_game(seed: int, players: list) -> tuple[list[int], list[float]]:
    """A full game; every planner move is checked by the rules first. (totals, CPU seconds of
    each planner decision)."""
    state = GAME.new_game(len(players), seed)
    spent: list[float] = []
    while not GAME.is_over(state):
        seat = buyer_first(state)
        player = players[seat]
        moves = GAME.legal_moves(state, seat)
        if player.needs_view:
            view = GAME.view(state, seat)
            start = time.thread_time()
            move, why = player.choose(view, moves)
            spent.append(time.thread_time() - start)
            GAME.check(state, seat, move)
            assert names_its_card(view, move, why), (move, why)
        else:
            move, _ = player.choose(None, moves)
        GAME.advance(state, seat, move)
    return state.totals, spent


def test_the_planner_has_the_lowest_total_against_three_random_bots():
    lowest = 0
    spent: list[float] = []
    for seed in range(GAMES):
        players = [planner("sets-and-runs", seed), *(RandomBot(seed * 7 + i) for i in (1, 2, 3))]
        totals, times = play_game(seed, players)
        spent += times
        lowest += totals[0] < min(totals[1:])
    assert lowest >= LOWEST_AT_LEAST, f"lowest in {lowest} of {GAMES}"
    assert sum(spent) / len(spent) < 0.002  # CPU time: typically ~0.2 ms


def test_four_planners_finish_every_round_by_going_out():
    for seed in (3, 4):
        state = GAME.new_game(4, seed)
        players = [SetsAndRunsPlanner(seed + i) for i in range(4)]
        while not GAME.is_over(state):
            seat = buyer_first(state)
            move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
            GAME.advance(state, seat, move)
        assert all(result.went_out is not None for result in state.history)


# Building toward the contract


def test_it_lays_down_the_whole_contract_meld_by_meld_as_its_hint_says():
    state = position({0: "7S 7H 7C QH QS JK 2D 5C 9D KH 3S 4D"})
    move, why = hint(state, 0)
    assert isinstance(move, LayMeld) and move in GAME.legal_moves(state, 0)
    assert why.startswith("You hold Two Sets: lay down the set ")
    GAME.play(state, 0, move)
    second, _ = hint(state, 0)
    assert isinstance(second, LayMeld)
    GAME.play(state, 0, second)
    assert state.laid_down[0]
    first, then = why.removesuffix(".").split(", then the ")
    assert first.endswith(f"the set {state.melds[0].text()}")
    assert sorted(then.split()) == sorted(f"set {state.melds[1].text()}".split())
    assert sorted(c.short for m in state.melds for c in m.cards) == sorted(
        c.short for c in cs("7S 7H 7C QH QS JK")
    )


def test_it_lays_down_two_sets_of_one_rank():
    # Issue 18: four 9s and six 10s are Three Sets (two of 10s); the hint said "Your plan
    # lacks 2 cards" and sat on the contract.
    state = position({0: "9S 9H 9D 9C 10S 10S 10H 10H 10D 10D 4C 7H"}, seats=3, round_number=4)
    move, why = hint(state, 0)
    assert why.startswith("You hold Three Sets: lay down the set "), why
    while not state.laid_down[0]:
        assert isinstance(move, LayMeld)
        GAME.apply(state, 0, move)
        if not state.laid_down[0]:
            move, _ = hint(state, 0)
    ranks = sorted(m.cards[0].rank for m in state.melds)
    assert ranks == [9, 10, 10]
    assert sorted(state.hands[0], key=str) == sorted(cs("4C 7H"), key=str)


def test_its_plan_counts_a_second_set_of_one_rank():
    # Three Sets from five 10s and three 9s: the second set of 10s lacks one card.
    state = position({0: "9S 9H 9D 10S 10S 10H 10D 10C 4C 7H KD"}, seats=3, round_number=4)
    move, why = hint(state, 0)
    assert isinstance(move, Discard)
    assert "Your plan lacks 1 card" in why
    assert "a set of 10s (10♠ 10♥ 10♦)" in why and "a set of 10s (10♣ 10♠, 1 missing)" in why


def test_it_takes_the_discard_that_completes_its_contract_and_says_so():
    state = position({0: "7S 7H QH QS QC 2D 5C 9D KH 3S 4D"}, discards="7C", window=True)
    move, why = hint(state, 0)
    assert move == TAKE_DISCARD
    assert why.startswith("With the 7♣ you hold Two Sets")
    GAME.play(state, 0, move)
    lay, _ = hint(state, 0)
    assert isinstance(lay, LayMeld)


def test_it_leaves_a_discard_that_does_not_help_and_says_how_far_it_is():
    state = position({0: "7S 7H QH QS 2D 5C 9D KH 3S 4D 8C"}, discards="JD", window=True)
    move, why = hint(state, 0)
    assert move == DRAW_STOCK
    assert "The J♦ would not bring you closer to Two Sets (your plan lacks 2 cards" in why


def test_it_keeps_its_partial_melds_and_jokers_and_discards_a_lone_card():
    # One Set and One Run: 5-6-8 of Hearts wants the 7, the Queens a third; the Joker is kept.
    state = position({0: "5H 6H 8H QS QD JK 2C 9S KD 4C 10D 3S"}, round_number=2)
    move, why = hint(state, 0)
    assert isinstance(move, Discard)
    assert move.card not in cs("5H 6H 8H QS QD") and move.card != c("JK")
    assert f"The {move.card.short} is in no meld of it" in why
    assert "a run 5♥-8♥ (5♥ 6♥ 8♥, 1 missing)" in why


def test_it_dumps_its_high_cards_once_someone_has_laid_down():
    # Two loose cards: a King next to a Jack of its suit (some hope of a run), and a lone 3.
    hand = "5H 6H 8H QS QD 7S 7D KC JC 3D JK"
    quiet = position({0: hand}, round_number=2)
    move, _ = hint(quiet, 0)
    assert move == discard(c("3D"))
    down = position(
        {0: hand}, round_number=2, melds=((1, "set", "9S 9H 9C"), (1, "run", "2C 3C 4C 5C"))
    )
    move, why = hint(down, 0)
    assert move == discard(c("KC"))
    assert "costs 10 points if the round ends" in why


# Buying


def test_it_buys_a_card_that_fills_a_run_in_the_three_runs_round():
    hand = "3H 4H 6H 8S 9S 10S 2C 3C 4C KD 9D"
    state = position({2: hand}, round_number=7, discards="5H", turn=1, window=True)
    move, why = hint(state, 2)
    assert move == CLAIM
    assert "The 5♥ brings you closer to Three Runs" in why and "2 buys left after" in why
    GAME.play(state, 2, move)
    GAME.play(state, 1, DRAW_STOCK)
    assert len(state.hands[2]) == 13


def test_it_does_not_buy_with_a_big_hand_or_after_laying_down():
    big = "3H 4H 6H 8S 9S 10S 2C 3C 4C KD 9D QD QC JH 2S 7D 5S"
    state = position({2: big}, round_number=7, discards="5H", turn=1, window=True)
    move, why = hint(state, 2)
    assert move == LET_GO and why.startswith("Your hand is big already (17 cards)")
    down = position(
        {2: "6H 9D KD"},
        round_number=1,
        melds=((2, "set", "8S 8H 8C"), (2, "set", "4D 4C 4S")),
        discards="6S",
        turn=1,
        window=True,
    )
    move, why = hint(down, 2)
    assert move == LET_GO and why.startswith("You have laid down")


def test_it_does_not_buy_a_card_it_has_no_use_for():
    state = position({2: "7S 7H QH QS 2D 5C 9D KH 3S 4D 8C"}, discards="JD", turn=1, window=True)
    move, why = hint(state, 2)
    assert move == LET_GO
    assert "let it go" in why


# After laying down


def test_it_swaps_the_joker_out_of_a_run_then_plays_the_joker():
    # The seed's example: the 5 of Spades takes the Joker's place in 4-Joker-6-7 of Spades.
    state = position(
        {0: "5S KD 2C"},
        round_number=3,
        melds=(
            (1, "run", "4S JK 6S 7S"),
            (1, "run", "6H 7H 8H 9H"),
            (0, "run", "JC QC KC AC"),
            (0, "run", "2D 3D 4D 5D"),
        ),
    )
    move, why = hint(state, 0)
    assert isinstance(move, Swap) and move.card == c("5S")
    assert "takes the place of the Joker in meld 1 (4♠ Jkr(5♠) 6♠ 7♠)" in why
    GAME.play(state, 0, move)
    assert c("JK") in state.hands[0]
    move, why = hint(state, 0)
    assert isinstance(move, AddTo) and move.card == c("JK")
    assert "A Joker that can go on a meld may not be discarded" in why


def test_after_laying_down_it_plays_off_what_fits_then_discards_its_highest_card():
    state = position(
        {0: "10H KD 2C"},
        round_number=2,
        melds=((0, "set", "8S 8D 8C"), (0, "run", "6H 7H 8H 9H")),
    )
    move, why = hint(state, 0)
    assert move == AddTo(card=c("10H"), meld=1, high=True)
    assert "The 10♥ goes on meld 2 (6♥ 7♥ 8♥ 9♥)" in why
    GAME.play(state, 0, move)
    move, why = hint(state, 0)
    assert move == discard(c("KD"))
    assert (
        "None of your cards fits a meld; the K♦ costs 10 points if the round ends and it "
        "is worth the most" in why
    )
    GAME.play(state, 0, move)
    assert hand_points(state.hands[0]) == 5


def test_a_discard_among_cards_of_equal_worth_is_not_called_the_most_valuable():
    state = position(
        {0: "3D 9S 4H"},
        round_number=2,
        melds=((0, "set", "8S 8D 8C"), (0, "run", "6H 7H 8H 9H")),
    )
    move, why = hint(state, 0)
    assert isinstance(move, Discard)
    assert "worth the most" not in why
    assert (
        f"the {move.card.short} costs 5 points if the round ends and no card is worth more" in why
    )


def test_it_takes_a_discard_it_can_play_off_once_laid_down():
    state = position(
        {0: "KD 2C"},
        round_number=1,
        melds=((0, "set", "8S 8H 8C"), (0, "set", "4D 4C 4S")),
        discards="8D",
        window=True,
    )
    move, why = hint(state, 0)
    assert move == TAKE_DISCARD
    assert why.startswith("The 8♦ goes on meld 1 (8♠ 8♥ 8♣)")
    GAME.play(state, 0, move)
    assert state.phase is Phase.PLAY
    move, _ = hint(state, 0)
    assert move == AddTo(card=c("8D"), meld=0, high=False)


def test_once_someone_has_laid_down_it_buys_only_what_nearly_finishes_its_contract():
    hand = "2H 5H 9S KD 3C 7D JC QS 4S 8D 6C"
    early = position({2: hand}, round_number=2, discards="3H", turn=1, window=True)
    move, why = hint(early, 2)
    assert move == CLAIM and "lack 3 cards instead of 4" in why
    late = position(
        {2: hand},
        round_number=2,
        melds=((0, "set", "9H 9D 9C"), (0, "run", "JD QD KD AD")),
        discards="3H",
        turn=1,
        window=True,
    )
    move, why = hint(late, 2)
    assert move == LET_GO
    assert "someone has laid down and you would still lack 3 cards" in why


def test_floating_it_draws_then_plays_the_card_if_it_fits():
    state = position(
        {0: ""},
        melds=((0, "set", "8S 8H 8C"), (0, "set", "4D 4C 4S")),
        discards="KH",
        stock="8D",
        window=True,
    )
    state.floating[0] = True
    move, why = hint(state, 0)
    assert move == DRAW_STOCK and why.startswith("You are floating: draw from the stock")
    GAME.play(state, 0, move)
    move, why = hint(state, 0)
    assert move == AddTo(card=c("8D"), meld=0, high=False)


def test_a_hand_with_too_few_cards_for_its_runs_is_read_without_failing():
    # One natural card toward Three Runs: two of the runs have no card yet (the reading asserted
    # on such a hand, then failed on its empty runs).
    state = position({0: "5H JK JK"}, round_number=7)
    move, why = hint(state, 0)
    assert isinstance(move, Discard)
    assert "a run (nothing yet, 4 missing) and a run (nothing yet, 4 missing)" in why

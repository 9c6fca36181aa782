"""Each rule of Runway (RULES.md, "Runway") and each optional rule as a test a broken rule fails."""

from collections import Counter

import pytest

from cardtable import games
from cardtable.cards import Direction, DirectionCard, pilatch_deck
from cardtable.engine import IllegalMove
from cardtable.games.runway import moves as mv
from cardtable.games.runway.moves import End
from cardtable.games.runway.scoring import FLAT_ROUNDS
from cardtable.games.runway.state import Phase, RunCard, Triple
from tests.cards_text import pcard, pcards

GAME = games.get("runway")
UP, DOWN = Direction.UP, Direction.DOWN


def run_of(text: str) -> list[RunCard]:
    """'5R 6R KpR:7' -> a run, low end first; a Joker's ':7' is the rank it stands for."""
    found = []
    for part in text.split():
        name, _, rank = part.partition(":")
        card = pcard(name)
        found.append(
            RunCard(card=card, rank=int(rank) if rank else (None if card.is_joker else card.rank))
        )
    return found


def position(
    hands,
    runs=None,
    directions=None,
    phase=Phase.BUILD,
    deck="9S 9S 9S 9S 9S",
    bin="",
    active=0,
    **options,
):
    """A hand-made position: hands, runs, directions, the deck (top card last) and the bin."""
    seats = len(hands)
    state = GAME.new_game(seats=seats, seed=1, options=options)
    state.hands = [pcards(h) for h in hands]
    state.runs = [run_of(r) for r in (runs or [""] * seats)]
    if directions is not None:
        state.directions = list(directions)
    state.deck = pcards(deck)
    state.bin = pcards(bin)
    state.common = []
    state.active = active
    state.phase = phase
    return state


def do(state, move, seat=None):
    return GAME.apply(state, state.active if seat is None else seat, move)


def refused(state, move, seat=None) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as caught:
        do(state, move, seat)
    assert state.model_dump_json() == before, "a refused move changed the game"
    return caught.value.reason


def add(card, end=End.HIGH, from_common=False):
    return mv.AddToRun(card=pcard(card), end=end, from_common=from_common)


# Setup


@pytest.mark.parametrize(("seats", "x"), [(2, 6), (3, 6), (4, 5), (5, 5)])
def test_x_by_seats_sets_the_deal_and_the_goal(seats, x):
    state = GAME.new_game(seats=seats, seed=2)
    assert state.x == x
    assert [len(h) for h in state.hands] == [x] * seats
    assert state.needed == [x] * seats
    assert Counter(GAME.cards(state)) == Counter(pilatch_deck())


def test_direction_cards_and_first_player_are_random_and_seeded():
    directions = {d for seed in range(20) for d in GAME.new_game(3, seed).directions}
    firsts = {GAME.new_game(3, seed).active for seed in range(20)}
    assert directions == {UP, DOWN}
    assert firsts == {0, 1, 2}
    assert GAME.new_game(3, 7) == GAME.new_game(3, 7)


# Draw phase


def test_draw_takes_the_top_card_of_the_deck_then_the_build_phase_starts():
    state = position(["1R", "2R"], phase=Phase.DRAW, deck="3P 4S")
    do(state, mv.DRAW)
    assert pcard("4S") in state.hands[0]
    assert state.phase is Phase.BUILD


def test_any_cards_of_the_bin_may_be_taken_one_by_one():
    state = position(["1R", "2R"], phase=Phase.DRAW, bin="5R 7P 9S")
    do(state, mv.TakeFromBin(card=pcard("9S")))
    assert state.phase is Phase.TAKING
    assert mv.DRAW not in GAME.legal_moves(state, 0), "it is one or the other"
    do(state, mv.TakeFromBin(card=pcard("5R")))
    do(state, mv.STOP_TAKING)
    assert state.hands[0] == pcards("1R 9S 5R")
    assert state.bin == pcards("7P")
    assert state.phase is Phase.BUILD


def test_an_empty_bin_leaves_the_deck_an_empty_deck_the_bin_and_both_empty_skip_the_draw():
    state = position(["1R", "2R"], phase=Phase.DRAW, deck="3P", bin="")
    assert GAME.legal_moves(state, 0) == [mv.DRAW]
    state = position(["1R", "2R"], phase=Phase.DRAW, deck="", bin="4S")
    assert GAME.legal_moves(state, 0) == [mv.TakeFromBin(card=pcard("4S"))]
    assert "empty" in refused(state, mv.DRAW)
    state = position(["1R", "2R"], phase=Phase.DISCARD, deck="", bin="")
    do(state, mv.END_TURN)
    assert state.active == 1 and state.phase is Phase.BUILD


def test_building_waits_for_the_draw():
    state = position(["5R", "2R"], phase=Phase.DRAW)
    assert "Draw first" in refused(state, mv.StartRun(card=pcard("5R")))


# Runs


def test_a_run_starts_with_any_hand_card_only_when_there_is_none():
    state = position(["5R 9P", "2R"], directions=[UP, UP])
    do(state, mv.StartRun(card=pcard("9P")))
    assert state.runs[0] == run_of("9P")
    assert "one run at a time" in refused(state, mv.StartRun(card=pcard("5R")))


def test_going_up_the_next_rank_goes_on_the_high_end():
    state = position(["8R 4R", "2R"], runs=["5R 6R 7R", ""], directions=[UP, UP])
    assert add("8R") in GAME.legal_moves(state, 0)
    assert add("4R", End.LOW) not in GAME.legal_moves(state, 0)
    assert "goes UP" in refused(state, add("4R", End.LOW))
    do(state, add("8R"))
    assert [e.rank for e in state.runs[0]] == [5, 6, 7, 8]


def test_going_down_a_wrong_card_is_refused_with_the_card_it_needs():
    state = position(["5P", "2R"], runs=["7P", ""], directions=[DOWN, UP])
    reason = refused(state, add("5P", End.LOW))
    assert reason == "The 5 of Paper does not follow the 7 of Paper going DOWN: it needs the 6."


def test_a_run_is_one_suit():
    state = position(["8P", "2R"], runs=["7R", ""], directions=[UP, UP])
    assert "a run is one suit" in refused(state, add("8P"))


def test_a_run_cannot_wrap_from_a_to_1():
    state = position(["1R", "2R"], runs=["QR KR AR", ""], directions=[UP, UP])
    assert "cannot wrap from A to 1" in refused(state, add("1R"))
    state = position(["AR", "2R"], runs=["1R 2R", ""], directions=[DOWN, UP])
    assert "cannot wrap from 1 to A" in refused(state, add("AR", End.LOW))


def test_a_common_area_card_that_is_exactly_next_joins_the_run():
    state = position(["2S", "2R"], runs=["5R", ""], directions=[UP, UP])
    state.common = [Triple(owner=1, rank=6, cards=pcards("6R 6P 6S"))]
    assert add("6R", from_common=True) in GAME.legal_moves(state, 0)
    assert add("6P", from_common=True) not in GAME.legal_moves(state, 0)
    do(state, add("6R", from_common=True))
    assert state.runs[0] == run_of("5R 6R")
    assert state.common[0].cards == pcards("6P 6S")


def test_a_flipped_direction_moves_the_leading_edge():
    state = position(["9P 9S KpR 4R 8R", "2R"], runs=["5R 6R 7R", ""], directions=[UP, UP])
    do(state, mv.PlayTriple(cards=tuple(pcards("KpR 9P 9S")), rank=9))
    do(state, mv.FlipDirections(seats=(0,)))
    assert state.directions[0] is DOWN
    legal = GAME.legal_moves(state, 0)
    assert add("4R", End.LOW) in legal
    assert add("8R") not in legal


# Triples and special actions


def test_a_triple_is_one_of_each_suit_of_one_rank_and_earns_one_action():
    state = position(["5R 5P KpS 5S", "2R"], directions=[UP, UP])
    do(state, mv.PlayTriple(cards=tuple(pcards("5P KpS 5R")), rank=5))
    assert state.actions == 1
    assert state.common == [Triple(owner=0, rank=5, cards=pcards("5R 5P KpS"))]
    assert state.hands[0] == pcards("5S")


def test_a_joker_stands_only_for_its_own_suit_and_a_triple_needs_a_natural_card():
    state = position(["5R 5P KpR KpP KpS", "2R"], directions=[UP, UP])
    assert "only for its own suit" in refused(
        state, mv.PlayTriple(cards=tuple(pcards("5R 5P KpR")), rank=5)
    )
    no_natural = mv.PlayTriple(cards=tuple(pcards("KpR KpP KpS")), rank=5)
    assert "natural" in refused(state, no_natural)


def test_actions_are_used_later_in_the_same_build_phase_and_expire_at_its_end():
    state = position(["5R 5P 5S 5S", "2R"], directions=[UP, UP], deck="1R 2R 3R 4R")
    assert "play a triple" in refused(state, mv.DRAW_THREE)
    do(state, mv.PlayTriple(cards=tuple(pcards("5R 5P 5S")), rank=5))
    do(state, mv.DRAW_THREE)
    assert len(state.hands[0]) == 4 and state.deck == pcards("1R")
    state.actions = 2
    do(state, mv.END_BUILD)
    assert state.actions == 0


def test_draw_three_draws_fewer_from_a_short_deck():
    state = position(["2R", "2S"], directions=[UP, UP], deck="7P 8P")
    state.actions = 1
    do(state, mv.DRAW_THREE)
    assert state.hands[0] == pcards("2R 8P 7P")
    assert state.deck == []


def test_flip_any_set_of_direction_cards():
    state = position(["2R", "2S", "3S"], directions=[UP, DOWN, UP])
    state.actions = 1
    flips = [m.seats for m in GAME.legal_moves(state, 0) if isinstance(m, mv.FlipDirections)]
    assert sorted(flips) == sorted([(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)])
    do(state, mv.FlipDirections(seats=(2, 1)))
    assert state.directions == [UP, UP, DOWN]


def test_look_at_an_opponents_hand_only_she_who_looks_sees_it_and_may_swap_one_card():
    state = position(["2R 3R", "7S 8S", "9P"], directions=[UP, UP, UP])
    state.actions = 1
    do(state, mv.LookAtHand(seat=1))
    assert GAME.view(state, 0).peek == pcards("7S 8S")
    assert GAME.view(state, 2).peek is None
    assert GAME.seen_hands(state, 0) == [0, 1]
    do(state, mv.SwapCards(mine=pcard("2R"), theirs=pcard("8S")))
    assert state.hands[0] == pcards("3R 8S") and state.hands[1] == pcards("7S 2R")
    assert state.phase is Phase.BUILD and GAME.view(state, 0).peek is None


def test_looking_without_a_swap_changes_no_hand():
    state = position(["2R", "7S"], directions=[UP, UP])
    state.actions = 1
    do(state, mv.LookAtHand(seat=1))
    do(state, mv.STOP_LOOKING)
    assert state.hands == [pcards("2R"), pcards("7S")]


# Jokers


def test_a_joker_on_the_leading_edge_takes_the_next_rank_and_keeps_it():
    state = position(["KpR", "2S"], runs=["5R 6R", ""], directions=[UP, UP])
    do(state, add("KpR"))
    assert state.runs[0][-1] == RunCard(card=pcard("KpR"), rank=7)
    state.directions[0] = DOWN
    state.hands[0] = pcards("4R")
    assert add("4R", End.LOW) in GAME.legal_moves(state, 0)


def test_a_joker_needs_the_runs_suit_and_a_next_rank():
    state = position(["KpP KpR", "2S"], runs=["KR AR", ""], directions=[UP, UP])
    assert "one suit" in refused(state, add("KpP"))
    assert "wrap" in refused(state, add("KpR"))


def test_a_joker_that_starts_a_run_is_pending_until_a_card_gives_it_an_existing_rank():
    state = position(["KpR 1R 2R", "2S"], directions=[UP, UP])
    do(state, mv.StartRun(card=pcard("KpR")))
    assert state.runs[0] == run_of("KpR")
    assert "2 to A" in refused(state, add("1R"))
    do(state, add("2R"))
    assert state.runs[0] == [RunCard(card=pcard("KpR"), rank=1), RunCard(card=pcard("2R"), rank=2)]
    state = position(["KpS AS KS", "2S"], directions=[DOWN, UP])
    do(state, mv.StartRun(card=pcard("KpS")))
    assert "1 to K" in refused(state, add("AS", End.LOW))
    do(state, add("KS", End.LOW))
    assert [e.rank for e in state.runs[0]] == [13, 14]


def test_a_pending_joker_cannot_be_replaced_or_trounced():
    state = position(["1R 5P", "2S"], runs=["", "KpR"], directions=[UP, UP], trounce=True)
    moves = GAME.legal_moves(state, 0)
    assert not any(isinstance(m, (mv.ReplaceJoker, mv.Trounce)) for m in moves)
    assert "no card yet" in refused(state, mv.ReplaceJoker(card=pcard("1R"), run_of=1))


def test_a_joker_is_replaced_by_the_natural_card_it_stands_for_and_goes_to_hand():
    state = position(["7R 9P", "2S"], runs=["", "5R 6R KpR:7 8R"], directions=[UP, UP])
    state.common = [Triple(owner=1, rank=9, cards=pcards("9R KpP 9S"))]
    do(state, mv.ReplaceJoker(card=pcard("7R"), run_of=1))
    assert state.runs[1] == run_of("5R 6R 7R 8R")
    do(state, mv.ReplaceJoker(card=pcard("9P"), run_of=None))
    assert state.common[0].cards == pcards("9R 9P 9S")
    assert state.hands[0] == pcards("KpR KpP")


def test_a_joker_in_a_six_card_goal_means_seven_cards():
    state = position(["2S", "2P"], runs=["3R 4R KpR:5 6R 7R 8R", ""], directions=[UP, UP])
    do(state, mv.END_BUILD)
    assert not state.over and state.phase is Phase.DISCARD
    state = position(["2S", "2P"], runs=["3R 4R KpR:5 6R 7R 8R 9R", ""], directions=[UP, UP])
    do(state, mv.END_BUILD)
    assert state.over and GAME.outcome(state).winners == [0]


# Winning, discarding, the deck's end


def test_the_win_comes_when_the_build_phase_ends_and_skips_the_discard():
    state = position(
        ["8R 1S 2S 3S 4S 5S 6S 7S", "2P"], runs=["3R 4R 5R 6R 7R", ""], directions=[UP, UP]
    )
    do(state, add("8R"))
    assert not state.over
    do(state, mv.END_BUILD)
    assert state.over and GAME.outcome(state).winners == [0]
    assert GAME.to_act(state) == []


def test_only_the_active_player_wins():
    state = position(["2S", "2P"], runs=["", "3R 4R 5R 6R 7R 8R"], directions=[UP, UP])
    do(state, mv.END_BUILD)
    assert not state.over


def test_the_run_may_be_recycled_and_the_hand_is_discarded_down_to_x():
    state = position(
        ["1S 2S 3S 4S 5S 6S 7S 8S", "2P"],
        runs=["3R 4R", ""],
        phase=Phase.DISCARD,
        directions=[UP, UP],
    )
    assert "discard 2 first" in refused(state, mv.END_TURN)
    do(state, mv.RECYCLE)
    assert state.runs[0] == [] and state.bin == pcards("3R 4R")
    assert state.directions[0] is UP, "the direction card stays"
    do(state, mv.Discard(card=pcard("1S")))
    do(state, mv.Discard(card=pcard("8S")))
    assert "nothing to discard" in refused(state, mv.Discard(card=pcard("2S")))
    do(state, mv.END_TURN)
    assert state.active == 1 and state.phase is Phase.DRAW


def test_an_empty_deck_and_a_round_without_growth_end_the_game_to_the_longest_run():
    state = position(["2S", "3S"], runs=["5R 6R", "5P 6P 7P"], deck="", bin="", phase=Phase.DISCARD)
    do(state, mv.END_TURN)
    assert not state.over
    do(state, mv.END_BUILD, seat=1)
    do(state, mv.END_TURN, seat=1)
    assert state.over and GAME.outcome(state).winners == [1]


def test_a_two_way_tie_goes_to_the_superior_suit():
    state = position(["2S", "3S"], runs=["5S 6S", "5R 6R"], deck="", bin="", phase=Phase.DISCARD)
    do(state, mv.END_TURN)
    do(state, mv.END_BUILD, seat=1)
    do(state, mv.END_TURN, seat=1)
    assert GAME.outcome(state).winners == [1], "Rock beats Scissors"


# Optional rules


def test_trading_the_offer_is_answered_on_the_opponents_turn_to_act():
    state = position(["2R 3R", "7S 8S"], directions=[UP, UP])
    assert "not in play" in refused(state, mv.OfferTrade(seat=1))
    state = position(["2R 3R", "7S 8S"], directions=[UP, UP], trading=True)
    do(state, mv.OfferTrade(seat=1))
    do(state, mv.OfferCard(card=pcard("2R")))
    do(state, mv.ASK_CARD)
    do(state, mv.SEND_OFFER)
    assert GAME.to_act(state) == [1]
    assert GAME.view(state, 1).offer.give == pcards("2R")
    assert GAME.view(state, 0).offer.given == []
    do(state, mv.ACCEPT, seat=1)
    do(state, mv.GiveCard(card=pcard("8S")), seat=1)
    assert state.hands == [pcards("3R 8S"), pcards("7S 2R")]
    assert GAME.to_act(state) == [0] and state.phase is Phase.BUILD


def test_a_trade_is_told_in_plain_words_with_whose_cards_are_whose():
    """Issue 18.12: 'Ann offers Bob 2 card(s) for 1 of hers' left whose cards unclear."""
    names = ["Ann", "Bob"]
    state = position(["2R 3R 4R", "7S 8S"], directions=[UP, UP], trading=True)
    do(state, mv.OfferTrade(seat=1))
    do(state, mv.OfferCard(card=pcard("2R")))
    assert "you give 1 card and ask for nothing" in GAME.explain(state, 0)
    do(state, mv.OfferCard(card=pcard("3R")))
    do(state, mv.ASK_CARD)
    sent = do(state, mv.SEND_OFFER)
    assert sent[-1].render(names) == "Ann offers Bob 2 of her cards for 1 of Bob's cards"
    assert "you get 2●R, 3●R for 1 of your cards (you pick which)" in GAME.explain(state, 1)
    do(state, mv.ACCEPT, seat=1)
    assert "choose 1 more card of yours to give" in GAME.explain(state, 1)
    traded = do(state, mv.GiveCard(card=pcard("8S")), seat=1)
    assert traded[-1].render(names) == "Ann and Bob trade: Ann gives 2 cards and gets 1 card"
    state.actions = 1
    said = GAME.explain(state, 0)
    assert "1 special action to use now" in said
    lines = [e.render(names) for e in sent + traded] + [said]
    assert not any("(s)" in line or " 1 cards" in line for line in lines)


def test_a_declined_trade_changes_nothing():
    state = position(["2R 3R", "7S 8S"], directions=[UP, UP], trading=True)
    for move in (mv.OfferTrade(seat=1), mv.OfferCard(card=pcard("3R")), mv.SEND_OFFER):
        do(state, move)
    do(state, mv.DECLINE, seat=1)
    assert state.hands == [pcards("2R 3R"), pcards("7S 8S")]


def test_especially_special_actions():
    state = position(
        ["2R", "7S", "8S"],
        directions=[UP, UP, UP],
        deck="1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 1P 2P 3P 4P 5P 6P 7P 8P",
        especially_special=True,
    )
    state.actions = 4
    do(state, mv.RAISE_HAND_LIMIT)
    assert state.hand_limits[0] == state.x + 1
    do(state, mv.LengthenRun(seat=1))
    assert state.needed[1] == state.x + 1
    do(state, mv.EXTRA_TURN)
    state.bin = pcards("1S")
    state.common = [Triple(owner=2, rank=4, cards=pcards("4R 4P 4S"))]
    do(state, mv.RESHUFFLE)
    assert [len(h) for h in state.hands] == [state.x] * 3
    assert state.bin == [] and state.common == []
    assert state.extra_turns == 1


def test_the_extra_turn_comes_next_and_without_a_win_hand_and_run_go_into_the_deck():
    state = position(
        ["2S", "3S"],
        runs=["5R", ""],
        directions=[UP, UP],
        phase=Phase.DISCARD,
        deck="9P 9P 9P",
        especially_special=True,
    )
    state.extra_turns = 1
    do(state, mv.END_TURN)
    assert state.active == 0 and state.on_extra_turn
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    assert state.hands[0] == [] and state.runs[0] == []
    assert Counter(state.deck) == Counter(pcards("9P 9P 9P 2S 5R"))


def test_lengthen_stops_at_fourteen():
    state = position(["2S", "3S"], directions=[UP, UP], especially_special=True)
    state.needed[1] = 14
    state.actions = 1
    assert not any(isinstance(m, mv.LengthenRun) for m in GAME.legal_moves(state, 0))
    assert "14" in refused(state, mv.LengthenRun(seat=1))


def test_multiple_decks_make_x_six_and_duplicates_can_be_revealed():
    state = GAME.new_game(seats=4, seed=3, options={"decks": 2})
    assert state.x == 6 and len(GAME.cards(state)) == 90
    state = position(["7R 7R 7R 2S", "3S"], directions=[UP, UP], deck="1P 2P 3P 4P", decks=2)
    do(state, mv.RevealDuplicates(card=pcard("7R"), count=3))
    assert state.hands[0] == pcards("2S 4P 3P 2P")
    assert state.bin == pcards("7R")
    assert state.deck == pcards("7R 7R 1P"), "all but one go under the deck"
    assert "Multiple Decks" in refused(
        position(["7R 7R", "2S"]), mv.RevealDuplicates(card=pcard("7R"), count=2)
    )


def test_biggest_run_wins_plays_to_the_empty_deck():
    state = position(
        ["2S", "3S"],
        runs=["1R 2R 3R 4R 5R 6R 7R", "5P 6P KpP:7"],
        deck="9S",
        directions=[UP, UP],
        phase=Phase.DISCARD,
        biggest_run_wins=True,
    )
    state.phase = Phase.BUILD
    # The title's line says how this game is won (it said "Runs of 6 win").
    assert GAME.outcome(state).summary == "The longest run wins when the deck runs out; deck 1."
    do(state, mv.END_BUILD)
    assert not state.over, "a run of X does not win"
    do(state, mv.END_TURN)
    do(state, mv.DRAW, seat=1)
    do(state, mv.END_BUILD, seat=1)
    do(state, mv.END_TURN, seat=1)
    assert state.over and GAME.outcome(state).winners == [0]


def test_biggest_run_wins_with_several_decks_lets_a_run_of_14_wrap():
    full = " ".join(
        f"{r}R" for r in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    )
    state = position(
        ["1R", "3S"], runs=[full, ""], directions=[UP, UP], biggest_run_wins=True, decks=2
    )
    assert add("1R") in GAME.legal_moves(state, 0)
    state = position(["1R", "3S"], runs=[full, ""], directions=[UP, UP], decks=2)
    assert add("1R") not in GAME.legal_moves(state, 0)


def test_handicap_a_winner_needs_one_more_card_or_keeps_one_fewer_in_later_games():
    for handicap, needed, limit in (("One more run card", 7, 6), ("One fewer hand card", 6, 5)):
        state = position(
            ["2S", "3S"],
            runs=["3R 4R 5R 6R 7R 8R", ""],
            directions=[UP, UP],
            handicap=handicap,
            games=2,
        )
        do(state, mv.END_BUILD)
        assert state.game_number == 2 and not state.over
        assert state.needed[0] == needed and state.hand_limits[0] == limit
        assert state.needed[1] == 6 and state.hand_limits[1] == 6


def test_pecking_order_winners_go_out_until_one_is_left_and_set_the_next_order():
    hands = ["2S", "3S", "4S", "5S"]
    runs = ["", "1R 2R 3R 4R 5R", "", ""]
    state = position(hands, runs=runs, directions=[UP] * 4, active=1, pecking_order=True, games=2)
    do(state, mv.END_BUILD)
    assert state.out == [1] and state.runs[1] == [] and not state.over
    assert state.active == 2 and state.game_number == 1
    assert len(state.deck) == 5 + 5
    for seat, run in ((3, "1P 2P 3P 4P 5P"), (0, "1S 2S 3S 4S 5S")):
        state.active, state.phase = seat, Phase.BUILD
        state.runs[seat] = run_of(run)
        do(state, mv.END_BUILD)
    assert state.game_number == 2
    assert state.order == [1, 3, 0, 2] and state.active == 1
    assert state.history[0].out_order == [1, 3, 0, 2]


def test_pecking_order_extra_turns_go_out_with_the_player_who_earned_them():
    """An extra turn banked, then the run completed in the same build: she goes out, and the
    next player plays an ordinary turn (not the extra one, and not as a failed extra turn)."""
    hands = ["2S 5R", "3S", "4S", "5S"]
    runs = ["1R 2R 3R 4R", "", "", ""]
    state = position(hands, runs=runs, directions=[UP] * 4, pecking_order=True, games=2)
    state.extra_turns = 1
    do(state, add("5R"))
    do(state, mv.END_BUILD)
    assert state.out == [0] and state.active == 1
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    assert len(state.hands[1]) == 2, "her hand stays: she is on no extra turn"
    do(state, mv.END_TURN)
    assert state.active == 2, "the extra turn is not handed on to the next player"


def test_pecking_order_going_out_on_the_extra_turn_leaves_the_next_turn_ordinary():
    hands = ["2S 5R", "3S", "4S", "5S"]
    runs = ["1R 2R 3R 4R", "", "", ""]
    state = position(hands, runs=runs, directions=[UP] * 4, pecking_order=True, games=2)
    state.on_extra_turn = True
    do(state, add("5R"))
    do(state, mv.END_BUILD)
    assert state.out == [0] and state.active == 1 and not state.on_extra_turn
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    assert len(state.hands[1]) == 2, "her hand stays: she was on no extra turn"


def test_pecking_order_needs_four_players():
    state = position(["2S", "3S", "4S"], runs=["1R 2R 3R 4R 5R 6R", "", ""], pecking_order=True)
    do(state, mv.END_BUILD)
    assert state.over


def test_build_easily_has_no_direction_cards_and_builds_on_either_end():
    state = GAME.new_game(seats=3, seed=4, options={"build_easily": True})
    assert state.directions == [None, None, None]
    state = position(
        ["4R 8R", "3S"], runs=["5R 6R 7R", ""], directions=[None, None], build_easily=True
    )
    legal = GAME.legal_moves(state, 0)
    assert add("8R") in legal and add("4R", End.LOW) in legal


def test_speed_up_draws_a_card_for_each_natural_card_added_after_a_deck_draw():
    state = position(
        ["6R KpR 8R", "3S"],
        runs=["5R", ""],
        directions=[UP, UP],
        phase=Phase.DRAW,
        deck="1P 2P 3P",
        speed_up=True,
    )
    do(state, mv.DRAW)
    assert len(state.hands[0]) == 4
    do(state, add("6R"))
    assert len(state.hands[0]) == 4, "the 6 left the hand and a card came"
    do(state, add("KpR"))
    assert len(state.hands[0]) == 3, "a Joker draws nothing"
    state = position(
        ["6R", "3S"],
        runs=["5R", ""],
        directions=[UP, UP],
        phase=Phase.DRAW,
        bin="1S",
        speed_up=True,
    )
    do(state, mv.TakeFromBin(card=pcard("1S")))
    assert state.phase is Phase.BUILD, "the bin is empty: building starts"
    do(state, add("6R"))
    assert state.hands[0] == pcards("1S"), "no draw after taking from the bin"


def test_trounce_both_cards_go_to_the_bin_once_a_turn():
    state = position(["7S 9S", "3S"], runs=["", "5P 6P 7P"], directions=[UP, UP], trounce=True)
    assert "superior suit" in refused(state, mv.Trounce(seat=1, card=pcard("9S")))
    do(state, mv.Trounce(seat=1, card=pcard("7S")))
    assert state.runs[1] == run_of("5P 6P")
    assert Counter(state.bin) == Counter(pcards("7S 7P"))
    state.hands[0] = pcards("6S")
    assert "once a turn" in refused(state, mv.Trounce(seat=1, card=pcard("6S")))


def test_a_trouncing_card_that_extends_your_run_stays_and_a_trounced_joker_comes_to_hand():
    state = position(["7S", "3S"], runs=["5S 6S", "5P 6P KpP:7"], directions=[UP, UP], trounce=True)
    do(state, mv.Trounce(seat=1, card=pcard("7S")))
    assert state.runs[0] == run_of("5S 6S 7S")
    assert state.hands[0] == pcards("KpP") and state.bin == []


def test_more_control_the_direction_card_is_in_hand_and_chosen_when_the_run_starts():
    state = GAME.new_game(seats=2, seed=5, options={"more_control": True})
    assert all(h.count(DirectionCard()) == 1 and len(h) == state.x for h in state.hands)
    assert state.directions == [None, None]
    state = GAME.new_game(seats=2, seed=5, options={"more_control": True})
    state.hands[0] = [pcard("5R"), DirectionCard()]
    state.phase = Phase.BUILD
    state.active = 0
    assert "UP or DOWN" in refused(state, mv.StartRun(card=pcard("5R")))
    do(state, mv.StartRun(card=pcard("5R"), direction=DOWN))
    assert state.directions[0] is DOWN and state.hands[0] == []
    do(state, mv.END_BUILD)
    do(state, mv.RECYCLE)
    assert state.hands[0] == [DirectionCard()] and state.directions[0] is None
    state.hands[0] = [pcard("5R")]
    state.phase = Phase.BUILD
    assert not any(isinstance(m, mv.StartRun) for m in GAME.legal_moves(state, 0))
    assert "direction card" in refused(state, mv.StartRun(card=pcard("5R"), direction=UP))


def test_points_score_run_and_triples_minus_hand_and_the_winner_gets_50():
    state = position(
        ["AS 2S", "10P"], runs=["1R 2R 3R 4R 5R 10R", "JP"], directions=[UP, UP], points=True
    )
    state.common = [
        Triple(owner=0, rank=9, cards=pcards("9R 9P")),
        Triple(owner=1, rank=3, cards=pcards("3R KpP 3S")),
    ]
    do(state, mv.END_BUILD)
    # Seat 0: run 25+5+5+5+5+10, triple 5+5, hand -(25+5), +50 = 85. Seat 1: 10 + 5+10+5 - 10 = 20.
    assert state.history[0].points == [85, 20]
    assert state.scores == [85, 20] and not state.over and state.game_number == 2


def test_points_the_session_ends_at_500_with_a_leader_alone():
    state = position(["2S", "3S"], runs=["1R 2R 3R 4R 5R 6R", ""], directions=[UP, UP], points=True)
    state.scores = [420, 100]
    do(state, mv.END_BUILD)
    assert state.over and GAME.outcome(state).winners == [0]
    assert GAME.outcome(state).scores[0] >= 500


def test_infini_deck_shuffles_the_bin_into_an_empty_deck():
    state = position(
        ["2S", "3S"],
        deck="",
        bin="7R 8R",
        phase=Phase.DRAW,
        deck_end="Shuffle the bin into the deck",
    )
    do(state, mv.DRAW)
    assert len(state.hands[0]) == 2 and len(state.deck) == 1 and state.bin == []


def test_points_may_end_the_game_the_moment_the_deck_is_empty():
    """Issue 8, finding 7: before the player who emptied it does anything more."""
    state = position(
        ["2S", "3S"],
        runs=["5R 6R", ""],
        directions=[UP, UP],
        deck="9P",
        phase=Phase.DRAW,
        points="To 500; the empty deck ends each game",
    )
    do(state, mv.DRAW)
    assert state.game_number == 2, "the draw that empties the deck ends the game"
    summary = state.history[0]
    assert summary.winners == [0] and summary.reason.startswith("The deck is empty")
    # Seat 0 scored the hand she held after the draw (2S 9P), not what she might have built.
    assert summary.points == [5 + 5 - 5 - 5 + 50, -5]


def test_the_empty_deck_ending_is_offered_only_with_points():
    options = GAME.options_model
    assert options().points.value == "Off"
    assert options(points="To 500; the empty deck ends each game").deck_ends_game
    with pytest.raises(ValueError, match="not both"):
        options(
            points="To 500; the empty deck ends each game",
            deck_end="Shuffle the bin into the deck",
        )
    # Saves from before the choice moved under Points still load; without Points, refused.
    old = options.model_validate({"points": True, "deck_end": "End the game and score"})
    assert old.deck_ends_game and old.deck_end.value == "Off: draw from the bin"
    assert options.model_validate({"points": False}).points.value == "Off"
    with pytest.raises(ValueError, match="only with Points"):
        options.model_validate({"deck_end": "End the game and score"})


def test_a_session_of_several_games_deals_again_and_counts_wins():
    state = position(["2S", "3S"], runs=["1R 2R 3R 4R 5R 6R", ""], directions=[UP, UP], games=2)
    do(state, mv.END_BUILD)
    assert not state.over and state.game_number == 2 and state.wins == [1, 0]
    assert [len(h) for h in state.hands] == [6, 6]


# Issue 8: rule faults found by the referee


def census(state):
    return Counter(card.model_dump_json() for card in GAME.cards(state))


def test_more_control_a_run_trounced_away_gives_its_owner_her_direction_card_back():
    """Finding 5: she could never start a run again, and a later start lost a card."""
    state = position(
        ["3S 4R", "2P"], runs=["", "3P"], directions=[None, UP], more_control=True, trounce=True
    )
    before = census(state)
    do(state, mv.Trounce(seat=1, card=pcard("3S")))
    assert state.runs[1] == [] and state.directions[1] is None
    assert DirectionCard() in state.hands[1]
    assert census(state) == before, "no card may vanish"
    state.active, state.phase = 1, Phase.BUILD
    do(state, mv.StartRun(card=pcard("2P"), direction=UP))
    assert census(state) == before


def test_a_trounce_takes_the_leading_card_of_a_run_that_holds_its_twin():
    """Finding 6: a wrapped run of two decks, 1 to A then 1 going UP; the leading 1 goes."""
    ranks = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    whole = " ".join(f"{r}R" for r in ranks)
    state = position(
        ["2S", "1P"],
        runs=[whole + " 1R", ""],
        directions=[UP, UP],
        active=1,
        biggest_run_wins=True,
        decks=2,
        trounce=True,
    )
    do(state, mv.Trounce(seat=0, card=pcard("1P")))
    assert state.runs[0] == run_of(whole), "the run keeps its low 1 and stays whole"
    assert Counter(state.bin) == Counter(pcards("1R 1P"))


def test_biggest_run_wins_with_the_bin_shuffled_in_plays_on_while_the_bin_refills_the_deck():
    """Finding 8: the deck running out takes the bin first; the end check comes after."""
    options = {"biggest_run_wins": True, "deck_end": "Shuffle the bin into the deck"}
    state = position(
        ["2S", "3S"], runs=["5R 6R", "7P"], directions=[UP, UP], deck="9S", bin="", **options
    )
    state.phase = Phase.DRAW
    state.bin = pcards("1R 2R 3R 4P 5P 6P 7S 8S")
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    do(state, mv.END_TURN)
    assert not state.over and state.active == 1, "the bin still holds cards for the deck"
    do(state, mv.DRAW, seat=1)
    assert len(state.deck) == 7 and state.bin == []
    # With nothing to shuffle in, an empty deck at a turn's end ends the game.
    state = position(["2S", "3S"], runs=["5R 6R", "7P"], directions=[UP, UP], deck="9S", **options)
    state.phase = Phase.DRAW
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    do(state, mv.END_TURN)
    assert state.over and GAME.outcome(state).winners == [0]


def stall(state, turns):
    """Each player in turn ends her build and her turn, with an empty deck and bin."""
    for _ in range(turns):
        if state.phase is Phase.BUILD:
            do(state, mv.END_BUILD)
        do(state, mv.END_TURN)


def test_a_stalled_pecking_order_game_is_won_by_the_first_out_not_as_the_longest_run():
    """Finding 9: the first out has no run; she wins as the first out, the others follow by
    their runs."""
    state = position(
        ["2S", "3S", "4S", "5S"],
        runs=["1R 2R 3R 4R", "", "1P 2P 3P", "1S"],
        directions=[UP] * 4,
        deck="",
        phase=Phase.DISCARD,
        pecking_order=True,
        points=True,
        games=2,
    )
    state.out = [1]
    stall(state, 3)
    summary = state.history[0]
    assert summary.winners == [1] and "the first player out wins" in summary.reason
    assert "longest run" not in summary.reason
    assert summary.out_order == [1, 0, 2, 3]


def test_an_unbroken_tie_is_a_draw_that_credits_nobody():
    """Finding 9: no win, no +50, no Handicap for any of the tied players."""
    state = position(
        ["2S", "3S"],
        runs=["5R 6R", "8R 9R"],
        directions=[UP, UP],
        deck="",
        phase=Phase.DISCARD,
        decks=2,
        points=True,
        handicap="Both",
    )
    stall(state, 2)
    summary = state.history[0]
    assert summary.winners == [] and summary.drawn == [0, 1] and "draw" in summary.reason
    assert summary.points == [10 - 5, 10 - 5], "Rock and Rock: no superior suit, no +50"
    assert state.wins == [0, 0] and state.needed == [6, 6] and state.hand_limits == [6, 6]


def test_biggest_run_wins_a_tie_the_superior_suit_cannot_break_is_a_shared_win():
    """RULES.md: 'two-way tie to the superior suit, else shared': each of them wins, and with
    Points each adds the +50 (a backstop's unbroken tie, above, is a draw)."""
    state = position(
        ["2S", "3S", "4S"],
        runs=["2R 3R", "2P 3P", "2S 3S"],
        directions=[UP, UP, UP],
        deck="9P",
        phase=Phase.DISCARD,
        biggest_run_wins=True,
        points=True,
    )
    do(state, mv.END_TURN)
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    do(state, mv.END_TURN)
    summary = state.history[0]
    assert summary.winners == [0, 1, 2] and summary.drawn == []
    assert "share the win" in summary.reason
    assert summary.points == [10 + 50 - 5, 10 + 50 - 5 - 5, 10 + 50 - 5]
    assert state.wins == [1, 1, 1]


def test_biggest_run_wins_with_no_run_at_all_is_still_a_draw():
    state = position(
        ["2S", "3S"], directions=[UP, UP], deck="", phase=Phase.DISCARD, biggest_run_wins=True
    )
    do(state, mv.END_TURN)
    assert state.over and state.history[0].winners == [] and state.history[0].drawn == [0, 1]


def test_a_single_game_drawn_with_no_runs_is_shared_in_the_outcome():
    state = position(["2S", "3S"], deck="", phase=Phase.DISCARD)
    stall(state, 2)
    assert state.over and state.history[0].winners == [] and state.history[0].drawn == [0, 1]
    outcome = GAME.outcome(state)
    assert outcome.winners == [0, 1] and "draw" in outcome.summary


def test_three_rounds_without_a_run_growing_or_a_deck_draw_end_the_game_whatever_the_deck():
    """Finding 10: taking from the bin and discarding back must not cycle for ever."""
    state = position(
        ["2S 3S", "4P 5P"],
        runs=["5R 6R 7R", "5P"],
        directions=[UP, UP],
        phase=Phase.DRAW,
        deck="9S 9S 9S 9S 9S 9S",
        bin="1S",
    )
    state.hand_limits = [2, 2]
    for turn in range(6):
        assert not state.over, f"turn {turn + 1} of 6 should still be played"
        seat = state.active
        do(state, mv.TakeFromBin(card=state.bin[0]))
        do(state, mv.END_BUILD)
        do(state, mv.Discard(card=state.hands[seat][0]))
        do(state, mv.END_TURN)
    assert state.over and len(state.deck) == 6
    assert GAME.outcome(state).winners == [0]
    assert "3 full rounds" in state.history[0].reason


def test_rounds_without_a_run_growing_longer_than_it_was_end_the_game():
    """Finding 10: runs recycled and restarted while the bin refills the deck for ever."""
    state = position(
        ["2S", "3S"],
        directions=[UP, UP],
        phase=Phase.DRAW,
        deck="9P 9P",
        bin="1S 2P",
        deck_end="Shuffle the bin into the deck",
    )
    turns = 0
    while not state.over:
        seat = state.active
        do(state, mv.DRAW)
        do(state, mv.StartRun(card=state.hands[seat][0]))
        do(state, mv.END_BUILD)
        do(state, mv.RECYCLE)
        do(state, mv.END_TURN)
        turns += 1
    assert turns == 2 + FLAT_ROUNDS * 2, "two first runs, then the rounds of two turns"
    assert f"{FLAT_ROUNDS} rounds' worth of turns" in state.history[0].reason


def test_a_deck_the_bin_keeps_refilling_plays_on_until_the_thirty_round_backstop():
    """RULES.md names no ending for a whole reshuffled deck drawn with no run growing: only the
    backstop of 30 rounds' worth of turns ends a game Infini-Deck keeps feeding."""
    state = position(
        ["2S", "3S"],
        directions=[UP, UP],
        phase=Phase.DRAW,
        deck="9P",
        bin="1S",
        deck_end="Shuffle the bin into the deck",
    )
    state.hand_limits = [1, 1]
    turns = 0
    while not state.over:
        seat = state.active
        do(state, mv.DRAW)
        do(state, mv.END_BUILD)
        do(state, mv.Discard(card=state.hands[seat][0]))
        do(state, mv.END_TURN)
        turns += 1
        assert turns <= FLAT_ROUNDS * 2, "the backstop never came"
    assert turns == FLAT_ROUNDS * 2, "every turn drew from a deck the bin had refilled"
    assert f"{FLAT_ROUNDS} rounds' worth of turns" in state.history[0].reason


def test_an_extra_turn_counts_as_a_turn_toward_the_thirty_round_backstop():
    state = position(["2S", "3S"], runs=["5R", "7P"], directions=[UP, UP], deck="9S " * 9)
    state.longest = [1, 1]
    state.flat_turns = FLAT_ROUNDS * 2 - 2
    state.extra_turns = 1
    do(state, mv.END_BUILD)
    do(state, mv.END_TURN)
    assert not state.over and state.active == 0, "her extra turn comes"
    do(state, mv.DRAW)
    do(state, mv.END_BUILD)
    do(state, mv.END_TURN)
    assert state.over, "her turn and her extra turn made the last two of the 60"
    assert f"{FLAT_ROUNDS} rounds' worth of turns" in state.history[0].reason


def test_the_turn_a_player_goes_out_counts_and_the_backstop_then_crowns_her():
    """Pecking Order: her going-out turn did not make any run longer than it had ever been (she
    had built 5 before); it is the last of the turns, and the game is won by the first player
    out, the others placed by run length."""
    state = position(
        ["2S", "5R", "4S", "5S"],
        runs=["1P 2P", "1R 2R 3R 4R", "1S 2S 3S", ""],
        directions=[UP] * 4,
        active=1,
        pecking_order=True,
    )
    state.longest = [2, 5, 3, 0]
    state.flat_turns = FLAT_ROUNDS * 3 - 1  # three players are left in once she is out
    do(state, add("5R"))
    do(state, mv.END_BUILD)
    assert state.over, "her going-out turn was the ninetieth"
    summary = state.history[0]
    assert summary.winners == [1] and "the first player out wins" in summary.reason
    assert summary.out_order == [1, 2, 0, 3], "then the run of 3, the run of 2, no run"


def test_a_points_session_ends_after_fifty_games():
    state = position(["2S", "3S"], runs=["1R 2R 3R 4R 5R 6R", ""], directions=[UP, UP], points=True)
    state.game_number = 50
    state.scores = [-900, -400]
    do(state, mv.END_BUILD)
    assert state.over and GAME.outcome(state).winners == [1]


@pytest.mark.parametrize("run_of", [5, -1, 99])
def test_a_move_naming_a_seat_not_at_the_table_is_refused_in_words(run_of):
    """Finding 11: it raised IndexError (or read -1 as the last seat)."""
    state = position(["QP 3S", "4P"], runs=["", "KpP:12"], directions=[UP, UP])
    reason = refused(state, mv.ReplaceJoker(card=pcard("QP"), run_of=run_of))
    assert reason.startswith(f"There is no seat {run_of + 1} at this table")
    state.actions = 1
    assert "no seat" in refused(state, mv.LookAtHand(seat=run_of))
    assert "no seat" in refused(state, mv.FlipDirections(seats=(0, run_of)))


def test_drawing_after_taking_from_the_bin_is_refused_for_what_it_is():
    """Finding 12: it said 'Draw first.' to a player who had drawn from the bin."""
    state = position(["1R", "2R"], phase=Phase.DRAW, bin="5R 7P")
    do(state, mv.TakeFromBin(card=pcard("5R")))
    reason = refused(state, mv.DRAW)
    assert "took from the bin" in reason and "Draw first" not in reason
    assert "Stop taking" in refused(state, mv.StartRun(card=pcard("1R")))


def test_the_extra_turn_warns_before_the_build_ends_without_a_win():
    state = position(["2S", "3S"], runs=["5R", ""], directions=[UP, UP], especially_special=True)
    assert "extra turn" not in GAME.explain(state, 0)
    state.on_extra_turn = True
    assert "hand and run are shuffled into the deck" in GAME.explain(state, 0)


def test_choosing_yourself_for_an_action_is_refused_in_words_that_say_so():
    state = position(["2S", "3S", "4S"], runs=["", "3P", ""], especially_special=True)
    state.actions = 1
    assert "your own hand" in refused(state, mv.LookAtHand(seat=0))
    assert "not yourself" in refused(state, mv.LengthenRun(seat=0))


def test_the_reshuffle_says_how_many_cards_everyone_draws():
    state = position(
        ["2S", "3S"], deck="1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 1P 2P", especially_special=True
    )
    state.actions = 1
    assert "X" not in mv.RESHUFFLE.brief()
    events = do(state, mv.RESHUFFLE)
    assert "everyone draws 6" in events[-1].text


def test_biggest_run_wins_with_several_decks_wraps_an_ace_below_a_one_going_down():
    ranks = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    full = " ".join(f"{r}P" for r in ranks)
    state = position(
        ["AP", "3S"], runs=[full, ""], directions=[DOWN, UP], biggest_run_wins=True, decks=2
    )
    do(state, add("AP", End.LOW))
    assert state.runs[0][0] == RunCard(card=pcard("AP"), rank=14)


def test_a_seat_waiting_reads_as_in_the_other_games():
    """'Waiting for Bot 2 to play.' as Run It and Sets and Runs say it (not 'play their turn')."""
    names = ["Ann", "Bot 2"]
    state = GAME.new_game(2, seed=3)
    waiting = next(s for s in range(2) if s not in GAME.to_act(state))
    assert GAME.explain(state, waiting, names) == f"Waiting for {names[1 - waiting]} to play."

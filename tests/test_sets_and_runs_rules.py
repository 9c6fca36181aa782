"""Each rule of Sets and Runs (RULES.md, "Sets and Runs") as a test a broken rule would fail,
with the seed's worked examples, and random playouts at 3 to 6 seats."""

import random
from collections import Counter

import pytest

from cardtable.cards import Card
from cardtable.engine import Chance, IllegalMove
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.sets_and_runs import GAME
from cardtable.games.sets_and_runs.contracts import CONTRACTS, contract_for
from cardtable.games.sets_and_runs.melds import (
    JOKER,
    make_meld,
    meld_refusal,
    run_orders,
    run_start,
)
from cardtable.games.sets_and_runs.moves import (
    DRAW_STOCK,
    TAKE_BACK,
    TAKE_DISCARD,
    add_to,
    discard,
    lay_meld,
    swap,
)
from cardtable.games.sets_and_runs.rules import DECK, deal, open_window, sorted_hand
from cardtable.games.sets_and_runs.scoring import hand_points
from cardtable.games.sets_and_runs.state import Phase
from tests.cards_text import card as natural
from tests.test_contract import census, other_seats_swapped


def c(text: str) -> Card:
    """'5S' the 5 of Spades, 'JK' a Joker."""
    return JOKER if text == "JK" else natural(text)


def cs(text: str) -> list[Card]:
    """'4S JK 6S 7S' -> four cards."""
    return [c(t) for t in text.split()]


def position(
    hands: dict[int, str],
    seats: int = 4,
    round_number: int = 1,
    melds: tuple[tuple[int, str, str], ...] = (),
    discards: str = "",
    stock: str = "",
    turn: int = 0,
    window: bool = False,
    rest_in_stock: bool = True,
    reshuffled: bool = False,
    buys: list[int] | None = None,
) -> object:
    """A hand-made position. `hands` by seat (others get 11 cards from what is left); `melds`
    as (owner, 'run' or 'set', cards); `stock` lists its top cards, top first; the remaining
    cards go to the stock (or under the discards). `window`: a buy window is open for `turn`,
    after a discard by the seat before her."""
    state = GAME.new_game(seats, seed=1)
    pool = list(DECK)

    def take(text: str) -> list[Card]:
        out = cs(text)
        for card in out:
            pool.remove(card)
        return out

    state.round = round_number
    state.history = [
        earlier_round(n, seats)
        for n in range(1, round_number)  # earlier rounds, all zero
    ]
    named = {s: take(h) for s, h in hands.items()}
    table = [make_meld(owner, take(text), kind == "run") for owner, kind, text in melds]
    pile = take(discards)
    top = take(stock)
    for s in range(seats):
        if s not in named:
            named[s] = pool[:11]
            del pool[:11]
    state.hands = [sorted_hand(named[s]) for s in range(seats)]  # as a game keeps them
    state.melds = table
    state.laid_down = [any(m.owner == s for m in table) for s in range(seats)]
    state.floating = [False] * seats
    state.buys_left = buys or [3] * seats
    state.reshuffled = reshuffled
    if rest_in_stock:
        state.stock = pool + top[::-1]
        state.discards = pile
    else:
        state.stock = top[::-1]
        state.discards = pool + pile
    state.pending = []
    state.dealer = (turn - 1) % seats
    if window:
        open_window(state, turn, (turn - 1) % seats)
    else:
        state.turn = turn
        state.phase = Phase.PLAY
        state.window = None
    GAME.check_state(state)
    return state


def earlier_round(number, seats):
    from cardtable.games.sets_and_runs.state import RoundResult

    return RoundResult(
        number=number,
        contract=contract_for(number).name,
        went_out=0,
        reason="she discarded her last card",
        points=[0] * seats,
        cards_left=[0] * seats,
        totals=[0] * seats,
    )


def refused(state, seat, move) -> str:
    """The reason `move` is refused; nothing has changed."""
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as error:
        GAME.apply(state, seat, move)
    assert state.model_dump_json() == before
    return error.value.reason


# The deck, the deal, the first discard


def test_the_deck_is_two_standard_decks_and_four_jokers():
    assert len(DECK) == 108
    counts = Counter(DECK)
    assert counts[JOKER] == 4
    assert counts[c("KH")] == 2 and counts[c("AS")] == 2
    assert len(counts) == 53


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_each_player_is_dealt_11_and_one_card_starts_the_discards(seats):
    state = GAME.new_game(seats, seed=4)
    assert [len(h) for h in state.hands] == [11] * seats
    assert len(state.discards) == 1 and not state.discards[0].is_joker
    assert len(state.stock) == 108 - 11 * seats - 1
    # The player left of the dealer has the first call on it.
    assert state.phase is Phase.WINDOW and state.turn == (state.dealer + 1) % seats


@pytest.mark.parametrize("seats", [3, 6])
def test_the_card_turned_to_start_the_discards_is_not_for_sale(seats):
    state = GAME.new_game(seats, seed=9)
    first = (state.dealer + 1) % seats
    # No buy window: only the first player acts, and she may take it as her draw.
    assert GAME.claim_window(state) is None and GAME.view(state, first).window is None
    assert GAME.to_act(state) == [first]
    assert GAME.legal_moves(state, first) == [TAKE_DISCARD, DRAW_STOCK]
    top = state.discards[-1].short
    for seat in range(seats):
        if seat != first:
            assert GAME.legal_moves(state, seat) == []
            assert refused(state, seat, CLAIM) == (
                "The card turned to start the discard pile is not for sale: the first player "
                "may take it as her draw."
            )
            assert GAME.explain(state, seat).endswith(
                "The card turned to start the discard pile is not for sale."
            )
    assert "not for sale" in GAME.explain(state, first)
    # Drawing from the stock leaves it on the discards; nobody bought it.
    GAME.apply(state, first, DRAW_STOCK)
    assert state.discards[-1].short == top and state.buys_left == [3] * seats
    assert [len(h) for h in state.hands].count(12) == 1
    # Or she takes it.
    state = GAME.new_game(seats, seed=9)
    GAME.apply(state, first, TAKE_DISCARD)
    assert state.phase is Phase.PLAY and len(state.hands[first]) == 12


def test_a_save_waiting_with_no_buy_window_on_a_real_discard_is_refused():
    from cardtable.engine import ImpossibleState

    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    state.window = None
    with pytest.raises(ImpossibleState) as error:
        GAME.load_state(state.model_dump_json())
    assert "not the card turned up" in error.value.reason
    GAME.load_state(GAME.new_game(4, seed=3).model_dump_json())


def test_a_joker_turned_up_goes_back_into_the_stock(monkeypatch):
    state = GAME.new_game(4, seed=2)

    def jokers_on_top(self, items):
        items.sort(key=lambda card: card.is_joker)  # every Joker at the end: the stock's top

    monkeypatch.setattr(Chance, "shuffle", jokers_on_top)
    log = []
    deal(state, log)
    assert not state.discards[0].is_joker
    assert state.stock.count(JOKER) == 4
    assert any("A Joker turned up" in e.text for e in log)
    GAME.check_state(state)


def test_the_first_dealer_is_random_and_the_deal_moves_left_each_round():
    dealers = {GAME.new_game(4, seed=s).dealer for s in range(20)}
    assert len(dealers) > 1
    # Seat 0 goes out; the next round is dealt by the seat left of the last dealer.
    state = position(
        {0: "2C"}, melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")), discards="9S", turn=0
    )
    first = state.dealer
    GAME.apply(state, 0, discard(c("2C")))
    assert state.round == 2
    assert state.dealer == (first + 1) % 4
    assert state.turn == (state.dealer + 1) % 4 and state.phase is Phase.WINDOW


# The contracts, the points


def test_the_seven_contracts_are_data_in_their_order():
    assert [k.name for k in CONTRACTS] == [
        "Two Sets",
        "One Set and One Run",
        "Two Runs",
        "Three Sets",
        "Two Sets and One Run",
        "One Set and Two Runs",
        "Three Runs",
    ]
    assert [k.cards_needed for k in CONTRACTS] == [6, 7, 8, 9, 10, 11, 12]


def test_points_for_cards_left_in_hand():
    assert hand_points(cs("2C 9D")) == 10
    assert hand_points(cs("10H JH QS KC")) == 40
    assert hand_points(cs("AS")) == 15
    assert hand_points(cs("JK")) == 50


# Sets and runs


def test_a_set_is_three_or_more_of_one_rank():
    assert meld_refusal(cs("7C 7D 7H"), run=False) is None
    assert meld_refusal(cs("7C 7C 7H 7S"), run=False) is None  # two decks: a card twice is fine
    assert "at least 3" in meld_refusal(cs("7C 7D"), run=False)
    assert "one rank" in meld_refusal(cs("7C 7D 8H"), run=False)


def test_a_run_is_four_or_more_in_a_row_of_one_suit():
    assert run_start(cs("4S 5S 6S 7S")) == 4
    assert "at least 4" in meld_refusal(cs("4S 5S 6S"), run=True)
    assert "one suit" in meld_refusal(cs("4S 5S 6H 7S"), run=True)
    assert "not in a row" in meld_refusal(cs("4S 5S 7S 8S"), run=True)


def test_the_ace_is_low_or_high_never_wrapping():
    assert run_start(cs("AH 2H 3H 4H")) == 1
    assert run_start(cs("JH QH KH AH")) == 11
    assert "wrap" in meld_refusal(cs("QH KH AH 2H"), run=True)
    assert "wrap" in meld_refusal(cs("JK AH 2H 3H"), run=True)
    full = cs("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert run_start(full) == 1
    assert "never both" in meld_refusal(full + cs("AH"), run=True)


def test_jokers_are_wild_but_a_meld_needs_a_natural_card():
    assert meld_refusal(cs("7C JK JK"), run=False) is None
    assert meld_refusal(cs("4S JK 6S 7S"), run=True) is None
    assert "natural" in meld_refusal(cs("JK JK JK"), run=False)
    assert "natural" in meld_refusal(cs("JK JK JK JK"), run=True)


def test_a_jokers_open_place_in_a_run_is_named_by_the_player():
    # 5-6-7 and a Joker: the Joker is the 4 or the 8, the player's order says which.
    orders = run_orders(cs("5S 6S 7S JK"))
    assert orders == [tuple(cs("JK 5S 6S 7S")), tuple(cs("5S 6S 7S JK"))]
    # Inside a run the Joker's place is not open.
    assert run_orders(cs("4S 6S 7S JK")) == [tuple(cs("4S JK 6S 7S"))]
    meld = make_meld(0, cs("JK 5S 6S 7S"), run=True)
    assert meld.text() == "Jkr(4♠) 5♠ 6♠ 7♠"


# Laying down


def test_laying_down_exactly_the_contract_once_per_round():
    state = position({0: "7C 7D 7H 9C 9D 9S KH 2C"}, turn=0)
    assert "No run" in refused(state, 0, lay_meld(tuple(cs("7C 7D 7H 9C")), run=True))
    GAME.apply(state, 0, lay_meld(tuple(cs("7C 7D 7H")), run=False))
    assert not state.laid_down[0] and len(state.pending) == 1 and not state.melds
    # Half a lay-down may not be left: no discard until it is complete or taken back.
    assert "Finish your lay-down" in refused(state, 0, discard(c("KH")))
    GAME.apply(state, 0, lay_meld(tuple(cs("9C 9D 9S")), run=False))
    assert state.laid_down[0] and len(state.melds) == 2 and not state.pending
    assert state.hands[0] == cs("2C KH")
    # No extra meld, ever: once per round.
    reason = refused(state, 0, lay_meld(tuple(cs("KH KH KH")), run=False))
    assert "once per round" in reason


def test_melds_may_be_longer_than_the_contract_needs():
    state = position({0: "7C 7D 7H 7S 2H 3H 4H 5H 6H KD"}, round_number=2, turn=0)
    GAME.apply(state, 0, lay_meld(tuple(cs("7C 7D 7H 7S")), run=False))
    GAME.apply(state, 0, lay_meld(tuple(cs("2H 3H 4H 5H 6H")), run=True))
    assert state.laid_down[0] and state.hands[0] == cs("KD")


def test_a_lay_down_in_progress_can_be_taken_back():
    state = position({0: "7C 7D 7H 2C 3C"}, turn=0)
    GAME.apply(state, 0, lay_meld(tuple(cs("7C 7D 7H")), run=False))
    assert TAKE_BACK in GAME.legal_moves(state, 0)
    GAME.apply(state, 0, TAKE_BACK)
    assert sorted(state.hands[0], key=str) == sorted(cs("7C 7D 7H 2C 3C"), key=str)
    assert not state.pending and not state.laid_down[0]


def test_a_lay_down_in_progress_is_not_shown_to_others():
    state = position({0: "7C 7D 7H 2C 3C"}, turn=0)
    GAME.apply(state, 0, lay_meld(tuple(cs("7C 7D 7H")), run=False))
    assert GAME.view(state, 0).pending and not GAME.view(state, 1).pending
    assert GAME.view(state, 1).hand_sizes[0] == 5


def test_only_cards_held_may_be_laid_down():
    state = position({0: "7C 7D 2C 3C"}, turn=0)
    assert "You hold no 7♥" in refused(state, 0, lay_meld(tuple(cs("7C 7D 7H")), run=False))


@pytest.mark.parametrize("round_number", range(1, 8))
def test_every_contract_can_be_laid_down(round_number):
    contract = contract_for(round_number)
    sets = ["7C 7D 7H", "9C 9D JK", "QS QH QD QC"][: contract.sets]
    runs = ["2H 3H 4H 5H", "JC QC KC AC", "4D JK 6D 7D"][: contract.runs]
    hand = " ".join([*sets, *runs, "KS"])
    state = position({0: hand}, round_number=round_number, turn=0)
    for text in sets:
        GAME.apply(state, 0, lay_meld(tuple(cs(text)), run=False))
    for text in runs:
        GAME.apply(state, 0, lay_meld(tuple(cs(text)), run=True))
    assert state.laid_down[0], contract.name
    assert len(state.melds) == contract.melds
    assert state.hands[0] == cs("KS")
    GAME.check_state(state)


def test_the_legal_moves_offer_the_melds_the_hand_holds():
    state = position({0: "7C 7D 7H 9C 9D JK 2S"}, turn=0)
    moves = GAME.legal_moves(state, 0)
    assert lay_meld(tuple(cs("7C 7D 7H")), run=False) in moves
    assert lay_meld(tuple(cs("9C 9D JK")), run=False) in moves


def test_two_sets_of_the_same_rank_make_a_contract():
    # Two decks: six Kings are two sets of Kings, and the legal moves offer a set of three.
    state = position({0: "KC KC KD KD KH KH 2S 5D"}, turn=0)
    three = lay_meld(tuple(cs("KC KD KH")), run=False)
    assert three in GAME.legal_moves(state, 0)
    GAME.apply(state, 0, three)
    assert three in GAME.legal_moves(state, 0)
    GAME.apply(state, 0, three)
    assert state.laid_down[0]
    assert [sorted(m.cards, key=str) for m in state.melds] == [sorted(cs("KC KD KH"), key=str)] * 2
    assert sorted(state.hands[0], key=str) == sorted(cs("2S 5D"), key=str)


def test_a_second_set_of_a_rank_may_take_jokers():
    # Four 9s and two Jokers are two sets of 9s: 9 9 9 and 9 Jkr Jkr, or 9 9 Jkr twice.
    state = position({0: "9C 9D 9H 9S JK JK 3C"}, turn=0)
    moves = GAME.legal_moves(state, 0)
    assert lay_meld(tuple(cs("9C 9D 9H")), run=False) in moves
    assert lay_meld(tuple(cs("9C 9D JK")), run=False) in moves
    GAME.apply(state, 0, lay_meld(tuple(cs("9C 9D 9H")), run=False))
    GAME.apply(state, 0, lay_meld(tuple(cs("9S JK JK")), run=False))
    assert state.laid_down[0] and state.hands[0] == cs("3C")


def test_one_set_of_a_rank_is_offered_whole_when_the_contract_has_one_set_left():
    state = position({0: "KC KC KD KD KH KH 2S 5S 6S 7S"}, round_number=2, turn=0)
    sets = [m for m in GAME.legal_moves(state, 0) if m.kind == "meld" and not m.run]
    assert sets == [lay_meld(tuple(cs("KC KC KD KD KH KH")), run=False)]


# Playing on the table


def test_before_laying_down_a_player_may_not_play_on_the_table():
    state = position({1: "7S KD"}, melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")), turn=1)
    assert "Lay down your contract" in refused(state, 1, add_to(c("7S"), 0, False))
    # and may discard a card that would fit: the rule binds only players who laid down
    GAME.apply(state, 1, discard(c("7S")))


def test_after_laying_down_cards_go_on_any_meld_at_either_end_of_a_run():
    state = position(
        {2: "7S 3H 8H 5D"},
        round_number=2,
        melds=(
            (0, "set", "7C 7D 7H"),
            (0, "run", "4H 5H 6H 7H"),
            (2, "set", "5C 5S 5H"),
            (2, "run", "9S 10S JS QS"),
        ),
        turn=2,
    )
    GAME.apply(state, 2, add_to(c("7S"), 0, False))  # on another player's set
    GAME.apply(state, 2, add_to(c("3H"), 1, False))  # low end of a run
    assert "high end" in refused(state, 2, add_to(c("8H"), 1, False))
    GAME.apply(state, 2, add_to(c("8H"), 1, True))
    assert state.melds[1].text() == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥"
    assert "does not go on" in refused(state, 2, add_to(c("5D"), 1, True))
    GAME.apply(state, 2, add_to(c("5D"), 2, False))  # on her own set: her last card
    assert state.floating[2]


def test_seed_example_player_c_plays_the_5_of_spades_and_takes_the_joker():
    # Two Runs: Player A (seat 0) laid down 6-7-8-9 of Hearts and 4-Joker-6-7 of Spades.
    state = position(
        {2: "9C 10C JC QC 2D 3D 4D 5D 5S KH"},
        round_number=3,
        melds=((0, "run", "6H 7H 8H 9H"), (0, "run", "4S JK 6S 7S")),
        turn=2,
    )
    assert "Lay down your contract" in refused(state, 2, swap(c("5S"), 1))
    GAME.apply(state, 2, lay_meld(tuple(cs("9C 10C JC QC")), run=True))
    GAME.apply(state, 2, lay_meld(tuple(cs("2D 3D 4D 5D")), run=True))
    GAME.apply(state, 2, swap(c("5S"), 1))
    assert state.melds[1].cards == cs("4S 5S 6S 7S")
    assert JOKER in state.hands[2] and c("5S") not in state.hands[2]
    # ... and the Joker can be used for anything again: here, on Player A's hearts.
    GAME.apply(state, 2, add_to(JOKER, 0, True))
    assert state.melds[0].text() == "6♥ 7♥ 8♥ 9♥ Jkr(10♥)"


def test_the_player_who_laid_a_run_may_swap_its_joker_too():
    state = position(
        {0: "5S KD"},
        round_number=3,
        melds=((0, "run", "6H 7H 8H 9H"), (0, "run", "4S JK 6S 7S")),
        turn=0,
    )
    GAME.apply(state, 0, swap(c("5S"), 1))
    assert JOKER in state.hands[0]
    assert state.taken[0] == [JOKER], "everyone saw her take it: it is on her record"


def test_a_joker_in_a_set_is_locked():
    state = position({0: "7S KD"}, melds=((0, "set", "7C JK 7H"), (0, "set", "9C 9D 9H")), turn=0)
    assert "locked" in refused(state, 0, swap(c("7S"), 0))
    assert swap(c("7S"), 0) not in GAME.legal_moves(state, 0)


def test_only_the_card_a_joker_stands_for_frees_it():
    state = position(
        {0: "8S 5H KD"},
        round_number=3,
        melds=((0, "run", "6H 7H 8H 9H"), (0, "run", "4S JK 6S 7S")),
        turn=0,
    )
    assert "No Joker" in refused(state, 0, swap(c("8S"), 1))
    assert "No Joker" in refused(state, 0, swap(c("5H"), 1))


def test_a_card_that_could_be_played_on_the_table_may_not_be_discarded():
    state = position(
        {0: "7S KD JK"}, melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")), turn=0
    )
    reason = refused(state, 0, discard(c("7S")))
    assert "could be played on the table" in reason
    assert reason.endswith("play it on meld 1 (7♣ 7♦ 7♥).")  # the meld it fits, named
    assert "could be played on the table" in refused(state, 0, discard(JOKER))
    moves = GAME.legal_moves(state, 0)
    assert discard(c("7S")) not in moves and discard(c("KD")) in moves
    assert GAME.view(state, 0).playable == cs("7S JK")
    GAME.apply(state, 0, discard(c("KD")))


def test_a_card_that_frees_a_joker_may_not_be_discarded_either():
    state = position(
        {0: "5S KD"},
        round_number=3,
        melds=((0, "run", "6H 7H 8H 9H"), (0, "run", "4S JK 6S 7S")),
        turn=0,
    )
    assert "could be played" in refused(state, 0, discard(c("5S")))


# Going out and floating


def test_the_round_ends_when_a_player_discards_her_last_card():
    state = position(
        {0: "KD", 1: "AS JK 2C"},
        melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")),
        turn=0,
    )
    totals = list(state.totals)
    GAME.apply(state, 0, discard(c("KD")))
    last = state.history[-1]
    assert last.went_out == 0 and last.number == 1
    assert last.points[0] == 0 and last.points[1] == 15 + 50 + 5
    assert state.totals[1] == totals[1] + 70
    assert state.round == 2 and [len(h) for h in state.hands] == [11] * 4
    # The next round's turned card is not for sale either.
    assert state.phase is Phase.WINDOW and GAME.claim_window(state) is None


def test_floating_draws_and_must_play_a_playable_card_then_ends_on_a_discard():
    state = position(
        {0: "7S"},
        melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")),
        stock="2C 3C 4C 9S 5C 6C 8C KD",
        turn=0,
    )
    GAME.apply(state, 0, add_to(c("7S"), 0, False))
    # Her last card was played without a discard: she floats, and the round goes on.
    assert state.floating[0] and not state.hands[0] and state.round == 1
    assert state.turn == 1 and state.phase is Phase.PLAY and c("2C") in state.hands[1]
    GAME.apply(state, 1, discard(c("2C")))
    GAME.apply(state, 2, DRAW_STOCK)
    GAME.apply(state, 2, discard(c("3C")))
    GAME.apply(state, 3, DRAW_STOCK)
    GAME.apply(state, 3, discard(c("4C")))
    # Her next turn: she draws from the stock (the discard is not hers to take) ...
    assert GAME.legal_moves(state, 0) == [DRAW_STOCK]
    assert "floating" in refused(state, 0, TAKE_DISCARD)
    GAME.apply(state, 0, DRAW_STOCK)
    assert state.hands[0] == cs("9S") and not state.floating[0]
    # ... a playable card must be played: she floats again.
    assert "could be played" in refused(state, 0, discard(c("9S")))
    GAME.apply(state, 0, add_to(c("9S"), 1, False))
    assert state.floating[0]
    GAME.apply(state, 1, discard(c("5C")))
    for seat, card in ((2, "6C"), (3, "8C")):
        GAME.apply(state, seat, DRAW_STOCK)
        GAME.apply(state, seat, discard(c(card)))
    GAME.apply(state, 0, DRAW_STOCK)
    # The King fits nowhere: she discards it and the round is over.
    GAME.apply(state, 0, discard(c("KD")))
    assert state.history[-1].went_out == 0 and state.round == 2


def test_a_floating_player_with_buys_left_may_buy_like_anyone():
    state = position(
        {0: "7S"},
        melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")),
        stock="3C 4H 5D",
        turn=0,
        buys=[2, 3, 3, 3],
    )
    held = state.hands[1].count(c("3C"))
    GAME.apply(state, 0, add_to(c("7S"), 0, False))
    assert state.floating[0] and state.hands[1].count(c("3C")) == held + 1
    GAME.apply(state, 1, discard(c("3C")))
    # Seat 2 has first call; seats 3 and 0 may buy, the floating seat 0 too.
    assert GAME.to_act(state) == [2, 3, 0]
    assert GAME.legal_moves(state, 0) == [CLAIM, LET_GO]
    assert "You may buy the 3♣ (2 buys left this round)" in GAME.explain(state, 0)
    GAME.apply(state, 0, CLAIM)
    GAME.apply(state, 2, DRAW_STOCK)
    # She takes the discard and the stock's top card: she holds cards and floats no more.
    assert sorted(state.hands[0], key=str) == sorted(cs("3C 4H"), key=str)
    assert not state.floating[0] and state.buys_left[0] == 1
    GAME.check_state(state)


def test_a_floating_player_with_no_buys_left_cannot_buy():
    state = position(
        {0: "7S"},
        melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")),
        stock="3C 4H 5D",
        turn=0,
        buys=[0, 3, 3, 3],
    )
    GAME.apply(state, 0, add_to(c("7S"), 0, False))
    GAME.apply(state, 1, discard(c("3C")))
    assert GAME.to_act(state) == [2, 3]
    assert refused(state, 0, CLAIM) == "You have no buys left this round."


# Buying


def seed_buy_position(stock="2C 3D 4S"):
    """Players A, B, C, D are seats 0-3; A is about to discard the King of Hearts."""
    return position({0: "KH 2H 5C"}, discards="9S", stock=stock, turn=0)


def test_seed_example_b_passes_on_the_king_and_c_buys_it_with_a_stock_card():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    # B has first call; C and D may buy; A, who discarded, may not.
    assert GAME.to_act(state) == [1, 2, 3]
    assert GAME.claim_window(state).verb == "buy"
    assert GAME.legal_moves(state, 2) == [CLAIM, LET_GO]
    GAME.apply(state, 2, CLAIM)
    before_b = len(state.hands[1])
    GAME.apply(state, 1, DRAW_STOCK)
    # C picks up the King and the stock's top card: 13 cards; he does not discard.
    assert len(state.hands[2]) == 13
    assert c("KH") in state.hands[2] and c("2C") in state.hands[2]
    assert state.buys_left[2] == 2
    # It is B's turn; he drew the next stock card, the card under the King is dead.
    assert state.turn == 1 and state.phase is Phase.PLAY
    assert len(state.hands[1]) == before_b + 1 and c("3D") in state.hands[1]
    assert state.discards[-1] == c("9S")
    assert TAKE_DISCARD not in GAME.legal_moves(state, 1)


def test_the_next_player_has_first_call_on_the_discard():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 2, CLAIM)
    GAME.apply(state, 1, TAKE_DISCARD)
    assert c("KH") in state.hands[1] and len(state.hands[2]) == 11
    assert state.buys_left[2] == 3 and state.phase is Phase.PLAY and state.turn == 1


def test_seed_example_c_and_d_both_want_the_queen_and_c_gets_it():
    state = position({0: "QD 2H 5C"}, discards="9S", stock="2C 3D", turn=0)
    GAME.apply(state, 0, discard(c("QD")))
    GAME.apply(state, 3, CLAIM)  # D asks first ...
    GAME.apply(state, 2, CLAIM)  # ... C is nearer to B's left
    GAME.apply(state, 1, DRAW_STOCK)
    assert c("QD") in state.hands[2] and len(state.hands[2]) == 13
    assert len(state.hands[3]) == 11 and state.buys_left == [3, 3, 2, 3]


def test_once_the_nearer_player_claims_the_farther_ones_cannot_win_it():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 2, CLAIM)
    assert GAME.to_act(state) == [1]
    assert "claimed" in refused(state, 2, CLAIM)
    assert refused(state, 3, CLAIM)


def test_letting_a_card_go_leaves_the_window():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 3, LET_GO)
    assert GAME.to_act(state) == [1, 2]
    GAME.apply(state, 1, DRAW_STOCK)
    assert state.buys_left == [3, 3, 3, 3] and len(state.hands[2]) == 11


def test_the_next_player_cannot_buy_her_own_first_call():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    assert "first call" in refused(state, 1, CLAIM)


def test_three_buys_per_player_per_round():
    state = position({0: "KH 2H 5C"}, discards="9S", turn=0, buys=[3, 3, 0, 1])
    GAME.apply(state, 0, discard(c("KH")))
    assert GAME.to_act(state) == [1, 3]
    assert "no buys left" in refused(state, 2, CLAIM)
    GAME.apply(state, 3, CLAIM)
    GAME.apply(state, 1, DRAW_STOCK)
    assert state.buys_left[3] == 0
    assert GAME.view(state, 1).buys_left == [3, 3, 0, 0]


def test_buys_are_three_again_in_the_next_round():
    state = position(
        {0: "KD"}, melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")), turn=0, buys=[3, 1, 0, 2]
    )
    GAME.apply(state, 0, discard(c("KD")))
    assert state.round == 2 and state.buys_left == [3, 3, 3, 3]


# The stock


def test_an_empty_stock_is_made_again_from_the_discards_less_the_top_once():
    state = position({0: "KH 2H"}, discards="9S", stock="", turn=0, rest_in_stock=False)
    assert not state.stock
    pile = len(state.discards)
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 1, DRAW_STOCK)
    assert state.reshuffled
    assert state.discards == cs("KH")
    assert len(state.stock) == pile - 1
    GAME.check_state(state)


def test_the_round_is_over_when_the_stock_runs_out_a_second_time():
    state = position({0: "KH 2H"}, discards="9S", turn=0, rest_in_stock=False, reshuffled=True)
    held = [hand_points(h) for h in state.hands]
    held[0] = hand_points(cs("2H"))
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 1, DRAW_STOCK)
    last = state.history[-1]
    assert last.went_out is None and "second time" in last.reason
    assert last.points == held  # points scored as held
    assert state.round == 2 and not state.reshuffled


# The end


def test_after_seven_rounds_the_lowest_total_wins_and_ties_share():
    state = position(
        {0: "KD", 1: "2C", 2: "2D", 3: "KS"},
        round_number=7,
        melds=((0, "run", "2H 3H 4H 5H"), (0, "run", "9S 10S JS QS"), (0, "run", "4D 5D 6D 7D")),
        turn=0,
    )
    state.totals = [100, 95, 95, 0]
    GAME.apply(state, 0, discard(c("KD")))
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert state.totals == [100, 100, 100, 10]
    outcome = GAME.outcome(state)
    assert outcome.winners == [3]
    state.totals = [100, 100, 10, 10]
    assert GAME.outcome(state).winners == [2, 3]
    assert "won with the lowest total" in GAME.explain(state, 0)


# Words


def test_explain_says_what_a_seat_can_do_in_a_buy_window():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    names = ["Ann", "Bob", "Cat", "Dan"]
    assert GAME.explain(state, 1, names).startswith("Take the K♥")
    line = GAME.explain(state, 2, names)
    assert line.startswith("Waiting for Bob to ") and "buy the K♥ (3 buys left" in line
    assert GAME.explain(state, 0, names).startswith("Waiting for Bob to ")


def test_a_move_out_of_turn_is_refused_in_words():
    state = seed_buy_position()
    assert refused(state, 1, discard(state.hands[1][0])).startswith("It is not your turn")


# Random playouts


PLAYOUTS = [(seats, seed) for seats in (3, 4, 5, 6) for seed in range(5)]


@pytest.mark.parametrize(("seats", "seed"), PLAYOUTS)
def test_random_playout_keeps_the_contract(seats, seed):
    state = GAME.new_game(seats, seed=seed)
    start = census(GAME, state)
    chance = Chance.seeded(seed + 500)
    moves = 0
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        assert acting
        for waiting in acting:
            assert GAME.legal_moves(state, waiting), f"seat {waiting} must act but cannot"
        seat = chance.choice(acting)
        legal = GAME.legal_moves(state, seat)
        if moves % 5 == 0:
            twin = other_seats_swapped(GAME, state, seat)
            if twin is not None:
                assert GAME.view(twin, seat) == GAME.view(state, seat)
            idle = [s for s in range(seats) if s not in acting]
            if idle:
                refused(state, idle[0], legal[0])
        GAME.apply(state, seat, chance.choice(legal))
        moves += 1
        assert moves < 20_000, "the game does not end"
        if moves % 3 == 0:
            assert census(GAME, state) == start, "a card was created or lost"
        if moves % 37 == 0:
            assert GAME.load_state(state.model_dump_json()) == state
    assert census(GAME, state) == start
    assert len(state.history) == 7
    assert GAME.outcome(state).winners
    assert GAME.load_state(state.model_dump_json()) == state


def test_random_play_at_the_simulators_pace_ends():
    # The simulator asks to_act()[0] and plays the fast path: every game must still end.
    for seed in range(3):
        state = GAME.new_game(5, seed=seed)
        chance = Chance.seeded(seed)
        moves = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            GAME.advance(state, seat, chance.choice(GAME.legal_moves(state, seat)))
            moves += 1
            assert moves < 20_000


# Saves


def test_a_state_no_game_could_reach_is_refused():
    from cardtable.engine import ImpossibleState

    state = seed_buy_position()
    assert GAME.load_state(state.model_dump_json()) == state
    for spoil, words in (
        (lambda s: s.buys_left.__setitem__(1, 4), "buy count"),
        (lambda s: s.hands[0].append(c("KH")), "not the game's deck"),
        (lambda s: s.floating.__setitem__(2, True), "floats"),
        (lambda s: setattr(s, "round", 8), "round 8"),
    ):
        bad = state.model_copy(deep=True)
        spoil(bad)
        with pytest.raises(ImpossibleState) as error:
            GAME.load_state(bad.model_dump_json())
        assert words in error.value.reason


def test_a_meld_that_is_not_a_meld_is_refused_in_a_save():
    from cardtable.engine import ImpossibleState

    state = position({0: "KD"}, melds=((0, "set", "7C 7D 7H"), (0, "set", "9C 9D 9H")))
    bad = state.model_copy(deep=True)
    bad.melds[0].cards[0], bad.melds[1].cards[0] = bad.melds[1].cards[0], bad.melds[0].cards[0]
    with pytest.raises(ImpossibleState) as error:
        GAME.load_state(bad.model_dump_json())
    assert "not a meld" in error.value.reason


def test_the_log_says_who_bought_what_and_the_buys_left():
    state = seed_buy_position()
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 2, CLAIM)
    events = GAME.apply(state, 1, DRAW_STOCK)
    lines = [e.render(["Ann", "Bob", "Cat", "Dan"]) for e in events]
    assert "Cat buys the K♥ and takes the stock's top card too (2 buys left this round)." in lines


def test_the_fast_meld_finder_agrees_with_the_plain_one():
    import random

    from cardtable.games.sets_and_runs.melds import (
        CARD_OF_CODE,
        hand_melds,
        run_candidates,
        set_candidates,
    )

    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(DECK, rng.randint(3, 14))
        jokers = hand.count(JOKER)
        sets = rng.randint(1, 3)
        plain = [(tuple(m), False) for m in set_candidates(hand, jokers, sets)]
        plain += [(tuple(m), True) for m in run_candidates(hand, jokers)]
        fast = [
            (tuple(CARD_OF_CODE[k] for k in codes), run)
            for codes, run in hand_melds(hand, sets, True)
        ]
        assert sorted(map(str, fast)) == sorted(map(str, plain))
        assert all(meld_refusal(cards, run) is None for cards, run in fast)


def test_hands_are_kept_in_table_order_so_a_seat_sees_her_moves_in_their_order():
    """A drawn, taken or bought card goes to its place in the hand (by suit, then rank, Jokers
    last), as the player's own view shows it: the legal moves follow the hand's order, so the
    view alone fixes them (the strong bot's worlds offer the same moves)."""
    state = GAME.new_game(4, seed=3)
    rng = random.Random(5)  # every kind of move: draws, discards taken, buys, lay-downs
    for _ in range(300):
        if GAME.is_over(state):
            break
        for seat, hand in enumerate(state.hands):
            assert hand == sorted_hand(hand), f"seat {seat}'s hand is out of table order"
        window = GAME.claim_window(state)
        seat = window.open_to[0] if window and window.open_to else GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))

"""Each rule of Over Trump (RULES.md, "Over Trump") as a test a broken rule would fail."""

from collections import Counter

import pytest

from cardtable import games
from cardtable.cards import PilatchCard, PilatchSuit
from cardtable.engine import Chance, IllegalMove
from cardtable.games.over_trump import OverTrumpOptions, OverTrumpState, PlaceCard
from cardtable.games.over_trump.scoring import DECK
from cardtable.games.over_trump.state import Placement
from tests.cards_text import pcard, pcards

GAME = games.get("over-trump")


def position(hands: list[str], turn: int = 0, trick: list[tuple[int, str]] = (), **options):
    """A hand-made position: four hands, whose turn, and the trick so far (bottom first)."""
    return OverTrumpState(
        options=OverTrumpOptions(**options),
        dealer=(turn - 1) % 4,
        leader=(turn - len(trick)) % 4,
        hands=[pcards(h) for h in hands],
        trick=[Placement(seat=s, card=pcard(c)) for s, c in trick],
        chance=Chance.seeded(1),
    )


def put(state, seat, card, reveal=None):
    return GAME.apply(state, seat, PlaceCard(card=pcard(card), reveal=reveal and pcard(reveal)))


def test_the_deck_is_pilatch_less_the_2_of_scissors_and_all_44_are_dealt():
    assert len(DECK) == 44
    assert PilatchCard(suit=PilatchSuit.SCISSORS, rank=2) not in DECK
    assert sum(1 for c in DECK if c.is_joker) == 3
    state = GAME.new_game(seats=4, seed=3)
    assert [len(h) for h in state.hands] == [11] * 4
    assert Counter(GAME.cards(state)) == Counter(DECK)


def test_exactly_four_seats_and_partners_sit_opposite():
    with pytest.raises(IllegalMove, match="Over Trump is played by exactly 4 players, not 3"):
        GAME.new_game(seats=3, seed=1)
    assert GAME.outcome(GAME.new_game(seats=4, seed=1)).teams == [[0, 2], [1, 3]]


def test_random_first_dealer_the_player_left_of_the_dealer_leads():
    dealers = set()
    for seed in range(20):
        state = GAME.new_game(seats=4, seed=seed)
        dealers.add(state.dealer)
        assert GAME.to_act(state) == [(state.dealer + 1) % 4]
    assert dealers == {0, 1, 2, 3}


def test_holding_the_top_suit_you_must_place_it_or_a_keeper():
    state = position(["", "3S 9R KpP", "", ""], turn=1, trick=[(0, "7S")])
    with pytest.raises(IllegalMove) as refused:
        put(state, 1, "9R")
    assert refused.value.reason.startswith(
        "You hold Scissors, so you must place Scissors or a Keeper"
    )
    assert {m.card for m in GAME.legal_moves(state, 1) if m.reveal is None} == set(pcards("3S KpP"))


def test_a_higher_card_of_the_suit_takes_the_top_a_lower_one_goes_to_the_bottom():
    state = position(["", "9S", "3S", ""], turn=1, trick=[(0, "7S")])
    put(state, 1, "9S")
    assert state.trick[-1].card == pcard("9S")
    put(state, 2, "3S")
    assert state.trick[0].card == pcard("3S") and state.trick[-1].card == pcard("9S")


def test_no_scissors_but_rock_you_must_place_rock_and_it_takes_the_top_whatever_its_rank():
    state = position(["", "1R 9P", "", ""], turn=1, trick=[(0, "AS")])
    with pytest.raises(IllegalMove) as refused:
        put(state, 1, "9P")
    assert "you must place Rock." in refused.value.reason
    put(state, 1, "1R")
    assert state.trick[-1].card == pcard("1R")
    assert GAME.view(state, 2).trick_suit is PilatchSuit.ROCK


def test_with_neither_suit_any_card_goes_to_the_bottom():
    state = position(["", "AP", "", ""], turn=1, trick=[(0, "7S")])
    put(state, 1, "AP")
    assert state.trick[0].card == pcard("AP") and state.trick[-1].card == pcard("7S")


def test_a_keeper_is_always_legal_never_the_top_and_implies_no_void():
    state = position(["", "3S KpR", "", ""], turn=1, trick=[(0, "7S")])
    put(state, 1, "KpR")
    assert state.trick[0].card == pcard("KpR") and state.trick[-1].card == pcard("7S")
    assert state.voids[1] == []


def test_after_a_keeper_lead_anything_goes_and_the_first_suited_card_is_the_top():
    state = position(["KpR 1P", "2P 9S", "3R", "4S"], turn=0)
    put(state, 0, "KpR")
    assert GAME.view(state, 1).top is None
    assert {m.card for m in GAME.legal_moves(state, 1)} == set(pcards("2P 9S"))
    put(state, 1, "2P")
    assert GAME.view(state, 2).trick_suit is PilatchSuit.PAPER
    assert state.trick[-1].card == pcard("2P")


def test_showing_out_is_tracked_as_a_void():
    state = position(["", "AP", "", ""], turn=1, trick=[(0, "7S")])
    put(state, 1, "AP")
    assert set(state.voids[1]) == {PilatchSuit.SCISSORS, PilatchSuit.ROCK}


def test_the_top_card_wins_the_trick_for_its_team_and_its_player_leads_next():
    state = position(["7S 5R", "9S 5P", "3S 6R", "8S 6P"], turn=0)
    for seat, card in [(0, "7S"), (1, "9S"), (2, "3S"), (3, "8S")]:
        put(state, seat, card)
    assert state.tricks == [0, 1]
    assert Counter(state.won[1]) == Counter(pcards("7S 9S 3S 8S"))
    assert GAME.to_act(state) == [1]


def test_a_revealed_keeper_card_wins_the_trick_and_still_returns_to_the_hand():
    state = position(["AS KpP 5R", "9S 5P", "3S 6R", "8S 6P"], turn=0)
    put(state, 0, "AS", reveal="KpP")
    for seat, card in [(1, "9S"), (2, "3S"), (3, "8S")]:
        put(state, seat, card)
    assert state.tricks == [1, 0]
    assert pcard("AS") in state.hands[0]
    assert pcard("KpP") in state.won[0] and pcard("AS") not in state.won[0]


def test_a_reveal_needs_a_keeper_in_hand():
    state = position(["AS 5R", "9S", "3S", "8S"], turn=0)
    with pytest.raises(IllegalMove, match="no Keeper"):
        put(state, 0, "AS", reveal="KpP")


def play_hand(state, chance):
    hand = state.hand_number
    while not state.over and state.hand_number == hand:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, chance.choice(GAME.legal_moves(state, seat)))


@pytest.mark.parametrize("seed", range(8))
def test_hand_points_always_sum_to_fifty(seed):
    state = GAME.new_game(seats=4, seed=seed)
    play_hand(state, Chance.seeded(seed))
    summary = state.history[0]
    assert sum(summary.points) == 50
    assert sum(summary.bonus) == 5 and summary.bonus[summary.tricks.index(max(summary.tricks))] == 5
    assert sum(summary.tricks) == 11
    assert sum(summary.ones) == 30 and sum(summary.keepers) == 3 and sum(summary.honours) == 12


def test_the_deal_moves_clockwise_and_a_new_hand_is_dealt():
    state = GAME.new_game(seats=4, seed=2)
    dealer = state.dealer
    play_hand(state, Chance.seeded(2))
    assert state.dealer == (dealer + 1) % 4 and state.hand_number == 2
    assert [len(h) for h in state.hands] == [11] * 4
    assert GAME.to_act(state) == [(dealer + 2) % 4]


def test_the_first_team_to_reach_one_hundred_wins_and_equal_totals_play_on():
    state = GAME.new_game(seats=4, seed=5)
    state.scores = [95, 95]
    chance = Chance.seeded(5)
    while not state.over:
        play_hand(state, chance)
        if not state.over:
            assert (
                state.scores[0] < 100
                and state.scores[1] < 100
                or state.scores[0] == state.scores[1]
            )
    outcome = GAME.outcome(state)
    best = 0 if state.scores[0] > state.scores[1] else 1
    assert max(state.scores) >= 100 and state.scores[0] != state.scores[1]
    assert outcome.winners == [[0, 2], [1, 3]][best]


def test_table_rules_any_card_may_be_placed_but_a_broken_void_claim_costs_fifty():
    state = position(["7S 5R", "1P 9S 2S", "3S 6R", "8S 6P"], turn=0, table_rules=True)
    state.scores = [10, 20]
    put(state, 0, "7S")
    put(state, 1, "1P")  # Seat 1 holds Scissors but places Paper: she claims no Scissors, no Rock.
    assert PilatchSuit.SCISSORS in state.voids[1]
    put(state, 2, "3S")
    put(state, 3, "8S")
    put(state, 3, "6P")  # Seat 3 won and leads.
    put(state, 0, "5R")
    events = put(state, 1, "9S")  # The claim is broken.
    assert [e.kind for e in events][:2] == ["illegal", "hand"]
    assert state.scores == [10, 20 - 50]
    assert state.history[-1].penalty == [0, 50]
    assert state.hand_number == 2


def test_refused_moves_leave_the_state_unchanged_and_say_why():
    state = position(["", "3S 9R", "", ""], turn=1, trick=[(0, "7S")])
    before = state.model_dump_json()
    for move, reason in [
        (PlaceCard(card=pcard("9R")), "must place Scissors"),
        (PlaceCard(card=pcard("AP")), "You do not hold the A of Paper"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            GAME.apply(state, 1, move)
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply(state, 2, PlaceCard(card=pcard("3S")))
    assert state.model_dump_json() == before


def test_explain_names_what_to_place():
    state = position(["", "1R 9P", "", ""], turn=1, trick=[(0, "AS")])
    assert "you must place Rock" in GAME.explain(state, 1)

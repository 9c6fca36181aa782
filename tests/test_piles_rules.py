"""Each rule of Piles (RULES.md, "Piles") as a test a broken rule would fail."""

from collections import Counter

import pytest

from cardtable import games
from cardtable.cards import Colour, standard_deck
from cardtable.engine import Chance, IllegalMove
from cardtable.games.piles import Pass, PilesOptions, PilesState, Place
from cardtable.games.piles.castle import NEIGHBOURS, pile_index, pile_name, total_value
from cardtable.games.piles.scoring import POINTS
from cardtable.rules_pages import rules_page
from tests.cards_text import card, cards

GAME = games.get("piles")


def position(
    castle: str,
    hands: list[str],
    turn: int = 0,
    turns_taken: int = 4,
    colours: tuple[Colour, Colour] | None = (Colour.RED, Colour.BLACK),
    stock: str = "",
    captured: tuple[str, str] = ("", ""),
) -> PilesState:
    """A hand-made position: `castle` lists the 12 top cards A1..D1, A2..D2, A3..D3."""
    return PilesState(
        seats=len(hands),
        options=PilesOptions(),
        dealer=(turn - 1) % len(hands),
        turn=turn,
        turns_taken=turns_taken,
        hands=[cards(h) for h in hands],
        castle=[[c] for c in cards(castle)],
        stock=cards(stock),
        captured=[cards(captured[0]), cards(captured[1])],
        team_colours=None if colours is None else list(colours),
        chance=Chance.seeded(1),
    )


# A1 B1 C1 D1 / A2 B2 C2 D2 / A3 B3 C3 D3
MIXED = "2S 3H 4S 5H  6H 7S 8H 9S  10S JH QS KH"
ALL_RED = "2H 3H 4H 5H  6H 7H 8H 9H  10H JH QH KH"


def test_deal_four_seats_ten_each_and_a_castle_of_twelve():
    state = GAME.new_game(seats=4, seed=11)
    assert [len(h) for h in state.hands] == [10] * 4
    assert len(state.castle) == 12 and all(len(pile) == 1 for pile in state.castle)
    assert state.stock == []
    assert Counter(GAME.cards(state)) == Counter(standard_deck())


def test_deal_two_seats_keeps_twenty_for_later():
    state = GAME.new_game(seats=2, seed=11)
    assert [len(h) for h in state.hands] == [10, 10]
    assert len(state.stock) == 20


def test_seat_counts_other_than_two_or_four_are_refused():
    with pytest.raises(IllegalMove, match="2 or 4 players, not 3"):
        GAME.new_game(seats=3, seed=1)


def test_the_dealer_is_random_and_the_player_on_the_dealers_left_opens():
    dealers = {GAME.new_game(seats=4, seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    for s in range(10):
        state = GAME.new_game(seats=4, seed=s)
        assert GAME.to_act(state) == [(state.dealer + 1) % 4]


def test_neighbours_are_orthogonal_corners_two_edges_three_middle_four():
    counts = {pile_name(p): len(NEIGHBOURS[p]) for p in range(12)}
    assert counts["A1"] == counts["D1"] == counts["A3"] == counts["D3"] == 2
    assert counts["B1"] == counts["A2"] == counts["D2"] == counts["C3"] == 3
    assert counts["B2"] == counts["C2"] == 4
    assert set(NEIGHBOURS[pile_index("B2")]) == {pile_index(n) for n in ("B1", "A2", "C2", "B3")}


def test_total_value_the_seed_example_a_red_ten_with_three_red_and_one_black_neighbour():
    # B2 is a red 10; B1, A2, C2 red, B3 black: 10 + 3 - 1 = 12, a Queen's value.
    tops = cards("2S 3H 4S 5H  6H 10H 8H 9S  10S JS QS KH")
    assert total_value(tops, pile_index("B2")) == 12


def test_same_colour_is_always_allowed_even_a_low_card_on_a_king():
    state = position(MIXED, ["AH 2C", "3C 4C", "5C 6C", "7C 8C"])
    GAME.apply(state, 0, Place(card=card("AH"), pile=pile_index("D3")))
    assert state.castle[pile_index("D3")][-1] == card("AH")


def test_other_colour_needs_an_intrinsic_value_strictly_above_the_total():
    # C1 is the black 4: neighbours B1 red, D1 red, C2 red -> total 4 - 3 = 1.
    state = position(MIXED, ["AH 2H", "3C 4C", "5C 6C", "7C 8C"])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, Place(card=card("AH"), pile=pile_index("C1")))
    assert "A♥ cannot take C1" in refused.value.reason
    assert "its own value (A=1 to K=13), here 1, is higher than" in refused.value.reason
    assert "total value of 1" in refused.value.reason
    assert "worth" not in refused.value.reason  # players read "worth" as points
    GAME.apply(state, 0, Place(card=card("2H"), pile=pile_index("C1")))
    assert state.castle[pile_index("C1")][-1].colour is Colour.RED


def test_a_refused_move_leaves_the_game_unchanged():
    state = position(MIXED, ["AH 2H", "3C 4C", "5C 6C", "7C 8C"])
    before = state.model_dump_json()
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, Place(card=card("AH"), pile=pile_index("C1")))
    assert state.model_dump_json() == before


def test_placing_other_colour_changes_control_and_neighbours_totals():
    state = position(ALL_RED, ["KS 2C", "3C 4C", "5C 6C", "7C 8C"])
    b2 = pile_index("B2")
    # B2 is the red 7 with four red neighbours: total 11; the black King (13) beats it.
    assert total_value([p[-1] for p in state.castle], b2) == 11
    GAME.apply(state, 0, Place(card=card("KS"), pile=b2))
    tops = [p[-1] for p in state.castle]
    assert tops[b2].colour is Colour.BLACK
    # B1, the red 3: A1 and C1 red, B2 now black: 3 + 2 - 1 = 4 (it was 3 + 3 = 6).
    assert total_value(tops, pile_index("B1")) == 4


def test_either_team_may_place_either_colour():
    state = position(MIXED, ["2H 3S", "4H 5C", "6C 7H", "8C 9D"])
    GAME.apply(state, 0, Place(card=card("3S"), pile=pile_index("A1")))  # Reds place a black card
    GAME.apply(state, 1, Place(card=card("4H"), pile=pile_index("B1")))  # Blacks place a red card


def test_the_opener_may_not_pass_on_the_very_first_turn():
    state = GAME.new_game(seats=4, seed=2)
    opener = GAME.to_act(state)[0]
    assert Pass() not in GAME.legal_moves(state, opener)
    with pytest.raises(IllegalMove, match="may not pass on the very first turn"):
        GAME.apply(state, opener, Pass())


def test_the_first_card_played_sets_the_team_colours():
    state = GAME.new_game(seats=4, seed=2)
    opener = GAME.to_act(state)[0]
    move = next(m for m in GAME.legal_moves(state, opener) if m.card.colour is Colour.BLACK)
    GAME.apply(state, opener, move)
    assert state.team_colours[opener % 2] is Colour.BLACK
    assert state.team_colours[(opener + 1) % 2] is Colour.RED


def test_pass_the_left_opponent_takes_a_random_card_into_her_teams_captures():
    state = position(MIXED, ["AH 2H 3H", "4C", "5C", "6C"], turn=0)
    GAME.apply(state, 0, Pass())
    assert len(state.hands[0]) == 2
    assert len(state.captured[1]) == 1 and state.captured[1][0] in cards("AH 2H 3H")
    assert state.turn == 1


def test_the_card_a_pass_loses_depends_on_the_seed_and_replays():
    taken = set()
    for seed in range(12):
        state = position(MIXED, ["AH 2H 3H 4H", "4C", "5C", "6C"])
        state.chance = Chance.seeded(seed)
        GAME.apply(state, 0, Pass())
        taken.add(state.captured[1][0])
    assert len(taken) > 1


def test_captured_pass_cards_score_only_if_of_the_colour_that_team_captures():
    # Blacks (team 1) capture red cards: the A♥ counts 9, the A♣ counts nothing.
    state = position(ALL_RED, ["", "", "", ""], captured=("", "AH AC"))
    assert GAME.outcome(state).team_scores == [0, 9]


def test_turns_go_clockwise():
    state = position(MIXED, ["2H", "3H", "4H", "5H"], turn=2)
    GAME.apply(state, 2, Place(card=card("4H"), pile=pile_index("B1")))
    assert GAME.to_act(state) == [3]
    GAME.apply(state, 3, Place(card=card("5H"), pile=pile_index("B1")))
    assert GAME.to_act(state) == [0]


def play_random(state: PilesState, chance: Chance, turns: int | None = None) -> int:
    """Play random legal moves: `turns` of them, or to the end; how many were played."""
    played = 0
    while not GAME.is_over(state) and (turns is None or played < turns):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, chance.choice(GAME.legal_moves(state, seat)))
        played += 1
    return played


def test_a_four_seat_game_ends_after_ten_turns_each():
    state = GAME.new_game(seats=4, seed=8)
    assert play_random(state, Chance.seeded(3)) == 40
    assert GAME.to_act(state) == []


def test_two_seats_the_remaining_twenty_are_dealt_after_the_first_ten_each():
    state = GAME.new_game(seats=2, seed=8)
    chance = Chance.seeded(3)
    play_random(state, chance, turns=20)
    assert [len(h) for h in state.hands] == [10, 10]
    assert state.stock == []
    assert not GAME.is_over(state)
    assert play_random(state, chance) == 20


def test_points_aces_nine_kings_four_queens_three_jacks_two_others_one():
    assert [POINTS[r] for r in range(1, 14)] == [9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4]
    assert sum(POINTS[c.rank] for c in standard_deck() if c.colour is Colour.RED) == 54


def test_scoring_each_team_takes_piles_of_its_colour_and_scores_the_other_colour_in_them():
    state = position(MIXED, ["", "", "", ""])
    state.castle[0] = cards("AS KH 5S QH 2H")  # red top: the Reds score... black cards in it
    state.castle[1] = cards("AH JS")  # black top: the Blacks score the red Ace
    state.castle[2] = [card("4S")]
    state.castle[3] = [card("5H")]
    rest = cards("6H 7S 8H 9S 10S JH QS KH")
    for i, c in enumerate(rest, start=4):
        state.castle[i] = [c]
    reds, blacks = GAME.outcome(state).team_scores
    assert reds == POINTS[1] + POINTS[5]  # A♠ and 5♠ under the red 2♥
    assert blacks == POINTS[1]  # A♥ under the J♠


def test_the_higher_total_wins_and_equal_totals_draw():
    state = position(ALL_RED, ["", "", "", ""], captured=("AS", ""))
    outcome = GAME.outcome(state)
    assert outcome.winners == [0, 2] and "Reds win" in outcome.summary
    state = position(ALL_RED, ["", "", "", ""], captured=("AS", "AH"))
    outcome = GAME.outcome(state)
    assert outcome.winners == [0, 1, 2, 3] and "draw" in outcome.summary


def test_two_seats_are_each_a_team_of_one():
    state = position(ALL_RED, ["", ""], captured=("", "AH"))
    assert GAME.outcome(state).teams == [[0], [1]]
    assert GAME.outcome(state).winners == [1]


def test_a_view_shows_the_seats_own_hand_only_and_public_tops_and_heights():
    state = GAME.new_game(seats=4, seed=4)
    view = GAME.view(state, 1)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == [10, 10, 10, 10]
    assert [p.height for p in view.castle] == [1] * 12
    assert "hands" not in view.model_dump()
    assert GAME.view(state, None).hand is None


def test_buried_cards_are_hidden_unless_the_setting_shows_them():
    assert GAME.new_game(seats=4, seed=1).options.show_buried is False
    state = GAME.new_game(seats=4, seed=1, options={"show_buried": True})
    assert GAME.view(state, 0).show_buried is True


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Place(card=card("KD"), pile=0), "You do not hold the K♦."),
        (Place(card=card("2H"), pile=12), "There is no such pile"),
    ],
)
def test_refused_moves_say_why(move, reason):
    state = position(MIXED, ["2H", "3H", "4H", "5H"])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, move)
    assert reason in refused.value.reason


def test_not_your_turn_and_game_over_are_refused():
    state = position(MIXED, ["2H", "3H", "4H", "5H"])
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply(state, 1, Place(card=card("3H"), pile=0))
    over = position(MIXED, ["", "", "", ""])
    with pytest.raises(IllegalMove, match="game is over"):
        GAME.apply(over, 0, Pass())


def test_explain_says_what_the_seat_can_do():
    state = GAME.new_game(seats=4, seed=2)
    opener = GAME.to_act(state)[0]
    assert "No passing on the first turn" in GAME.explain(state, opener)
    assert "Waiting" in GAME.explain(state, (opener + 1) % 4)


# A castle of twelve red 8s to Kings: no card from Ace to 10 may take a pile (issue 8.1).
RED_EIGHTS_UP = "8H 9H 10H JH  QH KH 8D 9D  10D JD QD KD"
NOTHING_FITS = [
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    "JC QC KC JS QS KS AH 2H 3H 4H",
    "5H 6H 7H AD 2D 3D 4D 5D 6D 7D",
]


def test_an_opener_with_no_card_that_fits_any_pile_passes_and_the_game_goes_on():
    state = position(RED_EIGHTS_UP, NOTHING_FITS, turns_taken=0, colours=None)
    assert GAME.legal_moves(state, 0) == [Pass()]
    assert "none of your cards may go on any pile: you must pass" in GAME.explain(state, 0)
    GAME.apply(state, 0, Pass())
    assert len(state.hands[0]) == 9 and len(state.captured[1]) == 1
    assert state.team_colours is None
    GAME.apply(state, 1, Pass())  # nothing of seat 1's fits either
    GAME.apply(state, 2, Place(card=card("KC"), pile=pile_index("A1")))
    # The first card played sets the colours: the opener's team takes its colour.
    assert state.team_colours == [Colour.BLACK, Colour.RED]


def test_a_first_card_from_the_other_team_still_gives_its_colour_to_the_openers_team():
    """RULES.md: 'The colour of the first card played makes the opener's team that colour',
    whoever plays it (here the opener has to pass and the player on her left plays first)."""
    hands = [
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "AH 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "JC QC KC JS QS KS AC 2H 3H 4H",
        "5H 6H 7H AD 2D 3D 4D 5D 6D 7D",
    ]
    state = position(RED_EIGHTS_UP, hands, turns_taken=0, colours=None)
    GAME.apply(state, 0, Pass())
    assert "becomes the other team's (the opener's)" in GAME.explain(state, 1)
    events = GAME.apply(state, 1, Place(card=card("AH"), pile=pile_index("A1")))
    assert state.team_colours == [Colour.RED, Colour.BLACK]
    assert any(e.text.startswith("{0}'s team are the Reds") and e.seats == (0,) for e in events)


def test_an_opener_who_can_place_still_may_not_pass():
    state = position(RED_EIGHTS_UP, ["AS 2H", "AC", "JC", "5H"], turns_taken=0, colours=None)
    assert Pass() not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="may not pass on the very first turn"):
        GAME.apply(state, 0, Pass())


def test_the_seat_to_act_always_has_a_move_in_random_games():
    rng = Chance.seeded(81)
    starts = [GAME.new_game(4 if s % 2 else 2, s) for s in range(30)]
    starts.append(position(RED_EIGHTS_UP, NOTHING_FITS, turns_taken=0, colours=None))
    for state in starts:
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            moves = GAME.legal_moves(state, seat)
            assert moves, state.model_dump_json()
            GAME.apply(state, seat, moves[rng.below(len(moves))])


@pytest.mark.parametrize(
    ("hands", "said"),
    [
        (["AS 2S", "3C", "4C", "5C"], "None of your cards may go on any pile: pass ("),
        (["AS 2H", "3C", "4C", "5C"], "Place your one playable card, 2♥, or pass ("),
        (["AS 2H 3D", "3C", "4C", "5C"], "Place one of your 2 playable cards, or pass ("),
    ],
)
def test_explain_counts_playable_cards_in_plain_words(hands, said):
    state = position(RED_EIGHTS_UP, hands)
    assert said in GAME.explain(state, 0)
    assert "0 playable" not in GAME.explain(state, 0)


def test_the_result_says_where_each_teams_points_came_from():
    state = position(MIXED, ["", "", "", ""], captured=("AS 2H", "3H"))
    state.castle[pile_index("B1")] = cards("AS KC 3H")  # red on top: the Reds take 9 + 4
    state.castle[pile_index("A1")] = cards("AD 2S")  # black on top: the Blacks take 9
    summary = GAME.outcome(state).summary.splitlines()
    assert summary == [
        "The Reds win: Reds 22, Blacks 10.",
        "Reds 22: piles B1 13; pass cards 9.",
        "Blacks 10: piles A1 9; pass cards 1.",
    ]
    assert GAME.outcome(state).team_scores == [22, 10]


def test_the_rules_page_says_what_the_seed_and_our_settlements_say():
    page = " ".join(rules_page("piles").split())
    assert "32 cards are left after the deal: 12 form the Castle and 20 wait" in page
    assert "**clockwise**" in page
    assert "if the opener holds no card that may go on any pile" in page
    assert "Our settlement of a gap in the rules" in page
    assert "that are of that other colour" in page and "pass cards of that colour" not in page
    assert "press `p` again to pass" in page
    assert "worth more" not in page

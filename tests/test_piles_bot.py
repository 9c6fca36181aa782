"""The Piles planner: it beats random play and explains its choice."""

from cardtable.bots.simulate import simulate
from cardtable.engine import SeatKind
from cardtable.games.piles import Place
from cardtable.games.piles.strategy import PilesPlanner
from tests.cards_text import card
from tests.test_piles_rules import ALL_RED, GAME, position


def test_the_planner_team_beats_a_random_team_most_of_the_time():
    kinds = [SeatKind.BOT, SeatKind.RANDOM, SeatKind.BOT, SeatKind.RANDOM]
    result = simulate("piles", 60, kinds, seed=100)
    assert result.wins[0] == result.wins[2]
    assert result.wins[0] / result.games >= 0.7


def test_the_planner_plays_two_seat_games_to_the_end():
    result = simulate("piles", 10, [SeatKind.BOT, SeatKind.RANDOM], seed=7)
    assert result.moves == 10 * 40


def test_the_planner_takes_a_pile_full_of_points_and_says_so():
    # The Reds hold every pile but B1: two red Aces lie there under a black 2, worth 18 to the
    # Blacks. The Reds' King of Hearts beats B1's total (2 - 3 red neighbours) and takes it back.
    state = position(ALL_RED, ["KH 2C", "3C", "4C", "5C"])
    state.castle[1] = [card("3H"), card("AH"), card("AD"), card("2S")]
    move, why = PilesPlanner().choose(GAME.view(state, 0), GAME.legal_moves(state, 0))
    assert move == Place(card=card("KH"), pile=1)
    assert "takes B1 for your team" in why


# Ann and Bob's two-seat game (seed 7) to the second deal, as a newcomer played it following
# the hints: (seat, card, pile) for each of the first 20 moves.
SEED_7_FIRST_DEAL = [
    (1, "KC", 9), (0, "AC", 9), (1, "JC", 9), (0, "9D", 5), (1, "10C", 10),
    (0, "5S", 9), (1, "AD", 0), (0, "7D", 0), (1, "2H", 0), (0, "8D", 0),
    (1, "2D", 0), (0, "6D", 0), (1, "6C", 3), (0, "7S", 8), (1, "8H", 4),
    (0, "8S", 10), (1, "JD", 6), (0, "4H", 1), (1, "5C", 7), (0, "3D", 0),
]  # fmt: skip


def test_the_planner_never_hands_a_pile_of_its_own_away_for_nothing():
    """Bob (Blacks) holds B3, 25 points in it; the other team could take it back with a red
    card above 6. The hint gave it to them with his 10 of hearts, calling every other move
    costlier, while a club took A1 and its 19 points."""
    state = GAME.new_game(2, 7)
    for seat, name, pile in SEED_7_FIRST_DEAL:
        GAME.apply(state, seat, Place(card=card(name), pile=pile))
    move, why = PilesPlanner().choose(GAME.view(state, 1), GAME.legal_moves(state, 1))
    gives_away = state.castle[move.pile][-1].colour is not move.card.colour
    assert not (gives_away and move.card.colour is state.team_colours[0]), why
    assert move.pile == 0 and "takes A1 for your team" in why

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

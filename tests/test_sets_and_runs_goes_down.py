"""The strong bot's draw while it holds the contract (issue 24): it takes a discard that goes
down this turn, in its lay-down or on a meld of the table, where today's planner draws a stock
card that may stay in its hand. Following the hint puts the card on the table that turn."""

from __future__ import annotations

from cardtable import games
from cardtable.games.sets_and_runs.moves import DRAW_STOCK, TAKE_DISCARD, Discard
from cardtable.games.sets_and_runs.search import BolderPlanner
from cardtable.games.sets_and_runs.strategy import SetsAndRunsPlanner
from tests.test_sets_and_runs_rules import c, position

GAME = games.get("sets-and-runs")
TWO_SETS = "7S 7H 7D QH QS QC 2D 5C 9D KH 3S"
"""Two Sets held (7s and Queens), five loose cards worth 30 points."""


def choices(state):
    """The strong bot's and today's planner's moves for seat 0, with the strong bot's reason."""
    view, legal = GAME.view(state, 0), GAME.legal_moves(state, 0)
    strong, why = BolderPlanner().choose(view, legal)
    planner, _ = SetsAndRunsPlanner().choose(view, legal)
    return strong, why, planner


def play_the_turn(state):
    """Seat 0 follows the strong bot's hints to the end of its turn (its discard)."""
    while True:
        move, _ = BolderPlanner().choose(GAME.view(state, 0), GAME.legal_moves(state, 0))
        GAME.apply(state, 0, move)
        if isinstance(move, Discard):
            return


def on_the_table(state, card) -> int:
    """How many copies of `card` lie in the melds of the table."""
    return sum(meld.cards.count(card) for meld in state.melds)


def test_it_takes_a_discard_that_goes_into_its_lay_down_and_the_planner_does_not():
    state = position({0: TWO_SETS}, discards="7C", window=True)
    strong, why, planner = choices(state)
    assert planner == DRAW_STOCK
    assert strong == TAKE_DISCARD
    assert why.startswith("You hold Two Sets, and laid down with the 7♣ it leaves you 30 points")
    play_the_turn(state)
    assert state.laid_down[0] and on_the_table(state, c("7C")) == 1
    assert c("7C") not in state.hands[0]


def test_it_takes_a_discard_that_goes_on_a_meld_of_the_table_once_it_is_down():
    state = position(
        {0: TWO_SETS},
        melds=((1, "set", "8S 8D 8C"), (1, "set", "9S 9H 9C")),
        discards="8H",
        window=True,
    )
    strong, why, planner = choices(state)
    assert (strong, planner) == (TAKE_DISCARD, DRAW_STOCK)
    assert why == (
        "You hold Two Sets; once it is down the 8♥ goes on meld 1 (8♠ 8♦ 8♣): take it, where "
        "a stock card may stay in your hand."
    )
    play_the_turn(state)
    assert on_the_table(state, c("8H")) == 1 and c("8H") not in state.hands[0]


def test_it_draws_when_the_discard_would_stay_in_its_hand_or_it_lacks_the_contract():
    holding = position({0: TWO_SETS}, discards="4D", window=True)
    assert choices(holding)[0] == choices(holding)[2] == DRAW_STOCK
    lacking = position({0: "7S 7H QH QS 2D 5C 9D KH 3S 4D 8C"}, discards="JD", window=True)
    strong, why, planner = choices(lacking)
    assert strong == planner == DRAW_STOCK
    assert "The J♦ would not bring you closer to Two Sets" in why

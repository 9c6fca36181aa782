"""Piles hints: the move a good player makes, and a reason that is true of that very move."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.games.piles import Pass, Place
from cardtable.games.piles.castle import pile_index
from cardtable.games.piles.rules import team_of, team_scores
from cardtable.games.piles.strategy import PilesPlanner
from tests.cards_text import card, cards
from tests.test_piles_rules import ALL_RED, GAME, MIXED, position

ALL_BLACK = "2S 3S 4S 5S  6S 7S 8S 9S  10S JS QS KS"
# A castle of twelve red 8s to Kings: no card from Ace to 10 can take a pile (issue 8.1).
RED_EIGHTS_UP = "8H 9H 10H JH  QH KH 8D 9D  10D JD QD KD"
NO_PLACE_HANDS = [
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    "JC QC KC JS QS KS AH 2H 3H 4H",
    "5H 6H 7H AD 2D 3D 4D 5D 6D 7D",
]


def hint(state, seat=0):
    """The planner's move and reason for `seat`, as the hint key gives them."""
    return PilesPlanner().choose(GAME.view(state, seat), GAME.legal_moves(state, seat))


def b1_full_of_red_aces():
    """The Reds hold every pile but B1, where two red Aces lie under a black 2."""
    state = position(ALL_RED, ["KH 2C", "3C", "4C", "5C"])
    state.castle[1] = cards("3H AH AD 2S")
    return state


def c3_hides_a_black_ace():
    """The Blacks hold C3 (a Queen over the Ace of Clubs); the Reds' Queen beats its total 9."""
    state = position(MIXED, ["QH 2H 3C", "3C", "4C", "5C"])
    state.castle[pile_index("C3")] = cards("AC QS")
    return state


def the_opener_holds_nothing_that_fits():
    return position(RED_EIGHTS_UP, NO_PLACE_HANDS, turns_taken=0, colours=None)


def nothing_fits_later():
    return position(RED_EIGHTS_UP, NO_PLACE_HANDS, turns_taken=3, colours=None)


POSITIONS = [
    pytest.param(
        b1_full_of_red_aces,
        Place(card=card("KH"), pile=pile_index("B1")),
        "K♥ takes B1 for your team: you gain 1 point and the Blacks lose 19 points; "
        "its total is now 16.",
        id="take back a pile holding two of your Aces",
    ),
    pytest.param(
        c3_hides_a_black_ace,
        Place(card=card("QH"), pile=pile_index("C3")),
        "Q♥ takes C3 for your team: you gain 12 points; its total is now 15.",
        id="take a pile with an Ace of the colour you capture",
    ),
    pytest.param(
        lambda: position(ALL_BLACK, ["2C 3D", "3C", "4C", "5C"]),
        Place(card=card("2C"), pile=pile_index("D3")),
        "2♣ scores for nobody on D3, the Blacks' pile; its total falls from 15 to 4, and "
        "taking D3 would win you 5 points.",
        id="spend a card of the other colour where it scores for nobody",
    ),
    pytest.param(
        lambda: position(ALL_RED, ["2H 9C", "3C", "4C", "5C"]),
        Place(card=card("2H"), pile=pile_index("A1")),
        "2♥ keeps A1 red: its total stays at 4, next to 2 piles of your colour.",
        id="keep a corner pile rather than hand one over",
    ),
    pytest.param(
        the_opener_holds_nothing_that_fits,
        Pass(),
        "None of your cards may go on any pile: passing is your only move.",
        id="the opener with no card that fits passes",
    ),
    pytest.param(
        nothing_fits_later,
        Pass(),
        "None of your cards may go on any pile: passing is your only move.",
        id="nothing fits: pass",
    ),
]


@pytest.mark.parametrize(("build", "move", "reason"), POSITIONS)
def test_the_hint_makes_a_good_players_move_and_says_why(build, move, reason):
    assert hint(build()) == (move, reason)


def test_a_hint_after_the_openers_pass_weighs_a_pass_before_colours_are_set():
    state = the_opener_holds_nothing_that_fits()
    GAME.apply(state, 0, Pass())
    state.hands[1] = cards("AC 2C 3C KD")  # the K♦ fits: seat 1 may place or pass
    move, why = hint(state, 1)
    assert move in GAME.legal_moves(state, 1) and Pass() in GAME.legal_moves(state, 1)
    assert why


def hint_line(move, why) -> str:
    """The status line the table shows for this hint (with the longest name of a seat)."""
    key = (
        "Enter places it."
        if isinstance(move, Place)
        else "Bot 2 takes a card of yours at random. Press p."
    )
    return f"Hint: {move.brief()}. {why} {key}"


STATUS_ROOM = 150
"""The status line has two lines of 78 characters at 80 columns; words wrap, so a little less."""


@pytest.mark.parametrize("build", [p.values[0] for p in POSITIONS])
def test_a_hint_fits_the_status_line_at_80_columns(build):
    line = hint_line(*hint(build()))
    assert len(line) <= STATUS_ROOM, line


def test_points_named_by_a_hint_are_the_points_the_move_moves():
    # Issue 8.14: "+20 points now" when the Reds' score moved by 1 (it added up the swing).
    state = b1_full_of_red_aces()
    move, why = hint(state)
    before = team_scores(state)
    GAME.apply(state, 0, move)
    after = team_scores(state)
    assert after[0] - before[0] == 1 and "you gain 1 point" in why
    assert before[1] - after[1] == 19 and "the Blacks lose 19 points" in why


GAIN = re.compile(r"you gain (\d+) points?")
LOSE = re.compile(r"(?:the \w+|you) lose (\d+) points?")
THEY_GAIN = re.compile(r"the \w+ gain (\d+) points?")


def test_every_hint_in_whole_games_states_the_points_its_move_really_moves():
    rng = random.Random(8)
    checked = 0
    for seed in range(5):
        state = GAME.new_game(4 if seed % 3 else 2, seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            move, why = hint(state, seat)
            assert move in moves
            assert len(hint_line(move, why)) <= STATUS_ROOM, why
            ours, theirs = team_of(seat), 1 - team_of(seat)
            before = team_scores(state)
            if isinstance(move, Place) and state.team_colours is not None:
                trial = state.model_copy(deep=True)
                GAME.apply(trial, seat, move)
                after = team_scores(trial)
                gained, lost = after[ours] - before[ours], before[theirs] - after[theirs]
                if "takes" in why:
                    said = GAIN.search(why)
                    assert gained == (int(said.group(1)) if said else 0), why
                    said = LOSE.search(why)
                    assert lost == (int(said.group(1)) if said else 0), why
                    checked += 1
                elif "gives" in why:
                    said = THEY_GAIN.search(why)
                    assert -lost == int(said.group(1)), why
                    said = LOSE.search(why)
                    assert -gained == (int(said.group(1)) if said else 0), why
                    checked += 1
                else:
                    assert (gained, lost) == (0, 0), why
            # the game goes on with random play, so that many kinds of position come up
            GAME.apply(state, seat, move if rng.random() < 0.5 else rng.choice(moves))
    assert checked >= 10

"""Over Trump's search hooks: worlds honour what the table has shown (voids, cards seen going
back after a reveal), and the easy bot's blunders are the ones a beginner would see."""

from __future__ import annotations

import random

from cardtable import games
from cardtable.bots.seat_player import planner
from cardtable.games.over_trump.search import SEARCH
from tests.cards_text import pcard
from tests.test_over_trump_rules import position

GAME = games.get("over-trump")
WORLDS = 40


def positions(seeds: range):
    """Every state of seeded games between planners, with the seat to act."""
    for seed in seeds:
        state = GAME.new_game(seats=4, seed=seed)
        bots = [planner("over-trump", seed * 4 + s) for s in range(4)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            yield state, seat
            move, _ = bots[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
            GAME.advance(state, seat, move)


def test_a_seat_that_showed_out_of_a_suit_gets_none_of_it_in_any_world():
    rng = random.Random(4)
    checked = 0
    for state, seat in positions(range(3)):
        view = GAME.view(state, seat)
        for other in range(4):
            if other == seat or not view.voids[other] or len(state.hands[other]) < 3:
                continue
            void = set(view.voids[other])
            unseen = [c for s in range(4) if s != seat for c in state.hands[s] if c.suit in void]
            if len(unseen) < 3:
                continue
            for _ in range(WORLDS):
                world = SEARCH.sample(view, rng)
                held = [c for c in world.hands[other] if not c.is_joker and c.suit in void]
                assert not held, f"seat {other} showed out of {void} but holds {held}"
            checked += 1
    assert checked >= 10


def test_a_card_seen_going_back_stays_in_its_owners_hand_in_every_world():
    rng = random.Random(5)
    checked = 0
    for state, seat in positions(range(6)):
        view = GAME.view(state, seat)
        for other in range(4):
            if other == seat or not view.shown[other]:
                continue
            for _ in range(WORLDS // 4):
                world = SEARCH.sample(view, rng)
                assert all(card in world.hands[other] for card in view.shown[other])
            checked += 1
    assert checked >= 5


def silly(hand: str, trick: list[tuple[int, str]], card: str, reveal: str | None = None):
    """Whether Ann (seat 0, placing now) placing `card` into `trick` is a beginner's blunder."""
    state = position([hand, "", "", ""], turn=0, trick=trick)
    view = GAME.view(state, 0)
    moves = GAME.legal_moves(state, 0)
    move = next(
        m for m in moves if m.card == pcard(card) and (m.reveal == (reveal and pcard(reveal)))
    )
    return SEARCH.silly(view, move, moves)


def test_the_easy_bot_never_takes_the_top_from_its_partner_while_it_could_go_under():
    trick = [(3, "9R"), (1, "5R"), (2, "KR")]  # bottom first: Cy (Ann's partner) on top
    assert silly("AR 4R", trick, "AR")
    assert not silly("AR 4R", trick, "4R")
    # With only cards that take the top, taking it is no blunder: there is nothing else.
    assert not silly("AR", trick, "AR")


def test_the_easy_bot_never_throws_a_1_under_the_other_teams_top():
    trick = [(2, "3R"), (1, "5R"), (3, "KR")]  # bottom first: Dee (the other team) on top
    assert silly("1R 4R", trick, "1R")
    assert not silly("1R 4R", trick, "4R")
    # A Keeper revealed with the 1 brings it back: only the Keeper goes to their trick.
    assert not silly("1R KpS", trick, "1R", "KpS")
    # Taking the top with a 1 of the superior suit is no gift.
    assert not silly("1P 4P", trick, "1P")

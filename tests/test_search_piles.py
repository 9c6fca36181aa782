"""Piles' search hooks (issue 24): worlds are ones the seat could be in, the opener seen to pass
first holds no card that fits, and the easy bot never passes while it can place a card."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.bots.easy import EasyBot
from cardtable.bots.seat_player import player_for
from cardtable.cards import Card, Suit
from cardtable.engine import SeatKind
from cardtable.games.piles.moves import PASS, Pass
from cardtable.games.piles.search import SEARCH, fits

GAME = games.get("piles")


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("show_buried", [False, True])
def test_a_sampled_world_is_one_the_seat_could_be_in(seats, show_buried):
    """The generic test (test_search_hooks) finds no option sets for Piles, which has a single
    option: the same checks here, over both of its values."""
    rng = random.Random(seats)
    for seed in range(3):
        state = GAME.new_game(seats=seats, seed=seed, options={"show_buried": show_buried})
        players = [player_for(SeatKind.BOT, "piles", seed + s) for s in range(seats)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            for looker in (seat, (seat + 1) % seats):
                view = GAME.view(state, looker)
                world = SEARCH.sample(view, rng)
                assert GAME.view(world, looker) == view
                assert Counter(map(repr, GAME.cards(world))) == Counter(
                    map(repr, GAME.cards(state))
                )
                assert GAME.legal_moves(world, looker) == GAME.legal_moves(state, looker)
            move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
            GAME.advance(state, seat, move)


def opener_without_a_card_that_fits():
    """A game whose Castle is all high black cards and whose opener holds only low red ones:
    she cannot place, so she passes."""
    state = GAME.new_game(seats=4, seed=1)
    black, red = [Suit.SPADES, Suit.CLUBS], [Suit.HEARTS, Suit.DIAMONDS]
    castle = [Card(rank=r, suit=s) for r in range(8, 14) for s in black]
    low_red = [Card(rank=r, suit=s) for r in range(1, 6) for s in red]
    rest = [
        Card(rank=r, suit=s)
        for s in Suit
        for r in range(1, 14)
        if Card(rank=r, suit=s) not in castle + low_red
    ]
    random.Random(2).shuffle(rest)
    opener = state.turn
    state.castle = [[card] for card in castle]
    for seat in range(4):
        state.hands[seat] = low_red if seat == opener else [rest.pop() for _ in range(10)]
    assert GAME.legal_moves(state, opener) == [PASS]
    GAME.advance(state, opener, PASS)
    return state, opener


def test_an_opener_seen_to_pass_first_holds_no_card_that_fits_in_any_world():
    state, opener = opener_without_a_card_that_fits()
    seat = (opener + 1) % 4
    view = GAME.view(state, seat)
    rng = random.Random(5)
    for _ in range(20):
        world = SEARCH.sample(view, rng)
        assert world.hands[opener] and not any(fits(c, view) for c in world.hands[opener])
    assert any(fits(c, view) for c in world.hands[(opener + 2) % 4])  # others may hold them


def test_the_easy_bot_never_passes_while_it_can_place():
    for seed in range(3):
        play_easy_game(seed)


def play_easy_game(seed: int) -> None:
    """Four easy bots play a game; none passes while it could place."""
    state = GAME.new_game(seats=4, seed=seed)
    players = [EasyBot("piles", seed=seed + s) for s in range(4)]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        move, _ = players[seat].choose(GAME.view(state, seat), moves)
        if isinstance(move, Pass):
            assert moves == [PASS]
        GAME.advance(state, seat, move)


def test_giving_away_a_pile_of_ones_own_colour_is_silly_while_another_place_is_not():
    state = GAME.new_game(seats=4, seed=4)
    players = [player_for(SeatKind.BOT, "piles", s) for s in range(4)]
    for _ in range(6):
        seat = GAME.to_act(state)[0]
        move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
        GAME.advance(state, seat, move)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    ours = view.team_colours[seat % 2]
    moves = GAME.legal_moves(state, seat)
    gives = [
        m
        for m in moves
        if not isinstance(m, Pass)
        and view.castle[m.pile].top.colour is ours
        and m.card.colour is ours.other
    ]
    assert gives
    assert all(SEARCH.silly(view, m, moves) for m in gives)

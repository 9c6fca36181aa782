"""Run It's search hooks (issue 24): the worlds honour what a seat has seen, a seat's moves
follow what she sees of her hand, and the easy bot's blunders are never made."""

from __future__ import annotations

import random

from run_it_positions import card, position

from cardtable import games
from cardtable.bots.easy import EasyBot
from cardtable.bots.search import Budget, SearchBot
from cardtable.bots.seat_player import player_for
from cardtable.cards import RunItCard, RunItColour, RunItKind
from cardtable.engine import SeatKind
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it.matching import can_play
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.search import SEARCH
from cardtable.games.run_it.state import Phase

GAME = games.get("run-it")


def positions(phase: Phase, seed: int = 1, seats: int = 4, options=None):
    """States of seeded planner games in `phase`."""
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    players = [player_for(SeatKind.BOT, "run-it", seed + s) for s in range(seats)]
    while not GAME.is_over(state):
        if state.phase is phase:
            yield state
        window = GAME.claim_window(state)
        seat = window.open_to[0] if window and window.open_to else GAME.to_act(state)[0]
        move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
        GAME.advance(state, seat, move)


def test_a_player_getting_a_card_holds_none_that_goes_in_every_world():
    """She asked for a card, so she had nothing to play on the top: no world deals her one."""
    checked = 0
    for seed in range(1, 6):
        for state in positions(Phase.OFFERS, seed):
            seat = (state.turn + 1) % state.seats
            view = GAME.view(state, seat)
            rng = random.Random(seed)
            for _ in range(5):
                world = SEARCH.sample(view, rng)
                getter = world.hands[world.turn]
                assert not any(can_play(c, world.discards[-1], world.colour) for c in getter)
                checked += 1
    assert checked > 50


def test_a_card_got_and_playable_is_one_that_goes_in_every_world():
    checked = 0
    for seed in range(1, 8):
        for state in positions(Phase.GOT, seed):
            seat = (state.turn + 1) % state.seats
            world = SEARCH.sample(GAME.view(state, seat), random.Random(seed))
            assert world.got is not None and world.got in world.hands[world.turn]
            assert can_play(world.got, world.discards[-1], world.colour)
            plays = [m for m in GAME.legal_moves(world, world.turn) if isinstance(m, mv.Play)]
            assert plays and all(m.card == world.got for m in plays)
            checked += 1
    assert checked > 5


def test_a_seats_moves_do_not_depend_on_the_order_her_cards_came_in():
    """Her view shows her hand sorted, so her moves must not tell the deal's order apart (a
    search from her view plays the same moves on every world)."""
    state = next(positions(Phase.OFFERS, 3))
    seat = state.asked[0]
    moves = GAME.legal_moves(state, seat)
    state.hands[seat].reverse()
    assert GAME.legal_moves(state, seat) == moves
    play = next(positions(Phase.PLAY, 3))
    hand = play.hands[play.turn]
    hand[:] = [
        RunItCard(kind=RunItKind.WILD),
        *hand,
        RunItCard(kind=RunItKind.WILD_PENALTY, value=2),
    ]
    before = (GAME.legal_moves(play, play.turn), GAME.view(play, play.turn).playable)
    hand.reverse()
    assert (GAME.legal_moves(play, play.turn), GAME.view(play, play.turn).playable) == before


def test_the_easy_bot_never_lets_a_winning_match_go_nor_takes_an_answerable_run():
    state = next(positions(Phase.WINDOW, 2))
    seat = state.window.open_to[0]
    state.hands[seat] = [state.discards[-1]]
    view = GAME.view(state, seat)
    assert SEARCH.silly(view, LET_GO, [CLAIM, LET_GO])
    bot = EasyBot("run-it", seed=0)
    assert all(bot.choose(view, [CLAIM, LET_GO])[0] == CLAIM for _ in range(30))
    state = next(positions(Phase.PLAY, 2))
    seat = state.turn
    state.penalty, state.penalty_value = 2, 2
    state.discards.append(RunItCard(kind=RunItKind.PENALTY, colour=RunItColour.RED, value=2))
    state.colour = RunItColour.RED
    state.hands[seat].append(RunItCard(kind=RunItKind.PENALTY, colour=RunItColour.BLUE, value=2))
    moves = GAME.legal_moves(state, seat)
    assert mv.TAKE_PENALTY in moves and len(moves) > 1
    view = GAME.view(state, seat)
    assert all(
        EasyBot("run-it", seed=s).choose(view, moves)[0] != mv.TAKE_PENALTY for s in range(30)
    )


def test_the_strong_bot_keeps_a_penalty_card_the_planner_would_attack_with():
    # Self-play found the planner too quick to start runs: the strong bot's rules of thumb keep
    # a penalty card to answer runs while the next player is far from winning...
    state = position(["B+2 B3 G7 G8", "R1 R2 R3 R4 R5"], "B5")
    view, legal = GAME.view(state, 0), GAME.legal_moves(state, 0)
    assert player_for(SeatKind.BOT, "run-it").choose(view, legal)[0] == play(card("B+2"))
    strong = SearchBot("run-it", seed=1, budget=Budget(worlds=2, seconds=None))
    assert strong.planner.choose(view, legal)[0] == play(card("B3"))
    # ...and still puts one on a next player holding three cards or fewer.
    close = position(["B+2 B3 G7 G8", "R1 R2 R3"], "B5")
    view, legal = GAME.view(close, 0), GAME.legal_moves(close, 0)
    assert strong.planner.choose(view, legal)[0] == play(card("B+2"))

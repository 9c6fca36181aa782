"""Runway's search hooks (issue 24): a hand the seat looks at and a trade's offered cards stay
where she saw them in every world, and the easy bot never ends its build phase with a natural
card that grows its run."""

from __future__ import annotations

import random
from collections import Counter

from cardtable import games
from cardtable.bots.easy import EasyBot
from cardtable.bots.hints import HINT_WORLDS_SETTING, hint_player
from cardtable.bots.search import SearchBot
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind
from cardtable.engine.search_budget import Budget
from cardtable.games.runway import moves as mv
from cardtable.games.runway.search import SEARCH, needed_card
from cardtable.games.runway.state import Phase

GAME = games.get("runway")


def build_phases(seats: int, seed: int, options=None):
    """States of a seeded planners' game at the start of a build phase."""
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    players = [player_for(SeatKind.BOT, "runway", seed + s) for s in range(seats)]
    last = None
    while not GAME.is_over(state):
        if state.phase is Phase.BUILD and last is not Phase.BUILD:
            yield state
        last = state.phase
        seat = GAME.to_act(state)[0]
        move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
        GAME.advance(state, seat, move)


def test_the_hand_she_looks_at_is_that_hand_in_every_world():
    state = next(build_phases(3, 1))
    seat = state.active
    other = (seat + 1) % 3
    state.actions = 1
    GAME.advance(state, seat, mv.LookAtHand(seat=other))
    view = GAME.view(state, seat)
    assert view.peek
    rng = random.Random(1)
    for _ in range(10):
        world = SEARCH.sample(view, rng)
        assert world.hands[other] == view.peek
        assert GAME.legal_moves(world, seat) == GAME.legal_moves(state, seat)


def test_the_cards_a_trade_offers_her_are_in_the_offerers_hand_in_every_world():
    state = next(build_phases(3, 2, {"trading": True}))
    by = state.active
    to = (by + 1) % 3
    GAME.advance(state, by, mv.OfferTrade(seat=to))
    give = state.hands[by][:2]
    for card in give:
        GAME.advance(state, by, mv.OfferCard(card=card))
    GAME.advance(state, by, mv.SEND_OFFER)
    view = GAME.view(state, to)
    rng = random.Random(2)
    for _ in range(10):
        world = SEARCH.sample(view, rng)
        assert not Counter(give) - Counter(world.hands[by])
        assert GAME.view(world, to) == view


def test_the_easy_bot_never_ends_its_build_with_a_natural_card_that_grows_its_run():
    checked = 0
    for seed in range(4):
        for state in build_phases(2, seed):
            seat = state.active
            moves = GAME.legal_moves(state, seat)
            if not any(isinstance(m, mv.AddToRun) and not m.card.is_joker for m in moves):
                continue
            view = GAME.view(state, seat)
            for bot_seed in range(5):
                move, _ = EasyBot("runway", seed=bot_seed).choose(view, moves)
                assert not isinstance(move, mv.EndBuild)
            checked += 1
    assert checked > 10


def discard_phases(seats: int, seed: int):
    """States of a seeded planners' game where the seat to act discards (or recycles)."""
    state = GAME.new_game(seats=seats, seed=seed)
    players = [player_for(SeatKind.BOT, "runway", seed + s) for s in range(seats)]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        if any(isinstance(m, mv.Discard) for m in moves):
            yield state
        move, _ = players[seat].choose(GAME.view(state, seat), moves)
        GAME.advance(state, seat, move)


def test_the_easy_bot_never_discards_a_card_its_run_needs_while_another_card_could_go():
    checked = 0
    for seed in range(6):
        for state in discard_phases(2, seed):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            moves = GAME.legal_moves(state, seat)
            discards = [m for m in moves if isinstance(m, mv.Discard)]
            needed = [m for m in discards if needed_card(view, m.card)]
            if not needed or len(needed) == len(discards):
                continue
            for bot_seed in range(5):
                move, _ = EasyBot("runway", seed=bot_seed).choose(view, moves)
                assert move not in needed, f"discarded {move.card.label}, which the run needs"
            checked += 1
    assert checked > 5


def test_an_offer_withdrawn_at_once_ends_every_world_as_the_planners_move_does():
    """The rollout plays the rest of the seat's own turn before it counts its steps: an offer
    the planner withdraws at once costs two moves, and must not buy a shorter look ahead."""
    compared = 0
    for seed in range(6):
        for state in build_phases(2, seed, {"trading": True, "especially_special": True}):
            seat = state.active
            view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
            offers = [m for m in legal if isinstance(m, mv.OfferTrade)]
            bot = SearchBot("runway", seed=seed, budget=Budget(worlds=3, seconds=None, steps=12))
            first, _ = bot.planner.choose(view, legal)
            if not offers or isinstance(first, mv.OfferTrade):
                continue
            ends = bot.search(view, seat, [first, offers[0]], 0.0)
            assert ends[offers[0]] == ends[first], (seed, first)
            compared += 1
    assert compared >= 20


def test_two_people_following_fresh_hints_through_a_trading_game_reach_its_end(monkeypatch):
    """Each hint is asked afresh, as the table asks it (the same answer for the same position):
    with two worlds a hint once advised an offer, then withdrawing it, for ever."""
    monkeypatch.setenv(HINT_WORLDS_SETTING, "2")
    state = GAME.new_game(seats=2, seed=24, options={"trading": True, "especially_special": True})
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
        move, _ = hint_player("runway").choose(view, legal)
        GAME.apply(state, seat, move)
    assert GAME.is_over(state)

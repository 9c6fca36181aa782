"""What each Run It seat has shown she lacks (`lacking.py`, issue 24): the record stays true
through whole games, and the strong bot's worlds honour it."""

from __future__ import annotations

import itertools
import random

import pytest
from run_it_positions import card, gets_from_draw_pile, plays, position

from cardtable import games
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind
from cardtable.games.run_it import moves as mv
from cardtable.games.run_it.lacking import MOST_LACKS, Lack, could_hold, shown
from cardtable.games.run_it.search import SEARCH
from cardtable.games.run_it.state import RunItState

GAME = games.get("run-it")
OPTIONS = [
    {"draw_anyway": anyway, "false_claims_draw": false, "hand_size": size}
    for anyway, false, size in itertools.product((False, True), (False, True), (3, 7))
]


def bound_cards_held(lacks: list[Lack], hand: list) -> bool:
    """True when the hand can hold what the record says: for each lack, at least as many cards
    as it (or an older one) binds that no lack from it on lets go."""
    most = 0
    for i, lack in enumerate(lacks):
        most = max(most, lack.cards)
        if sum(could_hold(lacks[i:], c) for c in hand) < most:
            return False
    return True


def never_takes_a_run_it_could_answer(moves: list, rng: random.Random):
    """A random legal move, but a penalty run is taken only when nothing answers it (as the
    record reads a penalty taken)."""
    if mv.TAKE_PENALTY in moves and len(moves) > 1:
        moves = [m for m in moves if m != mv.TAKE_PENALTY]
    return rng.choice(moves)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_record_stays_true_after_every_move_of_whole_games(options):
    """Played at random over many seeds and every option: after every move, each seat's hand
    holds the cards her lacks say it does."""
    records = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_game(seats=2 + seed % 5, seed=seed, options=options)
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            move = never_takes_a_run_it_could_answer(GAME.legal_moves(state, seat), rng)
            GAME.apply(state, seat, move)
            for lacks, hand in zip(state.lacking, state.hands, strict=True):
                assert bound_cards_held(lacks, hand), (seed, lacks, hand)
                records += len(lacks)
            GAME.check_state(state)
    if not options["draw_anyway"]:
        assert records > 100


def test_getting_a_card_is_recorded_with_every_card_she_held_and_playing_one_lets_it_go():
    state = position(["R1 R2 B3", "Y1 G7 G8"], "Y9", draw="B4 G6 Y2")
    GAME.apply(state, 0, mv.GET)  # nothing goes on the Y9
    assert state.lacking[0] == [Lack(card("Y9"), card("Y9").colour, 0, 3)]
    gets_from_draw_pile(state, 0)  # she gets the B4, which does not go either
    assert state.lacking[0][0].cards == 4
    gets_from_draw_pile(state, 0)  # nor does the G6: her turn ends
    assert state.lacking[0][0].cards == 5
    plays(state, 1, "Y1")
    plays(state, 0, "R1")  # it did not go on the Y9: one of the five bound cards is played
    assert state.lacking[0][0].cards == 4
    assert state.lacking[1] == []


def test_a_new_game_of_the_session_starts_with_nothing_recorded():
    state = position(["R1 R2", "Y5"], "Y9", draw="B4 G6 Y2", options={"games": 2})
    GAME.apply(state, 0, mv.GET)
    gets_from_draw_pile(state, 0)
    gets_from_draw_pile(state, 0)
    assert state.lacking[0]
    plays(state, 1, "Y5")  # out: game 2 is dealt
    assert state.game_number == 2
    assert state.lacking == [[], []]


def test_a_seat_that_shows_lacks_again_and_again_keeps_only_her_newest():
    """A long game's record stays small: past MOST_LACKS, the oldest (binding fewest) goes."""
    lacking: list[list[Lack]] = [[]]
    for held in range(1, MOST_LACKS + 4):
        shown(lacking, 0, card("Y9"), card("Y9").colour, 0, held)
    assert [lack.cards for lack in lacking[0]] == list(range(4, MOST_LACKS + 4))


def test_a_record_that_does_not_fit_the_hands_is_refused_on_loading():
    state = position(["R1 R2", "G5"], "Y9")
    data = state.model_dump(mode="json")
    data["lacking"] = [[[card("Y9").model_dump(mode="json"), "Y", 0, 3]], []]
    with pytest.raises(Exception, match="shown she lacks"):
        GAME.check_state(RunItState.model_validate(data))


def test_every_world_deals_each_seat_what_her_record_allows():
    """Planner games: in every world the strong bot imagines, every other hand holds the cards
    the record says it does (and never a card her newest get showed she lacked)."""
    checked = 0
    for seed in range(1, 5):
        state = GAME.new_game(seats=4, seed=seed)
        players = [player_for(SeatKind.BOT, "run-it", seed + s) for s in range(4)]
        rng = random.Random(seed)
        for _ in range(300):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, (seat + 1) % 4)
            if any(view.lacking):
                world = SEARCH.sample(view, rng)
                for other in range(4):
                    assert bound_cards_held(view.lacking[other], world.hands[other])
                checked += 1
            move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
            GAME.advance(state, seat, move)
    assert checked > 100

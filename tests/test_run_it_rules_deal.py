"""Run It: the deck as data, the seats, the deal, the first discard and the session
(RULES.md, "Run It": Deck, Setup; "a session counts wins")."""

from collections import Counter

import pytest
from pydantic import ValidationError
from run_it_positions import GAME, cards, plays, position

from cardtable.cards import RunItColour, RunItKind, run_it_deck
from cardtable.cards.decks import RUN_IT_COLOURLESS, RUN_IT_PER_COLOUR
from cardtable.engine import IllegalMove
from cardtable.games.run_it.moves import GET, colour_name
from cardtable.games.run_it.rules import playable
from cardtable.games.run_it.state import Phase


def dealt_with_top(kind: RunItKind, seats: int = 4):
    """The first seeded deal that turns up a card of `kind`."""
    for seed in range(2000):
        state = GAME.new_game(seats, seed)
        if state.discards[-1].kind is kind:
            return state
    raise AssertionError(f"no seed turns up a {kind}")


# The deck


def test_the_deck_is_130_cards_kept_as_data():
    deck = run_it_deck()
    assert len(deck) == 130
    per_colour = sum(copies for _, _, copies in RUN_IT_PER_COLOUR)
    assert per_colour == 18 + 6 + 6
    assert sum(copies for _, _, copies in RUN_IT_COLOURLESS) == 4 + 6


def test_each_colour_has_numbers_penalties_and_actions_twice():
    counts = Counter(deck_card.short for deck_card in run_it_deck())
    for letter in "RBYG":
        for n in range(1, 10):
            assert counts[f"{letter}{n}"] == 2
        for n in (1, 2, 3):
            assert counts[f"{letter}+{n}"] == 2
        for action in ("Rev", "Skip", "Stop"):
            assert counts[f"{letter}{action}"] == 2
    assert counts["Wild"] == 4
    assert counts["W+1"] == counts["W+2"] == counts["W+3"] == 2
    assert set(counts.values()) == {2, 4}  # every card exists at least twice: any may be matched


def test_a_colour_is_always_shown_with_its_letter():
    for deck_card in run_it_deck():
        if deck_card.colour is not None:
            assert deck_card.short.startswith(deck_card.colour.value)
    assert [colour_name(c) for c in RunItColour] == [
        "Red (R)",
        "Blue (B)",
        "Yellow (Y)",
        "Green (G)",
    ]
    state = position(["R5 R6", "G1 G2"], "Wild", colour_in_force="B", turn=1)
    assert "Blue (B) in force" in GAME.explain(state, 1)


# Seats and the deal


@pytest.mark.parametrize("seats", [1, 9])
def test_run_it_is_played_by_two_to_eight(seats):
    with pytest.raises(IllegalMove) as refusal:
        GAME.new_game(seats, 1)
    assert f"played by 2 to 8 players, not {seats}" in refusal.value.reason


@pytest.mark.parametrize(("seats", "size"), [(2, 3), (4, 5), (8, 10), (8, 3), (5, 7)])
def test_each_player_is_dealt_the_hand_size_five_by_default(seats, size):
    options = None if size == 5 else {"hand_size": size}
    state = GAME.new_game(seats, 3, options)
    assert [len(hand) for hand in state.hands] == [size] * seats
    assert len(state.discards) == 1
    assert len(state.draw_pile) == 130 - seats * size - 1


@pytest.mark.parametrize("size", [2, 11])
def test_the_hand_size_setting_runs_from_three_to_ten(size):
    with pytest.raises(ValidationError):
        GAME.new_game(4, 3, {"hand_size": size})


def test_the_player_left_of_the_dealer_starts_the_first_game():
    for seed in range(12):
        state = GAME.new_game(5, seed)
        assert state.turn == (state.dealer + 1) % 5
        assert GAME.to_act(state) == [state.turn]


# The first discard: its action is not applied


def test_a_first_skip_skips_nobody():
    state = dealt_with_top(RunItKind.SKIP)
    assert state.turn == (state.dealer + 1) % 4


def test_a_first_reverse_turns_nothing_round():
    state = dealt_with_top(RunItKind.REVERSE)
    assert state.direction == 1 and state.turn == (state.dealer + 1) % 4


def test_a_first_penalty_card_starts_no_run():
    state = dealt_with_top(RunItKind.PENALTY)
    assert state.penalty == 0 and state.colour is state.discards[-1].colour
    first = state.turn
    # Nothing is owed: the first player plays on it as on any card, or gets a card.
    assert "take-penalty" not in {m.kind for m in GAME.legal_moves(state, first)}


def test_a_first_wild_lets_the_first_player_play_any_card():
    for kind in (RunItKind.WILD, RunItKind.WILD_PENALTY):
        state = dealt_with_top(kind)
        assert state.colour is None and state.penalty == 0
        first = state.turn
        assert sorted(map(str, playable(state, first))) == sorted(map(str, state.hands[first]))
        assert GET not in GAME.legal_moves(state, first)


def test_after_a_first_wild_anything_goes_even_a_wild_or_any_penalty():
    state = position(["Wild G+2", "R1 R2"], "W+3", colour_in_force=None)
    assert set(playable(state, 0)) == set(cards("Wild G+2"))
    plays(state, 0, "G+2")
    assert (state.penalty, state.colour, state.turn) == (2, RunItColour.GREEN, 1)


# The session


def test_the_winner_starts_the_next_game_and_the_dealer_moves_clockwise():
    state = position(
        ["R4 R5", "G5 G6", "B9", "Y9 Y8"], "B3", turn=2, dealer=0, options={"games": 2}
    )
    events = GAME.apply(state, 2, GAME.legal_moves(state, 2)[0])
    lines = [event.render(["Ann", "Bob", "Cy", "Di"]) for event in events]
    assert lines[-2] == "Cy won game 1: out by playing the last card."
    assert lines[-1] == "Game 2: Bob deals; Cy starts."
    assert (state.game_number, state.dealer, state.turn, state.phase) == (2, 1, 2, Phase.PLAY)
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    assert not GAME.is_over(state) and GAME.outcome(state).scores == [0, 0, 1, 0]
    GAME.check_state(state)


def test_a_session_counts_wins_and_ends_after_its_games():
    state = position(["B7", "B9 G5"], "B3", options={"games": 1})
    plays(state, 0, "B7")
    assert GAME.is_over(state) and GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert outcome.winners == [0] and outcome.scores == [1, 0]

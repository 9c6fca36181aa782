"""Run It penalty runs (RULES.md, "Run It", Penalty run), with the seed's worked runs."""

import pytest
from run_it_positions import GAME, card, cards, colour, plays, position

from cardtable.engine import IllegalMove
from cardtable.games.run_it.moves import GET, TAKE_PENALTY
from cardtable.games.run_it.rules import play, playable


def refused(state, seat, move) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as refusal:
        GAME.apply(state, seat, move)
    assert state.model_dump_json() == before
    return refusal.value.reason


def blue_plus_two_on_blue_three(answers: str):
    """The seed: 'a blue 3 is played, the next player plays a blue +2'; seat 1 must answer."""
    state = position(["B+2 R4", answers + " R9", "R1 R2", "G1 G2"], "B3")
    plays(state, 0, "B+2")
    return state


def test_a_penalty_card_starts_a_run_on_the_next_player():
    state = blue_plus_two_on_blue_three("G5")
    assert (state.turn, state.penalty, state.penalty_value, state.colour) == (1, 2, 2, colour("B"))
    assert GAME.legal_moves(state, 1) == [TAKE_PENALTY]


@pytest.mark.parametrize(
    ("answer", "named"),
    [
        ("B+1", None),
        ("R+2", None),
        ("G+2", None),
        ("Y+2", None),
        ("B+3", None),
        ("BRev", None),
        ("BSkip", None),
        ("BStop", "G"),
        ("W+1", "Y"),
    ],
)
def test_the_seeds_blue_run_may_be_continued_by_blue_penalties_any_plus_two_and_blue_actions(
    answer, named
):
    # "The following player can play a blue +1, a +2 of any color, blue +3 ... or a blue
    # reverse, forward, or stop."
    state = blue_plus_two_on_blue_three(answer)
    assert card(answer) in playable(state, 1)
    GAME.apply(state, 1, play(card(answer), colour(named)))
    assert state.discards[-1] == card(answer)


@pytest.mark.parametrize(
    ("answer", "named", "words"),
    [
        ("R+1", None, "a penalty card must be Blue (B) or a +2; the R+1 is neither"),
        ("G+3", None, "a penalty card must be Blue (B) or a +2; the G+3 is neither"),
        ("RRev", None, "a reverse must be Blue (B) (or go on a reverse); the RRev is not"),
        ("YSkip", None, "a skip must be Blue (B)"),
        ("GStop", "B", "a stop must be Blue (B)"),
        ("B5", None, "only a penalty card, a Wild Penalty, or a Blue (B) Reverse, Skip or Stop"),
        ("Wild", "B", "not the Wild"),
    ],
)
def test_other_cards_do_not_answer_the_blue_run(answer, named, words):
    state = blue_plus_two_on_blue_three(answer)
    assert card(answer) not in playable(state, 1)
    reason = refused(state, 1, play(card(answer), colour(named)))
    assert words.lower() in reason.lower()


def test_plus_two_plus_two_plus_two_draws_six_and_loses_the_turn():
    state = position(["B+2 R4", "R+2 R5", "G+2 G5", "Y9 Y8", "R7"], "B3")
    plays(state, 0, "B+2")
    plays(state, 1, "R+2")
    plays(state, 2, "G+2")
    assert (state.turn, state.penalty) == (3, 6)
    events = GAME.apply(state, 3, TAKE_PENALTY)
    assert len(state.hands[3]) == 8
    assert "draws 6" in events[0].render(["A", "B", "C", "D", "E"])
    assert (state.turn, state.penalty, state.penalty_value) == (4, 0, 0)


def test_a_target_may_take_the_penalty_even_holding_an_answer():
    # "A target who cannot or will not continue draws T."
    state = blue_plus_two_on_blue_three("B+1")
    assert TAKE_PENALTY in GAME.legal_moves(state, 1)
    GAME.apply(state, 1, TAKE_PENALTY)
    assert len(state.hands[1]) == 4 and state.turn == 2


def test_the_next_penalty_card_after_a_taken_run_starts_a_new_run():
    state = position(["B+2 R4", "R4 R5", "B+1 G5", "Y9 Y8"], "B3")
    plays(state, 0, "B+2")
    GAME.apply(state, 1, TAKE_PENALTY)
    plays(state, 2, "B+1")
    assert (state.turn, state.penalty, state.penalty_value) == (3, 1, 1)


def test_a_wild_plus_three_naming_blue_is_continued_by_a_yellow_plus_three():
    # The seed: "a wild plus 3 is played and blue is the designated color. A yellow plus 3 can
    # be played, as the penalty connects through numbers."
    state = position(["W+3 R4", "Y+3 Y+2 B+1 R1", "G5 G6", "Y9 Y8"], "R7")
    plays(state, 0, "W+3", "B")
    assert (state.colour, state.penalty, state.penalty_value) == (colour("B"), 3, 3)
    assert {c.short for c in playable(state, 1)} == {"Y+3", "B+1"}
    assert "the Y+2 is neither" in refused(state, 1, play(card("Y+2")))
    plays(state, 1, "Y+3")
    assert (state.turn, state.penalty, state.colour) == (2, 6, colour("Y"))


def test_a_wild_penalty_renames_the_colour_in_the_seeds_red_run():
    # The seed: "a red +2 is played, the next player discards a wild penalty +2, then states
    # the color is blue. The following player can play a +2 of any color or any blue penalty
    # card, reverse, Skip/Pass, or Stop. They may also add another wild +2."
    state = position(["R+2 R4", "W+2 R5", "G+2 B+3 BRev W+2 R+1 RSkip", "Y9 Y8"], "R3")
    plays(state, 0, "R+2")
    plays(state, 1, "W+2", "B")
    assert {c.short for c in playable(state, 2)} == {"G+2", "B+3", "BRev", "W+2"}
    assert "Blue (B) or a +2" in refused(state, 2, play(card("R+1")))
    plays(state, 2, "W+2", "G")
    assert (state.penalty, state.colour, state.turn) == (6, colour("G"), 3)


def test_reverse_sends_the_run_back_and_play_goes_on_the_other_way():
    state = position(["B+2 R4", "BRev R5", "G5 G6", "Y9 Y8"], "B3")
    plays(state, 0, "B+2")
    plays(state, 1, "BRev")
    assert (state.turn, state.penalty, state.direction) == (0, 2, -1)
    GAME.apply(state, 0, TAKE_PENALTY)
    assert len(state.hands[0]) == 3 and state.turn == 3  # the next player, counter-clockwise


def test_skip_forwards_the_run_to_the_player_after_the_target():
    state = position(["B+2 R4", "BSkip R5", "G5 G6", "Y9 Y8"], "B3")
    plays(state, 0, "B+2")
    plays(state, 1, "BSkip")
    assert (state.turn, state.penalty, state.direction) == (2, 2, 1)
    GAME.apply(state, 2, TAKE_PENALTY)
    assert len(state.hands[2]) == 4 and state.turn == 3


def test_an_action_matching_the_action_on_top_answers_the_run_in_any_colour():
    # "... or a Reverse, Skip or Stop of the current colour (or matching the action on top)".
    state = position(["B+2 R4", "BSkip R5", "GSkip G6", "Y9 Y8"], "B3")
    plays(state, 0, "B+2")
    plays(state, 1, "BSkip")
    assert card("GSkip") in playable(state, 2)
    plays(state, 2, "GSkip")
    assert (state.turn, state.penalty) == (3, 2)


def test_stop_ends_the_run_nobody_draws_and_it_names_a_colour():
    state = position(["B+2 R4", "R+2 R5", "RStop G6", "Y9 Y8"], "B3")
    plays(state, 0, "B+2")
    plays(state, 1, "R+2")
    assert "names a colour: say which" in refused(state, 2, play(card("RStop")))
    events = plays(state, 2, "RStop", "G")
    assert "nobody draws" in events[0].text
    assert (state.penalty, state.penalty_value, state.colour) == (0, 0, colour("G"))
    assert [len(h) for h in state.hands] == [1, 1, 1, 2]
    assert state.turn == 3 and GET in GAME.legal_moves(state, 3)


def test_nobody_gets_or_offers_a_card_during_a_run():
    state = blue_plus_two_on_blue_three("G5")
    assert GET not in GAME.legal_moves(state, 1)
    reason = refused(state, 1, GET)
    assert "Nobody gets or offers cards during a run" in reason


def test_a_target_who_must_draw_more_than_there_is_draws_what_there_is():
    # "A target who must draw more than the draw pile and the refilled discards hold draws what
    # there is": one card in the draw pile and one under the discards' top, a run of 3.
    state = position(["B+3 R4", "R9", "G1 G2"], "B3", draw="Y5", rest="discards")
    state.discards = cards("B3")  # the rest of the deck left out: only Y5 and B3 can be drawn
    plays(state, 0, "B+3")
    events = GAME.apply(state, 1, TAKE_PENALTY)
    assert sorted(c.short for c in state.hands[1]) == ["B3", "R9", "Y5"]
    assert (state.draw_pile, state.discards) == ([], cards("B+3"))
    assert "draws 3 (only 2 were left) and loses the turn" in events[0].text
    assert (state.turn, state.penalty) == (2, 0)


@pytest.mark.parametrize("answer", ["BRev", "BSkip"])
def test_with_two_seats_a_reverse_or_a_skip_sends_the_run_back_to_its_starter(answer):
    # Reverse "sends the run back to the previous player", Skip "forwards it to the player
    # after the target": with two seats both are the one who started it, who then draws.
    state = position(["B+2 R4", f"{answer} R5"], "B3")
    plays(state, 0, "B+2")
    plays(state, 1, answer)
    assert (state.turn, state.penalty) == (0, 2)
    assert GAME.legal_moves(state, 0) == [TAKE_PENALTY]
    GAME.apply(state, 0, TAKE_PENALTY)
    assert len(state.hands[0]) == 3 and state.turn == 1 and state.penalty == 0

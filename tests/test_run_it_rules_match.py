"""Run It: Match-it windows, false claims, and winning by any means (RULES.md, "Run It",
Match-it; issue 11's worked runs)."""

import pytest
from run_it_positions import GAME, card, cards, claims, colour, plays, position

from cardtable.engine import IllegalMove
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.run_it.moves import GET, NO_OFFER, TAKE_PENALTY, Offer, TakeOffer
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.state import Phase

NAMES = ["Ann", "Bob", "Cy", "Di"]


def refused(state, seat, move) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as refusal:
        GAME.apply(state, seat, move)
    assert state.model_dump_json() == before
    return refusal.value.reason


def played(hands, top, text, named=None, **kw):
    """`hands`, `top`: seat 0 plays `text`; the window is left open."""
    state = position(hands, top, **kw)
    GAME.apply(state, 0, play(card(text), colour(named)))
    return state


def test_a_window_opens_after_a_play_even_when_nobody_can_match():
    state = played(["B5 R4", "G1 G2", "Y1 Y2", "G7 G8"], "B3", "B5")
    assert state.phase is Phase.WINDOW
    window = GAME.claim_window(state)
    assert (window.verb, window.card, window.seconds) == ("match", "B5", 3)
    # Every seat is asked, the next player first and the player who played last.
    assert GAME.to_act(state) == [1, 2, 3, 0]
    for seat in range(4):
        assert GAME.legal_moves(state, seat) == [LET_GO]
    assert "whoever holds the B5 may match it now" in GAME.explain(state, 2)


def test_the_window_tells_nobody_who_could_match():
    def view_of_bob(cy):
        return GAME.view(played(["B5 R4", "G1 G2", cy, "G7 B6"], "B3", "B5"), 1)

    assert view_of_bob("Y1 B5") == view_of_bob("Y1 Y2")


def test_the_window_order_follows_the_direction_of_play():
    state = played(["BRev R4", "G1 G2", "Y1 Y2", "G7 G8"], "B3", "BRev")
    assert GAME.to_act(state) == [3, 2, 1, 0]


@pytest.mark.parametrize("seconds", [0, 7])
def test_the_match_window_lasts_the_set_time(seconds):
    state = played(["B5 R4", "G1 G2"], "B3", "B5", options={"match_seconds": seconds})
    assert GAME.claim_window(state).seconds == seconds


def test_the_window_closes_when_every_seat_lets_the_card_go():
    state = played(["B5 R4", "G1 G2", "Y1 Y2"], "B3", "B5")
    for seat in (1, 2):
        GAME.apply(state, seat, LET_GO)
        assert state.phase is Phase.WINDOW
    assert refused(state, 1, CLAIM) == "You have already let this card go."
    GAME.apply(state, 0, LET_GO)
    assert (state.phase, GAME.claim_window(state), GAME.to_act(state)) == (Phase.PLAY, None, [1])


def test_the_player_who_just_played_may_match_her_own_card():
    state = played(["B5 B5 R4", "G1 G2", "Y1 Y2"], "B3", "B5")
    assert GAME.legal_moves(state, 0) == [CLAIM, LET_GO]
    events = claims(state, 0)
    assert events[0].render(NAMES) == "Ann matches the B5."
    assert state.hands[0] == cards("R4") and state.discards[-2:] == cards("B5 B5")
    assert (state.phase, state.turn) == (Phase.PLAY, 1)


def test_the_first_claim_wins_and_one_match_per_played_card():
    # Every card exists twice, so one played card has one twin at most.
    state = played(["B5 R4", "G1 G2", "Y1 Y2", "G7 B5"], "B3", "B5")
    claims(state, 3)  # not first in the window's order: a claim needs no turn
    assert state.hands[3] == cards("G7") and state.phase is Phase.PLAY
    assert "It is not your turn" in refused(state, 2, CLAIM)
    assert "Play a card on the B5" in refused(state, 1, CLAIM)


def test_a_match_opens_no_window_of_its_own():
    state = played(["B5 R4", "G1 B5", "Y1 Y2", "G7 B8"], "B3", "B5")
    claims(state, 1)
    assert state.phase is Phase.PLAY and GAME.claim_window(state) is None


def test_a_match_during_a_penalty_run_adds_nothing():
    state = played(["B+2 R4", "G1 G2", "Y1 B+2", "G7 G8"], "B3", "B+2")
    claims(state, 2)
    assert (state.penalty, state.penalty_value, state.turn) == (2, 2, 1)
    assert state.discards[-2:] == cards("B+2 B+2")
    GAME.apply(state, 1, TAKE_PENALTY)
    assert len(state.hands[1]) == 4


def test_a_matched_wild_penalty_adds_nothing_and_keeps_the_named_colour():
    state = played(["W+3 R4", "G1 G2", "W+3 Y2"], "B3", "W+3", "G")
    claims(state, 2)
    assert (state.penalty, state.colour, state.turn) == (3, colour("G"), 1)


@pytest.mark.parametrize(("text", "named"), [("Wild", "R"), ("GStop", "Y")])
def test_a_matched_wild_or_stop_changes_no_colour(text, named):
    state = played([f"{text} R4", f"G1 {text}", "Y1 Y2"], "B3", text, named, colour_in_force="G")
    claims(state, 1)
    assert (state.colour, state.turn) == (colour(named), 1)


def test_a_matched_reverse_changes_no_direction():
    state = played(["BRev R4", "G1 BRev", "Y1 Y2", "G7 G8"], "B3", "BRev")
    claims(state, 1)
    assert (state.direction, state.turn) == (-1, 3)


def test_a_matched_skip_skips_nobody_more():
    state = played(["BSkip R4", "G1 G2", "Y1 Y2", "G7 BSkip"], "B3", "BSkip")
    claims(state, 3)
    assert state.turn == 2


def test_a_player_who_took_a_penalty_may_still_match():
    state = position(["B+2 R4", "R9 B7", "B7 Y2", "G7 G8"], "B3")
    plays(state, 0, "B+2")
    GAME.apply(state, 1, TAKE_PENALTY)
    GAME.apply(state, 2, play(card("B7")))
    assert GAME.legal_moves(state, 1) == [CLAIM, LET_GO]
    claims(state, 1)
    assert state.turn == 3 and len(state.hands[1]) == 3


# False claims


def test_a_claim_without_the_identical_card_is_refused_with_a_message():
    state = played(["B5 R4", "R5 G2", "Y1 Y2"], "B3", "B5")
    reason = refused(state, 1, CLAIM)
    assert reason == (
        "No match: you hold no B5. A match needs the identical card (same kind, colour and value)."
    )


def test_false_claims_draw_one_under_the_house_rule():
    state = played(
        ["B5 R4", "R5 G2", "Y1 B5"], "B3", "B5", draw="G9", options={"false_claims_draw": True}
    )
    assert GAME.legal_moves(state, 1) == [LET_GO]  # a false claim is never suggested
    events = claims(state, 1)
    assert events[0].kind == "false-claim"
    assert events[0].render(NAMES) == "Bob claims a match without a B5 and draws a card."
    assert state.hands[1] == cards("R5 G2 G9")
    assert state.phase is Phase.WINDOW and GAME.to_act(state) == [2, 0]
    claims(state, 2)
    assert state.hands[2] == cards("Y1")


# A player with no cards wins at once, whichever way


def test_a_player_who_plays_her_last_card_wins_before_any_window():
    state = played(["B5", "G1 B5", "Y1 Y2"], "B3", "B5")
    assert GAME.is_over(state) and GAME.outcome(state).winners == [0]
    assert GAME.claim_window(state) is None and state.hands[1] == cards("G1 B5")


def test_a_win_by_a_match():
    state = played(["B5 R4", "G1 G2", "B5", "G7 G8"], "B3", "B5")
    events = claims(state, 2)
    assert [e.render(NAMES) for e in events] == [
        "Cy matches the B5.",
        "Cy won game 1: out by matching the last card.",
    ]
    assert GAME.is_over(state) and GAME.outcome(state).winners == [2]


def test_a_win_by_a_pass_it_taken():
    state = position(["R4 R5", "G1 G2", "B8", "G7 G8"], "B3")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, NO_OFFER)
    GAME.apply(state, 2, Offer(card=card("B8")))
    assert not GAME.is_over(state)  # a card offered is not yet a card passed
    GAME.apply(state, 3, NO_OFFER)
    events = GAME.apply(state, 0, TakeOffer(offered_by=2))
    assert (
        events[-1].render(NAMES) == "Cy won game 1: out when the last card was taken as a Pass-it."
    )
    assert GAME.is_over(state) and GAME.outcome(state).winners == [2]


def test_a_last_card_offered_and_not_taken_comes_back():
    state = position(["R4 R5", "G1 G2", "B8", "G7 G8"], "B3", draw="Y4")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, NO_OFFER)
    GAME.apply(state, 2, Offer(card=card("B8")))
    GAME.apply(state, 3, NO_OFFER)
    GAME.apply(state, 0, GAME.legal_moves(state, 0)[0])  # the draw pile
    assert not GAME.is_over(state) and state.hands[2] == cards("B8")

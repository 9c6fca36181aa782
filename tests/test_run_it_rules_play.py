"""Run It: Play-it, Wilds, actions, the no-card turn, Pass-it offers and the draw pile
(RULES.md, "Run It": Matching a top card, Turn without a pending penalty)."""

import pytest
from run_it_positions import (
    GAME,
    card,
    cards,
    claims,
    colour,
    gets_from_draw_pile,
    let_all_go,
    nobody_offers,
    plays,
    position,
)

from cardtable.cards import RunItColour
from cardtable.engine import EndReason, IllegalMove
from cardtable.games.run_it.moves import (
    GET,
    KEEP,
    NO_OFFER,
    TAKE_DRAW,
    TAKE_PENALTY,
    Offer,
    TakeOffer,
)
from cardtable.games.run_it.rules import play, playable
from cardtable.games.run_it.session import BLOCKED_ROUNDS, STALL_ROUNDS
from cardtable.games.run_it.state import Phase, RunItState


def refused(state, seat, move) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as refusal:
        GAME.apply(state, seat, move)
    assert state.model_dump_json() == before
    return refusal.value.reason


# Play-it: colour, number or action


@pytest.mark.parametrize(
    ("top", "in_force", "hand", "good"),
    [
        # The seed: "if the card is a blue 3, you play a blue card, a 3 of any color, a blue
        # penalty, or a wild card."
        ("B3", "B", "B8 R3 B+1 BSkip Wild W+2 R4 G+3 RRev", "B8 R3 B+1 BSkip Wild W+2"),
        ("RRev", "R", "GRev B4 R9 BSkip", "GRev R9"),
        ("YSkip", "Y", "GSkip GStop Y1", "GSkip Y1"),
        ("GStop", "G", "RStop RSkip G2", "RStop G2"),
        # A penalty card on top (a run already taken): its colour or its value, no Wild.
        ("B+2", "B", "R+2 B7 R+3 Wild G2 W+1", "R+2 B7 W+1"),
        # A Wild named Yellow: only Yellow, another Wild or a Wild Penalty.
        ("Wild", "Y", "Y5 R5 Wild W+3 RStop", "Y5 Wild W+3"),
        # A Wild Penalty named Green, its run taken: Green, a +2, a Wild Penalty; no Wild.
        ("W+2", "G", "G5 R+2 R2 Wild W+1", "G5 R+2 W+1"),
    ],
)
def test_a_card_goes_on_the_same_colour_number_or_action(top, in_force, hand, good):
    state = position([hand, "R1"], top, colour_in_force=in_force)
    assert sorted(map(str, playable(state, 0))) == sorted(good.split())


@pytest.mark.parametrize(
    ("top", "in_force", "bad", "words"),
    [
        ("B3", "B", "R4", "The R4 goes on Red (R) or a 4, not on the B3."),
        ("B3", "B", "R+2", "The R+2 goes on Red (R) or a +2, not on the B3."),
        ("B3", "B", "RRev", "The RRev goes on Red (R) or another reverse, not on the B3."),
        (
            "Wild",
            "Y",
            "R5",
            "The R5 goes on Red (R) or a 5, not on the Wild with Yellow (Y) in force.",
        ),
        ("B+2", "B", "G2", "The G2 goes on Green (G) or a 2, not on the B+2."),
    ],
)
def test_a_card_that_does_not_match_is_refused_in_words(top, in_force, bad, words):
    state = position([bad + " R1", "G1"], top, colour_in_force=in_force)
    assert refused(state, 0, play(card(bad))) == words


def test_a_wild_names_the_colour_in_force():
    state = position(["Wild R4", "G1 G2"], "B3")
    assert "names a colour: say which" in refused(state, 0, play(card("Wild")))
    events = plays(state, 0, "Wild", "G")
    assert "naming G" in events[0].text
    assert (state.colour, state.turn, state.direction, state.penalty) == (colour("G"), 1, 1, 0)


@pytest.mark.parametrize("top", ["B+2", "W+3"])
def test_a_wild_may_not_go_on_a_penalty_card_nor_on_a_wild_penalty(top):
    state = position(["Wild R4", "G1 G2"], top, colour_in_force="B")
    reason = refused(state, 0, play(card("Wild"), RunItColour.RED))
    assert reason == f"A Wild may not be played on a penalty card (the {top})."


def test_a_wild_penalty_goes_on_anything_names_a_colour_and_starts_a_run():
    state = position(["W+3 R4", "G1 G2"], "BStop", colour_in_force="G")
    plays(state, 0, "W+3", "Y")
    assert (state.colour, state.penalty, state.penalty_value, state.turn) == (colour("Y"), 3, 3, 1)


def test_only_wilds_and_stops_name_a_colour():
    state = position(["B7 R4", "G1 G2"], "B3")
    reason = refused(state, 0, play(card("B7"), RunItColour.RED))
    assert reason == "Only a Wild, a Wild Penalty or a Stop names a colour; the B7 does not."


def test_outside_a_run_a_stop_is_an_ordinary_card_that_names_a_colour():
    state = position(["BStop R4", "G1 G2", "Y1 Y2"], "B3")
    plays(state, 0, "BStop", "Y")
    assert (state.colour, state.turn, state.penalty) == (colour("Y"), 1, 0)
    assert [len(h) for h in state.hands] == [1, 2, 2]


def test_reverse_flips_the_direction_of_play():
    state = position(["B4 R5", "BRev G2", "Y1 Y2", "G7 G8"], "B3", turn=1)
    plays(state, 1, "BRev")
    assert (state.direction, state.turn) == (-1, 0)
    plays(state, 0, "B4")
    assert state.turn == 3


def test_reverse_with_two_seats_hands_the_turn_to_the_other_player():
    state = position(["BRev R5", "G1 G2"], "B3")
    plays(state, 0, "BRev")
    assert (state.direction, state.turn) == (-1, 1)


def test_skip_skips_the_next_player():
    state = position(["BSkip R5", "G1 G2", "Y1 Y2", "G7 G8"], "B3")
    events = plays(state, 0, "BSkip")
    assert state.turn == 2
    assert events[0].render(["Ann", "Bob", "Cy", "Di"]) == "Ann plays the BSkip: Bob is skipped."


def test_skip_with_two_seats_gives_its_player_the_next_turn():
    state = position(["BSkip R5", "G1 G2"], "B3")
    plays(state, 0, "BSkip")
    assert state.turn == 0


# The turn without a playable card


def test_a_card_is_got_only_by_a_player_with_nothing_to_play():
    state = position(["B7 R4", "G1 G2"], "B3")
    assert GET not in GAME.legal_moves(state, 0)
    reason = refused(state, 0, GET)
    assert reason == (
        "You hold a card you can play (the B7): play it. A card is got only by a player with "
        "nothing to play."
    )


def test_the_draw_anyway_setting_lets_a_player_get_a_card_instead():
    state = position(["B7 R4", "G1 G2"], "B3", options={"draw_anyway": True})
    assert GET in GAME.legal_moves(state, 0)
    GAME.apply(state, 0, GET)
    assert state.phase is Phase.OFFERS


def test_a_playable_first_card_is_played_or_kept_and_no_second_card_is_got():
    state = position(["R4 R5", "G1 G2", "Y1 Y2"], "B3", draw="B8 B9")
    GAME.apply(state, 0, GET)
    gets_from_draw_pile(state, 0)
    assert (state.phase, state.got) == (Phase.GOT, card("B8"))
    assert "Only the card you just got (the B8)" in refused(state, 0, play(card("R4")))
    assert GAME.legal_moves(state, 0) == [play(card("B8")), KEEP]
    plays(state, 0, "B8")
    assert state.turn == 1 and cards("B3 B8") == state.discards[-2:]


def test_keeping_the_card_got_ends_the_turn():
    state = position(["R4 R5", "G1 G2", "Y1 Y2"], "B3", draw="B8 B9")
    GAME.apply(state, 0, GET)
    gets_from_draw_pile(state, 0)
    GAME.apply(state, 0, KEEP)
    assert (state.turn, state.phase, len(state.hands[0])) == (1, Phase.PLAY, 3)


def test_an_unplayable_first_card_brings_a_second_then_the_turn_ends():
    state = position(["R4 R5", "G1 G2", "Y1 Y2"], "B3", draw="G8 Y9 B1")
    GAME.apply(state, 0, GET)
    gets_from_draw_pile(state, 0)
    assert (state.phase, state.attempt, state.turn) == (Phase.OFFERS, 2, 0)
    gets_from_draw_pile(state, 0)
    assert (state.phase, state.turn) == (Phase.PLAY, 1)
    assert state.hands[0] == cards("R4 R5 G8 Y9")
    assert state.draw_pile[-1] == card("B1")


def test_a_playable_second_card_may_be_played():
    state = position(["R4 R5", "G1 G2", "Y1 Y2"], "B3", draw="G8 B9")
    GAME.apply(state, 0, GET)
    gets_from_draw_pile(state, 0)
    gets_from_draw_pile(state, 0)
    assert (state.phase, state.got) == (Phase.GOT, card("B9"))


# Pass-it offers


def test_every_other_seat_is_asked_for_an_offer_in_turn():
    state = position(["R4 R5", "G1 G2", "Y1 Y2", "G7 G8"], "B3")
    GAME.apply(state, 0, GET)
    asked = []
    while state.phase is Phase.OFFERS:
        (seat,) = GAME.to_act(state)
        asked.append(seat)
        GAME.apply(state, seat, NO_OFFER)
    assert asked == [1, 2, 3]
    assert GAME.to_act(state) == [0] and state.phase is Phase.TAKE


def test_the_taker_is_told_her_choices_in_words_one_offer_or_several():
    state = position(["R4 R5", "G1 B2", "Y1 Y2", "G7 G8"], "B3", draw="G9")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, Offer(card=card("B2")))
    GAME.apply(state, 2, NO_OFFER)
    GAME.apply(state, 3, NO_OFFER)
    said = GAME.explain(state, 0)
    assert said == "Take the draw pile's top card or the offered card, blind."
    state = position(["R4 R5", "G1 B2", "Y1 Y2", "G7 G8"], "B3", draw="G9")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, Offer(card=card("B2")))
    GAME.apply(state, 2, Offer(card=card("Y1")))
    GAME.apply(state, 3, NO_OFFER)
    said = GAME.explain(state, 0)
    assert said == "Take the draw pile's top card or one of the 2 offered cards, blind."


def test_offers_are_face_down_and_taken_blind_and_the_rest_go_back():
    state = position(["R4 R5", "G1 B2", "Y1 Y2", "G7 G8"], "B3")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, Offer(card=card("B2")))
    GAME.apply(state, 2, Offer(card=card("Y1")))
    GAME.apply(state, 3, NO_OFFER)
    view = GAME.view(state, 0)
    assert view.offered_by == [1, 2] and view.my_offer is None
    assert "B2" not in view.model_dump_json() and "Y1" not in str(view.model_dump())
    assert GAME.view(state, 2).my_offer == card("Y1")
    assert set(GAME.legal_moves(state, 0)) == {
        TAKE_DRAW,
        TakeOffer(offered_by=1),
        TakeOffer(offered_by=2),
    }
    GAME.apply(state, 0, TakeOffer(offered_by=1))
    assert state.hands[1] == cards("G1")
    assert state.hands[2] == cards("Y2 Y1")  # the offer not taken went back
    assert (state.phase, state.got) == (Phase.GOT, card("B2"))


def test_offers_go_back_when_the_draw_pile_is_taken():
    state = position(["R4 R5", "G1 B2", "Y1 Y2"], "B3", draw="B9")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, Offer(card=card("B2")))
    GAME.apply(state, 2, NO_OFFER)
    GAME.apply(state, 0, TAKE_DRAW)
    assert sorted(map(str, state.hands[1])) == ["B2", "G1"]
    assert state.got == card("B9") and state.offers == []


def test_an_offer_must_be_a_card_of_ones_hand_and_only_made_offers_are_taken():
    state = position(["R4 R5", "G1 B2", "Y1 Y2"], "B3")
    GAME.apply(state, 0, GET)
    assert refused(state, 1, Offer(card=card("R9"))) == "You hold no R9 to offer."
    GAME.apply(state, 1, NO_OFFER)
    GAME.apply(state, 2, NO_OFFER)
    assert refused(state, 0, TakeOffer(offered_by=1)) == "Seat 2 offered no card."


def test_the_getter_cannot_see_which_card_was_offered():
    def offered(text):
        state = position(["R4 R5", "G1 " + text, "Y1 Y2"], "B3")
        GAME.apply(state, 0, GET)
        GAME.apply(state, 1, Offer(card=card(text)))
        GAME.apply(state, 2, NO_OFFER)
        return GAME.view(state, 0)

    assert offered("B2") == offered("R9")


def test_a_card_got_and_not_playable_is_shown_to_its_getter_alone_until_play_goes_on():
    state = position(["R4 R5", "G1 G2", "Y1 Y2"], "B3", draw="G7 Y9")
    GAME.apply(state, 0, GET)
    gets_from_draw_pile(state, 0)  # the G7: no good on the B3
    assert GAME.view(state, 0).missed == card("G7")
    assert GAME.view(state, 1).missed is None and GAME.view(state, None).missed is None
    gets_from_draw_pile(state, 0)  # the Y9: no good either, the turn ends
    assert state.turn == 1
    assert GAME.view(state, 0).missed == card("Y9")
    assert GAME.view(state, 1).missed is None
    GAME.apply(state, 1, GET)  # the next get: old news
    assert GAME.view(state, 0).missed is None
    GAME.check_state(state)


# The draw pile


def test_an_empty_draw_pile_is_refilled_from_the_discards_less_the_top():
    state = position(["R4 R5", "G1 G2"], "B3", rest="discards")
    under = state.discards[:-1]
    GAME.apply(state, 0, GET)
    nobody_offers(state)
    assert TAKE_DRAW in GAME.legal_moves(state, 0)
    GAME.apply(state, 0, TAKE_DRAW)
    assert state.discards == cards("B3")
    got = state.hands[0][2]
    assert sorted(map(str, state.draw_pile + [got])) == sorted(map(str, under))
    assert state.draw_pile + [got] != under  # shuffled
    GAME.check_state(state)


# Our backstop: a game nobody can move ends


def stranded(hands: list[str], top: str, **options) -> RunItState:
    """A table with the draw pile empty and only the top card in the discards: nobody can get
    a card. (The other cards of the deck are left out: such a table cannot be dealt, only
    reached.)"""
    state = position(hands, top, rest="discards", options=options or None)
    state.discards = cards(top)
    return state


def everyone_gets_a_card(state, turns: int) -> None:
    """`turns` turns in a row, each seat getting a card and nobody offering one."""
    for _ in range(turns):
        GAME.apply(state, state.turn, GET)
        nobody_offers(state)


def test_a_round_in_which_nobody_could_play_or_draw_blocks_the_game_fewest_cards_winning():
    state = stranded(["R4 R5", "G1", "Y1 Y2"], "B3")
    everyone_gets_a_card(state, BLOCKED_ROUNDS * 3 - 1)
    assert not GAME.is_over(state)
    everyone_gets_a_card(state, 1)
    assert GAME.is_over(state)
    assert GAME.outcome(state).winners == [1]
    assert GAME.outcome(state).reason is EndReason.BLOCKED
    assert state.ended == (
        "nobody could play a card for a whole round and nothing could be drawn; fewest cards wins"
    )


def test_a_blocked_game_is_shared_by_the_fewest_cards_on_a_tie():
    state = stranded(["R4 R5", "G1 G2", "Y1 Y2 Y4"], "B3")
    everyone_gets_a_card(state, 3)
    assert GAME.outcome(state).winners == [0, 1]


def test_seats_that_could_play_but_chose_to_get_a_card_do_not_block_the_game():
    # Draw anyway: seat 0 holds the R1 for the R5 but gets a card instead, round after round.
    # Nobody could draw and nobody offers, yet a seat could play: the game is not blocked.
    state = stranded(["R1 G2", "G1 Y3", "B4 B6 Y7"], "R5", draw_anyway=True)
    everyone_gets_a_card(state, 6 * 3)
    assert not GAME.is_over(state)
    assert card("R1") in playable(state, state.turn)
    # Only the other backstop, 20 rounds with no card played at all, ends it.
    everyone_gets_a_card(state, STALL_ROUNDS * 3 - 6 * 3)
    assert GAME.is_over(state)
    assert state.ended == "nobody played a card for 20 rounds; fewest cards wins"
    assert GAME.outcome(state).winners == [0, 1]


def test_a_penalty_run_nobody_can_answer_or_draw_counts_toward_the_blocked_round():
    # Seat 1 cannot continue the R+2 and nothing can be drawn: she takes nothing and could not
    # play; seats 2 and 0 then cannot play on it either: the round blocks the game.
    state = stranded(["R+2 Y4 Y5", "G1", "B4 B5"], "R3")
    GAME.apply(state, 0, play(card("R+2")))
    state.discards = cards("R+2")  # the R3 under it left out too: still nothing to draw
    let_all_go(state)
    GAME.apply(state, 1, TAKE_PENALTY)
    assert not GAME.is_over(state)
    everyone_gets_a_card(state, 2)
    assert GAME.is_over(state)
    assert GAME.outcome(state).winners == [1]


def test_a_card_played_starts_the_blocked_round_again():
    # Seats 0 and 1 cannot play the B3; seat 2 plays her Wild naming Yellow. A false claim (the
    # house rule) then draws the B3 from under it, so again nothing can be drawn: the round
    # that blocks the game starts after the Wild, not before it.
    state = stranded(["R4 G5", "G1", "B4 Wild"], "B3", false_claims_draw=True)
    everyone_gets_a_card(state, 2)
    GAME.apply(state, 2, play(card("Wild"), RunItColour.YELLOW))
    claims(state, 0)
    let_all_go(state)
    assert state.discards == cards("Wild") and not state.draw_pile
    everyone_gets_a_card(state, 2)
    assert not GAME.is_over(state)
    everyone_gets_a_card(state, 1)
    assert GAME.is_over(state)


def test_rounds_with_nothing_played_end_the_game_even_with_cards_to_draw():
    # Offers can pass cards round for ever with the draw pile full: every getter takes the
    # next player's offer (nothing here goes on the B3), so no card is ever drawn or played.
    state = position(["R4 R5 R6 R7", "G1 G2 G4 G5", "Y1 Y2 Y4 Y5"], "B3")
    turns = 0
    while not GAME.is_over(state):
        seat = state.turn
        assert GAME.legal_moves(state, seat) == [GET]
        GAME.apply(state, seat, GET)
        while state.phase is Phase.OFFERS or state.phase is Phase.TAKE:
            giver = (seat + 1) % 3
            if state.phase is Phase.OFFERS:
                asked = state.asked[0]
                move = Offer(card=state.hands[asked][0]) if asked == giver else NO_OFFER
                GAME.apply(state, asked, move)
            else:
                GAME.apply(state, seat, TakeOffer(offered_by=giver))
        assert state.discards == cards("B3")
        turns += 1
        assert turns <= STALL_ROUNDS * 3
    assert turns == STALL_ROUNDS * 3
    assert state.ended == "nobody played a card for 20 rounds; fewest cards wins"
    assert GAME.outcome(state).reason is EndReason.BLOCKED


# Moves out of their time


def test_only_the_seat_to_act_may_play():
    state = position(["B7 R4", "B8 G2", "Y1 Y2"], "B3")
    reason = refused(state, 1, play(card("B8")))
    assert reason == "It is not your turn: waiting for Player 1 to play."


def test_there_is_no_penalty_to_take_outside_a_run():
    state = position(["B7 R4", "G1 G2"], "B3")
    assert refused(state, 0, TAKE_PENALTY) == "No penalty run is on you: there is nothing to take."


def test_draw_anyway_never_gets_a_card_during_a_penalty_run():
    state = position(["B+2 R4", "B+1 G2", "Y1 Y2"], "B3", options={"draw_anyway": True})
    plays(state, 0, "B+2")
    assert GET not in GAME.legal_moves(state, 1)
    assert "Nobody gets or offers cards during a run" in refused(state, 1, GET)


def test_the_seats_asked_for_offers_answer_one_at_a_time():
    state = position(["R4 R5", "G1 B2", "Y1 Y2"], "B3")
    GAME.apply(state, 0, GET)
    assert "It is not your turn" in refused(state, 2, NO_OFFER)
    assert refused(state, 1, KEEP) == "Offer one card face down, or offer nothing."


# Words: no hidden card named, counts in English


def test_an_offer_in_words_never_names_the_card_offered_face_down():
    state = position(["R4 R5", "G1 B8", "Y1 Y2"], "B3")
    GAME.apply(state, 0, GET)
    move = Offer(card=card("B8"))
    assert move.describe("Bob") == "Bob offers a card face down"
    said = GAME.apply(state, 1, move) + GAME.apply(state, 2, NO_OFFER)
    said += GAME.apply(state, 0, TakeOffer(offered_by=1))
    lines = [event.render(["Ann", "Bob", "Cy"]) for event in said]
    assert lines[0] == "Bob offers a card face down."
    assert not any("B8" in line or "8" in line for line in lines), lines


def test_a_penalty_run_of_one_asks_for_1_card_not_1_cards():
    state = position(["R+1 R5", "G4 B8", "Y1 Y2"], "R3")
    plays(state, 0, "R+1")
    line = GAME.explain(state, 1)
    assert line.endswith("or take 1 card.") and "1 cards" not in line
    assert "take 1 card." in refused(state, 1, GET)

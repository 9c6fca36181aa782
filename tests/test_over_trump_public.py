"""What everyone knows about a hand (cards seen going back after a reveal, claimed voids), the
moves legal_moves lists with Keepers, and the words of refusals and log lines."""

from pathlib import Path

import pytest

from cardtable import games
from cardtable.engine import IllegalMove
from cardtable.games.over_trump import PlaceCard
from tests.cards_text import pcard, pcards
from tests.test_over_trump_rules import position, put

GAME = games.get("over-trump")
FIXTURES = Path(__file__).parent / "fixtures" / "over-trump"


def texts(events):
    return [e.render(["Ann", "Bob", "Cy", "Di"]) for e in events]


def test_a_card_seen_going_back_then_not_followed_is_punished_on_that_placement():
    # Issue 8.2's reproduction (old seeding, table rules): Bob revealed a Keeper with 7 of
    # Paper, which went back to his hand in view; on a Paper top he places the J of Rock.
    state = GAME.load_state(FIXTURES.joinpath("seen-card-not-followed.json").read_text())
    assert pcard("7P") in state.shown[1]
    events = GAME.apply(state, 1, PlaceCard(card=pcard("JR")))
    lines = texts(events)
    assert lines[0].startswith("Bob places J●R while holding 7■P, seen going back")
    assert "Paper had to be placed: an illegal play, -50" in lines[0]
    assert state.history[-1].penalty == [0, 50] and state.scores == [0, -50]


def seen_in_hand(card, table_rules=True):
    """Bob reveals a Keeper with `card`; it wins nothing and goes back to his hand in view."""
    state = position(
        ["AP 3R 4R", f"{card} KpS 5R 6R", "5P 7R 8R", "6P 9R 10R"],
        turn=0,
        table_rules=table_rules,
    )
    put(state, 0, "AP")
    put(state, 1, card, reveal="KpS")
    put(state, 2, "5P")
    events = put(state, 3, "6P")
    return state, events


def test_the_returned_card_is_public_and_the_log_says_where_everything_went():
    state, events = seen_in_hand("7P")
    assert state.shown[1] == [pcard("7P")]
    assert GAME.view(state, 2).shown[1] == [pcard("7P")]
    assert texts(events)[-1] == (
        "7■P goes back to Bob's hand; the Keeper goes to Team A with the trick"
    )
    put(state, 0, "3R")
    put(state, 1, "7P")  # Placing it again: no longer known to be in the hand.
    assert state.shown[1] == []


def test_a_seen_superior_card_proves_a_third_suit_illegal():
    # Top Rock: Bob must place Rock, or without Rock, Paper. He is seen holding 7 of Paper,
    # so a Scissors card is illegal whichever he holds.
    state, _ = seen_in_hand("7P")
    state.hands[1].append(pcard("2S"))
    put(state, 0, "3R")
    events = put(state, 1, "2S")
    assert "Rock or Paper had to be placed: an illegal play" in texts(events)[0]
    assert state.history[-1].penalty == [0, 50]


def test_without_table_rules_nothing_is_punished_and_illegal_cards_are_refused():
    state, _ = seen_in_hand("7P", table_rules=False)
    state.hands[1].append(pcard("2S"))
    put(state, 0, "3R")
    with pytest.raises(IllegalMove):
        put(state, 1, "2S")


def test_a_placement_public_information_does_not_disprove_is_not_punished():
    state, _ = seen_in_hand("7P")
    put(state, 0, "3R")
    events = put(state, 1, "5R")
    assert [e.kind for e in events] == ["place"] and state.scores == [0, 0]


def test_legal_moves_reveal_with_each_keeper_held():
    state = position(["7S KpR KpP 3R", "", "", ""], turn=0)
    reveals = {(m.card, m.reveal) for m in GAME.legal_moves(state, 0) if m.reveal is not None}
    assert reveals == {(c, k) for c in pcards("7S 3R") for k in pcards("KpR KpP")}
    for card, keeper in reveals:  # every listed move is accepted
        GAME.check(state, 0, PlaceCard(card=card, reveal=keeper))


def test_refusals_name_only_what_the_player_holds():
    state = position(["", "3S 9R", "", ""], turn=1, trick=[(0, "7S")])
    with pytest.raises(IllegalMove) as refused:
        put(state, 1, "9R")
    assert "Keeper" not in refused.value.reason
    state = position(["", "3S 9R KpR", "", ""], turn=1, trick=[(0, "7S")])
    with pytest.raises(IllegalMove) as refused:
        put(state, 1, "9R")
    assert "you must place Scissors or a Keeper" in refused.value.reason
    with pytest.raises(IllegalMove) as refused:
        put(state, 1, "3S", reveal="KpP")
    assert refused.value.reason == "You do not hold the Paper Keeper; you hold the Rock Keeper."
    state = position(["", "3S 9R", "", ""], turn=1, trick=[(0, "7S")])
    with pytest.raises(IllegalMove) as refused:
        put(state, 1, "3S", reveal="KpP")
    assert refused.value.reason == "You have no Keeper."


def test_log_lines_read_plainly():
    state = position(["KpR 1S", "9S 5P", "3S 6R", "8S AS"], turn=0)
    lines = texts(put(state, 0, "KpR"))
    assert lines == ["Ann places a Keeper at the bottom"]
    put(state, 1, "9S")
    put(state, 2, "3S")
    lines = texts(put(state, 3, "AS"))
    assert lines[-1] == "Di wins the trick with A✂S (2 points in it)"
    state = position(["7S 1S", "9S 5P", "3S 6R", "8S JS"], turn=0)
    for seat, card in [(0, "7S"), (1, "9S"), (2, "3S")]:
        put(state, seat, card)
    assert texts(put(state, 3, "JS"))[-1] == "Di wins the trick with J✂S (1 point in it)"


def test_a_reveal_log_line_says_which_card_lies_where():
    state = position(["7S", "9S KpR", "", ""], turn=0)
    put(state, 0, "7S")
    assert texts(put(state, 1, "9S", reveal="KpR")) == [
        "Bob places 9✂S, revealing a Keeper with it: 9✂S lies on top "
        "and goes back to the hand after the trick"
    ]

"""The Over Trump bot as a partner and as a hint: the move a good player makes in hand-built
positions, with a reason that is true of that move; and under Table rules it never places a
card that breaks a claim or that public information proves illegal."""

import pytest

from cardtable import games
from cardtable.bots.simulate import simulate
from cardtable.engine import SeatKind
from cardtable.games.over_trump.public import proven_illegal
from cardtable.games.over_trump.rules import top_card
from cardtable.games.over_trump.strategy import OverTrumpPlanner
from tests.cards_text import pcard
from tests.test_over_trump_rules import position

GAME = games.get("over-trump")


def hint(state, seat=0):
    move, why = OverTrumpPlanner(7).choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
    return move, why


def last_to_place(hand: str, trick: str):
    """Ann places last. `trick` is bottom first, each card with its placer's initial (B, C for
    Ann's partner, D): 'B5R D9R CKR' has Cy's King on top."""
    seats = {"B": 1, "C": 2, "D": 3}
    placed = [(seats[part[0]], part[1:]) for part in trick.split()]
    return position([hand, "", "", ""], turn=0, trick=placed)


@pytest.mark.parametrize(
    ("hand", "trick", "card", "reveal", "why"),
    [
        # A 1 that takes the top as the last card banks its 10 points: the best card to take with.
        (
            "1P QP 4S",
            "C3R B5R D9R",
            "1P",
            None,
            "1■P takes the top and wins the trick; it adds 10 points of its own.",
        ),
        # The partner's King holds: give the trick the 1, not a low card.
        (
            "1R 4R 8R",
            "B5R D9R CKR",
            "1R",
            None,
            "Your partner wins this trick: 1●R adds its 10 points.",
        ),
        # The other team holds the trick and nothing takes it: give nothing away, keep the 1.
        (
            "1R 4R 9P",
            "C3R B5R DKR",
            "4R",
            None,
            "No card you may place takes the top: 4●R gives no points away.",
        ),
        # Only the 1 may be placed into the other team's trick: a Keeper saves it.
        (
            "1R 9P KpS",
            "C3R B5R DKR",
            "KpS",
            None,
            "A Keeper goes to the bottom and keeps your points: every card you may place is "
            "worth points (1●R).",
        ),
        # Taking the trick with the Ace, revealing a Keeper: the Ace comes back for later.
        (
            "AS 4S KpR",
            "B9S C1S DQS",
            "AS",
            "KpR",
            "A✂S takes the top and wins the trick (11 points in it so far); the revealed Keeper "
            "goes into the trick and A✂S comes back to your hand.",
        ),
    ],
)
def test_the_hint_names_a_good_move_and_a_true_reason(hand, trick, card, reveal, why):
    move, reason = hint(last_to_place(hand, trick))
    assert (move.card, move.reveal) == (pcard(card), reveal and pcard(reveal))
    assert reason == why


def test_a_1_is_never_called_the_cheapest_card_or_the_least_to_give_away():
    # The old hints: "1●R is the cheapest card that takes the top", "the least you can give away".
    for hand, trick in [("1R QR", "C3S D4S B9S"), ("1R 1P", "C3R B5R DKR")]:
        move, reason = hint(last_to_place(hand, trick))
        assert "cheapest" not in reason and "least" not in reason
        if move.card.rank == 1 and "only card" not in reason:
            assert "10 points" in reason


def test_a_leader_keeps_its_1s_back():
    state = position(["1R 1P 5S 9S AR", "2P 3P", "4P 5P", "6P 7P"], turn=0)
    move, reason = hint(state)
    assert move.card.rank != 1
    assert reason.startswith(f"Lead {move.card.short}")


def test_with_two_keepers_the_reveal_names_one_the_table_accepts():
    state = last_to_place("AS 4S KpR KpP", "B9S C1S DQS")
    move, _ = hint(state)
    GAME.check(state, 0, move)


def test_table_rules_the_hint_never_breaks_a_claim_nor_a_card_seen_in_hand():
    # Ann claimed to be out of Rock (wrongly) and holds 5 of Rock: following costs 50.
    state = position(["5R 6P KpP", "", "", ""], turn=0, trick=[(3, "9R")], table_rules=True)
    state.leader = 3
    state.voids[0] = [pcard("5R").suit]
    move, _ = hint(state)
    assert move.card == pcard("KpP")
    # Seen holding 7 of Paper: on a Paper top she must place it (or a Keeper).
    state = position(["7P 5S", "", "", ""], turn=0, trick=[(3, "9P")], table_rules=True)
    state.leader = 3
    state.shown[0] = [pcard("7P")]
    assert hint(state)[0].card == pcard("7P")


@pytest.mark.parametrize("seed", range(6))
def test_table_rules_a_bot_never_makes_a_placement_public_information_proves_illegal(seed):
    state = GAME.new_game(4, seed, {"table_rules": True})
    bots = {s: OverTrumpPlanner(seed * 4 + s) for s in range(4)}
    hands = 0
    while not state.over and hands < 2:
        seat = GAME.to_act(state)[0]
        move, _ = bots[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
        top = top_card(state.trick)
        assert (
            proven_illegal(state.shown[seat], state.voids[seat], top and top.card, move.card)
            is None
        )
        number = state.hand_number
        GAME.apply(state, seat, move)
        hands += state.hand_number != number
    assert all(h.penalty == [0, 0] for h in state.history)


def test_the_bot_team_beats_a_random_team_nearly_always():
    result = simulate("over-trump", 30, [SeatKind.BOT, SeatKind.RANDOM] * 2, seed=1000)
    assert result.wins[0] >= 27

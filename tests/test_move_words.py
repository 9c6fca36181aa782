"""Every game's moves read and save as they always have: the shared phrased-move base and the
shared move caches change how moves are written, not a word of a log line or a byte of a save."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.cards import Card, RunItCard, RunItColour, RunItKind, Suit
from cardtable.engine.shared_moves import SharedMoves
from cardtable.games.runway.moves import LookAtHand

MOVES = [
    (
        "runway",
        {"kind": "take", "card": {"suit": "R", "rank": 2}},
        '{"kind":"take","card":{"suit":"R","rank":2}}',
        "Ann takes the 2 of Rock from the bin",
        "Take 2●R from the bin",
    ),
    (
        "runway",
        {"kind": "swap", "mine": {"suit": "S", "rank": 5}, "theirs": {"suit": "R", "rank": 5}},
        '{"kind":"swap","mine":{"suit":"S","rank":5},"theirs":{"suit":"R","rank":5}}',
        "Ann swaps the 5 of Scissors for the 5 of Rock",
        "Swap your 5✂S for their 5●R",
    ),
    (
        "runway",
        {"kind": "duplicates", "card": {"suit": "R", "rank": 1}, "count": 2},
        '{"kind":"duplicates","card":{"suit":"R","rank":1},"count":2}',
        "Ann reveals 2 copies of the 1 of Rock and draws 2",
        "Reveal 2× 1●R, draw 2",
    ),
    (
        "runway",
        {"kind": "trounce", "seat": 1, "card": {"suit": "S", "rank": 11}},
        '{"kind":"trounce","seat":1,"card":{"suit":"S","rank":11}}',
        "Ann trounces with the J of Scissors",
        "Trounce seat 2's leading card with J✂S",
    ),
    (
        "runway",
        {"kind": "look", "seat": 0},
        '{"kind":"look","seat":0}',
        "Ann looks at a hand (special action)",
        "Action: look at seat 1's hand",
    ),
    (
        "runway",
        {"kind": "draw"},
        '{"kind":"draw"}',
        "Ann draws the top card of the deck",
        "Draw from the deck",
    ),
    (
        "run-it",
        {"kind": "offer", "card": {"kind": "penalty", "colour": "B", "value": 2}},
        '{"kind":"offer","card":{"kind":"penalty","colour":"B","value":2}}',
        "Ann offers a card face down",
        "offer B+2",
    ),
    (
        "run-it",
        {"kind": "take-offer", "offered_by": 1},
        '{"kind":"take-offer","offered_by":1}',
        "Ann takes the card offered by seat 2",
        "offer of seat 2",
    ),
    (
        "sets-and-runs",
        {"kind": "swap", "card": {"rank": 8, "suit": "S"}, "meld": 1},
        '{"kind":"swap","card":{"rank":8,"suit":"S"},"meld":1}',
        "Ann swaps the 8♠ for the Joker in meld 2",
        "8♠ for the Joker of meld 2",
    ),
    (
        "sets-and-runs",
        {"kind": "add", "card": {"rank": 1, "suit": "S"}, "meld": 0, "high": False},
        '{"kind":"add","card":{"rank":1,"suit":"S"},"meld":0,"high":false}',
        "Ann adds the A♠ to meld 1 (low end)",
        "A♠ on meld 1 (low end)",
    ),
    ("run-it", {"kind": "get"}, '{"kind":"get"}', "Ann gets a card", "get a card"),
    ("run-it", {"kind": "claim"}, '{"kind":"claim"}', "Ann claims the card", "claim"),
    ("sets-and-runs", {"kind": "let-go"}, '{"kind":"let-go"}', "Ann lets it go", "let it go"),
    (
        "sets-and-runs",
        {"kind": "discard", "card": {"rank": 13, "suit": "D"}},
        '{"kind":"discard","card":{"rank":13,"suit":"D"}}',
        "Ann discards the K♦",
        "discard K♦",
    ),
    (
        "sets-and-runs",
        {"kind": "take-discard"},
        '{"kind":"take-discard"}',
        "Ann takes the discard",
        "take the discard",
    ),
    ("piles", {"kind": "pass"}, '{"kind":"pass"}', "Ann passes", "pass"),
    (
        "piles",
        {"kind": "place", "card": {"rank": 6, "suit": "S"}, "pile": 1},
        '{"kind":"place","card":{"rank":6,"suit":"S"},"pile":1}',
        "Ann places the 6♠ on B1",
        "6♠ on B1",
    ),
]


@pytest.mark.parametrize(("game_id", "data", "saved", "log_line", "brief"), MOVES)
def test_a_move_reads_and_saves_as_it_always_has(game_id, data, saved, log_line, brief):
    move = games.get(game_id).parse_move(data)
    assert move.model_dump_json() == saved
    assert move.describe("Ann") == log_line
    assert move.brief() == brief


def test_a_move_made_twice_is_the_one_value_and_equal_to_a_parsed_one():
    from cardtable.games.piles.moves import place
    from cardtable.games.run_it.moves import offer, take_offer
    from cardtable.games.sets_and_runs.moves import add_to, discard, lay_meld, swap

    seven = Card(rank=7, suit=Suit.HEARTS)
    b3 = RunItCard(kind=RunItKind.NUMBER, colour=RunItColour.BLUE, value=3)
    cards = (Card(rank=4, suit=Suit.SPADES), Card(rank=5, suit=Suit.SPADES), Card(rank=0))
    for make in (
        lambda: place(seven, 3),
        lambda: offer(b3),
        lambda: take_offer(2),
        lambda: discard(seven),
        lambda: add_to(seven, 1, False),
        lambda: swap(seven, 0),
        lambda: lay_meld(cards, True),
    ):
        first = make()
        assert make() is first
        assert type(first).model_validate_json(first.model_dump_json()) == first
    assert place(seven, 3).card == seven and place(seven, 3).pile == 3
    assert add_to(seven, 1, False).high is False
    assert lay_meld(cards, True).cards == cards


def test_shared_moves_with_a_bound_start_again_once_past_it():
    made: list[int] = []

    def make(seat: int) -> LookAtHand:
        made.append(seat)
        return LookAtHand(seat=seat)

    shared: SharedMoves[int, LookAtHand] = SharedMoves(make, most=2)
    for seat in (1, 2, 3, 1, 4, 1):
        assert shared[seat] == LookAtHand(seat=seat)
    assert made == [1, 2, 3, 4, 1]
    assert sorted(shared) == [1, 4]

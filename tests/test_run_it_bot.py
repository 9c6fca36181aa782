"""The Run It bot as an opponent and as a hint: it beats the random bot, makes the move a good
player makes in hand-built positions, and every sentence of its reason is true there."""

from __future__ import annotations

import re

import pytest
from run_it_positions import GAME, card, cards, position

from cardtable.bots.random_bot import RandomBot
from cardtable.bots.simulate import simulate
from cardtable.cards import RunItColour, RunItKind
from cardtable.engine import SeatKind
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.run_it.matching import NAMES_A_COLOUR, PENALTIES, can_play, continues_run
from cardtable.games.run_it.moves import (
    GET,
    NO_OFFER,
    TAKE_DRAW,
    TAKE_PENALTY,
    Offer,
    Play,
    TakeOffer,
)
from cardtable.games.run_it.rules import play
from cardtable.games.run_it.state import Phase
from cardtable.games.run_it.strategy import RunItPlanner

BOT, RANDOM = SeatKind.BOT, SeatKind.RANDOM


def hint(state, seat=0):
    """The planner's move and reason for `seat`, from her view and her legal moves."""
    return RunItPlanner(3).choose(GAME.view(state, seat), GAME.legal_moves(state, seat))


def colours_held(hand) -> dict[str, int]:
    """Cards of each colour in `hand`, by letter."""
    counts = dict.fromkeys((c.value for c in RunItColour), 0)
    for c in hand:
        if c.colour is not None:
            counts[c.colour.value] += 1
    return counts


def play_cards(moves) -> set:
    """The cards the listed moves may play."""
    return {m.card for m in moves if isinstance(m, Play)}


# Strength against the random bot


def test_the_bot_beats_the_random_bot_three_games_in_four_at_two_seats():
    first = simulate("run-it", 200, [BOT, RANDOM], seed=0)
    second = simulate("run-it", 200, [RANDOM, BOT], seed=200)
    won = first.wins[0] + second.wins[1]
    assert won >= 300, f"the bot won {won} of 400"


def test_the_bot_wins_half_the_games_against_three_random_bots():
    first = simulate("run-it", 200, [BOT, RANDOM, RANDOM, RANDOM], seed=400)
    last = simulate("run-it", 200, [RANDOM, RANDOM, RANDOM, BOT], seed=600)
    won = first.wins[0] + last.wins[3]
    assert won >= 200, f"the bot won {won} of 400"


# Penalty runs


def test_a_run_is_pushed_on_with_a_penalty_card_and_the_stop_is_kept():
    state = position(["BStop R+2 B4 Y5", "G1 G2 G3"], "B+2", penalty=2, penalty_value=2)
    assert play_cards(GAME.legal_moves(state, 0)) == set(cards("BStop R+2"))
    move, why = hint(state)
    assert move == play(card("R+2"))
    assert why == (
        "The R+2 pushes the run on: the next player faces 4 instead of you drawing 2. "
        "You keep the BStop for penalty runs."
    )
    GAME.apply(state, 0, move)
    assert (state.penalty, state.turn) == (4, 1)
    assert card("BStop") in state.hands[0]


def test_the_only_answer_stops_the_run_and_names_the_colour_held_most():
    state = position(["GStop R4 R6 Y7", "B1 B2"], "G+2", penalty=2, penalty_value=2)
    assert play_cards(GAME.legal_moves(state, 0)) == {card("GStop")}
    move, why = hint(state)
    assert move == play(card("GStop"), RunItColour.RED)
    assert why == (
        "The GStop is the only card you hold that answers the run. The GStop ends the run of "
        "2: nobody draws. It names Red (R), the colour you hold most (2 cards)."
    )
    GAME.apply(state, 0, move)
    assert state.penalty == 0 and state.colour is RunItColour.RED
    assert [len(h) for h in state.hands] == [3, 2]
    assert colours_held(state.hands[0]) == {"R": 2, "B": 0, "Y": 1, "G": 0}


def test_the_penalty_is_taken_only_when_nothing_answers():
    state = position(["R4 Y7", "B1 B2"], "G+2", penalty=2, penalty_value=2)
    assert play_cards(GAME.legal_moves(state, 0)) == set()
    move, why = hint(state)
    assert move == TAKE_PENALTY
    assert why == "No card in your hand answers the penalty run of 2: you must draw 2."
    answerable = position(["B+1 R4 Y7", "B1 B2"], "G+2", penalty=2, penalty_value=2)
    assert play_cards(GAME.legal_moves(answerable, 0)) == set()
    with_answer = position(["G+1 R4 Y7", "B1 B2"], "G+2", penalty=2, penalty_value=2)
    assert hint(with_answer)[0] == play(card("G+1"))


# Play-it


def test_a_number_of_the_longest_colour_is_played_and_the_wild_kept():
    state = position(["B3 B7 B9 R7 Wild", "G1 G2"], "B5")
    assert len(play_cards(GAME.legal_moves(state, 0))) == 4
    move, why = hint(state)
    assert move == play(card("B7"))
    assert why == (
        "Blue (B) is the colour you hold most (3 cards). "
        "After the B7, 4 cards of the rest of your hand could go on it."
    )
    rest = cards("B3 B9 R7 Wild")
    assert all(can_play(c, card("B7"), RunItColour.BLUE) for c in rest)


def test_a_wild_names_the_colour_held_most():
    state = position(["Wild R1 R2 Y8", "G1 G2"], "B5")
    assert play_cards(GAME.legal_moves(state, 0)) == {card("Wild")}
    move, why = hint(state)
    assert move == play(card("Wild"), RunItColour.RED)
    assert why == (
        "The Wild is the only card you can play. The Wild names Red (R), the colour you hold "
        "most (2 cards). After the Wild, 2 cards of the rest of your hand could go on it."
    )


def test_a_penalty_card_held_twice_attacks_and_is_matched():
    state = position(["B+2 B+2 B4 R4", "G1 G2 G3 G4 G5"], "B6")
    move, why = hint(state)
    assert move == play(card("B+2"))
    assert why == (
        "The B+2 puts a penalty run of 2 on the next player: she must answer it or draw 2. "
        "You hold two B+2: play one, then match it with the other if nobody matches it first. "
        "Blue (B) is the colour you hold most (3 cards). "
        "After the B+2, 2 cards of the rest of your hand could go on it."
    )
    GAME.apply(state, 0, move)
    assert (state.penalty, state.turn) == (2, 1)
    GAME.apply(state, 1, LET_GO)
    move, why = hint(state)
    assert move == CLAIM
    assert why == "You hold the identical B+2: matching it sheds a card without using a turn."
    GAME.apply(state, 0, move)
    assert (state.penalty, state.turn, len(state.hands[0])) == (2, 1, 2)


# Match-it


def test_the_only_answer_to_a_run_is_not_matched_away():
    state = position(["B+2 R4 Y5", "B+2 G1 G2"], "B6", turn=1)
    GAME.apply(state, 1, play(card("B+2")))
    assert GAME.legal_moves(state, 0) == [CLAIM, LET_GO]
    move, why = hint(state)
    assert move == LET_GO
    assert why == (
        "The penalty run of 2 is on you and your B+2 is the only card that answers it: keep "
        "it to answer."
    )
    answers = [c for c in state.hands[0] if continues_run(c, card("B+2"), RunItColour.BLUE, 2)]
    assert answers == [card("B+2")]
    # With a second answer in hand, the match sheds a card and the R+2 still answers.
    state = position(["B+2 R+2 Y5", "B+2 G1 G2"], "B6", turn=1)
    GAME.apply(state, 1, play(card("B+2")))
    assert hint(state)[0] == CLAIM


def test_nothing_to_match_is_said_plainly():
    state = position(["R4 Y5", "B8 G1 G2"], "B6", turn=1)
    GAME.apply(state, 1, play(card("B8")))
    assert hint(state) == (LET_GO, "You hold no B8 to match.")


# Pass-it


def asked_to_offer(ann: str, bob: str, top: str, **kw):
    """Bob has nothing to play on `top` and gets a card; Ann is asked for an offer."""
    state = position([ann, bob], top, turn=1, **kw)
    GAME.apply(state, 1, GET)
    assert state.phase is Phase.OFFERS and state.asked == [0]
    return state


def test_the_offer_is_a_card_the_getter_cannot_play():
    state = asked_to_offer("R3 B2 Wild", "Y7 G8", "B5")
    move, why = hint(state)
    assert move == Offer(card=card("R3"))
    assert (
        why == "The player getting a card cannot play the R3 on the B5, and if she takes it, "
        "it leaves your hand."
    )
    assert not can_play(card("R3"), card("B5"), RunItColour.BLUE)
    GAME.apply(state, 0, move)
    GAME.apply(state, 1, TakeOffer(offered_by=0))
    assert sorted(c.short for c in state.hands[0]) == ["B2", "Wild"]


def test_wilds_and_stops_are_not_offered():
    state = asked_to_offer("GStop Wild", "Y7 G8", "B5")
    assert hint(state) == (
        NO_OFFER,
        "Every card you hold is a Stop worth keeping or a Wild worth keeping: offer nothing.",
    )


def test_the_last_card_is_offered_and_taking_it_ends_the_game():
    state = asked_to_offer("R3", "Y7 G8", "B5")
    move, why = hint(state)
    assert move == Offer(card=card("R3"))
    assert why == "The R3 is your last card: if it is taken, you win."
    GAME.apply(state, 0, move)
    GAME.apply(state, 1, TakeOffer(offered_by=0))
    assert state.history[-1].winners == [0]


def test_the_getter_takes_the_draw_pile_not_a_giver_s_last_card():
    state = position(["Y7 G8", "R1", "R2 R3 R4"], "B5", turn=0)
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, Offer(card=card("R1")))
    GAME.apply(state, 2, Offer(card=card("R2")))
    move, why = hint(state)
    assert move == TAKE_DRAW
    assert why == (
        "An offered card leaves its giver's hand and brings her closer to winning; the draw "
        "pile's card helps nobody."
    )
    GAME.apply(state, 0, move)
    assert not state.history and [len(h) for h in state.hands[1:]] == [1, 3]


def test_with_the_draw_pile_empty_the_offer_of_the_fullest_hand_is_taken():
    state = position(["Y7 G8", "R1 R5", "R2 R3 R4"], "B5", turn=0)
    state.hands[2] += state.draw_pile  # every other card in Cy's hand: nothing can be drawn
    state.draw_pile = []
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, Offer(card=card("R1")))
    GAME.apply(state, 2, Offer(card=card("R2")))
    move, why = hint(state)
    assert move == TakeOffer(offered_by=2)
    left = len(state.hands[2])
    assert left > len(state.hands[1])
    assert why == (
        f"The draw pile is empty: seat 3 holds the most cards of those who offered ({left} "
        "cards left), so taking her card helps her least."
    )


def test_a_playable_card_got_is_played():
    state = position(["Y7 G8", "R1 R6"], "B5", draw="B9")
    GAME.apply(state, 0, GET)
    GAME.apply(state, 1, NO_OFFER)
    GAME.apply(state, 0, TAKE_DRAW)
    assert state.phase is Phase.GOT
    move, why = hint(state)
    assert move == play(card("B9"))
    assert why == "The B9 you got goes on the B5: playing it sheds a card."


# Every sentence of every hint, over whole games: each one is checked against the position.


def _counts_after(hand, played):
    rest = list(hand)
    rest.remove(played)
    return colours_held(rest), rest


def _most_ok(counts: dict[str, int], letter: str, n: int, tied: bool) -> bool:
    most = max(counts.values())
    ties = sum(1 for v in counts.values() if v == most) > 1
    return counts[letter] == n == most and ties == tied


def check_sentence(sentence: str, before: dict, view, moves, move, state) -> bool:  # noqa: C901
    """True when `sentence` of the hint holds in the position `before`/`view` and, for what
    the move does, in `state` after it."""
    hand = list(view.hand)
    me = view.seat
    top = view.top
    plays = play_cards(moves)
    m = re.fullmatch(r"You hold no (\S+) to match", sentence)
    if m:
        return top.short == m[1] and top not in hand and move == LET_GO
    m = re.fullmatch(r"Your last card is the (\S+): matching it wins the game", sentence)
    if m:
        return [c.short for c in hand] == [m[1]] and state.history[-1].winners == [me]
    m = re.fullmatch(
        r"The penalty run of (\d+) is on you and your (\S+) is the only card that answers it: "
        r"keep it to answer",
        sentence,
    )
    if m:
        answers = [c for c in hand if continues_run(c, top, view.colour, view.penalty_value)]
        return view.penalty == int(m[1]) and view.turn == me and answers == [card(m[2])]
    m = re.fullmatch(
        r"You hold the identical (\S+): matching it sheds a card without using a turn", sentence
    )
    if m:
        return (
            top.short == m[1]
            and len(state.hands[me]) == len(hand) - 1
            and state.turn == before["turn"]
        )
    m = re.fullmatch(r"No card in your hand goes on (.+): get a card", sentence)
    if m:
        return not plays and move == GET
    m = re.fullmatch(r"The (\S+) is the only card you can play", sentence)
    if m:
        return plays == {card(m[1])}
    m = re.fullmatch(
        r"(?:The (\S+)|It) names \w+ \((\w)\)(, (tied for )?the colour you hold most "
        r"\((\d+) cards?\)|: the rest of your hand holds no coloured card, so any colour serves)",
        sentence,
    )
    if m:
        played = move.card
        counts, _ = _counts_after(hand, played)
        if move.colour is None or move.colour.value != m[2]:
            return False
        if m[5] is None:
            return max(counts.values()) == 0
        return _most_ok(counts, m[2], int(m[5]), bool(m[4]))
    m = re.fullmatch(
        r"The (\S+) puts a penalty run of (\d+) on the next player: she must answer it or "
        r"draw (\d+)",
        sentence,
    )
    if m:
        nxt = (me + view.direction) % view.seats
        return (
            before["penalty"] == 0 and state.penalty == int(m[2]) == int(m[3]) and state.turn == nxt
        )
    m = re.fullmatch(r"The (\S+) skips the other player: you play again", sentence)
    if m:
        return view.seats == 2 and state.turn == me and move.card.kind is RunItKind.SKIP
    m = re.fullmatch(
        r"You hold two (\S+): play one, then match it with the other if nobody matches it first",
        sentence,
    )
    if m:
        return hand.count(card(m[1])) == 2
    m = re.fullmatch(
        r"\w+ \((\w)\) is (tied for )?the colour you hold most \((\d+) cards?\)", sentence
    )
    if m:
        return _most_ok(colours_held(hand), m[1], int(m[3]), bool(m[2]))
    m = re.fullmatch(r"The (\S+) is your only \w+ \((\w)\) card: shed it while it fits", sentence)
    if m:
        return colours_held(hand)[m[2]] == 1 and card(m[1]).colour.value == m[2]
    m = re.fullmatch(
        r"After the (\S+), (\d+) cards? of the rest of your hand could go on it", sentence
    )
    if m:
        played = card(m[1])
        _, rest = _counts_after(hand, played)
        colour = move.colour or played.colour
        return sum(1 for c in rest if can_play(c, played, colour)) == int(m[2])
    m = re.fullmatch(r"You keep the (.+) for penalty runs", sentence)
    if m:
        kept = [card(t) for t in re.split(r", | and ", m[1])]
        return all(c in plays and c in state.hands[me] for c in kept)
    m = re.fullmatch(
        r"No card in your hand answers the penalty run of (\d+): you must draw (\d+)", sentence
    )
    if m:
        return not plays and view.penalty == int(m[1]) == int(m[2]) and move == TAKE_PENALTY
    m = re.fullmatch(
        r"The (\S+) (?:answers the run and )?is your last card: playing it wins(?: the game)?",
        sentence,
    )
    if m:
        return [c.short for c in hand] == [m[1]] and state.history[-1].winners == [me]
    m = re.fullmatch(r"The (\S+) is the only card you hold that answers the run", sentence)
    if m:
        return plays == {card(m[1])} and before["penalty"] > 0
    m = re.fullmatch(
        r"The (\S+) pushes the run on: the next player faces (\d+) instead of you drawing (\d+)",
        sentence,
    )
    if m:
        nxt = (me + view.direction) % view.seats
        return (
            before["penalty"] == int(m[3])
            and state.penalty == int(m[2])
            and state.turn == nxt
            and move.card.kind in PENALTIES
        )
    m = re.fullmatch(r"The (\S+) sends the run of (\d+) back instead of you drawing", sentence)
    if m:
        back = (me - view.direction) % view.seats
        return before["penalty"] == state.penalty == int(m[2]) and state.turn == back
    m = re.fullmatch(
        r"The (\S+) passes the run of (\d+) on to the next player instead of you drawing",
        sentence,
    )
    if m:
        nxt = (me + view.direction) % view.seats
        return before["penalty"] == state.penalty == int(m[2]) and state.turn == nxt
    m = re.fullmatch(r"The (\S+) ends the run of (\d+): nobody draws", sentence)
    if m:
        sizes = list(before["sizes"])
        sizes[me] -= 1
        return (
            before["penalty"] == int(m[2])
            and state.penalty == 0
            and [len(h) for h in state.hands] == sizes
        )
    m = re.fullmatch(r"The (\S+) you got goes on (.+): playing it sheds a card", sentence)
    if m:
        return view.got == card(m[1]) == move.card
    m = re.fullmatch(
        r"The player getting a card cannot play the (\S+) on (.+), and if she takes it, "
        r"it leaves your hand",
        sentence,
    )
    if m:
        return not can_play(card(m[1]), top, view.colour) and move.card == card(m[1])
    m = re.fullmatch(
        r"The player getting a card could play any card you would offer; the (\S+) is the one "
        r"you can best "
        r"spare, and if she takes it, it leaves your hand",
        sentence,
    )
    if m:
        spare = [c for c in hand if c.kind not in NAMES_A_COLOUR]
        return all(can_play(c, top, view.colour) for c in spare)
    m = re.fullmatch(r"Every card you hold is (.+): offer nothing", sentence)
    if m:
        return move == NO_OFFER and all(
            c.kind in NAMES_A_COLOUR
            or (c.kind is RunItKind.PENALTY and can_play(c, top, view.colour))
            for c in hand
        )
    m = re.fullmatch(r"The (\S+) is your last card: if it is taken, you win", sentence)
    if m:
        return [c.short for c in hand] == [m[1]]
    if sentence == "Nobody offered a card: take the draw pile's top card":
        return not any(isinstance(mv, TakeOffer) for mv in moves) and move == TAKE_DRAW
    if sentence == (
        "An offered card leaves its giver's hand and brings her closer to winning; the draw "
        "pile's card helps nobody"
    ):
        return any(isinstance(mv, TakeOffer) for mv in moves) and move == TAKE_DRAW
    m = re.fullmatch(
        r"The draw pile is empty: seat (\d+) holds the most cards of those who offered "
        r"\((\d+) cards? left\), so taking her card helps her least",
        sentence,
    )
    if m:
        by = int(m[1]) - 1
        offered = [mv.offered_by for mv in moves if isinstance(mv, TakeOffer)]
        sizes = before["sizes"]
        return sizes[by] == int(m[2]) == max(sizes[s] for s in offered)
    return False


@pytest.mark.parametrize("seats", [2, 3, 4, 6, 8])
def test_every_sentence_of_every_hint_is_true_in_its_position(seats):
    """The planner at seat 0 against random bots; each sentence of each reason it gives is
    matched to a known claim and checked against the position (an unknown sentence fails)."""
    planner = RunItPlanner(1)
    others = RandomBot(2)
    checked = 0
    for game in range(10):
        state = GAME.new_game(seats, seed=1000 * seats + game)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            if seat != 0:
                GAME.apply(state, seat, others.choose(None, moves)[0])
                continue
            view = GAME.view(state, 0)
            move, why = planner.choose(view, moves)
            assert move in moves
            before = {
                "turn": state.turn,
                "penalty": state.penalty,
                "sizes": [len(h) for h in state.hands],
            }
            GAME.apply(state, 0, move)
            assert why.endswith(".")
            for sentence in why[:-1].split(". "):
                assert check_sentence(sentence, before, view, moves, move, state), (
                    f"untrue or unknown: {sentence!r} in {why!r} (hand {view.hand}, top "
                    f"{view.top.short}, colour {view.colour}, phase {view.phase})"
                )
                checked += 1
    assert checked > 100

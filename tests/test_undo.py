"""Taking a move back at one keyboard (engine/undo.py, Match.undo, the runner, the table's u).

Every game over combinations of its options: wherever the rule lets a person take her move
back, the state is exactly as before it and no card is made or lost; wherever it refuses,
nothing changes. The refusals are tested on real positions; an undo is saved and replayed on
resume as if the move had never been made; a tampered undo line refuses the save; a hosted game
refuses; and at the table u takes a Sets and Runs meld back into the hand."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from cardtable import games
from cardtable.engine import IllegalMove, Match, SaveFileError, new_save_path, parse_seats
from cardtable.net.clock import FakeClock
from cardtable.net.runner import HOSTED_UNDO, KeyboardFeed, Runner
from tests.test_option_combinations import pairwise, random_sets

MOVES = 150
"""Moves followed per game: enough for every kind of move to come up, quick enough for them all."""

PEOPLE = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal"


def people(count: int) -> list[Any]:
    """`count` seats, each a person."""
    return parse_seats(",".join(PEOPLE.split(",")[:count]))


def cases() -> list[Any]:
    found = []
    for game_id in games.ids():
        model = games.get(game_id).options_model
        sets = list({repr(o): o for o in pairwise(model) + random_sets(model, game_id)}.values())
        counts = games.get(game_id).seat_counts
        for n, options in enumerate(sets):
            seats = counts[0] if n % 2 == 0 else counts[-1]
            found.append(pytest.param(game_id, options, seats, n, id=f"{game_id}-{n}-{seats}"))
    return found


def play_and_take_back(game_id: str, options: dict, seats: int, seed: int) -> dict[str, Counter]:
    """A seeded random game of people; after every move, take it back where the rule allows
    (then make it again) and check a refusal changes nothing. How each move kind fared."""
    game = games.get(game_id)
    match = Match.start(game, people(seats), seed, options)
    match.keeps_before = seed % 2 == 0  # else the state before is replayed from the seed
    rng = random.Random(seed)
    fared: dict[str, Counter] = {"taken back": Counter(), "refused": Counter()}
    for _ in range(MOVES):
        if game.is_over(match.state):
            break
        seat = game.to_act(match.state)[0]
        move = rng.choice(game.legal_moves(match.state, seat))
        before = match.state.model_copy(deep=True)
        cards = Counter(game.cards(match.state))
        match.play(seat, move)
        after = match.state.model_copy(deep=True)
        moves = len(match.record.log)
        why = match.undo_refusal(seat)
        if why is None:
            entry = match.undo(seat)
            assert entry.move == move.model_dump(mode="json")
            assert match.state == before
            assert Counter(game.cards(match.state)) == cards
            assert len(match.record.log) == moves - 1
            match.play(seat, move)
            assert match.state == after
            fared["taken back"][move.kind] += 1
        else:
            with pytest.raises(IllegalMove, match=re.escape(why)):
                match.undo(seat)
            assert match.state == after and len(match.record.log) == moves
            fared["refused"][move.kind] += 1
        if not game.is_over(match.state):
            other = (seat + 1) % seats
            moved = any(entry.seat == other for entry in match.record.log)
            assert match.undo_refusal(other) == (
                f"{match.names[seat]} has played since your last move."
                if moved
                else "You have made no move yet, so there is none of yours to take back."
            )
    return fared


@pytest.mark.parametrize(("game_id", "options", "seats", "n"), cases())
def test_a_move_taken_back_leaves_the_state_as_before_it_and_a_refusal_changes_nothing(
    game_id, options, seats, n
):
    play_and_take_back(game_id, options, seats, seed=n)


WHAT_UNDO_ALLOWS = {
    "runway": ({"take", "discard", "add", "end-turn", "recycle"}, {"draw", "draw-three", "look"}),
    "run-it": (
        {"get", "offer"},
        {"play", "take-draw", "take-offer", "take-penalty", "claim", "let-go"},
    ),
    "over-trump": ({"place"}, set()),
    "sets-and-runs": ({"meld", "add", "take-back"}, {"draw", "discard"}),
    "piles": ({"place"}, {"pass"}),
}
"""Per game: move kinds a person may take back (where nothing since revealed or opened), and
kinds she never may (a card drawn or shown, a claim window opened or answered, a card taken
at random)."""


@pytest.mark.parametrize("game_id", sorted(WHAT_UNDO_ALLOWS))
def test_what_each_game_lets_a_person_take_back(game_id):
    allowed, never = WHAT_UNDO_ALLOWS[game_id]
    game = games.get(game_id)
    taken: Counter = Counter()
    refused: Counter = Counter()
    for seed in range(4):
        fared = play_and_take_back(game_id, {}, game.default_seats, seed)
        taken += fared["taken back"]
        refused += fared["refused"]
    assert allowed <= set(taken), allowed - set(taken)
    assert not never & set(taken), never & set(taken)
    if never:
        assert never & set(refused)


def first_move(game_id: str, kind: str, seats: int | None = None, seed: int = 0) -> Match:
    """A match of people, played at random until a move of `kind` has just been made."""
    game = games.get(game_id)
    for tries in range(20):
        match = Match.start(game, people(seats or game.default_seats), seed + tries, None)
        rng = random.Random(seed + tries)
        while not game.is_over(match.state):
            seat = game.to_act(match.state)[0]
            move = rng.choice(game.legal_moves(match.state, seat))
            match.play(seat, move)
            if move.kind == kind:
                return match
    raise AssertionError(f"no {kind} came up")


def test_drawing_a_card_cannot_be_taken_back_she_has_seen_it():
    match = first_move("runway", "draw")
    seat = match.record.log[-1].seat
    assert match.undo_refusal(seat) == (
        "You cannot take back drawing the top card of the deck: you have seen the card it "
        "showed you."
    )


def test_a_move_that_opens_a_claim_window_cannot_be_taken_back():
    match = first_move("run-it", "play")
    seat = match.record.log[-1].seat
    assert re.fullmatch(
        r"You cannot take back playing .+: it opened a match window\.", match.undo_refusal(seat)
    )


def test_a_discard_that_opens_a_buy_window_cannot_be_taken_back():
    match = first_move("sets-and-runs", "discard")
    seat = match.record.log[-1].seat
    assert re.fullmatch(
        r"You cannot take back discarding .+: it opened a buy window\.", match.undo_refusal(seat)
    )


def test_a_pass_in_piles_cannot_be_taken_back_its_card_is_taken_at_random():
    """Made again after an undo, a pass would give away the same card (the chance is the
    state's): taking it back would let her see what passing costs before choosing to."""
    match = first_move("piles", "pass")
    seat = match.record.log[-1].seat
    refusal = (
        "You cannot take back passing: chance had a part in it (a card taken at random, a "
        "shuffle or a deal)."
    )
    assert match.undo_refusal(seat) == refusal
    with pytest.raises(IllegalMove, match=re.escape(refusal)):
        match.undo(seat)


def last_move_before_a_deal(game_id: str, seed: int) -> Match:
    """A match of people played at random until a move has dealt a new hand or round."""
    game = games.get(game_id)
    match = Match.start(game, people(game.default_seats), seed, None)
    rng = random.Random(seed)
    while True:
        seat = game.to_act(match.state)[0]
        before = match.state.model_copy(deep=True)
        match.play(seat, rng.choice(game.legal_moves(match.state, seat)))
        assert not game.is_over(match.state), "the game ended before a second deal"
        dealt = len(match.state.hands[seat]) > len(before.hands[seat]) + 1
        if dealt and match.state.chance != before.chance:
            return match


@pytest.mark.parametrize("game_id", ["over-trump", "sets-and-runs"])
def test_the_move_that_deals_the_next_hand_cannot_be_taken_back(game_id):
    """The last card of an Over Trump hand, the discard that goes out in Sets and Runs: the
    next deal is in the mover's hand at once, and taking the move back would let her play it
    again knowing that deal (its cards were all in sight before, so no card is new by count)."""
    match = last_move_before_a_deal(game_id, 5)
    seat = match.record.log[-1].seat
    assert match.undo_refusal(seat) is not None
    assert "chance had a part in it" in match.undo_refusal(seat)


def test_once_another_seat_has_played_the_move_stands():
    match = first_move("over-trump", "place")
    game = match.game
    mover = match.record.log[-1].seat
    assert match.undo_refusal(mover) is None
    seat = game.to_act(match.state)[0]
    match.play(seat, game.legal_moves(match.state, seat)[0])
    refusal = f"{match.names[seat]} has played since your last move."
    assert match.undo_refusal(mover) == refusal
    with pytest.raises(IllegalMove, match=refusal):
        match.undo(mover)


def test_a_finished_game_keeps_its_moves():
    game = games.get("piles")
    match = Match.start(game, people(2), 3, None)
    rng = random.Random(3)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, rng.choice(game.legal_moves(match.state, seat)))
    last = match.record.log[-1].seat
    assert match.undo_refusal(last) == "The game is over: its moves stand."


def undoable(game_id: str, seats: str, seed: int, save: bool = True) -> tuple[Match, Any, int]:
    """A saved match of people at random until a move may be taken back: the match, that
    move and its seat (the move made)."""
    game = games.get(game_id)
    match = Match.start(
        game, parse_seats(seats), seed, None, new_save_path(game.id) if save else None
    )
    match.keeps_before = True
    rng = random.Random(seed)
    while True:
        seat = game.to_act(match.state)[0]
        move = rng.choice(game.legal_moves(match.state, seat))
        match.play(seat, move)
        if len(match.record.log) > 5 and match.undo_refusal(seat) is None:
            return match, move, seat


def replayed_without(match: Match, count: int) -> Match:
    """A match, never saved, that made only the first `count` moves of `match`'s log."""
    again = Match.start(match.game, match.seats, match.record.seed, match.record.options)
    for entry in match.record.log[:count]:
        again.play(entry.seat, match.game.parse_move(entry.move))
    return again


@pytest.mark.parametrize("game_id", ["sets-and-runs", "over-trump", "runway"])
def test_an_undo_then_a_resume_is_the_game_that_never_made_the_move(game_id):
    match, move, seat = undoable(game_id, "Ann,Bob,Cat,Dan", seed=5)
    made = len(match.record.log)
    path = match.save_path
    match.undo(seat)
    never = replayed_without(match, made - 1)
    match.close()
    assert path is not None
    assert json.loads(path.read_text().splitlines()[-2]) == {"undo": made}
    resumed = Match.load(path, games)
    assert resumed.state == never.state
    assert [e.move for e in resumed.record.log] == [e.move for e in never.record.log]
    # And play goes on alike: the move made again leads where it led the first time.
    resumed.play(seat, move)
    never.play(seat, move)
    assert resumed.state == never.state
    resumed.close()


def test_two_moves_taken_back_one_after_the_other_resume_as_never_made():
    game = games.get("sets-and-runs")
    match, move, seat = undoable("sets-and-runs", "Ann,Bob,Cat", seed=12)
    made = len(match.record.log)
    assert move.kind == "meld"
    match.undo(seat)
    assert match.undo(seat).move["kind"] == "take-back"  # her move before it, taken back too
    kept = len(match.record.log)
    path = match.save_path
    match.close()
    assert path is not None
    resumed = Match.load(path, games)
    assert resumed.state == replayed_without(match, kept).state
    assert len(resumed.record.log) == kept < made
    assert game.to_act(resumed.state) == [seat]
    resumed.close()


def test_a_tampered_undo_line_refuses_the_save_in_words():
    match, _, _ = undoable("over-trump", "Ann,Bob,Cat,Dan", seed=2)
    path = match.save_path
    match.close()
    assert path is not None
    text = path.read_text()
    path.write_text(text + json.dumps({"undo": 99}) + "\n")
    with pytest.raises(SaveFileError, match="it takes back move 99, but the last move made is"):
        Match.load(path, games)
    path.write_text(text + json.dumps({"undo": "all"}) + "\n")
    with pytest.raises(SaveFileError, match="its moves do not replay"):
        Match.load(path, games)


def test_an_undo_line_after_a_draw_refuses_the_save():
    match = first_move("runway", "draw")
    game = match.game
    saved = Match.start(game, match.seats, match.record.seed, None, new_save_path(game.id))
    for entry in match.record.log:
        saved.play(entry.seat, game.parse_move(entry.move))
    path = saved.save_path
    saved.close()
    assert path is not None
    with path.open("a") as file:
        file.write(json.dumps({"undo": len(match.record.log)}) + "\n")
    with pytest.raises(SaveFileError, match="a move that could not be taken back"):
        Match.load(path, games)


def test_the_saved_games_list_counts_only_the_moves_that_stand():
    from cardtable.engine import saved_games

    match, _, seat = undoable("piles", "Ann,Bob", seed=1)
    made = len(match.record.log)
    match.undo(seat)
    match.close()
    (listed,) = saved_games()
    assert listed.moves == made - 1


def test_the_runner_calls_off_the_bot_move_the_undone_move_scheduled():
    game = games.get("over-trump")
    match = Match.start(game, parse_seats("Ann,bot,bot,bot"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.5)
    feed = KeyboardFeed(runner)
    heard: list[str] = []
    runner.listen(lambda events: heard.extend(e.render(match.names) for e in events))
    runner.start()
    for _ in range(100):
        if game.to_act(match.state) == [0]:
            break
        runner.clock.advance(0.5)
    before = match.state.model_copy(deep=True)
    move = game.legal_moves(match.state, 0)[0]
    runner.play(0, move)
    assert game.to_act(match.state) != [0] or game.is_over(match.state)
    feed.undo(0, runner.number)
    assert match.state == before
    assert heard[-1] == f"Ann took back placing {move.card.label}."
    runner.clock.advance(5)  # the bot's move it had scheduled never comes: it is her turn
    assert match.state == before and game.to_act(match.state) == [0]


def test_a_hosted_game_never_takes_a_move_back():
    from cardtable.net.host import Host

    match = Match.start(games.get("piles"), parse_seats("Ann,Bob"), 4, None)
    host = Host(match, delay=0, clock=FakeClock())
    host.runner.start()
    seat = games.get("piles").to_act(match.state)[0]
    host.runner.play(seat, games.get("piles").legal_moves(match.state, seat)[0])
    assert host.runner.undo_refusal(seat) == HOSTED_UNDO
    with pytest.raises(IllegalMove, match=HOSTED_UNDO):
        host.runner.undo(seat)


def test_no_table_takes_the_undo_key_for_itself():
    from cardtable.ui.claim_bar import CLAIM_ROW
    from cardtable.ui.screens.table_frame import UNDO_KEY
    from cardtable.ui.tables import run_it, runway, sets_and_runs, table_for
    from cardtable.ui.widgets import GameTable

    for game_id in games.ids():
        table = table_for(game_id)
        keys = {
            key.strip()
            for cls in (table, GameTable)
            for binding in cls.BINDINGS
            for key in binding.key.split(",")  # type: ignore[union-attr]
        }
        assert UNDO_KEY not in keys, game_id
    letters = {
        *sets_and_runs.KEYS.values(),
        *run_it.KEYS.values(),
        *(key.letter for key in runway.ACTION_KEYS.values()),
        runway.MENU_KEY,
        *CLAIM_ROW,
    }
    assert UNDO_KEY not in letters


async def test_u_at_the_table_takes_a_meld_back_into_the_hand_and_the_log_says_so():
    from cardtable.ui.screens.table_frame import UNDO_KEY
    from cardtable.ui.widgets import MoveLog
    from tests.pilot_steps import status, wait_until
    from tests.test_sets_and_runs_table import (
        SIZE,
        anns_turn,
        cards,
        mark,
        open_table,
        table_app,
    )

    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = anns_turn(screen, "7H 7C 7D 9S 9H 9D 2C 5S KD", round_=1)
        hand = list(screen.table.hand)
        assert "undo" not in offered(screen)
        await pilot.press(UNDO_KEY)  # nothing of hers to take back yet: the status says why
        assert status(app).startswith("✗ ")
        assert status(app) == "✗ You have made no move yet, so there is none of yours to take back."
        await mark(pilot, screen, "7H", "7C", "7D")
        await pilot.press("e")
        await wait_until(pilot, lambda: len(state.pending) == 1)
        await pilot.pause()
        assert "undo" in offered(screen)
        await pilot.pause()
        assert in_footer(app, "Undo", SIZE[0])  # seen at 80 columns, beside the table's keys
        await pilot.press(UNDO_KEY)
        await wait_until(pilot, lambda: not screen.match.state.pending)
        assert screen.table.hand == hand
        assert Counter(screen.match.state.hands[0]) == Counter(cards("7H 7C 7D 9S 9H 9D 2C 5S KD"))

        def logged() -> str:
            return "\n".join(line.text for line in screen.query_one(MoveLog).lines)

        # The log is written as the table draws the move taken back: wait for that, not a pause
        # (a loaded CI run read it empty just before).
        await wait_until(pilot, lambda: "Ann took back her last move." in logged().splitlines())
        log = logged()
        # A meld still being built is Ann's alone: taking it back names none of its cards.
        assert "Ann took back her last move." in log.splitlines()
        assert not {"7♥", "7♦", "7♣"} & set(log.replace(".", " ").split())
        await pilot.pause()
        assert "undo" not in offered(screen)  # the lay-down taken back was her last move


def in_footer(app, words: str, width: int) -> bool:
    """True if the footer shows a key with these words, whole, inside the window."""
    from textual.widgets import Footer

    return any(
        str(key.description) == words and key.region.right <= width and key.region.width
        for key in app.screen.query_one(Footer).query("FooterKey")
    )


def offered(screen) -> set[str]:
    """The actions the table's footer offers now."""
    return {
        binding.action
        for (_, binding, enabled, _) in screen.active_bindings.values()
        if enabled and binding.show
    }


def test_the_words_of_a_move_taken_back_read_as_english_and_never_name_a_private_move():
    from cardtable.engine.undo import taking_back
    from cardtable.games.run_it.moves import Keep
    from cardtable.games.sets_and_runs.moves import LayMeld

    assert taking_back(Keep(), "Ann") == "keeping the card and ending the turn"
    meld = LayMeld(run=False, cards=())
    assert taking_back(meld, "Ann", public=False) == "her last move"
    assert taking_back(meld, "Ann", public=False, whose="your") == "your last move"


@pytest.mark.parametrize("game_id", ["run-it", "sets-and-runs"])
def test_the_rules_page_says_a_move_made_in_a_claim_window_stands(game_id):
    """The refusal 'it was made in a buy window' (taking the discard while others may buy it)
    has its condition under 'Taking a move back'."""
    from cardtable.rules_pages import rules_page

    section = rules_page(game_id).split("## Taking a move back", 1)[1].split("\n## ", 1)[0]
    assert "not made in a claim window" in " ".join(section.split())

"""The runner of a match on a fake clock: bots move after their delay, a claim window's clock
lets everyone still open go when it runs out, bots claim after their seeded moment and a quick
person beats them, a pause stops the count and the window goes on with the seconds it had left,
a hint holds it until the next move, a turn-based window asks each person in turn, and late
claims are refused with what happened."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.engine import IllegalMove, Match, parse_seats
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.run_it.rules import play
from cardtable.net.clock import FakeClock
from cardtable.net.protocol import Act
from cardtable.net.runner import ClaimRefused, KeyboardFeed, Runner
from tests.run_it_positions import AlwaysClaims, card, colour, position

RUN_IT = games.get("run-it")
PILES = games.get("piles")


def run_it(hands: list[str], seats: str, seconds: float = 2, turn: int = 2) -> Runner:
    """A started runner of Run It at this position, on a fake clock, no bot delay."""
    state = position(hands, "R1", turn=turn, options={"match_seconds": seconds})
    match = Match.start(RUN_IT, parse_seats(seats), 1, state.options)
    match.state = state
    runner = Runner(match, FakeClock(), delay=0.5, window_wait=0.5)
    runner.start()
    return runner


class ClaimsAnyway:
    """A bot that claims every card put up, held or not."""

    needs_view = False

    def choose(self, view, moves):
        return CLAIM, "It claims everything."


def logged(runner: Runner, since: int = 0) -> list[tuple[int, str]]:
    return [(e.seat, e.move["kind"]) for e in runner.match.record.log[since:]]


def test_a_bot_moves_only_once_its_delay_has_passed():
    match = Match.start(PILES, parse_seats("bot,bot"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.8)
    heard: list[int] = []
    runner.listen(lambda events: heard.append(len(events)))
    runner.start()
    assert runner.number == 0 and heard == [0]
    runner.clock.advance(0.79)
    assert runner.number == 0
    runner.clock.advance(0.01)
    assert runner.number == 1 and len(heard) == 2 and heard[-1] > 0


def test_a_bot_table_plays_a_whole_game_on_the_fake_clock():
    match = Match.start(PILES, parse_seats("bot,bot"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.8)
    runner.start()
    for _ in range(5000):
        if PILES.is_over(match.state):
            break
        runner.clock.advance(1)
    assert PILES.is_over(match.state)


def test_time_up_lets_every_seat_still_open_go_people_too():
    runner = run_it(["R7 B3", "G5 B7", "R7 G2 Y9"], "Ann,bot,Cat", seconds=2)
    runner.play(2, play(card("R7")))
    assert runner.claiming() is not None and runner.window_left() == 2
    runner.clock.advance(1.99)
    assert runner.claiming() is not None and runner.window_left() == pytest.approx(0.01)
    runner.clock.advance(0.01)
    assert runner.claiming() is None
    assert runner.match.state.hands[0].count(card("R7")) == 1, "Ann kept her R7"
    assert (0, "let-go") in logged(runner)
    # The clock let it go for every seat still open, people and bots (a replay sets no hint
    # beside it and says the time ran out), and says so in the save's line.
    timed = {e.seat: e.timed for e in runner.match.record.log if e.move["kind"] == "let-go"}
    assert timed == {0: True, 1: True, 2: True}
    entry = next(e for e in runner.match.record.log if e.timed)
    assert '"timed":true' in entry.line()
    assert "timed" not in runner.match.record.log[0].line()  # chosen: a line as before


def test_a_pause_stops_the_windows_clock_and_it_goes_on_with_the_seconds_left():
    runner = run_it(["R7 B3", "G5 B7", "R7 G2 Y9"], "Ann,bot,Cat", seconds=2)
    runner.play(2, play(card("R7")))
    runner.clock.advance(1.5)
    runner.pause("rules page")
    runner.clock.advance(30)
    assert runner.claiming() is not None and runner.window_left() == pytest.approx(0.5)
    runner.resume("rules page")
    runner.clock.advance(0.49)
    assert runner.claiming() is not None
    runner.clock.advance(0.01)
    assert runner.claiming() is None


def test_bots_wait_while_paused_and_move_when_resumed_with_their_time_left():
    match = Match.start(PILES, parse_seats("bot,bot"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.8)
    runner.start()
    runner.clock.advance(0.5)
    runner.pause("too small")
    runner.pause("rules page")
    runner.clock.advance(10)
    runner.resume("too small")
    runner.clock.advance(10)
    assert runner.number == 0, "still paused for the rules page"
    runner.resume("rules page")
    runner.clock.advance(0.29)
    assert runner.number == 0
    runner.clock.advance(0.01)
    assert runner.number == 1


def test_a_bot_claims_after_its_moment_and_a_quick_person_beats_it():
    runner = run_it(["Wild B3", "Wild B7", "Y7 G2 Wild"], "Ann,bot,Cat", seconds=3)
    runner.players[1] = AlwaysClaims()
    before = runner.number
    runner.play(2, play(card("Wild"), colour("R")))
    (at,) = runner._window.bot_claims.values()
    assert 0.6 <= at <= 1.6
    runner.clock.advance(at - 0.01)
    runner.claim(0)  # Ann is quicker
    assert logged(runner, before)[1] == (0, "claim")
    assert runner.match.state.hands[1].count(card("Wild")) == 1, "the bot never claimed"


def test_the_bot_claims_when_its_moment_comes():
    runner = run_it(["Wild B3", "Wild B7", "Y7 G2 Wild"], "Ann,bot,Cat", seconds=3)
    runner.players[1] = AlwaysClaims()
    before = runner.number
    runner.play(2, play(card("Wild"), colour("R")))
    (at,) = runner._window.bot_claims.values()
    runner.clock.advance(at)
    assert logged(runner, before)[1] == (1, "claim")


def test_a_hint_holds_the_window_until_the_next_move():
    runner = run_it(["Wild B3", "Wild B7", "Y7 G2 Wild"], "Ann,bot,Cat", seconds=3)
    runner.players[1] = AlwaysClaims()
    before = runner.number
    runner.play(2, play(card("Wild"), colour("R")))
    runner.hold()
    assert runner.held
    runner.clock.advance(60)
    assert runner.claiming() is not None and runner.window_left() == 3
    runner.play(0, LET_GO)  # the next move ends the hold
    assert not runner.held
    runner.clock.advance(1.6)
    assert logged(runner, before)[1:] == [(0, "let-go"), (1, "claim")]


def test_a_turn_based_window_asks_each_person_in_turn():
    runner = run_it(["R7 B3", "G5 B7", "R7 G2 Y9"], "Ann,Bob,Cat", seconds=0)
    runner.play(2, play(card("R7")))
    assert runner.asking == 0 and runner.window_left() is None
    runner.clock.advance(600)
    assert runner.asking == 0, "no clock: it waits for her"
    runner.play(0, LET_GO)
    assert runner.asking == 1
    table = runner.table(1, [])
    assert table.asking == 1 and table.window is not None and table.window_left is None


def test_claims_after_letting_go_or_after_the_window_are_refused_with_what_happened():
    runner = run_it(["Wild B3", "Wild B7", "Y7 G2 Wild"], "Ann,Bob,Cat", seconds=3)
    runner.play(2, play(card("Wild"), colour("R")))
    runner.play(0, LET_GO)
    with pytest.raises(ClaimRefused) as let_go:
        runner.claim(0)
    assert let_go.value.window is not None and let_go.value.closed is None
    runner.claim(1)
    with pytest.raises(ClaimRefused) as late:
        runner.claim(0)
    assert late.value.window is None and late.value.closed.card == "Wild"


def test_a_refused_bot_claim_lets_the_card_go_instead():
    runner = run_it(["B3 Y5", "G5 B7", "Y7 G2 R7"], "Ann,bot,Cat", seconds=3)
    runner.players[1] = ClaimsAnyway()  # it claims a card it does not hold
    before = runner.number
    runner.play(2, play(card("R7")))
    runner.clock.advance(1.6)
    assert logged(runner, before) == [(2, "play"), (1, "let-go")]


def test_a_linger_makes_the_next_bot_wait_longer_than_its_delay():
    match = Match.start(PILES, parse_seats("bot,bot"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.2)
    runner.linger_after = lambda events: 1.0
    runner.start()
    runner.clock.advance(0.2)
    assert runner.number == 1
    runner.clock.advance(0.99)
    assert runner.number == 1
    runner.clock.advance(0.01)
    assert runner.number == 2


def test_a_table_names_its_position_and_an_older_one_is_stale():
    match = Match.start(PILES, parse_seats("Ann,Bob"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.2)
    runner.start()
    seat = PILES.to_act(match.state)[0]
    table = runner.table(seat, [])
    assert table.number == 0 and not runner.stale(0) and table.legal
    runner.play(seat, PILES.legal_moves(match.state, seat)[0])
    assert runner.stale(0) and not runner.stale(1)
    assert runner.table(None, []).legal == []


def test_the_local_feed_acts_for_the_person_each_message_names_and_no_bot():
    match = Match.start(PILES, parse_seats("Ann,Bob"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.2)
    runner.start()
    feed = KeyboardFeed(runner)
    seat = PILES.to_act(match.state)[0]
    move = PILES.legal_moves(match.state, seat)[0]
    with pytest.raises(IllegalMove, match="changed before that move"):
        feed.send(Act(move=move.model_dump(mode="json"), table=5, seat=seat))
    feed.send(Act(move=move.model_dump(mode="json"), table=0, seat=seat))
    assert [e.seat for e in match.record.log] == [seat]
    bots = Runner(Match.start(PILES, parse_seats("Ann,bot"), 4, None), FakeClock())
    bots.start()
    with pytest.raises(IllegalMove, match="a person's seat"):
        KeyboardFeed(bots).send(Act(move=move.model_dump(mode="json"), table=0, seat=1))


def test_a_stopped_runner_makes_no_move():
    """Once its table has gone (the screen closed, the host stopped), a move sent late is
    refused in words and nothing changes: the save is as it stood."""
    match = Match.start(PILES, parse_seats("Ann,bot"), 4, None)
    runner = Runner(match, FakeClock(), delay=0.8)
    runner.start()
    runner.stop()
    before = len(match.record.log)
    seat = PILES.to_act(match.state)[0]
    move = PILES.legal_moves(match.state, seat)[0]
    with pytest.raises(IllegalMove, match="stopped"):
        runner.play(seat, move)
    assert len(match.record.log) == before


def test_in_a_window_asked_in_turn_only_the_person_asked_may_claim_or_let_go():
    """With 0 seconds each person is asked in turn, nearest first: another who claims (a
    hosted client sends what it likes) is refused, and so is her letting go."""
    for seed in range(200):
        match = Match.start(RUN_IT, parse_seats("Ann,Bob,Cat"), seed, {"match_seconds": 0})
        runner = Runner(match, FakeClock(), delay=0.0)
        runner.start()
        rng = random.Random(seed)
        for _ in range(200):
            window = runner.claiming()
            if window is not None and len(window.open_to) >= 2 and runner.asking is not None:
                break
            if RUN_IT.is_over(match.state):
                break
            seat = RUN_IT.to_act(match.state)[0]
            moves = RUN_IT.legal_moves(match.state, seat)
            runner.play(seat, moves[rng.randrange(len(moves))])
        window = runner.claiming()
        if window is not None and len(window.open_to) >= 2 and runner.asking is not None:
            break
    else:
        raise AssertionError("no window open to two people in 200 seeds")
    asked = runner.asking
    other = next(s for s in window.open_to if s != asked)
    before = runner.number
    with pytest.raises(ClaimRefused) as refused:
        runner.claim(other)
    assert f"{match.names[asked]} is asked first" in refused.value.rules
    with pytest.raises(IllegalMove, match="is asked first"):
        runner.play(other, LET_GO)
    assert runner.number == before
    runner.play(asked, LET_GO)
    assert runner.number == before + 1

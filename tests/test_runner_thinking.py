"""Bots think on the runner's clock (in a worker thread at a real table): the table waits for a
late thought and says who is thinking, and an answer that comes back after the game has moved on
(a move taken back, the table stopped) is dropped, never played; bots in a claim window decide
while its clock runs."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.games.run_it.rules import play
from cardtable.net.clock import THINKING_SWITCH, FakeClock, LoopClock, answer_of
from cardtable.net.runner import THINKING_SHOWN, KeyboardFeed, Runner
from tests.run_it_positions import AlwaysClaims, card, colour, position

PILES = games.get("piles")
RUN_IT = games.get("run-it")
WINDOW = {"match_seconds": 3}
"""Run It's match window, three seconds long."""


class SlowThoughts(FakeClock):
    """A fake clock whose bots think until the test says they have (`finish`), as a strong bot
    in its worker thread answers some time after it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.thoughts: list[tuple[Callable, Callable]] = []

    def think(self, work, done) -> None:
        self.thoughts.append((work, done))

    def finish(self, count: int | None = None) -> None:
        """The first `count` bots asked (every one, with None) answer, in the order asked."""
        count = len(self.thoughts) if count is None else count
        thoughts, self.thoughts = self.thoughts[:count], self.thoughts[count:]
        for work, done in thoughts:
            done(answer_of(work))


class Counting:
    """A bot that plays the last of its moves, counting how often it was asked."""

    needs_view = False

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view, moves):
        self.asked += 1
        return moves[-1], "The last move it may make."


def piles(seats: str, delay: float = 0.5) -> tuple[Runner, list[Exception]]:
    """A started Piles runner on a SlowThoughts clock, and the faults it reports."""
    match = Match.start(PILES, parse_seats(seats), 4, None)
    runner = Runner(match, SlowThoughts(), delay=delay)
    faults: list[Exception] = []
    runner.on_fault = faults.append
    return runner, faults


def test_a_slow_bot_is_said_to_be_thinking_once_it_is_late_and_moves_when_it_has_thought():
    runner, faults = piles("bot,bot")
    heard: list[int] = []
    runner.listen(lambda events: heard.append(len(events)))
    runner.start()
    clock = runner.clock
    assert len(clock.thoughts) == 1, "the bot starts thinking as its turn begins"
    clock.advance(0.5)  # its wait is over, its thought is not in
    assert runner.number == 0 and runner.thinking is None
    clock.advance(THINKING_SHOWN - 0.01)
    assert runner.thinking is None, "a bot a moment late is not said to think (no flicker)"
    clock.advance(0.01)
    assert runner.thinking == 1 and len(heard) == 2
    assert runner.table(None, []).explain == "Bot 2 is thinking…"
    assert runner.table(0, [], explained="Bot 2 to play.").explain == "Bot 2 is thinking…"
    clock.finish()
    clock.advance(0)
    assert runner.number == 1 and runner.thinking is None and not faults
    assert "thinking" not in runner.table(None, []).explain


def test_a_bot_quick_enough_moves_after_its_wait_and_never_shows_thinking():
    runner, faults = piles("bot,bot")
    runner.start()
    runner.clock.finish()  # it answered at once
    runner.clock.advance(0.49)
    assert runner.number == 0
    runner.clock.advance(0.01)
    assert runner.number == 1 and runner.thinking is None and not faults


def test_a_thought_for_a_move_taken_back_is_dropped_even_when_the_same_turn_comes_again():
    runner, faults = piles("bot,Ann")
    KeyboardFeed(runner)
    bot = runner.players[0] = Counting()
    runner.start()
    assert PILES.to_act(runner.match.state) == [1]
    moves = PILES.legal_moves(runner.match.state, 1)
    runner.play(1, moves[0])
    runner.clock.advance(0.5 + THINKING_SHOWN)  # the bot is late: it is said to be thinking
    assert len(runner.clock.thoughts) == 1 and runner.thinking == 0
    runner.undo(1)
    assert runner.thinking is None
    runner.play(1, moves[1])  # the same number of moves as when the bot was first asked
    assert runner.number == 1 and len(runner.clock.thoughts) == 2
    runner.clock.finish(1)  # the answer for the position taken back
    runner.clock.advance(0)
    assert runner.number == 1
    runner.clock.finish()
    runner.clock.advance(0.5)
    assert bot.asked == 2 and not faults
    assert runner.number == 2, "only the thought for the position on the table was played"
    state = runner.match.state
    expected = Match.start(PILES, parse_seats("bot,Ann"), 4, None)
    expected.play(1, moves[1])
    expected.play(0, PILES.legal_moves(expected.state, 0)[-1])
    assert state == expected.state


def test_a_thought_that_comes_back_after_the_table_stopped_is_dropped():
    runner, faults = piles("bot,bot")
    runner.start()
    runner.clock.advance(1)
    runner.stop()
    runner.clock.finish()
    runner.clock.advance(1)
    assert runner.number == 0 and not faults


def test_bots_decide_on_a_claim_while_the_window_runs_and_claim_once_they_have():
    state = position(["Wild B3", "Wild B7", "Y7 G2 Wild"], "R1", turn=2, options=WINDOW)
    match = Match.start(RUN_IT, parse_seats("Ann,bot,Cat"), 1, state.options)
    match.state = state
    runner = Runner(match, SlowThoughts(), delay=0.5, window_wait=0.5)
    runner.start()
    runner.players[1] = AlwaysClaims()
    before = runner.number
    runner.play(2, play(card("Wild"), colour("R")))
    assert runner.claiming() is not None and len(runner.clock.thoughts) == 1
    runner.clock.advance(1.6)  # later than any bot's moment: it has not decided yet
    assert runner.number == before + 1 and runner.window_left() is not None
    runner.clock.finish()
    runner.clock.advance(0)
    logged = [(e.seat, e.move["kind"]) for e in match.record.log[before:]]
    assert logged[1] == (1, "claim"), "the bot claimed once it had decided"


def test_a_bot_that_fails_while_thinking_is_reported_as_a_fault():
    runner, faults = piles("bot,bot")
    runner.players[1] = Failing()
    runner.start()
    runner.clock.finish()
    runner.clock.advance(0.5)
    assert runner.number == 0
    assert [str(fault) for fault in faults] == ["its rules are wrong"]


class Failing:
    """A bot whose thinking breaks."""

    needs_view = False

    def choose(self, view, moves):
        raise RuntimeError("its rules are wrong")


async def test_the_interpreter_switches_quickly_while_bots_think_and_as_before_after():
    """Two clocks (a host's and an app's) may think at once: the usual switch interval comes
    back once both have done, whichever finishes first."""
    usual = sys.getswitchinterval()
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    during: list[float] = []

    def first() -> str:
        first_in.set()
        second_in.wait(5)
        during.append(sys.getswitchinterval())
        first_out.set()
        return "first"

    def second() -> str:
        second_in.set()
        first_in.wait(5)
        first_out.wait(5)
        time.sleep(0.05)  # the first has finished thinking meanwhile
        during.append(sys.getswitchinterval())
        return "second"

    answers: list[str] = []
    both = asyncio.Event()

    def done(answer) -> None:
        answers.append(answer())
        if len(answers) == 2:
            both.set()

    LoopClock().think(first, done)
    LoopClock().think(second, done)
    await asyncio.wait_for(both.wait(), 10)
    assert sorted(answers) == ["first", "second"]
    assert during == [THINKING_SWITCH, THINKING_SWITCH]
    assert sys.getswitchinterval() == usual

"""A person who presses only `h` and then Enter (and Y at a handoff) plays every game to its
results (issue 18.6).

The README's promise: the hint's move is made by Enter or the one key it names. Here the key is
never pressed, so Enter alone must make the hinted move on a turn; in a claim window Enter lets
the card go, which may not be what the hint advised but still moves the game on.
"""

from __future__ import annotations

import asyncio

import pytest

from cardtable import games
from cardtable.bots import player_for
from cardtable.engine import Match, SeatKind, new_save_path, parse_seats
from cardtable.engine.history import History
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens import handoff
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import leave, my_turn, status, tap, tick, wait_until

SIZE = (80, 24)
pytestmark = pytest.mark.usefixtures("fake_clock")
MOST_PRESSES = 1500

GAMES = [
    # (game, seats, seed, options): seats, options and seeds that keep a whole game short; the
    # claim windows are turn-based (0 seconds), so that a window waits for the person's Enter.
    ("runway", "Ann,bot", 28, {}),
    ("piles", "Ann,bot", 1, {}),
    ("over-trump", "Ann,bot,bot,bot", 3, {}),
    ("run-it", "Ann,bot", 32, {"hand_size": 3, "match_seconds": 0}),
    ("sets-and-runs", "Ann,bot,bot", 18, {"buy_seconds": 0}),
    ("runway", "Ann,Bob", 13, {}),
]
LAST_ROUND_ONLY = {"sets-and-runs": 7}
"""Games taken up at their last round: bots play the rounds before it (in a saved game the app
continues), then the person plays the last to the results by h and Enter. All seven rounds of
Sets and Runs by h and Enter took two minutes of a suite that must run in ten; its first two
rounds are followed by hints in test_hints_followed.py."""


def saved_at_round(game_id: str, seats: str, seed: int, options: dict, last: int) -> None:
    """A saved game of `game_id`, played by planning bots in every seat until round `last` is
    dealt: the latest unfinished game, which `resume` continues."""
    game = games.get(game_id)
    match = Match.start(game, parse_seats(seats), seed, options, new_save_path(game_id))
    bots = [player_for(SeatKind.BOT, game_id, seat) for seat in range(len(match.record.seats))]
    while match.state.round < last:
        seat = game.to_act(match.state)[0]
        player = bots[seat]
        view = game.view(match.state, seat) if player.needs_view else None
        move, _ = player.choose(view, game.legal_moves(match.state, seat))
        match.play(seat, move)
    match.close()


def window_seat(screen: TableScreen) -> int | None:
    """The person who may answer the claim window now (asked, or shown), else None."""
    window = screen.claiming()
    if window is None or screen.first_call(window, screen.acting(), screen.viewer):
        return None
    if window.seconds <= 0 and screen.asking is None:  # a bot answers first
        return None
    seat = screen.asking if screen.asking is not None else screen.viewer
    if seat is None or seat not in window.open_to or not screen.match.seats[seat].is_human:
        return None
    return seat


async def hint_then_enter(pilot, app, seat: int, in_window: bool) -> None:
    """Press h, then Enter (Enter again in a menu it opens): the person makes a move, and on a
    turn it is the hinted move."""
    screen = app.screen
    log = screen.match.record.log
    before = len(log)
    await asyncio.sleep(0.005)  # the app draws what came last (on the fake clock no bot moves now)
    said = status(app)
    await tap(app, "h", lambda: status(app).startswith("Hint:") and status(app) != said)
    hint = status(app)
    hinted = screen.table.hinted
    assert hint.startswith("Hint:") and hinted is not None, hint

    def moved() -> bool:
        return any(e.seat == seat for e in log[before:])

    await tap(app, "enter", lambda: moved() or isinstance(app.screen, MoveMenu))
    if isinstance(app.screen, MoveMenu):
        await pilot.pause()  # the menu takes keys once it is mounted
        await pilot.press("enter")
    try:
        await wait_until(pilot, moved)
    except AssertionError:
        raise AssertionError(f"Enter after {hint!r} made no move: {status(app)!r}") from None
    if not in_window:
        made = next(e for e in log[before:] if e.seat == seat)
        assert made.move == hinted.model_dump(mode="json"), f"Enter after {hint!r} made {made}"


@pytest.fixture(autouse=True)
def _quick_handoffs(monkeypatch):
    """A handoff takes keys after a twentieth of a second, not a whole one: a game of two
    people has one at every turn (the guard itself is tested in test_handoff_guard.py)."""
    monkeypatch.setattr(handoff, "GUARD_SECONDS", 0.05)


@pytest.mark.parametrize(("game_id", "seats", "seed", "options"), GAMES)
async def test_pressing_only_h_and_enter_plays_a_whole_game_to_its_results(
    game_id, seats, seed, options
):
    app = CardTableApp(Launch(command="menu", delay=0))
    last = LAST_ROUND_ONLY.get(game_id)
    if last is not None:
        saved_at_round(game_id, seats, seed, options, last)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if last is None:
            app.start_game(game_id, parse_seats(seats), seed, options)
        else:
            app.resume()
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen | HandoffScreen))
            assert app.screen.match.state.round == last
        followed = 0
        for _ in range(MOST_PRESSES * 100):  # steps of 2 ms or more: 300 s at least
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, HandoffScreen):
                if screen.ready:
                    assert await leave(app, "y"), "Y did not show the hand"
            elif isinstance(screen, TableScreen):
                seat = window_seat(screen)
                if seat is not None:
                    await hint_then_enter(pilot, app, seat, in_window=True)
                    followed += 1
                elif my_turn(app) and screen.table.interactive:
                    await hint_then_enter(pilot, app, screen.viewer, in_window=False)
                    followed += 1
                assert followed < MOST_PRESSES, "pressing h and Enter never ends the game"
            elif not isinstance(screen, MoveMenu):  # a summary between hands or games
                assert await leave(app, "enter"), "Enter did not close it"
            await tick(app)
        assert isinstance(app.screen, ResultsScreen), "the results never came"
        assert followed > 0
        # The game the app dealt is in the game history, once, as played at this keyboard.
        assert app.recorder.flush(5)
        with History() as history:
            kept = history.finished_games()
        assert [(g.game, g.where, g.moves) for g in kept] == [
            (game_id, "keyboard", len(app.screen.match.record.log))
        ]

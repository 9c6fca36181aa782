"""A turn-based claim window at one keyboard: each person asked sees her own hand first, behind
a handoff that takes no key for a moment and then only Y, so nobody decides a claim unseen and
a double-tapped Enter never answers for the next person. One person among bots is asked at
the table itself, her hand shown."""

from __future__ import annotations

import pytest

from cardtable.engine import parse_seats
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens import handoff as handoff_module
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import leave, let_time_pass, reveal_hand, tap, tick, wait_until
from tests.test_run_it_table import (
    hands,
    moves_since,
    open_table,
    open_window,
    table_app,
    top,
    window_open,
)

pytestmark = pytest.mark.usefixtures("fake_clock")


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def test_enter_tapped_twice_after_a_play_does_not_let_the_card_go_for_the_next_person(
    monkeypatch,
):
    app = table_app("Ann,Bob", match_seconds=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, app)
        # The guard stays up until the test says the moment has passed (a loaded machine may
        # take longer than a second to deliver the keys).
        monkeypatch.setattr(handoff_module, "GUARD_SECONDS", 600)
        state = screen.match.state
        state.turn = 1
        hands(screen, "Y+2 B3", "Y+2 G4")
        top(screen, "Y5")
        screen.viewer = 1
        screen.redraw()
        before = len(screen.match.record.log)
        await pilot.press("1", "enter")  # Bob plays his Y+2 ...
        await let_time_pass(pilot, 0.1)
        await pilot.press("enter")  # ... and taps Enter again
        await let_time_pass(pilot, 0.1)
        assert moves_since(screen, before) == [(1, "play")]
        assert window_open(screen) and state.window.open_to == [0, 1]
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen) and handoff.player == "Ann"
        assert screen.viewer is None  # Bob's hand went with his turn
        card = str(handoff.query_one("#handoff-card").render())
        assert "The Y+2 is up for a match." in card and "Ann: press Y to see your hand." in card
        # Once the moment has passed, Enter still does nothing there; Y shows Ann her hand.
        handoff._arm()
        await pilot.press("enter", "space", "a")
        await pilot.pause()
        assert app.screen is handoff and moves_since(screen, before) == [(1, "play")]
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 0)
        assert "Ann's hand" in str(screen.table.query_one("#hand-title").render())
        await pilot.press("a")  # her claim key: she matches it
        await wait_until(pilot, lambda: moves_since(screen, before)[1:2] == [(0, "claim")])


async def test_another_persons_key_waits_for_her_turn_to_be_asked():
    app = table_app("Ann,Bob,Cat", match_seconds=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "R7 B3", "R7 G4", "Y1 Y2")
        screen.viewer = 2  # Cat played the R7
        open_window(screen, "R7", played_by=2, seconds=0)  # asks Ann, then Bob
        await reveal_hand(pilot, app)
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 0)
        before = len(screen.match.record.log)
        await pilot.press("l")  # Cat's key; Bob's is in the middle of the row
        await pilot.press("f")
        await pilot.pause()
        assert not moves_since(screen, before) and window_open(screen)
        assert "Ann is asked now" in str(screen.query_one("#status").render())


async def test_a_key_in_the_moment_before_her_handoff_waits_for_the_handoff():
    # Between a summary closing and her handoff going up, the table is in front with her
    # hand hidden: her claim key or Enter brings the handoff, never an unseen answer.
    app = table_app("Ann,Bob,Cat", match_seconds=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "R7 B3", "R7 G4", "Y1 Y2")
        screen.viewer = 2
        open_window(screen, "R7", played_by=2, seconds=0)
        await reveal_hand(pilot, app)
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 0)
        before = len(screen.match.record.log)
        for key in ("a", "enter"):
            screen.viewer = None  # the moment before the handoff
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            assert not moves_since(screen, before) and window_open(screen)
            await reveal_hand(pilot, app)
            await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 0)


def moved_on(screen):
    """A test for `tap`: a move was made, or another screen covers the table (a menu, a
    handoff)."""
    made = len(screen.match.record.log)
    return lambda: len(screen.match.record.log) > made or screen.app.screen is not screen


def started(game_id: str, seats: str, seed: int, **options) -> CardTableApp:
    app = CardTableApp(Launch(command="menu", delay=0))
    app.begin = (game_id, parse_seats(seats), seed, options)  # type: ignore[attr-defined]
    return app


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("run-it", {"match_seconds": 0}), ("sets-and-runs", {"buy_seconds": 0})],
)
async def test_nobody_is_asked_to_claim_before_she_has_seen_her_hand(game_id, options, monkeypatch):
    monkeypatch.setattr(handoff_module, "GUARD_SECONDS", 0.05)  # the guard is tested above
    app = started(game_id, "Ann,Bob,Cat", 4, **options)
    asked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(*app.begin)
        await wait_until(pilot, lambda: isinstance(app.screen, (TableScreen, HandoffScreen)))
        screen = table_of(app)
        for _ in range(15000):
            if len(screen.match.record.log) > 30 or screen.game.is_over(screen.match.state):
                break
            front = app.screen
            if isinstance(front, HandoffScreen):
                if front.ready:
                    await leave(app, "y")
            elif front is screen and screen.asking is not None and screen.viewer != screen.asking:
                # The moment a summary closed before her handoff is up: her keys wait for it.
                made = len(screen.match.record.log)
                await tap(
                    app, "enter", lambda: app.screen is not screen or screen.viewer == screen.asking
                )
                assert len(screen.match.record.log) == made
            elif front is screen and screen.asking is not None:
                # Asked at the table: her own hand is the one shown.
                assert screen.viewer == screen.asking
                assert screen.match.names[screen.asking] in str(
                    screen.table.query_one("#hand-title").render()
                )
                asked += 1
                await tap(app, "enter", moved_on(screen))
            elif front is screen and screen.viewer in screen.acting():
                await pilot.press("h")
                app.simulate_key("enter")
            await tick(app)  # keys as the terminal sends them; Pilot's press idles 40 ms
    assert asked >= 3

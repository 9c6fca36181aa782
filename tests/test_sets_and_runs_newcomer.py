"""What a newcomer met at 80x24 playing Sets and Runs: log lines shown whole under the table,
info lines that fit the felt, a long hint shown whole, and a claim key refused with the
true reason (she discarded the card, or a nearer player asked first)."""

from __future__ import annotations

from cardtable.engine.claims import CLAIM
from cardtable.games.sets_and_runs import GAME
from cardtable.ui.widgets import MoveLog
from tests.pilot_steps import wait_until
from tests.test_sets_and_runs_rules import position, refused
from tests.test_sets_and_runs_table import (
    SIZE,
    anns_turn,
    mark,
    middle_text,
    open_table,
    screen_text,
    table_app,
)


def column(app, rows: range, left: int, right: int) -> list[str]:
    """The screen's characters in these rows, between these columns."""
    lines = screen_text(app).splitlines()
    return [lines[row][left:right] for row in rows]


async def test_the_log_under_the_table_shows_every_line_whole_once_it_scrolls():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        anns_turn(screen, "7H 7C 7D 9S 9H JK 2C 5S KD")  # no buy window ends to redraw the log
        log = screen.query_one(MoveLog)
        log.show_lines(["Ann discards the Q♣.", "Bob draws from the stock."] * 20)
        # On a loaded machine the first repaint after the lines may come a moment later.
        await wait_until(pilot, lambda: "Ann discards the Q♣." in screen_text(app))
        assert log.show_vertical_scrollbar  # the scrollbar takes a column: nothing is under it
        text = screen_text(app)
        assert "Ann discards the Q♣." in text
        assert "Bob draws from the" in text and "draws from th\n" not in text + "\n"


async def test_the_info_lines_fit_their_column_while_building_and_after_a_reshuffle():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        info = lambda: middle_text(screen)  # noqa: E731
        anns_turn(screen, "7H 7C 7D 9S 9H JK 2C 5S KD", round_=1)
        await mark(pilot, screen, "7H", "7C", "7D")
        await pilot.press("e")  # one set laid: the rest is still hers to lay
        await pilot.pause()
        assert screen.match.state.pending
        assert "You hold the rest: mark a meld, e set, r run." in info()
        state = anns_turn(screen, "7H 7C 2D 9S 4H 5C 2C 5S KD", round_=5)
        state.reshuffled = True
        state.discards = state.discards[-1:] or [state.stock.pop()]
        for _ in range(12):
            state.discards.append(state.stock.pop())
        screen.redraw()
        await pilot.pause()
        assert "Last stock" in info()
        # The piles and the contract, then how far the hand is, as the terminal shows them.
        shown = [line for line in screen_text(app).splitlines() if "Discard 1" in line]
        assert len(shown) == 1 and f"Discard {len(state.discards)}" in shown[0]
        assert f"Last stock {len(state.stock)}" in shown[0]
        assert "Round 5 of 7: Two Sets and One Run" in shown[0] and "…" not in shown[0]
        lines = screen_text(app).splitlines()
        progress = next(line for line in lines if "short of" in line or "You hold" in line)
        assert "…" not in progress and "deals" in progress


async def test_a_hint_longer_than_two_lines_is_shown_whole():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        long = (
            "Hint: discard A♦. Your plan lacks 2 cards: a set of 6s (6♦ 6♦, 1 missing) and a "
            "set of 2s (2♠ 2♥, 1 missing). The A♦ is in no meld of it; it costs 15 points if "
            "the round ends: discard it. Enter discards it."
        )
        screen.say(long)
        await pilot.pause()
        flat = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "the round ends: discard it. Enter discards it." in flat
        assert screen.query_one("#hand-title").region.y < screen.query_one("#status").region.y


def test_the_discarder_is_told_she_discarded_the_card_up_for_buying():
    # seat 1 discarded the 5H; seat 2 has first call
    state = position({1: "KH 2C 3C"}, discards="9D 5H", turn=2, window=True)
    assert 1 not in state.window.open_to
    reason = refused(state, 1, CLAIM)
    assert reason == "You discarded the 5♥: only the other players may buy it."


def test_a_farther_buyer_is_told_a_nearer_player_asked_first():
    # seat 0 discarded the 5H; seat 1 has first call, seats 2 and 3 may buy
    state = position({}, discards="9D 5H", turn=1, window=True)
    GAME.apply(state, 2, CLAIM)
    reason = refused(state, 3, CLAIM)
    assert "nearer the next player has asked to buy" in reason
    assert "nearest buyer gets it" in reason


async def test_a_claim_key_refused_says_why_in_the_players_name():
    app = table_app("Ann,Bob,bot,bot", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        state = screen.match.state
        from cardtable.games.sets_and_runs.rules import open_window

        state.discards.append(state.hands[0].pop())
        open_window(state, 1, 0)  # Ann discarded; Bob has first call
        screen.redraw()
        await pilot.pause()
        await pilot.press(screen.claim_keys[0])
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert f"Ann: You discarded the {state.discards[-1].short}" in status


async def test_pointing_at_a_meld_offers_w_only_for_a_run_with_a_joker():
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, app)
        melds = ((1, "5S 6S JK 8S", True), (1, "8H 8D JK", False))
        anns_turn(screen, "7S 2C 4H", round_=2, melds=melds, laid_down=True)
        await pilot.press("down")
        await pilot.pause()
        said = str(screen.query_one("#status").render())
        assert "run 5♠ 6♠ Jkr(7♠) 8♠: p adds the marked cards, w swaps one for its Joker." in said
        await pilot.press("down")
        await pilot.pause()
        said = str(screen.query_one("#status").render())
        assert "set 8♥ 8♦ Jkr(8): p adds the marked cards." in said
        assert "w swaps" not in said


async def test_the_tables_timers_fire_even_when_the_process_was_preempted(monkeypatch):
    """Textual skips a one-shot timer whose moment passed before it first read the clock; on a
    busy machine that dropped the bots' 0.001 s timers and a --delay 0 demo froze for good. The
    table waits on the loop's clock (net/clock.py), which never skips: here every read of
    Textual's timer clock is 10 ms after the last, as if preempted, and the bots still play."""
    import itertools

    from textual import timer as textual_timer

    from cardtable.ui.app import CardTableApp, Launch
    from cardtable.ui.screens.table import TableScreen

    ticks = itertools.count()
    real = textual_timer._time.get_time
    monkeypatch.setattr(textual_timer._time, "get_time", lambda: real() + next(ticks) * 0.01)
    app = CardTableApp(Launch(command="demo", game="piles", delay=0, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await wait_until(pilot, lambda: len(screen.match.record.log) >= 5)

"""A crash shows no hand: a short message and where the full report is; the exit status is 1."""

import pytest

from cardtable import cli
from cardtable.engine.saves import data_dir
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.table import TableScreen


class Boom(RuntimeError):
    """A fault nobody expected."""


def explode_on_hint(monkeypatch):
    """The hint key raises, with every hand in a local variable of the failing frame."""

    def hint(self):
        hands = [list(hand) for hand in self.match.state.hands]  # noqa: F841 (the locals shown)
        raise Boom("the hint failed")

    monkeypatch.setattr(TableScreen, "action_hint", hint)


async def test_a_crash_shows_where_the_report_is_and_no_card(monkeypatch, capsys):
    explode_on_hint(monkeypatch)
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3))
    with pytest.raises(Boom):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.3)
            hands = [card.short for hand in app.screen.match.state.hands for card in hand]
            await pilot.press("h")
            await pilot.pause()
    assert app.return_code == 1
    shown = capsys.readouterr().err
    assert "stopped on an error it did not expect (Boom)" in shown
    reports = list(data_dir().glob("crash-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in shown.replace("\n", "")
    assert not any(card in shown for card in hands)
    report = reports[0].read_text(encoding="utf-8")
    assert "Boom: the hint failed" in report and "in hint" in report
    assert not any(f"'{card}'" in report for card in hands)


def test_the_command_exits_non_zero_after_a_crash(monkeypatch, capsys):
    explode_on_hint(monkeypatch)

    async def press_h(self):
        await self.pause(0.3)
        await self.press("h")

    original_run = CardTableApp.run

    def run_headless(self, *args, **kwargs):
        async def auto_pilot(pilot):
            await press_h(pilot)

        return original_run(self, headless=True, size=(100, 30), auto_pilot=auto_pilot)

    monkeypatch.setattr(CardTableApp, "run", run_headless)
    with pytest.raises(SystemExit) as stop:
        cli.main(["play", "piles", "--seats", "Ann,bot,bot,bot", "--seed", "3"])
    assert stop.value.code == 1


async def test_an_error_in_a_table_timer_is_a_crash_report_not_a_silent_log(monkeypatch):
    """The table's own timers (the results after the last move, a summary closing itself, the
    handoff's first moment) run on the injected clock: an error in one still ends the app with
    its report and status 1, as an error in a key does, not a line in asyncio's log."""
    from cardtable.net.clock import FakeClock

    clock = FakeClock()
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot", seed=3), clock=clock)

    def fail() -> None:
        raise Boom("a timer failed")

    with pytest.raises(Boom):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.screen._later(0.5, fail)
            clock.advance(1.0)
            await pilot.pause()
    assert app.return_code == 1

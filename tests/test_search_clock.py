"""The strong bot and the hints keep to their clock (issue 24 items 2 and 3): a search stops
before a world it cannot finish in time, not after it, so a hint on a budget of 150 ms is not
150 ms plus a world."""

from __future__ import annotations

from dataclasses import replace

from cardtable import games
from cardtable.bots import search as search_module
from cardtable.bots.hints import HINT_SECONDS
from cardtable.bots.search import SearchBot

WORLD_SECONDS = 0.04
"""How long each sampled world takes on the made-up clock."""


class Clock:
    """A made-up `time` module whose clock moves only when a world is played out."""

    now = 0.0

    def perf_counter(self) -> float:
        """The made-up time."""
        return self.now


def test_a_search_on_the_clock_stops_before_a_world_that_would_end_past_it(monkeypatch):
    """Worlds of 40 ms each on a 150 ms budget: three fit (120 ms) and a fourth would end at
    160 ms, so the search stops at three and answers within its time."""
    clock = Clock()
    monkeypatch.setattr(search_module, "time", clock)
    game = games.get("run-it")
    state = game.new_game(seats=4, seed=4)
    seat = game.to_act(state)[0]
    legal = game.legal_moves(state, seat)
    assert len(legal) > 1
    bot = SearchBot("run-it", seed=1)
    bot.budget = replace(bot.budget, worlds=50, seconds=HINT_SECONDS, candidates=2)
    played = bot.playouts

    def slow_playouts(*args):
        clock.now += WORLD_SECONDS  # a world's candidates played out
        return played(*args)

    monkeypatch.setattr(bot, "playouts", slow_playouts)
    bot.choose(game.view(state, seat), legal)
    assert bot.worlds == 3
    assert clock.now <= HINT_SECONDS


def test_a_search_the_clock_cut_short_keeps_the_planners_move_however_its_worlds_favour_another(
    monkeypatch,
):
    """A busy machine's clock may stop a search after three worlds: a rival that did better in
    every one of them is still luck as likely as skill, so the planner's move stands (a Piles
    hint over 3 deals once gave a pile to the other team). From `least_worlds` on, the same
    edge wins."""
    game = games.get("piles")
    state = game.new_game(seats=4, seed=2)
    seat = game.to_act(state)[0]
    legal = game.legal_moves(state, seat)
    bot = SearchBot("piles", seed=1)
    first, _ = bot.planner.choose(game.view(state, seat), legal)
    rival = next(m for m in legal if m != first)

    def searched(worlds: int):
        def search(view, seat, candidates, began):
            bot.worlds = worlds
            edge = [0.05 + 0.001 * i for i in range(worlds)]  # a steady 5-point edge
            return {m: [0.6 + e if m == rival else 0.6 for e in edge] for m in candidates}

        return search

    for worlds, leaves in [(1, False), (3, False), (bot.budget.least_worlds - 1, False)]:
        monkeypatch.setattr(bot, "search", searched(worlds))
        assert (bot.choose(game.view(state, seat), legal)[0] == rival) is leaves, worlds
    monkeypatch.setattr(bot, "search", searched(bot.budget.least_worlds))
    assert bot.choose(game.view(state, seat), legal)[0] == rival
    # A budget that asks for fewer worlds (a hint's fixed number) is not cut short: all of
    # them count.
    bot.budget = replace(bot.budget, worlds=4)
    monkeypatch.setattr(bot, "search", searched(4))
    assert bot.choose(game.view(state, seat), legal)[0] == rival

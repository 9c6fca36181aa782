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

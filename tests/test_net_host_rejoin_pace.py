"""A person who rejoins again and again does not hold the bots up: a rejoin tells every screen
her seat is back, and the turns go on as they were (a bot's wait is not started again). A bot's
thought nobody waits for any more is not made: a clock's thoughts queue one at a time."""

from __future__ import annotations

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.net.apart import ApartChoice
from cardtable.net.clock import Dropped, FakeClock, _think_aside
from cardtable.net.host import Host
from cardtable.net.protocol import Table

PILES = games.get("piles")


def bots_turn_hosted(delay: float) -> tuple[Host, FakeClock, Match]:
    """Piles, Ann hosted with three bots, joined, the first bot to move."""
    seed = next(s for s in range(200) if PILES.to_act(PILES.new_game(4, s)) == [1])
    match = Match.start(PILES, parse_seats("Ann,bot,bot,bot"), seed)
    clock = FakeClock()
    host = Host(match, delay=delay, clock=clock)
    host.start()
    host.connect(host.codes[0], lambda message: None)
    assert PILES.to_act(match.state) == [1]
    return host, clock, match


def test_rejoining_faster_than_the_bots_delay_does_not_stop_them():
    host, clock, match = bots_turn_hosted(delay=1.0)
    seen: list[Table] = []
    for _ in range(10):  # Ann rejoins every 0.3 s: ten times in three bots' turns
        member = host.connect(host.codes[0], seen.append)
        clock.advance(0.3)
        host.leave(member)
    assert len(match.record.log) >= 2, "the bots moved while Ann came and went"
    assert any(isinstance(m, Table) for m in seen), "each rejoin is shown the table"


def test_a_rejoin_shows_every_screen_her_seat_is_back():
    host, clock, match = bots_turn_hosted(delay=1.0)
    heard: list[Table] = []
    host.connect(None, lambda m: heard.append(m) if isinstance(m, Table) else None)  # watching
    ann = host.seat_members[0]
    host.leave(ann)
    assert heard[-1].present[0] is False
    host.connect(host.codes[0], lambda message: None)
    assert heard[-1].present[0] is True


def test_a_thought_nobody_waits_for_is_not_made():
    made: list[int] = []

    class Player:
        def choose(self, view, moves):
            made.append(1)
            return moves[0], "first"

    still_wanted = False
    choice = ApartChoice(Player(), None, [1, 2], wanted=lambda: still_wanted)
    answer = _think_aside(choice)
    assert made == []
    try:
        answer()
    except Dropped:
        pass
    else:
        raise AssertionError("a dropped thought has no answer")
    still_wanted = True
    assert _think_aside(choice)() == (1, "first") and made == [1]

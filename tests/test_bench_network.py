"""The network figures of `make bench`, in a tiny configuration: one match, one game, a few
moves; the lines print and their figures are sane."""

from __future__ import annotations

import re

import pytest

from benchmarks import network


def figures(line: str) -> tuple[float, float]:
    """The first 'p50 X ms, p90 Y ms' of a line."""
    found = re.search(r"p50 ([\d.]+) ms, p90 ([\d.]+) ms", line)
    assert found, line
    return float(found[1]), float(found[2])


def test_the_network_figures_print_and_are_sane(capsys: pytest.CaptureFixture[str]) -> None:
    network.main(moves=12, steps=(1,), games_each=1, budget=5, repaint_moves=0)
    lines = capsys.readouterr().out.splitlines()
    trip = next(line for line in lines if "Message round trip, no screen" in line)
    p50, p90 = figures(trip)
    assert 0 < p50 <= p90 < 2000
    assert "(12 moves)" in trip
    mover = figures(trip.split("at the mover")[1])
    assert 0 < mover[0] <= p50  # the mover's Table comes no later than the last client's

    held = [line for line in lines if "largest that holds: 1 matches" in line]
    assert len(held) == 2, lines  # with saves and without
    for line in held:
        p50, p90 = figures(line)
        assert 0 < p50 <= p90 < network.P90_LIMIT_MS
        assert "(40 moves;" in line  # a four-seat game of Piles, every move timed
        assert "refused" not in line  # every move was in turn and legal
        rate = float(re.search(r"([\d.]+) moves/s a match", line)[1])
        assert network.RATE_KEPT * network.MOVES_PER_SECOND <= rate < 21  # kept to the pace
    assert sum("every step up to 1 held" in line for line in lines) == 2


def test_a_step_holds_only_when_fast_and_keeping_up() -> None:
    quick = network.Load(1, trips=[5.0] * 9 + [20.0], moves=40, playing=2.0, seconds=2.0)
    assert quick.holds
    slow = network.Load(1, trips=[5.0] * 8 + [150.0] * 2, moves=40, playing=2.0, seconds=2.0)
    assert not slow.holds  # p90 over 100 ms
    behind = network.Load(1, trips=[5.0] * 10, moves=40, playing=4.0, seconds=4.0)
    assert not behind.holds  # 10 moves/s
    lines = network.concurrent_lines(quick, slow)
    assert "largest that holds: 1 matches" in lines[0]
    assert "the smallest N tried that does not (p90 over the limit)" in lines[1]
    assert "moves fell behind" in network.concurrent_lines(quick, behind)[1]
    assert "none held" in network.concurrent_lines(None, slow)[0]


async def test_key_to_repaint_times_each_client_apps_repaint() -> None:
    if not network.have_client():
        pytest.skip("this tree has no Textual client (cardtable/ui/screens/remote_table.py)")
    from benchmarks import network_repaint

    own, every = await network_repaint.key_to_repaint(moves=3, apps=2)
    assert len(own) == len(every) == 3  # each app's Enter made a move both apps painted
    for mine, all_ in zip(own, every, strict=True):
        assert 0 < mine <= all_ < 5000


@pytest.mark.parametrize(
    ("limit", "found"),
    [(13, (12, 15)), (3, (3, 4)), (100, (40, None)), (0, (None, 1))],
)
async def test_the_search_finds_the_largest_n_that_holds(
    monkeypatch: pytest.MonkeyPatch, limit: int, found: tuple[int | None, int | None]
) -> None:
    async def hold(n: int, games_each: int, saving: bool) -> network.Load:
        trips = [5.0 if n <= limit else 500.0] * 10
        return network.Load(n, trips=trips, moves=40, playing=2.0, seconds=2.0)

    monkeypatch.setattr(network, "hold", hold)
    held, failed = await network.concurrent_matches(steps=(10, 20, 40), budget=60)
    assert (held and held.matches, failed and failed.matches) == found

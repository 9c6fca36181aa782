"""The host's log under a flood of guessed codes: private (0600), a few lines a minute of each
kind instead of one a guess, no line per connection, and rotated at its size (issue 19 item 8)."""

import asyncio
import logging
import stat

import pytest

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.net import host_log
from cardtable.net.host_log import (
    LINES_PER_KIND,
    PrivateRotatingFile,
    Throttle,
    open_host_log,
)
from cardtable.net.protocol import Goodbye, Hello
from tests.net_clients import running_host, secure_connect

GUESSES = 150


@pytest.fixture
def host_log_at(tmp_path):
    """The host's log opened as `cardtable host` opens it; the handlers put back after."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    websockets_level = logging.getLogger("websockets").level
    path = tmp_path / "piles-bcdf.host.log"
    path.write_text("", encoding="utf-8")
    path.chmod(0o644)  # a log an earlier cardtable left readable by everyone
    handler = open_host_log(path)
    yield path
    handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.getLogger("websockets").setLevel(websockets_level)


async def test_a_flood_of_wrong_codes_writes_a_few_lines_not_one_a_guess(host_log_at):
    match = Match.start(games.get("piles"), parse_seats("Ann,Bob"), 3)
    async with running_host(match) as rig:
        for _ in range(GUESSES):
            async with await secure_connect(rig.port) as guess:
                await guess.send(Hello(code="ABCD-EFGH").model_dump_json())
                answer = Goodbye.model_validate_json(await asyncio.wait_for(guess.recv(), 10))
                assert "not one of this game's" in answer.reason
    lines = host_log_at.read_text(encoding="utf-8").splitlines()
    assert stat.S_IMODE(host_log_at.stat().st_mode) == 0o600
    assert sum("refused a hello" in line for line in lines) == LINES_PER_KIND
    assert not [line for line in lines if "connection open" in line]
    assert host_log_at.stat().st_size < 60 * GUESSES // 2  # was 292 bytes a guess


def test_the_lines_left_out_are_counted_when_the_minute_is_over():
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])

    def line(message):
        return logging.LogRecord("cardtable.host", logging.INFO, "", 0, message, (), None)

    kept = [throttle.filter(line("refused a hello from %s: %s")) for _ in range(100)]
    assert kept.count(True) == LINES_PER_KIND and not any(kept[LINES_PER_KIND:])
    assert throttle.filter(line("%s joined"))  # another kind has its own count
    now[0] = 61.0
    later = line("refused a hello from %s: %s")
    assert throttle.filter(later)
    assert "and 80 more such lines before this" in later.msg


def test_the_log_rotates_and_the_older_file_stays_private(host_log_at, monkeypatch):
    monkeypatch.setattr(host_log, "WINDOW_SECONDS", 0.0)  # no throttle: fill it quickly
    log = logging.getLogger("cardtable.host")
    (handler,) = [h for h in logging.getLogger().handlers if isinstance(h, PrivateRotatingFile)]
    handler.maxBytes = 10_000
    for number in range(400):
        log.info("refused the move %d from Ann: that card is not in her hand", number)
    older = host_log_at.with_name(host_log_at.name + ".1")
    assert older.exists() and host_log_at.stat().st_size <= 10_000
    assert not host_log_at.with_name(host_log_at.name + ".2").exists()
    for path in (host_log_at, older):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600

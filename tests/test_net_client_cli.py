"""`cardtable join` and `cardtable host` on the command line: arguments and their refusals."""

from __future__ import annotations

import socket
import stat

import pytest

from cardtable.cli import _port_free, _write_codes, build_parser, join_code, main
from cardtable.net.host import tidy_code


def test_join_takes_an_address_and_maybe_a_code():
    args = build_parser().parse_args(["join", "10.0.0.5:9000", "K7QX-2MPD"])
    assert (args.command, args.address, join_code(args.code)) == (
        "join",
        "10.0.0.5:9000",
        "K7QX-2MPD",
    )
    args = build_parser().parse_args(["join", "10.0.0.5"])
    assert join_code(args.code) is None
    # A code typed in two words, in lower case, is still the seat's code.
    args = build_parser().parse_args(["join", "10.0.0.5", "k7qx", "2mpd"])
    assert tidy_code(join_code(args.code)) == "K7QX-2MPD"


def test_join_refuses_something_that_is_no_address(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["join", "http://x:80"])
    assert "is not an address like 192.168.1.20:8765" in str(stopped.value)
    assert "ws://" not in str(stopped.value)  # said as she typed it


def test_host_options_and_their_defaults():
    args = build_parser().parse_args(["host", "over trump", "--seats", "Ann,Bob,bot,bot"])
    assert (args.game, args.port, args.public, args.delay) == ("over-trump", 8765, False, 0.8)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["host", "piles", "--seats", "Ann,bot", "--port", "70000"])


def test_host_without_a_person_says_to_watch_a_demo():
    with pytest.raises(SystemExit) as stopped:
        main(["host", "piles", "--seats", "bot,bot"])
    assert "names no person" in str(stopped.value)


def test_a_host_needs_a_port_its_players_can_type():
    with pytest.raises(SystemExit):
        build_parser().parse_args(["host", "piles", "--seats", "Ann,bot", "--port", "0"])


def test_a_port_in_use_is_a_sentence_before_anything_starts():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        reason = _port_free("127.0.0.1", port)
        assert reason is not None and f"cannot listen on port {port}" in reason
        with pytest.raises(SystemExit) as stopped:
            main(["host", "piles", "--seats", "Ann,bot", "--port", str(port)])
        assert "try --port with another number" in str(stopped.value)


def test_the_join_commands_file_is_for_its_owner_only(tmp_path):
    path = tmp_path / "piles-abcd.join.txt"
    _write_codes(path, ["  Ann  cardtable join 127.0.0.1:8765 K7QX-2MPD"])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "K7QX-2MPD" in path.read_text()

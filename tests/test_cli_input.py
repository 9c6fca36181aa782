"""The command line refuses what it cannot use, with one clear line, before any window opens."""

import json

import pytest

from cardtable import games
from cardtable.bots.simulate import simulate
from cardtable.cli import build_parser, main
from cardtable.engine import SeatKind
from cardtable.engine.seats import SeatsError, parse_seats


def refused(capsys, *argv) -> str:
    """Run the command line; it must stop with an error. The error text (stderr or the exit)."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code not in (0, None)
    said = capsys.readouterr().err + (stop.value.code if isinstance(stop.value.code, str) else "")
    assert "Traceback" not in said
    return said


@pytest.mark.parametrize(
    "seats, words",
    [
        ("Ann,,bot,bot", "Seat 2 is empty (two commas in a row)"),
        ("Ann,bot,bot,", "Seat 4 is empty (a comma at the end)"),
        (",Ann,bot,bot", "Seat 1 is empty (a comma at the start)"),
        ("Ann,ann,bot,bot", "same name as seat 1"),
        ("Ann,Bob,bot,Bob", "same name as seat 2"),
        ("Bot 2,bot,bot,bot", "Seat 1 ('Bot 2'): same name as the bot in seat 2."),
        ("Ann,A\x07n,bot,bot", "control characters"),
        ("Annabelle-Josephine,bot,bot,bot", "at most 16 characters"),
        ("Ann,bot:hard,bot,bot", "Seat 2 is 'bot:hard': a bot's level is bot:easy, bot or "),
    ],
)
def test_play_refuses_seats_that_cannot_sit_at_the_table(capsys, seats, words):
    assert words in refused(capsys, "play", "piles", "--seats", seats)


def test_host_refuses_a_mistyped_bot_level_with_the_levels_it_has(capsys):
    said = refused(capsys, "host", "piles", "--seats", "Ann,bot:strnog,bot,bot")
    assert "Seat 2 is 'bot:strnog': a bot's level is bot:easy, bot or bot:strong." in said


@pytest.mark.parametrize("command", ["play", "host"])
def test_help_for_seats_names_every_bot_level(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert all(level in said for level in ("bot:easy", "bot:strong", "random")), said


@pytest.mark.parametrize("delay", ["-1", "inf", "1e308", "nan", "61", "soon"])
def test_a_delay_that_is_not_zero_to_a_minute_is_refused(capsys, delay):
    for command in (["play", "piles", "--seats", "Ann,bot,bot,bot"], ["demo", "piles"]):
        said = refused(capsys, *command, "--delay", delay)
        assert "--delay" in said and "seconds" in said


def test_simulate_takes_only_bots_in_its_seats(capsys):
    said = refused(capsys, "simulate", "piles", "--seats", "bot,human")
    assert "Seat 2 is 'human'" in said and "bot:easy or bot or bot:strong or random" in said


def test_seats_take_a_bot_at_each_level_and_refuse_a_level_there_is_not():
    seats = parse_seats("Ann,bot:easy,BOT,bot:Strong,random")
    assert [seat.kind for seat in seats] == [
        SeatKind.HUMAN,
        SeatKind.EASY,
        SeatKind.BOT,
        SeatKind.STRONG,
        SeatKind.RANDOM,
    ]
    assert [seat.name for seat in seats][1:4] == ["Easy bot 2", "Bot 3", "Strong bot 4"]
    with pytest.raises(SeatsError, match="a bot's level is bot:easy, bot or bot:strong"):
        parse_seats("Ann,bot:hard")


def test_simulate_refuses_no_games(capsys):
    assert "number of games" in refused(capsys, "simulate", "piles", "-n", "0")


@pytest.mark.parametrize(
    "typed, game",
    [
        ("Piles", "piles"),
        ("PILES", "piles"),
        ("overtrump", "over-trump"),
        ("Over Trump", "over-trump"),
    ],
)
def test_a_game_is_found_in_any_case_and_spacing(typed, game):
    assert build_parser().parse_args(["play", typed]).game == game


def test_a_near_miss_is_refused_with_the_closest_game_named(capsys):
    said = refused(capsys, "play", "pils")
    assert "No game 'pils'; did you mean piles?" in said
    said = refused(capsys, "play", "over-trmp")
    assert "did you mean over-trump?" in said


def test_help_lists_the_game_ids(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    for item in games.catalog():
        assert item.id in shown


def test_demo_help_says_how_to_stop(capsys):
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "Esc or q stops the demo" in shown


def test_simulate_plays_the_planning_bot_unless_told_otherwise():
    by_default = simulate("piles", 1, seed=5)
    bots = simulate("piles", 1, [SeatKind.BOT] * 4, seed=5)
    assert (by_default.moves, by_default.wins) == (bots.moves, bots.wins)


def test_simulate_counts_draws_and_says_so(capsys):
    main(["simulate", "piles", "-n", "20", "--seats", "random,random,random,random", "--json"])
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert "draws" in figures
    # A draw counts for both teams: each game gives wins to one team, or to both when drawn.
    assert sum(figures["wins"]) == 2 * figures["games"] + 2 * figures["draws"]
    main(["simulate", "piles", "-n", "1", "--seats", "random,random"])
    assert "draws: " in capsys.readouterr().out


def test_parse_seats_names_bots_by_their_seat_and_keeps_people_names():
    seats = parse_seats("Ann, bot ,RANDOM")
    assert [s.name for s in seats] == ["Ann", "Bot 2", "Random 3"]
    assert [s.kind for s in seats] == [SeatKind.HUMAN, SeatKind.BOT, SeatKind.RANDOM]
    with pytest.raises(SeatsError):
        parse_seats("Bot 2,bot")


def test_rotated_seats_move_each_level_round_the_table_game_by_game():
    """Rotated, two easy bots and two planners in Piles swap places every game: each seat is
    an easy bot's in half the games, and the wins split by level add up to every game."""
    kinds = [SeatKind.EASY, SeatKind.BOT, SeatKind.EASY, SeatKind.BOT]
    rotated = simulate("piles", 4, kinds, seed=3, rotate=True)
    fixed = simulate("piles", 4, kinds, seed=3)
    assert rotated.rotated and not fixed.rotated
    assert set(rotated.kinds) == {"easy", "bot"}
    assert sum(kind.win_share for kind in rotated.kinds.values()) == pytest.approx(1.0)
    # Piles is won by a team (seats 1 and 3, or 2 and 4): fixed, each team is one level.
    easy_team = fixed.wins[0]
    assert fixed.kinds["easy"].win_share == pytest.approx(easy_team / 4)
    # Game 2 of the rotated run is game 2 of a run with every kind one seat round.
    first = simulate("piles", 1, kinds, seed=3)
    second = simulate("piles", 1, kinds[-1:] + kinds[:-1], seed=4)
    both = simulate("piles", 2, kinds, seed=3, rotate=True)
    assert both.wins == [a + b for a, b in zip(first.wins, second.wins, strict=True)]
    easy = (first.kinds["easy"].win_share + second.kinds["easy"].win_share) / 2
    assert both.kinds["easy"].win_share == pytest.approx(easy)


def test_a_name_shared_is_marked_on_the_seat_typed_last_else_not_on_a_default_name():
    from cardtable.engine.seats import SeatConfig, SeatKind, seats_problems

    seats = [SeatConfig(name="Bob"), SeatConfig(name="bob"), SeatConfig(name="Bot 3", kind="bot")]
    assert seats_problems(seats) == [None, "same name as seat 1", None]
    assert seats_problems(seats, typed=0) == ["same name as seat 2", None, None]
    assert seats_problems(seats, typed=1) == [None, "same name as seat 1", None]
    typed_bot = [SeatConfig(name="Bot 2"), SeatConfig(name="Bot 2", kind=SeatKind.BOT)]
    assert seats_problems(typed_bot) == ["same name as the bot in seat 2", None]

"""The command line: simulate's JSON line, rules, and refusals a person understands."""

import json
import subprocess
import sys


def cardtable(*args):
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=120
    )


def test_simulate_json_ends_with_one_line_of_figures():
    done = cardtable("simulate", "piles", "-n", "5", "--seats", "bot,random,bot,random", "--json")
    assert done.returncode == 0
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(figures) == {
        "game",
        "games",
        "moves",
        "seconds",
        "moves_per_s",
        "games_per_s",
        "wins",
        "draws",
        "rotated",
        "kinds",
    }
    assert figures["games"] == 5 and figures["moves"] == 200 and len(figures["wins"]) == 4


def test_simulate_rotated_splits_the_wins_by_level_and_times_each_levels_thinking():
    done = cardtable(
        "simulate", "piles", "-n", "4", "--seats", "bot:easy,bot,bot:easy,bot", "--rotate"
    )
    assert done.returncode == 0, done.stderr
    assert "by level" in done.stdout
    lines = [line.split() for line in done.stdout.splitlines() if "of the wins" in line]
    assert [line[0] for line in lines] == ["easy", "bot"]
    shares = [float(line[3].rstrip("%")) for line in lines]
    assert sum(shares) == 100.0 and "think p50" in done.stdout


def test_simulate_plays_bots_when_seats_are_left_out():
    done = cardtable("simulate", "piles", "-n", "1", "--json")
    assert json.loads(done.stdout.strip())["games"] == 1


def test_rules_prints_the_rules_page():
    done = cardtable("rules", "piles")
    assert done.returncode == 0 and "Castle" in done.stdout


def test_every_game_of_the_catalog_is_playable_from_the_command_line():
    done = cardtable("--help")
    assert done.returncode == 0 and "not playable yet" not in done.stdout
    for name in ("Runway, 2-5", "Run It, 2-8", "Over Trump, 4", "Sets and Runs, 3-6", "Piles"):
        assert name in done.stdout


def test_an_unknown_game_is_refused_naming_the_games():
    done = cardtable("simulate", "poker", "-n", "1")
    assert done.returncode != 0 and "run-it" in done.stderr and "sets-and-runs" in done.stderr


def test_a_wrong_seat_count_is_refused_before_the_app_opens():
    done = cardtable("play", "piles", "--seats", "Ann,bot,bot")
    assert done.returncode != 0 and "played by 2 or 4 players, not 3" in done.stderr


def test_an_unknown_game_names_the_known_ones():
    done = cardtable("simulate", "poker")
    assert done.returncode != 0 and "piles" in done.stderr

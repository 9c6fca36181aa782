"""Each person's figures from the game history: `History.stats`, `cardtable stats` and the
Statistics screen (issue 22, item 2)."""

from __future__ import annotations

import json
import random

from textual.widgets import Footer, Static

from cardtable.cli import main
from cardtable.engine import MatchRecord, Outcome, SeatConfig, SeatKind
from cardtable.engine.history import FinishedGame, History
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.menu import MenuScreen
from cardtable.ui.screens.stats import StatsScreen

SIZE = (80, 24)


def made(
    ended: float,
    seats: str,
    winners: list[int],
    scores: list[int],
    game: str = "piles",
    label: str = "Points",
) -> FinishedGame:
    """A finished game made by hand: 'Ann,bot,Bob' seats a person, a bot and a person."""
    configs = [
        SeatConfig(name=f"Bot {i + 1}", kind=SeatKind.BOT)
        if name == "bot"
        else SeatConfig(name=name)
        for i, name in enumerate(seats.split(","))
    ]
    outcome = Outcome(
        scores=scores,
        teams=[[seat] for seat in range(len(configs))],
        team_scores=scores,
        winners=winners,
        reason=None,
        summary="",
        score_label=label,
    )
    record = MatchRecord(game=game, seed=1, options={}, seats=configs)
    return FinishedGame(
        id=f"g{ended:.0f}",
        record=record,
        outcome=outcome,
        started=ended - 60,
        ended=ended,
        where="keyboard",
    )


def ann_and_bob() -> list[FinishedGame]:
    """Ann's Piles, by the time each ended: against bots W W L W W W (the third a shared win),
    against Bob L W; and one Run It, whose scores are games won, not points."""
    return [
        made(1000, "Ann,bot", [0], [10, 4]),
        made(2000, "Ann,bot", [0], [12, 2]),
        made(3000, "Ann,bot", [1], [3, 13]),
        made(4000, "Ann,bot", [0, 1], [8, 8]),  # a draw: a shared win counts
        made(5000, "Ann,Bob", [1], [5, 11]),
        made(6000, "Ann,bot", [0], [9, 7]),
        made(7000, "Ann,bot", [0], [14, 2]),
        made(8000, "Ann,Bob,bot", [0], [16, 0, 0]),
        made(9000, "Ann,bot,bot", [2], [1, 2, 3], game="run-it", label="Games won"),
    ]


def test_figures_count_streaks_shared_wins_and_who_the_games_were_against():
    games = ann_and_bob()
    random.Random(22).shuffle(games)  # recorded in any order: streaks go by when games ended
    with History() as history:
        for game in games:
            history.record(game)
        lines = {(line.game, line.name): line for line in history.stats()}
    assert set(lines) == {("piles", "Ann"), ("piles", "Bob"), ("run-it", "Ann")}
    ann = lines["piles", "Ann"]
    assert (ann.games, ann.wins, ann.best_streak) == (8, 6, 3)
    assert ann.win_rate == 6 / 8
    assert ann.average_score == (10 + 12 + 3 + 8 + 5 + 9 + 14 + 16) / 8
    bots, people = ann.against["bots"], ann.against["people"]
    assert (bots.games, bots.wins, bots.best_streak) == (6, 5, 3)
    assert (people.games, people.wins, people.best_streak) == (2, 1, 1)
    assert people.average_score == (5 + 16) / 2
    bob = lines["piles", "Bob"]
    assert (bob.games, bob.wins, bob.against["bots"].games) == (2, 1, 0)
    run_it = lines["run-it", "Ann"]
    assert (run_it.games, run_it.wins, run_it.average_score) == (1, 0, None)
    with History() as history:
        assert [line.game for line in history.stats("run-it")] == ["run-it"]


def test_stats_json_has_its_documented_shape(capsys):
    with History() as history:
        for game in ann_and_bob():
            history.record(game)
    main(["stats", "--json"])
    document = json.loads(capsys.readouterr().out)
    ann = document["games"]["piles"]["Ann"]
    assert set(ann) == {"games", "wins", "win_rate", "best_streak", "average_score", "against"}
    assert ann["against"]["people"] == {
        "games": 2,
        "wins": 1,
        "win_rate": 0.5,
        "best_streak": 1,
        "average_score": 10.5,
    }
    assert document["games"]["run-it"]["Ann"]["average_score"] is None
    assert "Bot 2" not in document["games"]["piles"]
    main(["stats", "run it"])
    table = capsys.readouterr().out
    assert "Run It" in table and "Piles" not in table
    assert max(len(line) for line in table.splitlines()) <= 80


def screen_text(app) -> str:
    """What the terminal shows now, as plain lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_statistics_screen_says_so_when_there_are_no_finished_games():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "No finished games yet:" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_statistics_screen_shows_each_persons_figures_at_80_by_24():
    games = ann_and_bob()
    games.append(made(9500, "[b]Zoë[/b],bot", [0], [20, 0]))  # a name that looks like markup
    with History() as history:
        for game in games:
            history.record(game)
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = {str(key.description): key for key in footer.query("FooterKey")}
        assert "Stats" in keys and keys["Stats"].region.right <= SIZE[0]
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Piles" in text and "Run It" in text
        assert "[b]Zoë[/b]" in text
        assert "6 of 8" not in text  # against bots and people are split
        piles = text[text.index("Piles") :]
        ann = next(line for line in piles.splitlines() if line.strip().startswith("Ann"))
        assert ann.split() == ["Ann", "8", "6", "75%", "3", "9.6", "5", "of", "6", "1", "of", "2"]
        assert "Bot 2" not in text
        for widget in app.screen.query(Static):
            assert widget.region.right <= SIZE[0]
        assert "Back to the start screen" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def footer_overlaps(app) -> list[str]:
    """The footer's keys that lie under another key or past the window's edge."""
    keys = sorted(app.screen.query_one(Footer).query("FooterKey"), key=lambda k: k.region.x)
    wrong = [str(key.description) for key in keys if key.region.right > SIZE[0]]
    for left, right in zip(keys, keys[1:], strict=False):
        if left.region.right > right.region.x:
            wrong.append(f"{left.description} under {right.description}")
    return wrong


async def test_the_start_screens_footer_shows_stats_and_every_other_key_at_80_columns():
    from cardtable import games
    from cardtable.engine import Match, new_save_path, parse_seats

    piles = games.get("piles")  # an unfinished game: Continue (and on it, Delete) are shown too
    match = Match.start(piles, parse_seats("Ann,bot"), 3, None, new_save_path("piles"))
    seat = piles.to_act(match.state)[0]
    match.play(seat, piles.legal_moves(match.state, seat)[0])
    match.close()
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        words = [str(key.description) for key in app.screen.query_one(Footer).query("FooterKey")]
        assert {"Stats", "History", "Quit", "Continue latest", "Join"} <= set(words)
        assert footer_overlaps(app) == []
        await pilot.press(*["down"] * len(games.catalog()))  # onto the unfinished game
        await pilot.pause()
        words = [str(key.description) for key in app.screen.query_one(Footer).query("FooterKey")]
        assert {"Delete", "Stats", "History"} <= set(words)
        assert footer_overlaps(app) == []

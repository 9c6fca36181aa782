"""The words of the summaries a player reads between hands and at the end: every column says
what it holds, and a row that is not points does not read as points."""

from __future__ import annotations

from cardtable.engine.contract import Outcome
from cardtable.games.over_trump.state import HandSummary
from cardtable.ui.screens.results import outcome_summary
from cardtable.ui.tables.over_trump import hand_summary


def test_every_column_of_the_results_has_a_heading():
    outcome = Outcome(
        scores=[1, 0], teams=[[0], [1]], team_scores=[1, 0], winners=[0], reason=None,
        summary="Game 1 of 1 over", score_label="Games won",
    )  # fmt: skip
    summary = outcome_summary("Run It", outcome, ["Ann", "Bot 2"])
    assert [column.heading for column in summary.columns] == ["Player", "Games won", "Result"]


def test_over_trumps_trick_row_says_it_is_a_count_and_this_hand_adds_only_points():
    summary = HandSummary(
        number=1, tricks=[6, 5], ones=[10, 20], honours=[3, 4], keepers=[1, 0], bonus=[5, 0],
        penalty=[0, 0], points=[19, 24], totals=[19, 24],
    )  # fmt: skip
    rows = {
        str(row.cells[0]): [int(c) for c in row.cells[1:]]
        for row in hand_summary(summary, ["A", "B", "C", "D"]).rows
    }
    assert rows["Tricks taken (a count)"] == [6, 5]
    points = ("1s (10 each)", "J Q K A (1 each)", "Keepers (1 each)", "Most tricks", "Penalty")
    assert [sum(rows[label][t] for label in points) for t in (0, 1)] == rows["This hand"]


def test_the_strong_hints_numbers_say_what_they_count():
    """'38% against 26% for the obvious move' named neither what the numbers count nor what
    'obvious' meant."""
    from cardtable.bots.search import SearchBot

    bot = SearchBot("piles")
    bot.worlds = 13
    why = bot.reason({"a": 0.38, "b": 0.26}, "a", "b")
    assert why == (
        "Played out over 13 deals you could be facing, this did best: it came out ahead 38% "
        "of the time, against 26% for the usual choice."
    )

"""The five games of the table, as data: playable ones name the module that holds their rules.

A frozen dataclass, not a pydantic model: the start screen and `cardtable --help` list the
games before anything has loaded pydantic, and the entries are written here, never parsed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class CatalogEntry:
    """One game on the start screen."""

    id: str
    name: str
    seats: str
    summary: str
    module: str | None
    """The module whose `GAME` is the rules object; None while the game is not playable yet."""
    planner: str | None = None
    """The game's planning bot as 'module:Class' (None: the random bot plays for it)."""
    search: str | None = None
    """The game's search hooks (`bots.search.SearchHooks`) as 'module:NAME', for the strong
    bot (None: the strong bot is the planner)."""
    table: str | None = None
    """The game's table widget as 'module:Class', imported by the UI only (so `games` never
    imports Textual)."""


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry(
        id="runway",
        name="Runway",
        seats="2-5",
        summary="Build a run of one suit up or down; triples earn special actions.",
        module="cardtable.games.runway",
        planner="cardtable.games.runway.strategy:RunwayPlanner",
        search="cardtable.games.runway.search:SEARCH",
        table="cardtable.ui.tables.runway:RunwayTable",
    ),
    CatalogEntry(
        id="run-it",
        name="Run It",
        seats="2-8",
        summary="Shed your hand by matching colour, number or action; stack penalties.",
        module="cardtable.games.run_it",
        planner="cardtable.games.run_it.strategy:RunItPlanner",
        search="cardtable.games.run_it.search:SEARCH",
        table="cardtable.ui.tables.run_it:RunItTable",
    ),
    CatalogEntry(
        id="over-trump",
        name="Over Trump",
        seats="4",
        summary="Two teams take tricks; the superior suit overtakes; Keepers and 1s decide hands.",
        module="cardtable.games.over_trump",
        planner="cardtable.games.over_trump.strategy:OverTrumpPlanner",
        search="cardtable.games.over_trump.search:SEARCH",
        table="cardtable.ui.tables.over_trump:OverTrumpTable",
    ),
    CatalogEntry(
        id="sets-and-runs",
        name="Sets and Runs",
        seats="3-6",
        summary="Seven rounds of contracts: lay down sets and runs, buy discards, go out first.",
        module="cardtable.games.sets_and_runs",
        planner="cardtable.games.sets_and_runs.strategy:SetsAndRunsPlanner",
        search="cardtable.games.sets_and_runs.search:SEARCH",
        table="cardtable.ui.tables.sets_and_runs:SetsAndRunsTable",
    ),
    CatalogEntry(
        id="piles",
        name="Piles",
        seats="2 or 4",
        summary="Take the Castle's piles with cards that beat their total value.",
        module="cardtable.games.piles",
        planner="cardtable.games.piles.strategy:PilesPlanner",
        search="cardtable.games.piles.search:SEARCH",
        table="cardtable.ui.tables.piles:PilesTable",
    ),
)

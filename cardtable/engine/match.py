"""A match: one game played by named seats, its move log, and its save file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cardtable.engine.contract import Event, Game, Move
from cardtable.engine.saves import SaveFileError, read_text, write_atomic
from cardtable.engine.seats import SeatConfig, SeatKind, parse_seats  # noqa: F401 (re-exported)

SAVE_VERSION = 1


class LoggedMove(BaseModel):
    """One move in the log: who made it, the move, and the lines it produced."""

    seat: int
    move: dict[str, Any]
    lines: list[str]


class MatchRecord(BaseModel):
    """Everything a save file holds: enough to replay the game and to continue it at once."""

    version: int = SAVE_VERSION
    game: str
    seed: int
    options: dict[str, Any]
    seats: list[SeatConfig]
    log: list[LoggedMove] = []
    state: dict[str, Any]


class Match:
    """A game in play at the table: rules, state, seats and the log, saved after every move."""

    def __init__(self, game: Game, record: MatchRecord, state: Any, save_to: Path | None = None):
        self.game = game
        self.record = record
        self.state = state
        self.save_to = save_to

    @classmethod
    def start(
        cls,
        game: Game,
        seats: list[SeatConfig],
        seed: int,
        options: Any = None,
        save_to: Path | None = None,
    ) -> Match:
        """Deal a new game for these seats."""
        opts = game.options(options)
        state = game.new_game(seats=len(seats), seed=seed, options=opts)
        record = MatchRecord(
            game=game.id,
            seed=seed,
            options=opts.model_dump(mode="json"),
            seats=seats,
            state={},
        )
        match = cls(game, record, state, save_to)
        match.save()
        return match

    @property
    def names(self) -> list[str]:
        """The seats' names, by seat number."""
        return [seat.name for seat in self.record.seats]

    @property
    def seats(self) -> list[SeatConfig]:
        """The seats, by seat number."""
        return self.record.seats

    def play(self, seat: int, move: Move) -> list[Event]:
        """Apply a move through the checked path, log it and save; IllegalMove changes nothing."""
        events = self.game.apply(self.state, seat, move)
        lines = [event.render(self.names) for event in events]
        self.record.log.append(
            LoggedMove(seat=seat, move=move.model_dump(mode="json"), lines=lines)
        )
        self.save()
        return events

    def log_lines(self) -> list[str]:
        """Every line of the log so far, oldest first."""
        return [line for entry in self.record.log for line in entry.lines]

    def save(self) -> None:
        """Write the record with the current state, if this match has a save file."""
        if self.save_to is None:
            return
        self.record.state = self.state.model_dump(mode="json")
        write_atomic(self.save_to, self.record.model_dump_json())

    @classmethod
    def load(cls, path: Path, games: Any) -> Match:
        """The match saved at `path`; SaveFileError (file untouched) if it cannot be used."""
        text = read_text(path)
        try:
            record = MatchRecord.model_validate_json(text)
        except ValidationError:
            raise SaveFileError(
                f"The saved game {path} is damaged or not a cardtable save. It was left untouched; "
                "start a new game, and the next save will replace it."
            ) from None
        if record.version != SAVE_VERSION:
            raise SaveFileError(
                f"The saved game {path} was written by another version of cardtable "
                f"(format {record.version}). It was left untouched."
            )
        try:
            game = games.get(record.game)
            state = game.state_model.model_validate(record.state)
        except (KeyError, ValidationError):
            raise SaveFileError(
                f"The saved game {path} holds a game this cardtable cannot load. "
                "It was left untouched."
            ) from None
        return cls(game, record, state, path)

    def replay(self) -> Any:
        """The state rebuilt from (options, seed, moves): the game must replay exactly."""
        state = self.game.new_game(
            seats=len(self.record.seats), seed=self.record.seed, options=self.record.options
        )
        for entry in self.record.log:
            self.game.apply(state, entry.seat, self.game.parse_move(entry.move))
        return state

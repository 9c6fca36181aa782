"""A finished game move by move, every hand open, with the advice the bot would have given.

A replay is made from what replays a game exactly (a `MatchRecord`: options, the deal's seed,
every move), never from a game still in play: its hands would be shown early. Each move a
person made is set beside the hint she was shown for it at the table, if she asked for one,
else the move the game's planner would have hinted in her place, from her own view then, so a
replay can mark where she and the hint parted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.bots.seat_player import planner
from cardtable.engine import Game, IllegalMove, MatchRecord, Move, SeatKind

KEPT_EVERY = 16
UNFINISHED = "This game is not finished: its replay would show hands still in play."


class ReplayRefused(Exception):
    """A record that cannot be replayed, with the reason in a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class ReplayMove:
    """One move of a replayed game: its number (1 for the first), who made it, the move and
    the log lines it made."""

    number: int
    seat: int
    move: Move
    lines: list[str]
    by_person: bool
    timed: bool = False
    """The clock made it for her (a window's time ran out): no hint is set beside it."""


@dataclass(frozen=True)
class Advice:
    """What the bot would have played in a person's place, and why; `agrees` when she did;
    `shown` when it is the hint she was shown at the table (she asked for it), not one worked
    out for the replay."""

    move: Move
    why: str
    agrees: bool
    shown: bool = False


class Replay:
    """Every position of a finished game, from the deal (position 0) to the end (position
    `len(moves)`), and the bot's advice at each person's move."""

    def __init__(self, game: Game, record: MatchRecord) -> None:
        self.game = game
        self.record = record
        self.names = [seat.name for seat in record.seats]
        try:
            state = game.new_game(len(record.seats), record.seed, game.options(record.options))
        except (IllegalMove, ValueError) as err:
            raise ReplayRefused(f"This game cannot be dealt again: {err}") from None
        self._kept = {0: state.model_copy(deep=True)}
        """Every KEPT_EVERY-th position (a copy of every one would cost more to open a long
        game than to replay the few moves from the one before)."""
        self.moves: list[ReplayMove] = []
        for number, entry in enumerate(record.log, start=1):
            try:
                move = game.parse_move(entry.move)
                events = game.apply(state, entry.seat, move)
            except IllegalMove as err:
                raise ReplayRefused(
                    f"Move {number} of this game does not replay: {err.reason}"
                ) from None
            lines = [event.render(self.names) for event in events]
            person = record.seats[entry.seat].kind is SeatKind.HUMAN
            self.moves.append(ReplayMove(number, entry.seat, move, lines, person, entry.timed))
            if number % KEPT_EVERY == 0:
                self._kept[number] = state.model_copy(deep=True)
        if not game.is_over(state):
            raise ReplayRefused(UNFINISHED)
        self._advice: dict[int, Advice] = {}
        self._shown: tuple[int, Any] = (len(self.moves), state)

    @property
    def last(self) -> int:
        """The last position: the game's end."""
        return len(self.moves)

    def position(self, number: int) -> Any:
        """The state after `number` moves (0: as dealt): good until the next call; do not
        change it."""
        shown, state = self._shown
        if shown == number:
            return state
        start = number - number % KEPT_EVERY
        if start <= shown < number:  # stepping on: go on from the position shown
            start = shown
        else:
            state = self._kept[start].model_copy(deep=True)
        for made in self.moves[start:number]:
            self.game.apply(state, made.seat, made.move)
        self._shown = (number, state)
        return state

    def mover(self, number: int) -> int:
        """The seat whose move led to position `number` (at the deal, the first to act)."""
        if number == 0:
            acting = self.game.to_act(self._kept[0])
            return acting[0] if acting else 0
        return self.moves[number - 1].seat

    def hands(self, number: int) -> list[list[Any]]:
        """Every seat's hand at position `number`, by seat."""
        state = self.position(number)
        return [list(self.game.view(state, seat).hand or []) for seat in range(len(self.names))]

    def advice(self, number: int) -> Advice | None:
        """The hint the bot would have given the person who made move `number`, from her
        view just before it; None for a bot's move and one the clock made for her."""
        made = self.moves[number - 1]
        if not made.by_person or made.timed:
            return None
        known = self._advice.get(number)
        hint = self.record.log[number - 1].hint
        if known is None and hint is not None:
            try:
                move = self.game.parse_move(hint.move)
            except IllegalMove:  # not one of this game's moves: worked out afresh below
                pass
            else:
                shown = Advice(move, hint.why, move == made.move, shown=True)
                known = self._advice[number] = shown
        if known is None:
            before = self.position(number - 1)
            view = self.game.view(before, made.seat)
            legal = self.game.legal_moves(before, made.seat)
            move, why = planner(self.game.id).choose(view, legal)
            known = self._advice[number] = Advice(move, why, move == made.move)
        return known

    def next_disagreement(self, after: int) -> int | None:
        """The first move after position `after` where a person and the bot's hint parted."""
        for number in range(after + 1, self.last + 1):
            advice = self.advice(number)
            if advice is not None and not advice.agrees:
                return number
        return None

    def previous_disagreement(self, before: int) -> int | None:
        """The last move before position `before` where a person and the bot's hint parted."""
        for number in range(before - 1, 0, -1):
            advice = self.advice(number)
            if advice is not None and not advice.agrees:
                return number
        return None

"""Seats: who plays each one, the names they go by, and the rules a name must keep.

The command line (`--seats "Ann,Bob,bot,bot"`) and the setup screen check names with the same
rules, here, so a name that one refuses the other refuses too. The setup screen's last seats of
each game are remembered here too (names and kinds), in the data folder.
"""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, TypeAdapter, ValidationError

from cardtable.engine.saves import data_dir, write_whole

NAME_MAX = 16
"""The longest name a seat may have, in characters."""


class SeatKind(StrEnum):
    """Who plays a seat: a person at the keyboard, a bot at one of three levels (easy, the
    game's planner, strong: a search), or the random bot."""

    HUMAN = "human"
    EASY = "easy"
    BOT = "bot"
    STRONG = "strong"
    RANDOM = "random"

    @property
    def level(self) -> str | None:
        """A bot's level in words ('easy', 'strong'); None for a person, the planner's 'bot'
        (the usual level) and the random bot."""
        return {SeatKind.EASY: "easy", SeatKind.STRONG: "strong"}.get(self)


BOTS = (SeatKind.EASY, SeatKind.BOT, SeatKind.STRONG, SeatKind.RANDOM)
"""Every kind of bot, weakest level first, then the random bot."""


class SeatConfig(BaseModel):
    """A seat: a name and who plays it."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    never_offers: bool = False
    """Run It: the app answers 'offer nothing' for this person at once (no Pass-it question).
    Saves written before the setting load without it."""

    @property
    def is_human(self) -> bool:
        """True when a person plays this seat."""
        return self.kind is SeatKind.HUMAN


class SeatsError(ValueError):
    """Seats that cannot sit at a table; `reason` says why in a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def default_name(kind: SeatKind, seat: int) -> str:
    """The name a seat gets when nobody types one: 'Player 1', 'Bot 2', 'Random 3'."""
    word = {
        SeatKind.HUMAN: "Player",
        SeatKind.EASY: "Easy bot",
        SeatKind.BOT: "Bot",
        SeatKind.STRONG: "Strong bot",
        SeatKind.RANDOM: "Random",
    }[kind]
    return f"{word} {seat + 1}"


def is_default_name(name: str, seat: int) -> bool:
    """True when `name` is one of the names the seat gets by default (of any kind)."""
    return any(name == default_name(kind, seat) for kind in SeatKind)


def name_problem(name: str) -> str | None:
    """What is wrong with one seat's name, in a few words; None when it may be used.

    A name is not empty, at most NAME_MAX characters, and has no control or invisible
    characters (they would move the cursor or hide in the middle of a sentence).
    """
    if not name.strip():
        return "needs a name"
    if len(name) > NAME_MAX:
        return f"at most {NAME_MAX} characters"
    if unprintable(name):
        return "control characters"
    return None


def unprintable(name: str) -> bool:
    """True if the name holds control or invisible characters (terminal codes among them)."""
    return any(unicodedata.category(c).startswith("C") for c in name)


def names_problems(names: list[str]) -> list[str | None]:
    """For each seat, what is wrong with its name among the others; None where all is well."""
    problems: list[str | None] = []
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem is None:
            first = next(j for j, other in enumerate(names) if other.casefold() == name.casefold())
            if first != i:
                problem = f"same name as seat {first + 1}"
        problems.append(problem)
    return problems


def seats_problems(seats: list[SeatConfig], typed: int | None = None) -> list[str | None]:
    """Each seat's name problem, a name shared marked on the seat to change: the one `typed`
    last (setup knows it), else not a seat keeping its own default name ('Bot 2' in seat 2)."""
    problems = names_problems([seat.name for seat in seats])
    for j, problem in enumerate(problems):
        first = re.fullmatch(r"same name as seat (\d+)", problem or "")
        if first is None:
            continue
        i = int(first.group(1)) - 1  # the earlier seat of the two
        if typed in (i, j):
            change = typed
        elif is_default_name(seats[j].name, j) and not is_default_name(seats[i].name, i):
            change = i
        else:
            continue  # the later seat, as names_problems marked it
        if change == i:
            whose = "seat" if seats[j].is_human else "the bot in seat"
            problems[i], problems[j] = f"same name as {whose} {j + 1}", None
    return problems


BOT_WORDS = {
    "bot:easy": SeatKind.EASY,
    "bot": SeatKind.BOT,
    "bot:strong": SeatKind.STRONG,
    "random": SeatKind.RANDOM,
}
"""The words that put a bot in a seat on the command line; any other word is a person's name."""


def parse_seats(text: str, allowed: set[SeatKind] | None = None) -> list[SeatConfig]:
    """Seats from 'Ann,bot:easy,bot,bot:strong,random': a name is a person, the BOT_WORDS are
    bots.

    SeatsError says what is wrong: an empty seat (two commas, a trailing comma), a name that
    breaks the name rules, two seats with one name, or a kind not in `allowed`.
    """
    parts = [part.strip() for part in text.split(",")]
    seats: list[SeatConfig] = []
    for i, raw in enumerate(parts):
        if not raw:
            if i == len(parts) - 1 and i:
                why = "a comma at the end"
            elif i == 0:
                why = "a comma at the start" if len(parts) > 1 else "no seats given"
            else:
                why = "two commas in a row"
            raise SeatsError(f"Seat {i + 1} is empty ({why}): write a name, bot or random.")
        kind = BOT_WORDS.get(raw.lower(), SeatKind.HUMAN)
        if kind is SeatKind.HUMAN and raw.lower().startswith("bot:"):
            raise SeatsError(
                f"Seat {i + 1} is {raw!r}: a bot's level is bot:easy, bot or bot:strong."
            )
        if allowed is not None and kind not in allowed:
            words = " or ".join(word for word, k in BOT_WORDS.items() if k in allowed)
            raise SeatsError(f"Seat {i + 1} is {raw!r}: here a seat is {words}.")
        name = raw if kind is SeatKind.HUMAN else default_name(kind, i)
        seats.append(SeatConfig(name=name, kind=kind))
    for i, problem in enumerate(seats_problems(seats)):
        if problem:
            raise SeatsError(f"Seat {i + 1} ({seats[i].name!r}): {problem}.")
    return seats


class RememberedSeat(BaseModel):
    """A seat as setup remembers it for the next game: its name and who played it."""

    name: str
    kind: SeatKind


REMEMBERED = TypeAdapter(dict[str, list[RememberedSeat]])
"""The remembered seats file: each game's id and its last seats."""
REMEMBERED_MAX_BYTES = 64 * 1024
"""A remembered seats file larger than this is not one cardtable wrote: it is ignored."""


def remembered_seats_path() -> Path:
    """Where setup keeps the last seats of each game."""
    return data_dir() / "seats.json"


def _read_remembered() -> dict[str, list[RememberedSeat]] | None:
    """Every game's remembered seats: nothing when there is no file yet; None when the file is
    there but broken (or unreadable, or too large to be one cardtable wrote)."""
    path = remembered_seats_path()
    try:
        if path.stat().st_size > REMEMBERED_MAX_BYTES:
            return None
        return REMEMBERED.validate_json(path.read_bytes())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, ValidationError):
        return None


def remembered_seats(game_id: str, counts: tuple[int, ...]) -> list[SeatConfig] | None:
    """The seats setup last started `game_id` with, if they still keep the name rules and the
    game's seat counts; None otherwise (a broken file is ignored)."""
    saved = (_read_remembered() or {}).get(game_id, [])
    seats = [SeatConfig(name=seat.name, kind=seat.kind) for seat in saved]
    if len(seats) not in counts or any(names_problems([seat.name for seat in seats])):
        return None
    return seats


def remember_seats(game_id: str, seats: list[SeatConfig]) -> None:
    """Keep these seats for the next setup of `game_id`, beside the other games' (written whole:
    a temporary file, renamed). A broken file is kept beside as seats.json.broken, never
    overwritten; a folder that cannot be written only means the seats are not remembered."""
    path = remembered_seats_path()
    known = _read_remembered()
    try:
        if known is None:
            path.replace(path.with_name(path.name + ".broken"))
            known = {}
        known[game_id] = [RememberedSeat(name=seat.name, kind=seat.kind) for seat in seats]
        write_whole(path, REMEMBERED.dump_json(known, indent=1))
    except (OSError, ValueError):
        return

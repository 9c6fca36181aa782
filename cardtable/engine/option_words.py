"""A game's options in words: what each takes ('3 to 10 cards', 'yes or no'), and options
typed on the command line (`--option hand-size=5`) read into the game's options model.

The setup screen and the command line say the same things here, so an option one refuses the
other refuses in the same words.
"""

from __future__ import annotations

import difflib
import re
from enum import Enum
from typing import Any

from pydantic import BaseModel, ValidationError

YES = ("yes", "y", "on", "true", "1")
"""The words that turn a yes-or-no option on (any case)."""
NO = ("no", "n", "off", "false", "0")
"""The words that turn a yes-or-no option off (any case)."""


class OptionsError(ValueError):
    """Options that cannot be played; `reason` says why in a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def bounds(field: Any) -> tuple[int | None, int | None]:
    """The smallest and largest value a number option allows (its ge and le)."""
    low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
    return low, high


def whole_number(text: str) -> int | None:
    """The whole number typed ('42', '-7', '+3', in ASCII digits); None for anything else
    ('-', '+', '', '1e3')."""
    text = text.strip()
    return int(text) if re.fullmatch(r"[+-]?[0-9]+", text) else None


def within(field: Any, value: int) -> bool:
    """True if `value` is in the range a number option allows."""
    low, high = bounds(field)
    return (low is None or value >= low) and (high is None or value <= high)


def range_note(name: str, field: Any) -> str:
    """What a number option takes, in plain words: '1 to 3 decks'; a title that names its
    unit ('Match window (seconds)') counts in it: '0 to 10 seconds'."""
    title = field.title or name.replace("_", " ")
    unit = re.search(r"\((\w+)\)\s*$", title)
    noun = (unit.group(1) if unit else title.split("(")[0]).strip().lower()
    low, high = bounds(field)
    if low is not None and high is not None:
        return f"{low} to {high} {noun}"
    if low is not None:
        return f"at least {low} {noun}"
    if high is not None:
        return f"at most {high} {noun}"
    return f"a whole number of {noun}"


def option_key(name: str) -> str:
    """An option's name as typed on the command line: 'hand_size' is 'hand-size'."""
    return name.replace("_", "-")


def _plain(text: str) -> str:
    """Text with only its letters and digits, lower case: 'To 500' and 'to-500' are alike."""
    return re.sub(r"[^0-9a-z]", "", text.lower())


def takes(name: str, field: Any) -> str:
    """What an option takes, in a few words: 'a whole number, 3 to 10 cards', 'yes or no',
    'off, to-500 or deck-ends' (a choice by its short name; its words as setup shows them are
    taken too)."""
    default = field.default
    if isinstance(default, bool):
        return "yes or no"
    if isinstance(default, Enum):
        words = [option_key(member.name.lower()) for member in type(default)]
        return ", ".join(words[:-1]) + f" or {words[-1]}"
    note = range_note(name, field)
    return note if note.startswith("a whole number") else f"a whole number, {note}"


def options_list(model: type[BaseModel]) -> str:
    """Every option of a game as the command line names it, and what it takes."""
    return "; ".join(
        f"{option_key(name)} ({takes(name, field)})" for name, field in model.model_fields.items()
    )


def _value(name: str, field: Any, text: str) -> Any:
    """`text` as the value of the option `name`; OptionsError says what it takes if not."""
    default = field.default
    typed = text.strip().lower()
    if isinstance(default, bool):
        if typed in YES or typed in NO:
            return typed in YES
    elif isinstance(default, Enum):
        members = list(type(default))
        plain = _plain(typed)
        exact = [m for m in members if plain in (_plain(str(m.value)), _plain(m.name))]
        short = [m for m in members if plain and _plain(m.name).startswith(plain)]
        begun = [
            m
            for m in members
            if plain
            and (_plain(m.name).startswith(plain) or _plain(str(m.value)).startswith(plain))
        ]
        # Its exact name, else the one short name it begins (the names listed), else the
        # one choice whose words it begins.
        for found in (exact, short, begun):
            if len(found) == 1:
                return found[0]
        if len(begun) > 1:
            which = " or ".join(option_key(m.name.lower()) for m in begun)
            raise OptionsError(
                f"--option {option_key(name)}={text}: that begins {which}; write more of it."
            )
    else:
        value = whole_number(typed)
        if value is not None and within(field, value):
            return value
    raise OptionsError(f"--option {option_key(name)}={text}: it takes {takes(name, field)}.")


def typed_options(model: type[BaseModel], game_name: str, typed: list[str]) -> dict[str, Any]:
    """Options typed as 'name=value' (dashes or underscores, any case) read by `model`'s
    fields; OptionsError names the first one that is not the game's or not a value it takes."""
    fields = model.model_fields
    chosen: dict[str, Any] = {}
    for text in typed:
        name, equals, value = text.partition("=")
        key = _plain(name)
        found = next((n for n in fields if _plain(n) == key), None)
        if not equals or not name.strip():
            raise OptionsError(
                f"--option {text}".rstrip()
                + f" needs a name, = and a value, like {example(model)}."
            )
        if found is None:
            keys = [option_key(n) for n in fields]
            near = difflib.get_close_matches(name.strip().lower(), keys, n=1)
            guess = f" Did you mean {near[0]}?" if near else ""
            raise OptionsError(
                f"{game_name} has no option {name.strip()!r}.{guess} "
                f"Its options: {options_list(model)}."
            )
        if found in chosen:
            raise OptionsError(f"--option {option_key(found)} is given twice: give it once.")
        chosen[found] = _value(found, fields[found], value)
    return chosen


def example(model: type[BaseModel]) -> str:
    """An option of this game as it is typed, at a value it takes: 'show-buried=yes'."""
    name, field = next(iter(model.model_fields.items()))
    default = field.default
    if isinstance(default, bool):
        value = "no" if default else "yes"
    elif isinstance(default, Enum):
        value = option_key(list(type(default))[-1].name.lower())
    else:
        value = str(default)
    return f"{option_key(name)}={value}"


def validated(model: type[BaseModel], chosen: dict[str, Any]) -> BaseModel:
    """The options model of `chosen`; OptionsError says in a player's words what does not go
    together (the model's own checks: a range, options that exclude each other)."""
    try:
        return model.model_validate(chosen)
    except ValidationError as err:
        words = "; ".join(e["msg"].removeprefix("Value error, ") for e in err.errors())
        raise OptionsError(f"Options: {words}") from None

"""A choice of exactly two, each the other's opposite: a direction card's two sides, a
standard card's two colours."""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Self


class TwoSided(StrEnum):
    """A value with exactly one opposite: UP and DOWN, red and black. Each subclass names its
    two members."""

    @cached_property
    def other(self) -> Self:
        """The opposite one: the other side of a direction card, the other colour (worked out
        once per member, then a plain look-up: scoring asks it on every move)."""
        first, second = type(self)
        return second if self is first else first

"""Moves told by set phrases: a log line and a brief made from the move's own fields."""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.engine.contract import Move


class PhrasedMove(Move):
    """A move whose log line and brief are set phrases with its fields filled in.

    A move names its phrases in its class line, `{card.label}` standing for its own field:
    `class Discard(PhrasedMove, does="discards {card.label}", brief="Discard {card.short}")`.
    Its log line is the player followed by `does` ('Ann discards the K♥'), its brief the
    `brief` phrase ('Discard K♥'). A phrase may name any attribute of the move, so a part
    worked out from its fields (a seat's number as players count, a pile's name) is a property
    in the game's words. A move whose two texts differ in more than their phrases writes
    `describe` and `brief` itself.
    """

    does: ClassVar[str] = ""
    """What the player does, after her name: 'draws the top card of the deck'."""
    brief_phrase: ClassVar[str] = ""
    """The move in a few words for a hint or a menu: 'Draw from the deck'."""

    def __init_subclass__(cls, *, does: str = "", brief: str = "", **kwargs: Any) -> None:
        """Keep the phrases a subclass names in its class line (a subclass without them
        inherits its parent's)."""
        super().__init_subclass__(**kwargs)
        if does:
            cls.does = does
        if brief:
            cls.brief_phrase = brief

    def describe(self, player: str = "You") -> str:
        """The log line: the player, then what she does."""
        return f"{player} {self.does.format_map(_Attributes(self))}"

    def brief(self) -> str:
        """The brief phrase with the move's fields filled in."""
        return self.brief_phrase.format_map(_Attributes(self))


class _Attributes:
    """A move's attributes by name, for filling in its phrases: fields and properties alike."""

    def __init__(self, move: PhrasedMove) -> None:
        self.move = move

    def __getitem__(self, name: str) -> Any:
        return getattr(self.move, name)

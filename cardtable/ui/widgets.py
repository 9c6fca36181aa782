"""Widgets every game table shares: the move log and the game-table base class."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import RichLog, Static

from cardtable.engine import Event, Move, View


class MoveLog(RichLog):
    """The game's log in players' names, newest at the bottom."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=500, min_width=20, **kwargs)

    def show_lines(self, lines: list[str]) -> None:
        """Replace the log with these lines (the last `max_lines` of them: a log of any length
        is shown at once)."""
        self.clear()
        for line in lines[-(self.max_lines or len(lines)) :]:
            self.write(line)


class HandCard(Static):
    """One card of the hand; a click asks the table to choose it."""

    class Clicked(Message):
        """A hand card was clicked."""

        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, slot: int) -> None:
        super().__init__(id=f"hand-{slot}", classes="hand-card")
        self.slot = slot

    def on_click(self, event: events.Click) -> None:
        """Clicking a card chooses it."""
        event.stop()
        self.post_message(self.Clicked(self.slot))


class HandRow(Horizontal):
    """The hand along the bottom of a table: `slots` card places, hidden while empty."""

    def __init__(self, slots: int) -> None:
        super().__init__(id="hand")
        self.slots = slots

    def compose(self) -> ComposeResult:
        for slot in range(self.slots):
            yield HandCard(slot)

    @property
    def cards(self) -> list[HandCard]:
        """The card places, left to right (found once, then kept: keys redraw them often)."""
        found = getattr(self, "_cards", None)
        if found is None:
            found = list(self.query(HandCard))
            if len(found) == self.slots:  # kept only once all are mounted
                self._cards = found
        return found


def hand_row_start(cursor: int, first: int, slots: int, cards: int) -> int:
    """The first card a hand row of `slots` shows: it scrolls just enough to keep the cursor in
    sight, and never past the hand's end (`first` is where it was)."""
    if cursor < first:
        first = cursor
    elif cursor >= first + slots:
        first = cursor - slots + 1
    return max(0, min(first, max(0, cards - slots)))


class GameTable(Widget, can_focus=True):
    """Base of each game's table: draws one seat's view; keys and clicks become moves."""

    BINDINGS = [
        *(Binding(str((n + 1) % 10), f"pick({n})", show=False) for n in range(10)),
        Binding("minus", "pick(10)", show=False),
    ]
    """Number keys pick a card of the hand, 1 to 0 then - (the slots' labels on screen)."""

    class Chosen(Message):
        """The player at the keyboard chose a move."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    class Said(Message):
        """Something to say on the status line (a refused choice, a pointer)."""

        def __init__(self, text: str, refused: bool = False) -> None:
            super().__init__()
            self.text = text
            self.refused = refused

    MIN_WIDTH = 80
    MIN_HEIGHT = 24

    def show(self, view: View, names: list[str], legal: list[Move], interactive: bool) -> None:
        """Draw `view`; `legal` are the viewer's moves, `interactive` whether she may move now."""
        raise NotImplementedError

    interactive = False
    """Whether the seat shown may move now."""

    names: list[str] = []
    """The players' names, by seat, as the last `show` gave them."""

    def who(self, seat: int) -> str:
        """The name of the player in `seat`."""
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    hinted: Move | None = None
    """The move the last hint named, until the table changes: Enter on it, or the one key the
    hint named, makes exactly this move (never a menu of moves to choose from)."""

    def may_act(self) -> bool:
        """True if the player at the keyboard may move now; else say why she may not."""
        if not self.interactive:
            self.post_message(self.Said("It is not your turn: wait for the players before you."))
        return self.interactive

    def ready(self) -> bool:
        """True once every widget the table draws into is mounted (nested ones mount late)."""
        return all(len(row.cards) == row.slots for row in self.query(HandRow))

    def action_pick(self, slot: int) -> None:
        """A number key or a click picks this card of the hand; each table says what for."""
        raise NotImplementedError

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click on a hand card picks it, as its number key does."""
        self.action_pick(message.slot)

    def interlude(self, events: list[Event], view: View, names: list[str]) -> Screen | None:
        """A screen to show after these events before play goes on (a hand's summary); `view`
        is the game as it stands after them (any seat's: each has `history` and `over`)."""
        return None

    def linger_after(self, events: list[Event]) -> float:
        """Seconds the table wants to stay still after these events before a bot moves on
        (a finished trick to be seen); 0 for nothing worth the wait."""
        return 0.0

    def unseen_answer(self, view: View, legal: list[Move]) -> tuple[str, Move] | None:
        """A move a person may make at the handoff without seeing her hand, in words ('offer
        nothing'), with the move; None where every move needs the hand (`view` is a
        spectator's)."""
        return None

    shared_keyboard = False
    """True at one keyboard shared by several people (handoffs between them): a table may then
    ask a person ahead for an answer she would otherwise be handed the keyboard for again."""

    def answer_given(self, view: View, legal: list[Move]) -> Move | None:
        """The move a person already chose ahead for this moment (`shared_keyboard`), made for
        her without a handoff; None to ask her (`view` is hers, not shown)."""
        return None

    def before_handoff(self, view: View) -> Screen | None:
        """A screen the person leaving the keyboard still has to see over her own table before
        it is handed on (Run It: the card she got and cannot play); None to hand it on at once
        (`view` is hers)."""
        return None

    def move_label(self, move: Move) -> str:
        """The move in a few words for a menu or a hint (a table may add the players' names)."""
        return move.brief()

    def suggest(self, move: Move) -> str:
        """Point at a hinted move on the table without playing it; say which key plays it.

        The answer names Enter ("Enter places it.") or one key ("Press p."); `hinted` is set
        to `move` before this is asked.
        """
        raise NotImplementedError

"""Widgets every game table shares: the move log, the hand row and the game-table base class."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from rich.cells import cell_len
from rich.console import ConsoleRenderable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import RichLog, Static

from cardtable.engine import Event, Move, View
from cardtable.ui import card_faces
from cardtable.ui.app_api import LEAST_WINDOW
from cardtable.ui.card_art import (
    DOUBLE,
    HAND_CARD,
    HEAVY,
    ROUND,
    CardSize,
    Edge,
    Scale,
    face_lines,
    joined,
    scale_for,
)
from cardtable.ui.card_faces import Look
from cardtable.ui.screens.game_summary import GameSummaryScreen, Summary
from cardtable.ui.screens.move_menu import MoveMenu


class MoveLog(RichLog):
    """The game's log in players' names, newest at the bottom."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=500, min_width=20, **kwargs)
        self.said: list[str] = []
        """Its lines as written, the last `max_lines`: a log that is not displayed (the
        phone-sized table's screen) lays nothing out, so its `lines` stay empty."""

    def write(self, content: Any, *args: Any, **kwargs: Any) -> Self:
        """Write a line, and keep its words."""
        self.said.append(content.plain if isinstance(content, Text) else str(content))
        del self.said[: -(self.max_lines or len(self.said))]
        return super().write(content, *args, **kwargs)

    def clear(self) -> Self:
        """Empty the log, and its words."""
        self.said.clear()
        return super().clear()

    def on_resize(self) -> None:
        """A resized log still ends on its newest line (folded, it shows only its last)."""
        self.call_after_refresh(self.scroll_end, animate=False)

    def show_lines(self, lines: list[str]) -> None:
        """Replace the log with these lines (the last `max_lines` of them: a log of any length
        is shown at once)."""
        self.clear()
        for line in lines[-(self.max_lines or len(lines)) :]:
            self.write(line)


FACES_KEPT = 8
"""Faces a hand card keeps drawn (its card with and without the cursor, raised or not, ...)."""


def same_text(new: Text, old: Text) -> bool:
    """True if `new` draws exactly as `old`: the same characters, styles and layout settings
    (Rich's own `==` compares only the characters and their spans)."""
    return (
        new == old
        and new.style == old.style
        and new.justify == old.justify
        and new.overflow == old.overflow
        and new.no_wrap == old.no_wrap
        and new.end == old.end
    )


def text_shape(text: Text) -> tuple[int, int]:
    """How many lines `text` holds and the widest of them, in cells."""
    lines = text.plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)


class Drawn(Static):
    """A Static that leaves the screen alone when told to show what it shows already, and lays
    the screen out again only when new words may take other room: a layout of a table was a
    third of the time its move took to draw, and most tables redraw parts that did not change
    (Run It's piles are drawn again unchanged on four moves in five)."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show `content`: nothing to do if it is the same words, no layout if the new words
        take the same room as the old (`needs_room`). A Rich renderable (a grid of
        plates, words centred) is drawn into words at the widget's width first, so it can be
        compared too."""
        if isinstance(content, ConsoleRenderable) and not isinstance(content, Text):
            content = self.flattened(content)
        old = self.content
        if isinstance(content, str) and isinstance(old, str):
            if content == old:
                return
        elif isinstance(content, Text) and isinstance(old, Text):
            if same_text(content, old):
                return
            if layout:
                layout = self.needs_room(text_shape(content), text_shape(old))
        super().update(content, layout=layout)

    def needs_room(self, shape: tuple[int, int], was: tuple[int, int]) -> bool:
        """True if words of `shape` (lines, widest) may take other room than words of shape
        `was`: never where the widget's width and height are set, else if either wraps at this
        width, they differ in lines, or in width where the widget's width follows its words."""
        styles = self.styles
        follows_words = styles.width is not None and styles.width.is_auto
        if not follows_words and styles.height is not None and not styles.height.is_auto:
            return False  # its room is set whatever it shows (a title line one row high)
        if max(shape[1], was[1]) > self.content_size.width or shape[0] != was[0]:
            return True
        return follows_words and shape[1] != was[1]

    def flattened(self, renderable: ConsoleRenderable) -> VisualType:
        """`renderable` as the words it draws at this widget's width; itself where that width
        follows the words or is not known yet."""
        width = self.content_size.width
        if not width or (self.styles.width is not None and self.styles.width.is_auto):
            return renderable
        console = self.app.console
        rows = console.render_lines(renderable, console.options.update_width(width), pad=False)
        lines = [Text.assemble(*((s.text, s.style) for s in row if not s.control)) for row in rows]
        words = joined(lines)
        words.no_wrap = True
        return words


class HandCard(Static):
    """One card of the hand, drawn as a card; a click asks the table to choose it."""

    class Clicked(Message):
        """A hand card was clicked."""

        def __init__(self, slot: int) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, slot: int) -> None:
        super().__init__(id=f"hand-{slot}", classes="hand-card card-place")
        self.slot = slot
        self.drawn: tuple[object, ...] = ()
        """What the card was last drawn from, so an unchanged card is not drawn again."""
        self._faces: dict[tuple[object, ...], Any] = {}
        """Faces drawn lately, by what they were drawn from (`_render_content`)."""

    def draw(
        self, look: Look, size: CardSize, key: str, edge: Edge, raised: bool, last: bool
    ) -> None:
        """Draw `look` as a card `size` big with `key` on its top edge: whole if it is the
        `last` card, else its left `size.step` columns (the next card lies over the rest);
        `raised` a row above the others (a playable card)."""
        drawn = (look, size, key, edge, raised, last)
        if drawn == self.drawn:
            return
        placed = self.drawn[1:2] + self.drawn[4:] == drawn[1:2] + drawn[4:]
        self.drawn = drawn
        kind = EDGE_KINDS.get(edge)
        lines = face_lines(look, size, key, edge, card_faces.edge(kind, look.style) if kind else "")
        if not last:
            lines = [line[: size.step] for line in lines]
        self.update(joined(lines), layout=not placed)  # a new face in the same place: no layout
        if not placed:
            self.styles.width = size.width if last else size.step
            self.styles.margin = (0 if raised else 1, 0, 0, 0)

    def _render_content(self) -> None:
        """Textual's, kept per face: an arrow key draws a card with and without the cursor's
        edge in turn, and making a face's lines again was most of a key's repaint (Piles at
        200x60: two cards, 3.5 ms of 6.5). A face is its drawing, size and style (colours and
        text style from the theme and the card's classes)."""
        if self.text_selection is not None:  # text selected with the mouse: drawn afresh
            super()._render_content()
            return
        key = (self.drawn, self.size, self.visual_style, self.app.theme)
        faces = self._faces
        made = faces.get(key)
        if made is None:
            super()._render_content()
            if len(faces) >= FACES_KEPT:
                faces.clear()
            faces[key] = self._render_cache
        else:
            self._render_cache = made
            self._dirty_regions.clear()

    def on_click(self, event: events.Click) -> None:
        """Clicking a card chooses it."""
        event.stop()
        self.post_message(self.Clicked(self.slot))


class FootWords(Static):
    """A tall Static (a side panel's rest) whose words sit at its foot, next to the hand: a change
    repaints only the rows the old and the new words take. The screen repaints every line between
    the highest and the lowest thing changed, so words high on the side, changed with a hand card
    on each arrow key, made it repaint most of the screen (Piles at 200x60: 10 ms a key
    headless, 4 ms without them)."""

    DEFAULT_CSS = """
    FootWords {
        content-align: left bottom;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rows = 0
        """Rows the words shown now take."""
        self._repainting: int | None = None
        """While `say` updates: the rows at the foot to repaint."""

    def say(self, words: Text | str) -> None:
        """Show `words`, repainting only as far up as they or the words before reached."""
        width = self.content_size.width
        if not width or not self.is_mounted:
            self.update(words, layout=False)
            return
        text = Text(words) if isinstance(words, str) else words
        rows = len(text.wrap(self.app.console, width)) + 1  # one spare: never short
        self._repainting = min(max(rows, self._rows), self.content_size.height)
        self._rows = rows
        try:
            self.update(words, layout=False)
        finally:
            self._repainting = None

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """As Static's, but while `say` updates only the rows at its foot are dirtied."""
        if not regions and self._repainting and not layout:
            width, height = self.content_size
            regions = (Region(0, height - self._repainting, width, self._repainting),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


EDGE_KINDS = {HEAVY: "cursor", DOUBLE: "chosen"}
"""The palette's edge for the cursor's heavy edge and a chosen card's double edge (the lines
alone tell them apart without colour)."""


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


SLOT_KEYS = "1234567890-"
"""The number keys that pick a card of the hand, left to right, as each card's top edge shows."""
MARKED = "✓"
"""Beside a marked card's key on its top edge (its double edge gives way to the cursor's)."""
HANDS_HIDDEN = "Hands are hidden: no player's turn at this screen."

ViewT = TypeVar("ViewT", bound=View)
MoveT = TypeVar("MoveT", bound=Move)


def happened(events: list[Event], kind: str) -> bool:
    """True if one of `events` is of this kind ('hand', 'round', 'game': one was scored)."""
    return any(e.kind == kind for e in events)


FOLDED_LOG_ROWS = {Scale.COMPACT: 2, Scale.ROOMY: 3, Scale.LARGE: 3}
"""The log's last lines under the felt at each scale, while it is folded."""


class GameTable(Widget, Generic[ViewT, MoveT], can_focus=True):
    """Base of each game's table: draws one seat's view; keys and clicks become moves.

    It owns what every table has: the view, the names and the legal moves the last `show`
    gave, the hand with its cursor, the log folded under the table, and the hand row along the
    bottom (a title over overlapping cards, each with its number key on its top edge), the
    scale its cards are drawn at and what has just landed. A table composes the rest
    (`compose_table`: its felt, `felt.Felt`, with the game's own widgets in the middle) and
    says what its keys do.
    """

    DEFAULT_CSS = """
    GameTable {
        height: 1fr;
        background: $felt;
    }
    GameTable:focus {
        background-tint: transparent;
    }
    GameTable .table-main {
        height: 1fr;
    }
    GameTable #log {
        padding: 0 1;
        overflow-x: hidden;
        background: $felt-dark;
        color: $felt-muted;
        scrollbar-background: $felt-dark;
        scrollbar-color: $felt-edge;
        scrollbar-size-vertical: 1;
    }
    GameTable.-log-open #log {
        height: 50%;
        color: $felt-text;
        border-top: solid $felt-edge;
        border-title-color: $felt-muted;
    }
    GameTable #hand-title {
        height: 1;
        width: 1fr;
        padding: 0 1;
        color: $felt-text;
        text-style: bold;
    }
    GameTable #hand {
        height: 4;
        padding: 0 1;
    }
    GameTable.-roomy #hand {
        height: 6;
        align-horizontal: center;
    }
    GameTable.-large #hand {
        height: 8;
        align-horizontal: center;
    }
    GameTable .hand-card {
        height: auto;
    }
    GameTable .hand-card.unplayable {
        opacity: 55%;
    }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        *(Binding(str((n + 1) % 10), f"pick({n})", show=False) for n in range(10)),
        Binding("minus", "pick(10)", show=False),
    ]
    """The arrows move along the hand; number keys pick a card of it, 1 to 0 then - (the
    slots' labels on screen). Ctrl+L (the frame's, last in the footer) opens the log."""

    class Chosen(Message):
        """The player at the keyboard chose a move."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    class HintWithdrawn(Message):
        """The cursor left the hint's card: the hint no longer says what Enter does, so the
        status line says again what the seat can do."""

    class Said(Message):
        """Something to say on the status line (a refused choice, a pointer)."""

        def __init__(self, text: str, refused: bool = False) -> None:
            super().__init__()
            self.text = text
            self.refused = refused

    MIN_WIDTH, MIN_HEIGHT = LEAST_WINDOW
    HAND_SLOTS = 24
    """Card places in the hand row (as many as `hand_slots` says fit are used)."""

    def __init__(self, classes: str | None = None) -> None:
        super().__init__(id="game-table", classes=classes)
        self.view: ViewT | None = None
        self.names: list[str] = []
        """The players' names, by seat, as the last `show` gave them."""
        self.legal: list[MoveT] = []
        self.interactive = False
        """Whether the seat shown may move now."""
        self.hand: list[Any] = []
        """The viewer's hand in the order the table shows it."""
        self.cursor = 0
        """The place in `hand` of the card under the cursor."""
        self.hinted: MoveT | None = None
        """The move the last hint named, until the table changes: Enter on it, or the one key
        the hint named, makes exactly this move (never a menu of moves to choose from)."""
        self.scale = Scale.COMPACT
        """How big the table draws its cards, from its size (`card_art.scale_for`)."""
        self.open_hands = False
        """True where every hand is shown beside the table (a replay): the table does not say
        that hands are hidden."""
        self.lit: dict[object, float] = {}
        """What has just landed on the table (a table's own keys: ('discard',), ('run', 2)),
        with the moment its highlight ends."""

    def compose(self) -> ComposeResult:
        yield from self.compose_table()
        yield MoveLog(id="log")
        yield Static(id="hand-title")
        yield HandRow(self.HAND_SLOTS)

    def on_mount(self) -> None:
        self.query_one(MoveLog).border_title = "Log · Ctrl+L folds it"
        self._fold_log()

    def on_resize(self) -> None:
        """A table grows its cards with the room it has, and draws itself again at the new
        size."""
        scale = scale_for(self.size.width, self.size.height)
        if scale is not self.scale:
            self.scale = scale
            self.set_class(scale is Scale.ROOMY, "-roomy")
            self.set_class(scale is Scale.LARGE, "-large")
            self._fold_log()
        if self.view is not None:
            self.redraw()

    def redraw(self) -> None:
        """Draw again what the last `show` gave (a new size, a highlight over)."""
        if self.view is not None:
            self.show(self.view, self.names, self.legal, self.interactive)

    def toggle_log(self) -> None:
        """Open the log over the lower table, or fold it to its last lines again; the felt is
        drawn again for the room it has."""
        self.toggle_class("-log-open")
        self._fold_log()
        self.query_one(MoveLog).scroll_end(animate=False)
        self.call_after_refresh(self.redraw)

    status_extra = 0
    """Rows the status line under the table takes beyond its usual two (a long refusal)."""

    def give_status_rows(self, extra: int) -> None:
        """The status line needs `extra` rows beyond its two: the folded log gives them up (to
        none at all), so the felt keeps its height and nothing on it is cut."""
        if extra != self.status_extra:
            self.status_extra = extra
            self._fold_log()

    def _fold_log(self) -> None:
        """The log's height: the stylesheet's while open, else its folded rows at this scale
        less those a long status line takes."""
        log = self.query_one(MoveLog)
        if self.has_class("-log-open"):
            log.styles.clear_rule("height")
            return
        log.styles.height = max(FOLDED_LOG_ROWS[self.scale] - max(self.status_extra, 0), 0)

    # Motion: what has just landed is lit for a moment

    LANDED_SECONDS = 0.3

    def land(self, *things: object) -> None:
        """Light these things where they landed for a moment (none at all when animations are
        off: TEXTUAL_ANIMATIONS=none); the table draws them lit while `landed` says so."""
        if not things or self.app.animation_level == "none":
            return
        until = time.monotonic() + self.LANDED_SECONDS
        for thing in things:
            self.lit[thing] = until
        self.set_timer(self.LANDED_SECONDS + 0.02, self._landed_over)

    def felt_colour(self, name: str) -> str:
        """One of the felt's colours (`landed`, `cursor` and the others) as the theme gives it,
        for a Rich style."""
        return self.app.theme_variables.get(name, "")

    def landed_style(self) -> str:
        """The style of what has just landed: the theme's `$landed`, bold."""
        colour = self.felt_colour("landed")
        return f"bold {colour}" if colour else "bold reverse"

    def landed(self, thing: object) -> bool:
        """True while `thing` has just landed (lit on the table)."""
        until = self.lit.get(thing)
        return until is not None and time.monotonic() < until

    def _landed_over(self) -> None:
        now = time.monotonic()
        over = [thing for thing, until in self.lit.items() if until <= now]
        for thing in over:
            del self.lit[thing]
        if over:
            self.redraw()

    def compose_table(self) -> ComposeResult:
        """What the table shows above the hand row."""
        raise NotImplementedError

    def show(self, view: ViewT, names: list[str], legal: list[MoveT], interactive: bool) -> None:
        """Draw `view`; `legal` are the viewer's moves, `interactive` whether she may move now."""
        raise NotImplementedError

    @property
    def shown(self) -> ViewT:
        """The view the table draws (`show` has given one before anything is drawn)."""
        if self.view is None:
            raise RuntimeError(f"{type(self).__name__} drew before it was shown a view")
        return self.view

    title_drawn: tuple[object, ...] = ()
    """What the hand's title was last drawn from (its words, style and spans)."""

    MOVE_KEYS: ClassVar[frozenset[str]] = frozenset()
    """The actions of the keys that make moves: in the footer only while the viewer may move
    (not while she waits for the others)."""

    def keep(self, view: ViewT, names: list[str], legal: list[MoveT], interactive: bool) -> None:
        """Keep what `show` was given, for the drawing and the keys that follow."""
        keys_change = bool(self.MOVE_KEYS) and interactive != self.interactive
        self.view, self.names, self.legal, self.interactive = view, names, legal, interactive
        if keys_change:  # the footer is laid out again only when its move keys come or go
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A move key shows (and acts) only while the viewer may move."""
        return self.interactive if action in self.MOVE_KEYS else True

    def card_look(self, card: Any) -> Look:
        """How this table draws a card (Runway names a Joker by its suit)."""
        return card_faces.look(card)

    def hand_order(self, cards: list[Any]) -> list[Any]:
        """A hand in the order this table shows hands (as dealt, unless the game sorts them)."""
        return list(cards)

    def new_hand(self, hand: list[Any]) -> bool:
        """Take `hand` as the one shown, the cursor kept on it; False if it had not changed."""
        if hand == self.hand:
            return False
        self.hand = hand
        self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        return True

    def who(self, seat: int) -> str:
        """The name of the player in `seat`."""
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def may_act(self) -> bool:
        """True if the player at the keyboard may move now; else say why she may not."""
        if not self.interactive:
            self.post_message(self.Said("It is not your turn: wait for the players before you."))
        return self.interactive

    def ready(self) -> bool:
        """True once every widget the table draws into is mounted (nested ones mount late)."""
        return all(len(row.cards) == row.slots for row in self.query(HandRow))

    # The hand row

    def draw_hand(self) -> None:
        """Draw the hand row: its title and the cards (each table says how)."""
        raise NotImplementedError

    def hand_title(self, line: str | Text | None) -> None:
        """Put `line` over the hand row; None says the hands are hidden (no seat's turn here)."""
        text = Text(HANDS_HIDDEN) if line is None else Text(line) if isinstance(line, str) else line
        drawn = (text.plain, str(text.style), tuple(text.spans))
        if drawn == self.title_drawn:
            return  # an arrow key redraws the hand: the same title would repaint its whole row
        self.title_drawn = drawn
        text.no_wrap, text.overflow = True, "ellipsis"  # one line, always: cut, never wrapped
        self.query_one("#hand-title", Static).update(text, layout=False)

    def draw_cards(
        self,
        looks: Sequence[Look],
        first: int | None = None,
        numbered_from: int = 0,
        keys: str = SLOT_KEYS,
        unplayable: Collection[int] = (),
        cursor: int | None = None,
        selected: Collection[int] = (),
    ) -> None:
        """Put `looks[first:]` in the hand row's places as overlapping cards (the rest hidden):
        a table that gives `first` scrolls its hand, `hand_slots` cards at a time; one that does
        not shows every card, overlapping closer when they are many.
        The card at `numbered_from` gets the first of `keys` on its top edge, the next the
        second, and so on; the others, by their place in `looks`, are dimmed and lowered if
        `unplayable` (the rest stand raised while the viewer may move), drawn with a heavy edge
        as the `cursor` or a double edge when `selected` (which also puts MARKED beside its
        key)."""
        scrolls = first is not None
        first = first or 0
        row = self.query_one(HandRow)
        shown = min(len(looks) - first, self.hand_slots() if scrolls else len(row.cards))
        size = self.hand_card_size(shown)
        if row.display != bool(looks):  # no hand shown (a spectator): the felt takes its room
            row.display = bool(looks)
        cells = row.cards
        last = first + shown - 1
        for slot, cell in enumerate(cells):
            index = first + slot
            cell.display = slot < shown
            if not cell.display:
                continue
            key = index - numbered_from
            edge = HEAVY if index == cursor else DOUBLE if index in selected else ROUND
            raised = self.interactive and (index not in unplayable or index in selected)
            label = keys[key] if 0 <= key < len(keys) else ""
            if index in selected:  # seen under the cursor's heavy edge too, and without colour
                label += MARKED
            cell.draw(looks[index], size, label, edge, raised, index == last)
            cell.set_class(index in unplayable, "unplayable")  # the cursor is in its edge

    def hand_slots(self) -> int:
        """How many hand cards the row shows at once: as many as its width takes at this scale
        (a table whose hand is longer scrolls it, `hand_row_start`)."""
        size = HAND_CARD[self.scale]
        room = self.query_one(HandRow).content_size.width or self.size.width - 4
        return max(1, min(self.HAND_SLOTS, (room - size.width) // size.step + 1))

    def hand_card_size(self, cards: int) -> CardSize:
        """The size of a hand card at this scale, its step narrowed so that `cards` fit the
        row."""
        size = HAND_CARD[self.scale]
        room = self.query_one(HandRow).content_size.width or self.size.width - 4
        if cards > 1 and size.width + (cards - 1) * size.step > room:
            step = max((room - size.width) // (cards - 1), 3)
            return CardSize(size.width, size.height, step)
        return size

    def items(self) -> int:
        """How many things the arrows move along (the hand's cards)."""
        return len(self.hand)

    def action_move(self, step: int) -> None:
        """Arrows move along the hand."""
        if self.items():
            self.point_at((self.cursor + step) % self.items())

    def point_at(self, index: int) -> None:
        """Put the cursor on the hand's card (or item) at `index`. Moved off a card, a hint
        standing is withdrawn: Enter then acts on the card under the cursor, not the one the
        hint named."""
        moved = index != self.cursor
        self.cursor = index
        self.draw_hand()
        if moved and self.hinted is not None:
            self.hinted = None
            self.post_message(self.HintWithdrawn())

    def action_pick(self, slot: int) -> None:
        """A number key or a click picks this card of the hand; each table says what for."""
        raise NotImplementedError

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click on a hand card picks it, as its number key does."""
        self.action_pick(message.slot)

    # Moves

    def make(self, move: Move) -> None:
        """The player at the keyboard makes `move` (the table screen plays it)."""
        self.post_message(self.Chosen(move))

    def menu(
        self,
        title: str,
        choices: list[tuple[str, Any]],
        then: Callable[[Any], None] | None = None,
    ) -> None:
        """A menu of `choices` (label, choice): the one chosen is made as a move, or given to
        `then`; Escape chooses nothing."""

        def chosen(choice: Any) -> None:
            if choice is not None:
                (then or self.make)(choice)

        self.app.push_screen(MoveMenu(title, choices, self.least_window), callback=chosen)

    @property
    def least_window(self) -> tuple[int, int]:
        """The smallest window this table is drawn in (columns, rows)."""
        return self.MIN_WIDTH, self.MIN_HEIGHT

    def move_menu(self, title: str, moves: Sequence[MoveT]) -> None:
        """A menu of these moves in words, the hinted one first (Enter in the menu makes it)."""
        hinted = self.hinted
        if hinted is not None and hinted in moves:
            moves = [hinted, *(m for m in moves if m != hinted)]
        self.menu(title, [(self.move_label(m), m) for m in moves])

    # What the table screen asks

    def interlude(self, events: list[Event], view: ViewT, names: list[str]) -> Screen | None:
        """A screen to show after these events before play goes on (a hand's summary); `view`
        is the game as it stands after them (any seat's: each has `history` and `over`)."""
        summary = self.summary(events, view, names)
        return None if summary is None else GameSummaryScreen(summary)

    def summary(self, events: list[Event], view: ViewT, names: list[str]) -> Summary | None:
        """The rows of the summary to show after these events (a hand, a round or a game
        scored); None for none."""
        return None

    def linger_after(self, events: list[Event]) -> float:
        """Seconds the table wants to stay still after these events before a bot moves on
        (a finished trick to be seen); 0 for nothing worth the wait."""
        return 0.0

    def unseen_answer(self, view: ViewT, legal: list[MoveT]) -> tuple[str, MoveT] | None:
        """A move a person may make at the handoff without seeing her hand, in words ('offer
        nothing'), with the move; None where every move needs the hand (`view` is a
        spectator's)."""
        return None

    shared_keyboard = False
    """True at one keyboard shared by several people (handoffs between them): a table may then
    ask a person ahead for an answer she would otherwise be handed the keyboard for again."""

    def answer_given(self, view: ViewT, legal: list[MoveT]) -> MoveT | None:
        """The move a person already chose ahead for this moment (`shared_keyboard`), made for
        her without a handoff; None to ask her (`view` is hers, not shown)."""
        return None

    def before_handoff(self, view: ViewT) -> Screen | None:
        """A screen the person leaving the keyboard still has to see over her own table before
        it is handed on (Run It: the card she got and cannot play); None to hand it on at once
        (`view` is hers)."""
        return None

    def move_label(self, move: MoveT) -> str:
        """The move in a few words for a menu or a hint (a table may add the players' names)."""
        return move.brief()

    def letter_of(self, move: MoveT) -> str | None:
        """The letter key of this table that makes `move` (or opens the menu it is in), for
        the phone-sized table in a terminal; None where no letter does."""
        return None

    def suggest(self, move: MoveT) -> str:
        """Point at a hinted move on the table without playing it; say which key plays it.

        The answer names Enter ("Enter places it.") or one key ("Press p."); `hinted` is set
        to `move` before this is asked.
        """
        raise NotImplementedError

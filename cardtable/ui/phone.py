"""A phone-sized table: one seat's game (or a spectator's, with no hand and no buttons) in a
window too small for the game's own table (a phone held upright, about 40x50, or sideways,
about 90x20).

Every game the same way, from its view and legal moves: the other players a line each, the
cards in play (ui/phone_play.py), the hand as chips that wrap, and a big button for each move
no card of the hand names (draw, pass, claim, let it go). A tap on a card selects it; a second
tap plays it, or opens a menu when it can make several moves. Keys work too: ← → and Enter,
and Enter after a hint makes the hinted move. A browser's page (a phone) says "tap"; a small
terminal says which key, since a terminal is worked from its keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Static

from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.undo import shown_cards
from cardtable.ui.app_api import table_app
from cardtable.ui.card_art import chip
from cardtable.ui.card_faces import look, turn
from cardtable.ui.phone_play import play_lines

HINT = object()
"""The Hint button's place among the moves' buttons."""
LOG_LINES = 3
"""The log's last lines shown over the hand."""
WIDE = 60
"""From this many columns (a phone held sideways) the buttons sit two a row."""
KEYS_LINE = "← → a card · Enter plays it · Tab the buttons · h hint · ? rules · Ctrl+Q quit"
"""The keys of the phone-sized table, under it in a terminal (a phone's page is tapped)."""
SELECTED = "reverse bold"
"""A selected card: its chip in reverse."""
CURSOR = "underline"
"""The card under the keys' cursor in a terminal, selected or not (a card with no move is
never selected, and ← → must still show where they are)."""


def shared_words(labels: list[str]) -> str:
    """The words several moves' labels share, for one button over them all: 'Take the …
    from the bin (8)'."""
    first = [label.split() for label in labels]
    head: list[str] = []
    for words in zip(*first, strict=False):
        if len(set(words)) > 1:
            break
        head.append(words[0])
    tail: list[str] = []
    for words in zip(*(list(reversed(w)) for w in first), strict=False):
        if len(set(words)) > 1 or len(head) + len(tail) >= min(map(len, first)):
            break
        tail.insert(0, words[0])
    return " ".join([*head, "…", *tail]) + f" ({len(labels)})"


def card_moves(card: Any, legal: list[Any]) -> list[Any]:
    """The legal moves that name `card`."""
    return [move for move in legal if shown_cards(move)[card]]


class PhoneHand(Static):
    """The hand as chips wrapped to the width; a click says which card it fell on."""

    class Tapped(Message):
        """A card of the hand was tapped (clicked)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self) -> None:
        super().__init__(id="phone-hand")
        self.places: list[tuple[int, int, int, int]] = []
        """(row, first column, last column + 1, index in the hand) of each chip drawn."""

    def draw(
        self,
        hand: list[Any],
        selected: int | None,
        playable: set[int],
        width: int,
        cursor: int | None = None,
    ) -> None:
        """Draw `hand`, `selected` marked, the cards in `playable` bright, the rest dim, the
        card at `cursor` (a terminal's keys) underlined."""
        lines: list[Text] = [Text()]
        self.places = []
        for index, card in enumerate(hand):
            face = chip(look(card))
            if index == selected:
                face.stylize(SELECTED)
            elif index not in playable:
                face.stylize("dim")
            if index == cursor:
                face.stylize(CURSOR)
            if lines[-1].cell_len + face.cell_len + 1 > width and lines[-1].cell_len:
                lines.append(Text())
            line = lines[-1]
            start = line.cell_len
            line.append_text(face)
            line.append(" ")
            self.places.append((len(lines) - 1, start, start + face.cell_len, index))
        shown = Text("\n").join(lines)
        shown.no_wrap = True
        self.update(shown)

    def on_click(self, event: events.Click) -> None:
        """The card under the tap, if any."""
        for row, first, last, index in self.places:
            if event.y == row and first <= event.x < last:
                event.stop()
                self.post_message(self.Tapped(index))
                return


class PhoneTable(VerticalScroll):
    """One seat's table on a phone: who plays, what is in play, her hand, the moves' buttons
    (a spectator's: who plays and what is in play)."""

    class Chosen(Message):
        """A move was chosen on the phone table."""

        def __init__(self, move: Any) -> None:
            super().__init__()
            self.move = move

    class Hinted(Message):
        """The Hint button was pressed."""

    class Said(Message):
        """Words for the status line (what a tap did)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    DEFAULT_CSS = """
    PhoneTable {
        height: 1fr;
        background: $felt;
        color: $felt-text;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    PhoneTable #phone-seats, PhoneTable #phone-play {
        height: auto;
        margin-bottom: 1;
    }
    PhoneTable #phone-hand-title {
        height: 1;
        text-style: bold;
    }
    PhoneTable #phone-hand {
        height: auto;
        margin-bottom: 1;
    }
    PhoneTable #phone-log {
        height: auto;
        color: $felt-muted;
        margin-bottom: 1;
    }
    PhoneTable #phone-buttons {
        height: auto;
        grid-size: 1;
        grid-gutter: 1 1;
        grid-rows: auto;
    }
    PhoneTable #phone-buttons Button {
        width: 100%;
        min-width: 8;
        height: 1;
        border: none;
    }
    PhoneTable #phone-keys {
        height: auto;
        margin-top: 1;
        color: $felt-muted;
    }
    PhoneTable #phone-buttons Button.-big {
        height: 3;
        border: tall $primary-lighten-2;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="phone-table")
        self.hand: list[Any] = []
        self.legal: list[Any] = []
        self.interactive = False
        self.selected: int | None = None
        self.cursor = 0
        self.buttons: list[Any] = []
        """The moves the buttons make, in their order."""
        self.hinted: Any = None
        """The move the last hint named (its card's menu opens on it)."""
        self.label = str
        """The move in words (the game table's `move_label`)."""
        self.letter: Callable[[Any], str | None] = lambda move: None
        """The game table's letter for a move (`letter_of`): a terminal's buttons take it."""
        self.can_focus = True

    def compose(self) -> ComposeResult:
        """Who plays, what is in play, the log's last lines, the hand, the moves' buttons."""
        yield Static(id="phone-seats")
        yield Static(id="phone-play")
        yield Static(id="phone-log")
        yield Static(id="phone-hand-title")
        yield PhoneHand()
        yield Grid(id="phone-buttons")
        yield Static(id="phone-keys")

    def show(
        self,
        game_id: str,
        view: Any,
        names: list[str],
        legal: list[Any],
        interactive: bool,
        label: Any,
        claim_key: str = "",
        log: list[str] | None = None,
        order: Callable[[list[Any]], list[Any]] = list,
        letter: Callable[[Any], str | None] = lambda move: None,
    ) -> None:
        """Draw `view` for its seat; `legal` its moves, `interactive` whether she may move;
        `order` puts a hand in the order the game's table shows it; `log` the last lines of the
        game's log (drawn once its widgets are mounted); `letter` the game table's letter key
        for a move (a terminal's buttons name it and take it)."""
        if not self.query("#phone-buttons"):
            self._waiting = (
                game_id, view, names, legal, interactive, label, claim_key, log, order, letter
            )  # fmt: skip
            return
        self.label, self.letter = label, letter
        said = Text("\n").join(Text(line) for line in (log or [])[-LOG_LINES:])
        self.query_one("#phone-log", Static).update(said)
        hand = order(list(view.hand or []))
        if hand != self.hand:
            self.selected = None
        if legal != self.legal:
            self.hinted = None
        self.hand, self.legal, self.interactive = hand, legal if interactive else [], interactive
        self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        self.query_one("#phone-seats", Static).update(self._seats(view, names))
        play = play_lines(game_id, view, names)
        self.query_one("#phone-play", Static).update(Text("\n").join(play) if play else "")
        watching = view.hand is None  # a spectator's page: every player a line, no hand
        title = self.query_one("#phone-hand-title", Static)
        title.display = self.query_one(PhoneHand).display = not watching
        title.update(f"Your hand · {len(hand)}")
        self._draw_hand()
        window = getattr(view, "window", None)
        self._draw_buttons(claim_key, window.verb if window is not None else "claim")
        keys = self.query_one("#phone-keys", Static)
        keys.display = not self.touch and not watching
        if keys.display:
            keys.update(KEYS_LINE)

    def on_resize(self) -> None:
        """Two buttons a row where the window is wide (a phone held sideways), one where not."""
        columns = 2 if self.size.width >= WIDE else 1
        self.query_one("#phone-buttons", Grid).styles.grid_size_columns = columns
        self._draw_hand()

    @property
    def touch(self) -> bool:
        """True on a browser's page (a phone's), worked by taps; False in a terminal."""
        return table_app(self).where == "browser"

    def how(self, move: Any) -> str:
        """How a hinted move is made here: a tap on its card or its button (on a phone), or
        Enter (in a terminal: the hint selected its card, or Enter makes a button's move)."""
        if not self.touch:
            return "Enter does it."
        if any(shown_cards(move)[card] for card in self.hand):
            return "Tap the selected card again to do it."
        return "Tap its button."

    def point_at(self, move: Any) -> None:
        """Select the card a hinted move names (a second tap makes it, or opens its menu on
        the hinted line); a move no card names has its button already."""
        self.hinted = move
        for index, card in enumerate(self.hand):
            if shown_cards(move)[card]:
                self.selected = self.cursor = index
                self._draw_hand()
                return

    _waiting: tuple[Any, ...] | None = None
    """What `show` was given before the widgets were mounted."""

    def on_mount(self) -> None:
        """Draw what `show` was given before the widgets were mounted."""
        if self._waiting is not None:
            waiting, self._waiting = self._waiting, None
            self.call_after_refresh(self.show, *waiting)

    def _seats(self, view: Any, names: list[str]) -> Text:
        """The other players (every player, for a spectator), a line each: the turn marked,
        her cards in hand."""
        lines = []
        for seat, name in enumerate(names):
            if seat == view.seat:
                continue
            acting = seat in view.to_act
            line = Text("▶ " if acting else "  ", style="bold")
            line.append(name, style="bold")
            line.append(f" · {view.hand_sizes[seat]} in hand")
            if acting:
                line.stylize(turn(), 0, len(name) + 2)
            lines.append(line)
        window = getattr(view, "window", None)
        if view.seat is not None and view.seat in view.to_act:
            if window is not None and view.seat in window.open_to:
                what = f"▶ The {window.card} is up: {window.verb} it or let it go"
                lines.append(Text(what, style="bold"))
            else:
                lines.append(Text("▶ You play now", style="bold"))
        return Text("\n").join(lines)

    def _playable(self) -> set[int]:
        return {n for n, card in enumerate(self.hand) if card_moves(card, self.legal)}

    def _draw_hand(self) -> None:
        width = max(self.scrollable_content_region.width, 20)
        cursor = None if self.touch else self.cursor
        self.query_one(PhoneHand).draw(self.hand, self.selected, self._playable(), width, cursor)

    def _draw_buttons(self, claim_key: str, verb: str = "claim") -> None:
        """A button for each move that names no card of the hand, Hint first; several moves of
        one kind (take this or that card from the bin) share one button that opens their
        menu, so every button is on the screen at once (a phone's page does not scroll by
        touch). Drawn again only when the moves change."""
        held = set(self.hand)
        loose = [m for m in self.legal if not (set(shown_cards(m)) & held)]
        kinds: dict[type, list[Any]] = {}
        for move in loose:
            kinds.setdefault(type(move), []).append(move)
        buttons: list[Any] = [HINT] if self.interactive else []
        for kind in kinds.values():
            buttons.append(kind[0] if len(kind) == 1 else tuple(kind))
        if buttons == self.buttons:
            return
        self.buttons = buttons
        grid = self.query_one("#phone-buttons", Grid)
        grid.remove_children()
        # Classes, not ids: the old buttons are removed a moment later, and an id may be
        # given once only. Labels are Text: a player's name in them is never markup.
        for number, move in enumerate(buttons):
            classes = f"phone-move phone-move-{number}"
            if move is HINT:
                grid.mount(Button(Text("Hint" if self.touch else "Hint (h)"), classes=classes))
                continue
            letter = self._letter_of(move)
            if isinstance(move, tuple):
                words = shared_words([self.label(one) for one in move])
            elif isinstance(move, Claim):
                words = f"{verb.capitalize()} it ({claim_key})" if claim_key else f"{verb} it"
                classes += " -big"
            elif isinstance(move, LetGo):
                words, classes = "Let it go", classes + " -big"
            else:
                words = self.label(move)
            words = words[:1].upper() + words[1:] + (f" ({letter})" if letter else "")
            grid.mount(Button(Text(words), classes=classes, variant="primary"))

    def _letter_of(self, button: Any) -> str | None:
        """The letter that presses a button in a terminal: the game table's for its move (for
        all of a shared button's moves, if they have one); none on a phone's page."""
        if self.touch or button is HINT:
            return None
        letters = {
            self.letter(move) for move in (button if isinstance(button, tuple) else [button])
        }
        return letters.pop() if len(letters) == 1 else None

    # Taps and keys

    def on_phone_hand_tapped(self, message: PhoneHand.Tapped) -> None:
        """A card of the hand was tapped."""
        message.stop()
        self.tap(message.index)

    def tap(self, index: int) -> None:
        """A tap on a card: select it; on the selected one, play it (a menu if it can make
        several moves)."""
        if not 0 <= index < len(self.hand):
            return
        card = self.hand[index]
        moves = card_moves(card, self.legal)
        if not self.interactive:
            self.post_message(self.Said("It is not your turn: wait for the players before you."))
            return
        if not moves:
            self.selected = None
            self._draw_hand()
            self.post_message(self.Said(f"The {look(card).corner} has no move now."))
            return
        if self.selected != index:
            self.selected = self.cursor = index
            self._draw_hand()
            what = self.label(moves[0]) if len(moves) == 1 else f"{len(moves)} moves"
            again = "Tap it again" if self.touch else "Enter, or click it again"
            self.post_message(self.Said(f"{again}: {what}."))
            return
        self.selected = None
        if len(moves) == 1:
            self.post_message(self.Chosen(moves[0]))
            return
        # The moves of this card alone first (a discard, a play), then those it makes with
        # others (a meld): the short list a phone's menu shows whole.
        moves.sort(key=lambda move: sum(shown_cards(move).values()))
        self.menu(f"The {look(card).corner}", moves)

    def menu(self, title: str, moves: list[Any]) -> None:
        """A menu of `moves` (the hinted one first, where it is one of them); the one chosen
        is made."""
        from cardtable.ui.screens.move_menu import MoveMenu

        if self.hinted in moves:  # the menu opens on the hinted line
            moves = [self.hinted, *(move for move in moves if move != self.hinted)]

        def chosen(move: Any) -> None:
            if move is not None:
                self.post_message(self.Chosen(move))

        self.app.push_screen(
            MoveMenu(title, [(self.label(m), m) for m in moves], touch=self.touch),
            callback=chosen,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A move's button (or a kind's, which opens its menu), or Hint."""
        event.stop()
        places = [name for name in event.button.classes if name.startswith("phone-move-")]
        number = int(places[0].rsplit("-", 1)[-1]) if places else -1
        if 0 <= number < len(self.buttons):
            self.press(self.buttons[number])

    def press(self, button: Any) -> None:
        """What a button does: Hint, its move, or the menu of its moves."""
        if button is HINT:
            self.post_message(self.Hinted())
        elif isinstance(button, tuple):
            moves = list(button)
            self.menu(shared_words([self.label(one) for one in moves]), moves)
        else:
            self.post_message(self.Chosen(button))

    def on_key(self, event: events.Key) -> None:
        """← → move the cursor through the hand; Enter makes the hinted move, or taps the card
        under the cursor (a button with the keyboard takes Enter itself)."""
        if event.key in ("left", "right") and self.hand:
            event.stop()
            self.focus()  # the hand has the keys again (Enter is the card's, not a button's)
            step = 1 if event.key == "right" else -1
            self.cursor = (self.cursor + step) % len(self.hand)
            self.selected = None
            self.tap(self.cursor)
        elif self.interactive and event.character and self._pressed_by(event.character):
            event.stop()
        elif event.key == "enter":
            self._enter(event)

    def _enter(self, event: events.Key) -> None:
        """Enter: the hinted move, else the selected card's, else the card under the cursor;
        left to others while a button has the keyboard (its own move) or a hint is thought of
        (the frame makes it once it is in)."""
        focused = self.app.focused
        hint_button = (
            isinstance(focused, Button)
            and focused.has_class("phone-move-0")
            and self.buttons[:1] == [HINT]
        )
        if self._hinting() or (isinstance(focused, Button) and not hint_button):
            return
        if hint_button and not self._on_hint():
            return  # Enter on Hint asks for one
        if self._on_hint():  # (on Hint too, once it is in: not the same hint again)
            event.stop()  # exactly the hinted move, never a menu of its card's moves
            self.post_message(self.Chosen(self.hinted))
        elif self.selected is not None:
            event.stop()
            self.tap(self.selected)
        elif self.hand and not self._in_window():
            event.stop()  # the card under the cursor: selected, or why it has no move
            self.tap(self.cursor)

    def _hinting(self) -> bool:
        """True while the table thinks of a hint: Enter then waits for it (the frame's)."""
        return bool(getattr(self.screen, "hint_pending", False))

    def _in_window(self) -> bool:
        """True while a card is up to claim or let go (Enter lets it go: the frame's key)."""
        return any(isinstance(move, LetGo) for move in self.legal)

    def _pressed_by(self, key: str) -> bool:
        """Press the button whose letter `key` is, if one is (a terminal's, never a phone's)."""
        button = next((b for b in self.buttons if self._letter_of(b) == key), None)
        if button is not None:
            self.press(button)
        return button is not None

    def _on_hint(self) -> bool:
        """True while Enter would make the hinted move: it is hers to make, and no card but
        its own is selected (a move with a button has none)."""
        if not self.interactive or self.hinted not in self.legal:
            return False
        return self.selected is None or bool(shown_cards(self.hinted)[self.hand[self.selected]])

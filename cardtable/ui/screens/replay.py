"""A finished game replayed move by move, every hand open, with the bot's advice beside each
move a person made (bots/replay.py makes the positions and the advice; this screen draws them
with the game's own table)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from cardtable.bots.replay import Replay
from cardtable.engine.words import plural, sentences
from cardtable.ui.card_art import chip
from cardtable.ui.keys_footer import KeysFooter
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import GameTable

AGREED = "✓"
PARTED = "✗"
MOVER = "◆"
"""Marks the hand of the player who made the move shown (the table's ▶ is whose turn is next)."""


class ReplayScreen(Screen[None]):
    """Steps through a finished game: the table as it stood after each move, drawn for the
    player who made it (her hand in the hand row), every other hand face up beneath it, the
    move's log lines and, for a person's move, the hint the bot would have given there."""

    BINDINGS = [
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("left", "step(-1)", "Prev", key_display="←", priority=True),
        Binding("pagedown", "step(10)", "10 on", show=False, priority=True),
        Binding("pageup", "step(-10)", "10 back", show=False, priority=True),
        Binding("home", "jump(0)", "First", key_display="Home", priority=True),
        Binding("end", "jump(-1)", "Last", key_display="End", priority=True),
        Binding("d", "parted(1)", "Hint differs", priority=True),
        Binding("D", "parted(-1)", "Previous disagreement", show=False, priority=True),
        Binding("question_mark,f1", "rules", "Rules", show=False),
        Binding("escape,q", "leave", "Close", key_display="Esc", priority=True),
    ]

    DEFAULT_CSS = """
    ReplayScreen #replay-title {
        height: 1;
        background: $felt-dark;
        color: $felt-text;
        padding: 0 1;
    }
    ReplayScreen #game-table {
        height: 1fr;
    }
    ReplayScreen #log {
        display: none;
    }
    ReplayScreen.-short #hand-title {
        display: none;
    }
    ReplayScreen #replay-hands {
        height: auto;
        background: $felt-dark;
        color: $felt-text;
        padding: 0 1;
    }
    ReplayScreen #replay-note {
        height: auto;
        min-height: 2;
        background: $felt-dark;
        color: $landed;
        padding: 0 1;
    }
    ReplayScreen #replay-note.parted {
        color: $felt-text;
        background: $warning-darken-3;
    }
    """

    def __init__(self, replay: Replay, when: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.when = when
        """When the game was played, for the title ('24 Nov 2026'); empty if unknown."""
        self.at = 0
        """The position shown: the moves made so far (0: the deal)."""
        self.table: GameTable[Any, Any] = table_for(replay.game.id)()
        self.table.can_focus = False
        self.table.open_hands = True

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        yield self.table
        yield Static(id="replay-hands")
        yield Static(id="replay-note")
        yield KeysFooter()

    SHORT = 30
    """Below this many rows the table is drawn as a spectator sees it (no hand row) and the
    mover's hand joins the others under it, as a line of its own."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._begin)

    def on_resize(self) -> None:
        """A short window draws every hand as a line; a taller one the mover's as cards."""
        short = self.size.height < self.SHORT
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            if self.table.ready():
                self.show(self.at)

    def _begin(self) -> None:
        """Draw once the table's nested widgets are mounted."""
        if not self.table.ready():
            self.call_after_refresh(self._begin)
            return
        self.show(self.at)

    # Drawing

    def show(self, number: int) -> None:
        """Show the table as it stood after `number` moves."""
        replay = self.replay
        self.at = number = max(0, min(number, replay.last))
        seat = replay.mover(number)
        # A short window draws the public table (every player around it, no hand row) and
        # every hand beneath; a taller one the mover's table, her hand as cards.
        short = self.has_class("-short")
        view = replay.game.view(replay.position(number), None if short else seat)
        self.table.show(view, replay.names, [], False)
        self.table.hand_title(Text(f"{replay.names[seat]}'s hand", style="bold"))
        self.query_one("#replay-title", Static).update(self._title(number))
        self.query_one("#replay-hands", Static).update(self._hands(number, seat))
        note, parted = self._note(number)
        widget = self.query_one("#replay-note", Static)
        widget.update(note)
        widget.set_class(parted, "parted")

    def _title(self, number: int) -> Text:
        replay = self.replay
        where = f"move {number} of {replay.last}" if number else f"the deal ({replay.last} moves)"
        title = Text.assemble(("Replay", "bold"), f"  ·  {replay.game.name}")
        if self.when:
            title.append(f"  ·  {self.when}")
        title.append(f"  ·  {where}  ·  every hand shown")
        title.no_wrap, title.overflow = True, "ellipsis"
        return title

    def _hands(self, number: int, shown: int) -> Text:
        """Every other player's hand, face up, a line each (in a short window the mover's
        too, marked MOVER: the hand row is not drawn)."""
        replay = self.replay
        short = self.has_class("-short")
        width = max(len(name) for name in replay.names)
        lines = Text()
        for seat, hand in enumerate(replay.hands(number)):
            if seat == shown and not short:
                continue
            mark = f"{MOVER} " if seat == shown else "  "
            line = Text(f"{mark}{replay.names[seat]:<{width}} ", style="bold")
            line.append(f"{len(hand):>2} ")
            for card in self.table.hand_order(hand):  # as the table sorts and draws the mover's
                line.append_text(chip(self.table.card_look(card)))
            line.no_wrap, line.overflow = True, "ellipsis"
            if lines:
                lines.append("\n")
            lines.append_text(line)
        return lines

    def _note(self, number: int) -> tuple[Text, bool]:
        """What happened at this move and, for a person's move, what the bot would have
        played; True when they parted."""
        replay = self.replay
        if number == 0:
            count = sum(
                1
                for n in range(1, replay.last + 1)
                if (advice := replay.advice(n)) is not None and not advice.agrees
            )
            parted = (
                f"A person and the hint parted at {plural(count, 'move')}: d jumps to the next."
                if count
                else "Every person's move was the one the hint would have given."
            )
            return Text(
                f"The deal. → steps through the game; End jumps to its end. {parted}"
            ), False
        made = replay.moves[number - 1]
        # A move the log keeps face down (an offer) is told whole: every hand is open here.
        said = sentences(*made.lines) or sentences(made.move.describe(replay.names[made.seat]))
        before = replay.game.view(replay.position(number - 1), made.seat)
        if made.lines and made.move.face_down:
            said += f" ({self._label(made.move, before)})"
        if made.timed:
            said += " (the window's time ran out)"
        note = Text(f"{number}. {said}")
        advice = replay.advice(number)
        if advice is None:
            return note, False
        label = self._label(advice.move, before)
        said = sentences(label, advice.why)
        name = replay.names[made.seat]
        if advice.agrees:
            how = f"{name} followed the hint she asked for" if advice.shown else "The hint agreed"
            note.append(f"\n{AGREED} {how}: {said}")
            return note, False
        how = f"{name} asked for a hint, which was" if advice.shown else "The hint would have been"
        note.append(f"\n{PARTED} {how}: {said}", style="bold")
        return note, True

    def _label(self, move: Any, view: Any) -> str:
        """The move in the table's words, as they read at the moment it was chosen."""
        shown = self.table.view
        self.table.view = view
        try:
            label = self.table.move_label(move)
        finally:
            self.table.view = shown
        return label

    # Keys

    def action_step(self, moves: int) -> None:
        """Step `moves` moves on (back when negative)."""
        self.show(self.at + moves)

    def action_jump(self, number: int) -> None:
        """The deal (0) or the end (-1)."""
        self.show(self.replay.last if number < 0 else number)

    def action_parted(self, direction: int) -> None:
        """The next (or previous) move where a person and the hint parted."""
        replay = self.replay
        found = (
            replay.next_disagreement(self.at)
            if direction > 0
            else replay.previous_disagreement(self.at)
        )
        if found is None:
            which = "after" if direction > 0 else "before"
            self.notify(
                f"No move {which} this one where a person and the hint parted.",
                title="Replay",
                timeout=4,
            )
            return
        self.show(found)

    def action_rules(self) -> None:
        """The rules page of the game replayed."""
        from cardtable.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.replay.game.id, back="Back to the replay"))

    def action_leave(self) -> None:
        """Back to where the replay was opened."""
        self.dismiss()

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        """A replay makes no move: a click on a card does nothing."""
        message.stop()

    def on_game_table_said(self, message: GameTable.Said) -> None:
        """The table's own words ('not your turn') are not for a replay."""
        message.stop()

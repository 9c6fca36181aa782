"""The setup screen: seats (a person or a bot each), the seed and the game's options."""

from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import ValidationError
from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from cardtable import games
from cardtable.engine import SeatConfig, SeatKind

KIND_LABELS = [("Person", SeatKind.HUMAN), ("Bot", SeatKind.BOT), ("Random bot", SeatKind.RANDOM)]


def default_seat(i: int) -> SeatConfig:
    """Seat 1 is you; the others start as bots."""
    if i == 0:
        return SeatConfig(name="You", kind=SeatKind.HUMAN)
    return SeatConfig(name=f"Bot {i + 1}", kind=SeatKind.BOT)


class SetupScreen(Screen[None]):
    """Choose who sits where and how the game is played, then start."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start game"),
        Binding("f1", "rules", "Rules"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game = games.get(game_id)
        self.seat_count = self.game.default_seats

    def compose(self) -> ComposeResult:
        game = self.game
        with VerticalScroll(id="setup"):
            yield Static(f"[b]{game.name}[/b]: new game", id="setup-title")
            yield Static(game.blurb, id="setup-blurb")
            if len(game.seat_counts) > 1:
                yield Label("Players")
                with RadioSet(id="seat-count"):
                    for count in game.seat_counts:
                        yield RadioButton(
                            str(count), value=count == self.seat_count, name=str(count)
                        )
            yield Label("Seats (a person plays at this keyboard; bots play themselves)")
            with Vertical(id="seats"):
                for i in range(max(game.seat_counts)):
                    seat = default_seat(i)
                    with Horizontal(classes="seat-row", id=f"seat-row-{i}"):
                        yield Label(f"Seat {i + 1}", classes="seat-label")
                        yield Input(seat.name, id=f"seat-name-{i}", max_length=16)
                        yield Select(
                            KIND_LABELS, value=seat.kind, allow_blank=False, id=f"seat-kind-{i}"
                        )
            option_fields = list(game.options_model.model_fields.items())
            if option_fields:
                yield Label("Options")
                for name, field in option_fields:
                    yield from self._option_widget(name, field)
            yield Label("Seed (blank for a new shuffle; the same seed deals the same cards)")
            yield Input(placeholder="random", id="seed", type="integer")
        with Horizontal(id="setup-actions"):
            yield Button("Start the game", variant="primary", id="start")
            yield Static("Enter in any field starts too.", id="setup-error")
        yield Footer()

    def _option_widget(self, name: str, field: Any) -> ComposeResult:
        title = field.title or name.replace("_", " ").capitalize()
        default = field.default
        if isinstance(default, bool):
            yield Checkbox(title, value=default, id=f"option-{name}", tooltip=field.description)
        elif isinstance(default, Enum):
            values = [(str(member.value), member) for member in type(default)]
            yield Label(title)
            yield Select(values, value=default, allow_blank=False, id=f"option-{name}")
        else:
            yield Label(title)
            yield Input(str(default), id=f"option-{name}", type="integer")
        if field.description:
            yield Static(field.description, classes="option-help")

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#seat-name-0", Input).focus()

    def _show_seats(self) -> None:
        for i in range(max(self.game.seat_counts)):
            self.query_one(f"#seat-row-{i}").display = i < self.seat_count

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """A new number of players shows or hides seat rows."""
        self.seat_count = int(event.pressed.name or self.seat_count)
        self._show_seats()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Keep default names in step with the kind: 'Bot 3' becomes 'Player 3' and back."""
        if not (event.select.id or "").startswith("seat-kind-"):
            return
        i = int((event.select.id or "").rsplit("-", 1)[1])
        name = self.query_one(f"#seat-name-{i}", Input)
        if event.value is SeatKind.HUMAN and name.value.startswith("Bot "):
            name.value = f"Player {i + 1}"
        elif event.value is not SeatKind.HUMAN and name.value.startswith("Player "):
            name.value = f"Bot {i + 1}"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The start button."""
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in any field starts the game."""
        self.action_start()

    def action_rules(self) -> None:
        """The rules page of this game."""
        from cardtable.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game.id))

    def seats(self) -> list[SeatConfig]:
        """The seats as filled in."""
        seats = []
        for i in range(self.seat_count):
            name = self.query_one(f"#seat-name-{i}", Input).value.strip()
            kind = self.query_one(f"#seat-kind-{i}", Select).value
            seats.append(SeatConfig(name=name, kind=kind))  # type: ignore[arg-type]
        return seats

    def options(self) -> dict[str, Any]:
        """The options as chosen."""
        chosen: dict[str, Any] = {}
        for name in self.game.options_model.model_fields:
            widget = self.query_one(f"#option-{name}")
            if isinstance(widget, Input):
                chosen[name] = int(widget.value or 0)
            else:
                chosen[name] = widget.value  # type: ignore[attr-defined]
        return chosen

    def problem(self, seats: list[SeatConfig]) -> str | None:
        """What stops the game from starting, in words; None when all is well."""
        names = [seat.name for seat in seats]
        if any(not name for name in names):
            return "Every seat needs a name."
        if len(set(names)) != len(names):
            return "Two seats have the same name: give each seat its own."
        return None

    def action_start(self) -> None:
        """Start the game as set up, or say what is missing."""
        seats = self.seats()
        error = self.query_one("#setup-error", Static)
        problem = self.problem(seats)
        if problem:
            error.update(problem)
            error.add_class("problem")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        try:
            options = self.game.options_model.model_validate(self.options())
        except ValidationError as err:
            # The options model says what is wrong, in a player's words (a range, a combination).
            words = "; ".join(e["msg"].removeprefix("Value error, ") for e in err.errors())
            error.update(escape(f"Options: {words}"))
            error.add_class("problem")
            return
        self.app.start_game(self.game.id, seats, seed, options)  # type: ignore[attr-defined]

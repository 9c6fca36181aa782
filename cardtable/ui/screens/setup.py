"""The setup screen: seats (a person or a bot each), the seed and the game's options."""

from __future__ import annotations

from enum import Enum
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Static,
)

from cardtable import games
from cardtable.engine.option_words import (
    OptionsError,
    range_note,
    validated,
    whole_number,
    within,
)
from cardtable.engine.seats import (
    NAME_MAX,
    SeatConfig,
    SeatKind,
    default_name,
    is_default_name,
    name_problem,
    names_problems,
    remember_seats,
    remembered_seats,
    seats_problems,
)
from cardtable.ui.app_api import table_app
from cardtable.ui.keys_footer import KeysFooter
from cardtable.ui.screen_css import SCREENS_CSS

SEAT_SETTINGS = {"run-it": ("never_offers", "never offers")}
"""A game's setting for each person's seat, (field of SeatConfig, label): in Run It a person
may never be asked for Pass-it offers (the app offers nothing for her at once)."""

START_HINT = "Enter in any field starts too."
"""The line beside the start button while nothing stops the game."""

KIND_LABELS = [
    ("Person", SeatKind.HUMAN),
    ("Easy bot", SeatKind.EASY),
    ("Bot", SeatKind.BOT),
    ("Strong bot", SeatKind.STRONG),
    ("Random bot", SeatKind.RANDOM),
]
"""Who may sit in a seat, in the order → steps through them: a person, the bots from the
weakest level to the strongest, then the random bot."""


def default_seat(i: int) -> SeatConfig:
    """Seat 1 is a person ('Player 1'); the others start as bots ('Bot 2')."""
    kind = SeatKind.HUMAN if i == 0 else SeatKind.BOT
    return SeatConfig(name=default_name(kind, i), kind=kind)


class TickBox(Checkbox, inherit_bindings=False):
    """A checkbox that reads on or off without colour: ▐✓▌ when on, ▐ ▌ when off. Space ticks
    it; Enter starts the game, as in every field of the setup."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's name)
        return "✓" if self.value else " "


class RoundButton(RadioButton):
    """A radio button that reads chosen or not without colour: ● chosen, ○ not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's name)
        return "●" if self.value else "○"


class CountChoice(RadioSet, inherit_bindings=False):
    """The number of players: the arrows choose at once (what is marked is what starts);
    Enter starts the game, as in every field of the setup."""

    BINDINGS = [
        Binding("down,right", "step(1)", "Next option", show=False),
        Binding("up,left", "step(-1)", "Previous option", show=False),
    ]

    def action_step(self, step: int) -> None:
        """Choose the next count (step 1) or the one before (-1), round the end."""
        buttons = list(self.query(RadioButton))
        chosen = (max(self.pressed_index, 0) + step) % len(buttons)
        buttons[chosen].value = True
        self._selected = chosen


class NameInput(Input):
    """A seat's name: a space is not typed as its first character (a name never starts with
    one), so Space on the highlighted 'Player 1' keeps it instead of blanking the seat."""

    def __init__(self, value: str, *, id: str) -> None:
        super().__init__(value, id=id, restrict=r"(\S.*)?")


class NumberInput(Input):
    """A whole number's field: a key that is not a digit (or a leading sign) is not typed, and
    the note beside the field says which and why instead of only ringing the bell. The note
    stays while more is typed (a quick '2.5' gives 25 and says the '.' was left out), and the
    first Start after it says what the field holds; a key that takes something away clears it,
    as a Start refused once does."""

    class Refused(Message):
        """A key was not typed: the field takes a whole number only."""

        def __init__(self, field: NumberInput) -> None:
            super().__init__()
            self.field = field

    def __init__(self, value: str | None = None, **kwargs: Any) -> None:
        super().__init__(value, type="integer", **kwargs)
        self._typing = ""
        self.left_out = ""
        """What was not typed since the field last lost something ('' if nothing)."""

    def replace(self, text: str, start: int, end: int) -> None:
        """Type or paste `text` over start..end (refused whole if the number would break)."""
        self._typing = text
        if not text or start != end:  # something is taken away
            self.left_out = ""
        super().replace(text, start, end)

    def restricted(self) -> None:
        """Ring the bell and say so beside the field."""
        super().restricted()
        self.left_out = self._typing or " "
        self.post_message(self.Refused(self))

    @property
    def left_out_note(self) -> str:
        """The note for what was not typed: "'.' not typed: digits only"."""
        text = self.left_out if len(self.left_out) <= 6 else self.left_out[:5] + "…"
        only = "digits only, a sign first" if set(text) & set("+-") else "digits only"
        return f"'{text}' not typed: {only}"


class Choice(Widget, can_focus=True):
    """One of a few values, shown as '◂ Bot ▸'; → or space (or a click) moves on, ← back.

    One widget where a Select is six: a setup screen has a chooser per seat and per option.
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Change", key_display="←/→"),
        Binding("right,space", "step(1)", "Change", show=False),
    ]

    DEFAULT_CSS = """
    Choice {
        width: auto;
        height: 1;
        padding: 0 1;
    }
    """

    value: reactive[Any] = reactive(None, layout=True)
    """The value chosen."""

    class Changed(Message):
        """The choice moved to another value."""

        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            """The choice that changed."""
            return self.choice

    def __init__(
        self, choices: list[tuple[str, Any]], value: Any, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.choices = choices
        self._width = max(len(label) for label, _ in choices)
        self.set_reactive(Choice.value, value)

    def _index(self) -> int:
        return next((i for i, (_, v) in enumerate(self.choices) if v == self.value), 0)

    def render(self) -> Text:
        """The chosen value's label between arrows, padded to the longest label."""
        label = self.choices[self._index()][0]
        return Text(f"◂ {label:<{self._width}} ▸")

    def watch_value(self, value: Any) -> None:
        """Say so when the value changes (a key, a click, or the screen setting it)."""
        self.post_message(self.Changed(self, value))

    def action_step(self, step: int) -> None:
        """Move to the next value (step 1) or the one before (-1), round the end."""
        self.value = self.choices[(self._index() + step) % len(self.choices)][1]

    def on_click(self) -> None:
        """A click moves on to the next value."""
        self.action_step(1)


class SetupScreen(Screen[None]):
    """Choose who sits where and how the game is played, then start."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start game"),
        Binding("enter", "start", "Start game", show=False),
        Binding("f1", "rules", "Rules"),
    ]
    AUTO_FOCUS = "#seat-name-0"

    DEFAULT_CSS = """
    SetupScreen .field-row {
        height: auto;
    }
    SetupScreen .field-note {
        display: none;
        width: auto;
        height: 1;
        margin-left: 1;
        color: $text-error;
        text-style: bold;
    }
    SetupScreen .note-below {
        width: 1fr;
        height: auto;
        margin-left: 9;
    }
    SetupScreen .option-row {
        height: 3;
    }
    SetupScreen .option-row .field-note {
        margin: 1 0 0 1;
    }
    SetupScreen .option-row Input {
        width: 12;
    }
    SetupScreen .seat-row TickBox {
        height: 1;
        border: none;
        padding: 0 1;
        margin-left: 2;
    }
    /* The field with the keyboard is marked by a shape, not only a shade: a bar at the left
       of a one-line field (drawn in its padding), a round frame around a framed one. */
    SetupScreen .seat-row Input:focus, SetupScreen Choice:focus,
    SetupScreen .seat-row TickBox:focus {
        outline-left: tall $cursor;
    }
    /* Unfocused, a framed field has no frame (Textual's own edge drew a bar like the one
       that marks the field with the keyboard). */
    SetupScreen .option-row Input, SetupScreen CountChoice, SetupScreen #setup > TickBox {
        border: blank;
    }
    SetupScreen .option-row Input:focus, SetupScreen CountChoice:focus,
    SetupScreen #setup > TickBox:focus {
        border: round $cursor;
    }
    """

    def __init__(self, game_id: str, options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game = games.get(game_id)
        self.chosen = options or {}
        """Options already chosen (on the command line): the fields start at them."""
        self.remembered = remembered_seats(game_id, self.game.seat_counts) or []
        """The seats this game was last started (or set up and left) with here, names and
        kinds, to start from."""
        self.seat_count = len(self.remembered) or self.game.default_seats
        self.names_shown: dict[int, str] = {}
        """Each seat's name as last seen, to tell a name typed from a row opening."""

    def compose(self) -> ComposeResult:
        game = self.game
        form = VerticalScroll(id="setup")
        form.can_focus = False  # Tab goes from field to field, never to the form itself
        with form:
            yield Static(Text(f"{game.name}: new game", style="bold"), id="setup-title")
            yield Static(Text(game.blurb), id="setup-blurb")
            if len(game.seat_counts) > 1:
                yield Label("Players")
                with CountChoice(id="seat-count"):
                    for count in game.seat_counts:
                        yield RoundButton(
                            str(count), value=count == self.seat_count, name=str(count)
                        )
            yield Label("Seats (a person plays at this keyboard; typing a name makes a person)")
            with Vertical(id="seats"):
                # Only the seats in play: more are added when the number of players grows.
                for i in range(self.seat_count):
                    yield self._seat_row(i)
            if game.id in SEAT_SETTINGS:
                yield Static(
                    Text(
                        "Never offers: that person is not asked for Pass-it offers; the table "
                        "offers nothing for her at once."
                    ),
                    classes="option-help",
                )
            option_fields = list(game.options_model.model_fields.items())
            if option_fields:
                yield Label("Options")
                for name, field in option_fields:
                    yield from self._option_widget(name, field)
            yield Label("Seed (blank for a new shuffle; the same seed deals the same cards)")
            with Horizontal(classes="field-row option-row"):
                yield NumberInput(placeholder="random", id="seed")
                yield Static("", id="seed-note", classes="field-note")
        with Horizontal(id="setup-actions"):
            yield Button("Start the game", variant="primary", id="start")
            yield Static(START_HINT, id="setup-error")
        yield KeysFooter()

    def _seat_row(self, i: int) -> Vertical:
        """Seat i's row: its name and who sits there (a person, a bot at its level or a random
        bot), as last time when this game was started here before; under them, while the name
        has a problem, a note saying which (beside them it ran off an 80-column screen)."""
        seat = self.remembered[i] if i < len(self.remembered) else default_seat(i)
        self.names_shown[i] = seat.name
        setting = SEAT_SETTINGS.get(self.game.id)
        extra = [TickBox(setting[1], id=f"seat-setting-{i}")] if setting else []
        return Vertical(
            Horizontal(
                Label(f"Seat {i + 1}", classes="seat-label"),
                # No max_length: a name cut short as it is typed would be cut silently; a long
                # one gets its note instead (the name rules of engine/seats.py).
                NameInput(seat.name, id=f"seat-name-{i}"),
                Choice(KIND_LABELS, seat.kind, id=f"seat-kind-{i}"),
                *extra,
                classes="seat-fields",
            ),
            Static("", id=f"seat-note-{i}", classes="field-note note-below"),
            classes="seat-row",
            id=f"seat-row-{i}",
        )

    def _option_widget(self, name: str, field: Any) -> ComposeResult:
        title = field.title or name.replace("_", " ").capitalize()
        default = self.chosen.get(name, field.default)
        if isinstance(default, bool):
            yield TickBox(title, value=default, id=f"option-{name}", tooltip=field.description)
        elif isinstance(default, Enum):
            values = [(str(member.value), member) for member in type(default)]
            yield Label(title)
            yield Choice(values, default, id=f"option-{name}")
        else:
            yield Label(title)
            with Horizontal(classes="field-row option-row"):
                yield NumberInput(str(default), id=f"option-{name}")
                yield Static("", id=f"option-note-{name}", classes="field-note")
        if field.description:
            yield Static(Text(field.description), classes="option-help")

    def _show_seats(self) -> None:
        """Show the rows of the seats in play (adding any not made yet), hide the rest."""
        seats = self.query_one("#seats", Vertical)
        rows = list(seats.children)
        for i, row in enumerate(rows):
            row.display = i < self.seat_count
        if self.seat_count > len(rows):
            seats.mount_all(self._seat_row(i) for i in range(len(rows), self.seat_count))

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """A new number of players shows or hides seat rows."""
        self.seat_count = int(event.pressed.name or self.seat_count)
        self._show_seats()
        self.call_after_refresh(self.recheck)

    def _seat_of(self, widget_id: str | None, prefix: str) -> int | None:
        if not (widget_id or "").startswith(prefix):
            return None
        return int((widget_id or "").rsplit("-", 1)[1])

    def on_choice_changed(self, event: Choice.Changed) -> None:
        """A default name follows the kind: 'Bot 3' becomes 'Strong bot 3', 'Player 3' and
        back."""
        i = self._seat_of(event.choice.id, "seat-kind-")
        if i is not None and isinstance(event.value, SeatKind):
            name = self.query_one(f"#seat-name-{i}", Input)
            if is_default_name(name.value.strip(), i):
                name.value = default_name(event.value, i)
        self.recheck()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing a name into a bot's seat makes it a person's; a changed field loses its note."""
        note_id = {"seed": "#seed-note"}.get(event.input.id or "")
        if (event.input.id or "").startswith("option-"):
            note_id = f"#option-note-{(event.input.id or '')[len('option-') :]}"
        i = self._seat_of(event.input.id, "seat-name-")
        if i is not None:
            note_id = f"#seat-note-{i}"
            kind = self.query_one(f"#seat-kind-{i}", Choice)
            typed = event.value.strip()
            # Only a name typed makes a person: a remembered bot's name, shown as the row
            # opens, says it changed too.
            was, self.names_shown[i] = self.names_shown.get(i), typed
            if (
                typed != was
                and typed
                and not is_default_name(typed, i)
                and kind.value is not SeatKind.HUMAN
            ):
                kind.value = SeatKind.HUMAN
        if isinstance(event.input, NumberInput) and event.input.left_out:
            note_id = None  # typing on keeps the note on the key left out
        if note_id:
            self._note(note_id, "")
        if i is not None and len(event.value.strip()) > NAME_MAX:
            self._note(f"#seat-note-{i}", name_problem(event.value.strip()) or "")
        elif i is not None:
            self._note_shared_names(i)
        self.recheck()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A yes-or-no option may put right (or make) a combination the options refuse."""
        self.recheck()

    def on_number_input_refused(self, event: NumberInput.Refused) -> None:
        """A letter typed into a number's field: the note beside it says it takes digits."""
        field = event.field.id or ""
        note = "#seed-note" if field == "seed" else f"#option-note-{field[len('option-') :]}"
        self._note(note, event.field.left_out_note)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The start button."""
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in any field starts the game."""
        self.action_start()

    def action_back(self) -> None:
        """Back to the start screen, the seats kept for the next setup of this game (as a start
        keeps them) when every name keeps the rules."""
        seats = self.seats()
        if not any(names_problems([seat.name for seat in seats])):
            remember_seats(self.game.id, seats)
        self.app.pop_screen()

    def action_rules(self) -> None:
        """The rules page of this game."""
        from cardtable.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game.id, back="Back to the setup"))

    def seats(self) -> list[SeatConfig]:
        """The seats as filled in."""
        seats = []
        setting = SEAT_SETTINGS.get(self.game.id)
        for i in range(self.seat_count):
            name = self.query_one(f"#seat-name-{i}", Input).value.strip()
            kind = self.query_one(f"#seat-kind-{i}", Choice).value
            seat = SeatConfig(name=name, kind=kind)
            if setting:
                value = self.query_one(f"#seat-setting-{i}", TickBox).value
                seat = seat.model_copy(update={setting[0]: value})
            seats.append(seat)
        return seats

    def _note(self, widget_id: str, text: str) -> None:
        note = self.query_one(widget_id, Static)
        # An empty note stays untouched: each update lays the screen out again (every field
        # says it changed once as it opens).
        if text or str(note.render()):
            note.update(Text(text))
            note.display = bool(text)  # shown only while it has something to say

    def _note_shared_names(self, typed: int) -> None:
        """As a name is typed, say at once when another seat already goes by it; a note of a
        name shared on another seat goes when the names differ again."""
        self.typed_last = typed
        try:
            problems = seats_problems(self.seats(), self.typed_last)
        except NoMatches:  # a seat row still being added
            return
        for j, problem in enumerate(problems):
            shared = problem if problem and problem.startswith("same name") else ""
            note = self.query_one(f"#seat-note-{j}", Static)
            if j == typed and shared:
                self._note(f"#seat-note-{j}", shared)
            elif j != typed and str(note.render()).startswith("same name"):
                self._note(f"#seat-note-{j}", shared)

    typed_last: int | None = None
    """The seat whose name was typed last: a name it shares is marked on it."""

    def seat_problems(self, seats: list[SeatConfig]) -> list[str]:
        """Mark each seat whose name breaks the rules; the problems as 'Seat 2: needs a name'."""
        found = []
        for i, problem in enumerate(seats_problems(seats, self.typed_last)):
            self._note(f"#seat-note-{i}", problem or "")
            if problem:
                found.append(f"Seat {i + 1}: {problem}")
        return found

    def options(self) -> tuple[dict[str, Any], list[str]]:
        """The options as chosen, and a note beside each number that is out of its range."""
        chosen: dict[str, Any] = {}
        found = []
        for name, field in self.game.options_model.model_fields.items():
            widget = self.query_one(f"#option-{name}")
            if isinstance(widget, TickBox | Choice):  # yes or no, or one of a few values
                chosen[name] = widget.value
                continue
            assert isinstance(widget, NumberInput)  # a whole number
            value = whole_number(widget.value)
            label = (field.title or name).split("(")[0].strip()
            if value is None or not within(field, value):
                note = range_note(name, field)
                self._note(f"#option-note-{name}", note)
                found.append(f"{label}: {note}")
                continue
            chosen[name] = value
            self._note(f"#option-note-{name}", widget.left_out_note if widget.left_out else "")
            if widget.left_out:
                found.append(f"{label}: '{widget.left_out}' not typed, so it is {value}")
        return chosen, found

    def seed(self) -> tuple[int | None, list[str]]:
        """The seed typed (None for a new shuffle), and a note if it is not a whole number."""
        field = self.query_one("#seed", NumberInput)
        text = field.value.strip()
        seed = whole_number(text)
        if text and seed is None:
            note = "a whole number, or blank"
            self._note("#seed-note", note)
            return None, [f"Seed: {note}"]
        self._note("#seed-note", field.left_out_note if field.left_out else "")
        if field.left_out:
            shown = seed if seed is not None else "blank"
            return seed, [f"Seed: '{field.left_out}' not typed, so it is {shown}"]
        return seed, []

    def problem(self, seats: list[SeatConfig]) -> str | None:
        """What stops the game from starting, in words; None when all is well (notes marked)."""
        found = self.seat_problems(seats) + self.options()[1] + self.seed()[1]
        if not found:
            return None
        more = f" (and {len(found) - 1} more marked)" if len(found) > 1 else ""
        if all("not typed, so it is" in problem for problem in found):
            more += ". Start again to play with that"
        return f"{found[0]}{more}."

    def check(self, seats: list[SeatConfig]) -> tuple[str | None, Any]:
        """What stops the game from starting (notes marked) and the options model when nothing
        does."""
        problem = self.problem(seats)
        if problem is not None:
            return problem, None
        try:
            return None, validated(self.game.options_model, self.options()[0])
        except OptionsError as refused:
            return refused.reason, None

    def _say(self, problem: str | None) -> None:
        """The line beside the start button: what stops the game, or that Enter starts it."""
        error = self.query_one("#setup-error", Static)
        error.update(Text(problem or START_HINT))
        error.set_class(problem is not None, "problem")

    def recheck(self) -> None:
        """After a start was refused, the notes and the line beside the start button follow
        the fields as they change (cleared when put right, the next problem said)."""
        if not self.query_one("#setup-error", Static).has_class("problem"):
            return
        try:
            seats = self.seats()
        except NoMatches:  # a seat row still being added: its own Changed comes next
            return
        self._say(self.check(seats)[0])

    def action_start(self) -> None:
        """Start the game as set up, or mark what stops it and say so."""
        seats = self.seats()
        problem, options = self.check(seats)
        self._say(problem)
        if problem:
            for field in self.query(NumberInput):
                field.left_out = ""  # said once: Start again plays with what the field holds
            return
        seed = self.seed()[0]
        remember_seats(self.game.id, seats)
        table_app(self).start_game(self.game.id, seats, seed, options)

"""The footer of keys is laid out again only when the keys it shows change: a table refreshes its
bindings after every move, and each layout built a widget per key."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from cardtable.ui.keys_footer import KeysFooter


class Keys(App[None]):
    """Two keys; the second shows only while `offered`."""

    BINDINGS = [Binding("a", "always", "Always"), Binding("u", "undo", "Undo")]
    offered = True
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offered if action == "undo" else True

    def action_always(self) -> None:
        """Nothing: a key to show."""

    def action_undo(self) -> None:
        """Nothing: a key that comes and goes."""


def keys(app: App) -> list[FooterKey]:
    """The key widgets the footer shows now."""
    return list(app.screen.query(FooterKey))


def labels(app: App) -> list[str]:
    """The footer's words for its keys, in order."""
    return [key.description for key in keys(app)]


async def test_unchanged_keys_are_not_laid_out_again_and_changed_ones_are():
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        shown = keys(app)
        assert labels(app) == ["Always", "Undo"]
        for _ in range(5):
            app.refresh_bindings()
            await pilot.pause()
        assert keys(app) == shown and all(a is b for a, b in zip(keys(app), shown, strict=True))
        app.offered = False
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert labels(app) == ["Always"]
        app.offered = True
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert labels(app) == ["Always", "Undo"]


class Later(Screen[None]):
    """A screen with a key of its own, opened after the app has lost focus."""

    BINDINGS = [Binding("j", "nothing", "Join commands")]

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def action_nothing(self) -> None:
        """Nothing: a key to show."""


async def test_a_screen_opened_while_the_app_lacks_focus_shows_its_keys():
    # A browser tab that never had focus (a projector's page): Textual's footer waits for focus
    # before it shows any key, and the lobby's footer was blank until someone clicked.
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.post_message(events.AppBlur())
        await pilot.pause()
        assert not app.app_focus
        app.push_screen(Later())
        await pilot.pause()
        await pilot.pause()
        assert labels(app) == ["Join commands", "Always", "Undo"]
        app.offered = False  # later changes wait for focus, as in Textual's footer
        app.pop_screen()
        await pilot.pause()
        app.post_message(events.AppFocus())
        await pilot.pause()
        await pilot.pause()
        assert labels(app) == ["Always"]


class Crowded(App[None]):
    """Nine keys of two words each and a log's key, spare: more than 80 columns hold."""

    BINDINGS = [
        *(
            Binding(letter, f"nothing('{letter}')", f"{word} phase")
            for letter, word in zip(
                "abcdefghi",
                ["Use", "Common", "Triple", "Action", "Trade", "End", "Moves", "Undo", "Rules"],
                strict=True,
            )
        ),
        Binding("ctrl+l", "nothing('log')", "Log"),
    ]
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield KeysFooter(spare=("nothing('log')",))

    def action_nothing(self, name: str) -> None:
        """Nothing: keys to show."""


async def test_keys_that_overflow_leave_out_the_spare_ones_then_keep_only_their_first_words():
    app = Crowded()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeysFooter)
        assert labels(app) == [
            "Use",
            "Common",
            "Triple",
            "Action",
            "Trade",
            "End",
            "Moves",
            "Undo",
            "Rules",
        ]
        assert all(footer.region.contains_region(key.region) for key in keys(app))
        await pilot.resize_terminal(200, 24)
        await pilot.pause()
        await pilot.pause()
        assert labels(app)[-2:] == ["Rules phase", "Log"]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert labels(app)[0] == "Use" and "Log" not in labels(app)

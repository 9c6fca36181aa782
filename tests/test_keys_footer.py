"""The footer of keys is laid out again only when the keys it shows change: a table refreshes its
bindings after every move, and each layout built a widget per key."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
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

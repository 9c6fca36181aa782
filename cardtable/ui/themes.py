"""The app's themes: the green felt (the default), a high-contrast felt for a washed-out
projector, and the felt's colours for any of Textual's own themes.

Every theme gives the table's CSS variables (`FELT_VARIABLES`: `$felt`, `$felt-dark`,
`$felt-edge`, `$felt-text`, `$felt-muted`, `$cursor`, `$chosen`, `$landed`) and the cards a
palette (`card_palettes.CardPalette`). Ours name theirs; a theme of Textual's gets them made from
its own colours, so "nord" draws a nord table, not green felt in a blue app.
"""

from __future__ import annotations

from textual.theme import Theme

from cardtable.ui.card_palettes import CONTRAST_CARDS, FELT_CARDS, LIGHT_CARDS, CardPalette

FELT_COLOURS = {
    "felt": "#0f3d2e",
    "felt-dark": "#0a2a20",
    "felt-edge": "#5f8f7a",
    "felt-text": "#f4f1ea",
    "felt-muted": "#a5d6a7",
    "cursor": "#ffd54f",
    "chosen": "#69f0ae",
    "landed": "#fff59d",
}
"""The felt's colours by name: the table's background, its darker panels, the lines drawn on it,
text and quieter text on it, the cursor, a chosen card and a card that has just landed."""

FELT_VARIABLES = tuple(FELT_COLOURS)
"""The names of the table's CSS variables, which every theme gives a value."""

FELT = Theme(
    name="felt",
    # Textual's widgets (the footer, fields, lists) in its own dark theme's colours, as before
    # themes could be chosen; the felt is the variables'.
    primary="#0178D4",
    secondary="#004578",
    accent="#ffa62b",
    warning="#ffa62b",
    error="#ba3c5b",
    success="#4EBF71",
    foreground="#e0e0e0",
    variables={**FELT_COLOURS, "text-error": "#ff8a80"},
)
"""The default theme: a green baize table with light cards and a yellow cursor."""

FELT_CONTRAST = Theme(
    name="felt-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff4040",
    success="#00ff66",
    foreground="#ffffff",
    background="#000000",
    surface="#101010",
    panel="#202020",
    text_alpha=1.0,
    variables={
        "felt": "#04140e",
        "felt-dark": "#000000",
        "felt-edge": "#ffffff",
        "felt-text": "#ffffff",
        "felt-muted": "#e8e8e8",
        "cursor": "#ffff00",
        "chosen": "#00ff66",
        "landed": "#ffffa0",
        "text-error": "#ff6060",
        "footer-key-foreground": "#ffff00",
        "block-cursor-background": "#ffff00",
        "block-cursor-foreground": "#000000",
        "input-cursor-background": "#ffff00",
        "input-cursor-foreground": "#000000",
        "input-selection-background": "#0040c0",
    },
)
"""High contrast, for a projector: near-black felt, white text, a bright yellow cursor, pure
white cards with strong ink."""

OUR_THEMES = (FELT, FELT_CONTRAST)
"""The themes the app registers; the first is the default."""
DEFAULT_THEME = FELT.name

CARD_PALETTES = {FELT.name: FELT_CARDS, FELT_CONTRAST.name: CONTRAST_CARDS}
"""Our themes' cards; any other theme's are the felt's if it is dark, the light ones if not."""


def card_palette(theme: Theme) -> CardPalette:
    """The cards of `theme`: its own palette, or one for its background (dark or light)."""
    return CARD_PALETTES.get(theme.name) or (FELT_CARDS if theme.dark else LIGHT_CARDS)


def felt_variables(theme: Theme) -> dict[str, str]:
    """The table's CSS variables under `theme`: the theme's own, or made from its colours (its
    background the felt, its foreground the text, its accent the cursor, and so on)."""
    if all(name in theme.variables for name in FELT_VARIABLES):
        return {name: theme.variables[name] for name in FELT_VARIABLES}
    colours = theme.to_color_system().generate()
    made = {
        "felt": colours["background"],
        "felt-dark": colours["background-darken-1"],
        "felt-edge": colours["primary-darken-1"],
        "felt-text": colours["foreground"],
        "felt-muted": colours["foreground-muted"],
        "cursor": colours["accent"],
        "chosen": colours["success"],
        "landed": colours["text-warning"],
    }
    return {**made, **{n: v for n, v in theme.variables.items() if n in FELT_COLOURS}}

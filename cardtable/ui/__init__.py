"""The Textual app: screens, game tables and styles. Nothing below this package imports it."""

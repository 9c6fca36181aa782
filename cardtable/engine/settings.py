"""The kinds of setting several games offer, each made one way: an optional rule, a claim
window's length, the games in a session."""

from __future__ import annotations

from typing import Any

from pydantic import Field


def optional_rule(title: str, description: str, off: Any = False) -> Any:
    """An optional rule of the game, off unless the players turn it on; `off` is its choice
    that means off, for a rule with several ways of being on."""
    return Field(default=off, title=title, description=description)


def claim_window_seconds(window: str, claims: str, after: str) -> Any:
    """How long a claim window stays open (3 seconds unless changed, 0 to 10); 0 asks each
    person in turn instead. `window` names it ('Buy'), `claims` what it waits for ('buys'),
    `after` what opens it ('discard')."""
    return Field(
        default=3,
        ge=0,
        le=10,
        title=f"{window} window (seconds)",
        description=f"How long the table waits for {claims} after each {after}; 0 asks each "
        "person in turn instead.",
    )


def games_in_session(description: str) -> Any:
    """How many games a session plays: 1 unless changed, at most 9."""
    return Field(default=1, ge=1, le=9, title="Games in the session", description=description)

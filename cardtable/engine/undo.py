"""Taking a move back at one keyboard: the one rule every game shares (BGA's for games of
hidden information). A person may take back her own last move while it revealed nothing
hidden, to her or anyone, opened no claim window, left nothing to chance, and the game goes
on; a game may refuse more (`Game.undo_refusal`), never less. `Match.undo` asks it; nothing
here changes a state."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pydantic import BaseModel

from cardtable.cards import Card, DirectionCard, PilatchCard, RunItCard
from cardtable.engine.contract import Game, Move, View, name_of

CARD_TYPES = (Card, PilatchCard, RunItCard, DirectionCard)
"""Every deck's card class: what a view is walked for."""


def shown_cards(view: View) -> Counter[Any]:
    """Every card `view` shows, as a multiset: its hand, the table, inside nested models, lists
    and dicts. The fields a model's class lists in `repeats` (cards it shows again: a highlight,
    the last trick, a pile's top) are left out, so a card shown twice is counted once."""
    found: Counter[Any] = Counter()
    _walk(view, found)
    return found


def _walk(value: Any, found: Counter[Any]) -> None:
    if isinstance(value, CARD_TYPES):
        found[value] += 1
    elif isinstance(value, BaseModel):
        skip = getattr(type(value), "repeats", ())
        for name in type(value).model_fields:
            if name not in skip:
                _walk(getattr(value, name), found)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _walk(item, found)


PRIVATE_MOVE = "{whose} last move"
"""A move the log kept to its mover (a meld still being built, an offer face down), taken
back: its cards are never named where others at the keyboard can read them."""


def taking_back(move: Move, name: str, public: bool = True, whose: str = "her") -> str:
    """The move as something taken back: 'discarding the 7 of Rock' (from its log line
    'Ann discards the 7 of Rock'), 'keeping the card and ending the turn'. A move the log did
    not tell (`public` False), or one whose words do not start with her name, is '{whose} last
    move': nothing hidden is named."""
    line = move.describe(name).rstrip(".")
    if not public or not line.startswith(name + " "):
        return PRIVATE_MOVE.format(whose=whose)
    verb, _, rest = line[len(name) + 1 :].partition(" ")
    rest = _AND_VERB.sub(lambda found: f" and {gerund(found[1])} {found[2]} ", rest)
    return f"{gerund(verb)} {rest}".strip()


_AND_VERB = re.compile(r" and (\w+s) (the|her|a|an|its|their|it|to|from|on) ")
"""A second verb in a move's words ('keeps the card and ends the turn')."""


def gerund(verb: str) -> str:
    """'discarding' for 'discards', 'taking' for 'takes', 'swapping' for 'swaps'."""
    base = _base_form(verb)
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")):
        return base[:-1] + "ing"
    vowels = [c for c in base if c in "aeiou"]
    if (
        len(vowels) == 1
        and len(base) >= 3
        and base[-1] not in "aeiouwxy"
        and base[-2] in "aeiou"
        and base[-3] not in "aeiou"
    ):
        return base + base[-1] + "ing"
    return base + "ing"


def _base_form(verb: str) -> str:
    """'discard' for 'discards', 'carry' for 'carries', 'reach' for 'reaches'."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def undo_refusal(
    game: Game,
    before: Any,
    after: Any,
    seat: int,
    move: Move,
    names: list[str] | None,
    public: bool = True,
) -> str | None:
    """Why `seat` may not take back `move`, which took the game from `before` to `after` and
    was the last move made (`public`: the log told it); None if she may. The refusal is a
    sentence for her status line, which others at the keyboard may read: a move the log did not
    tell is 'your last move'."""
    if game.is_over(after):
        return "The game is over: its moves stand."
    doing = taking_back(move, name_of(names, seat), public, whose="your")
    window = game.claim_window(after)
    answered = game.claim_window(before)
    if answered is not None:
        return f"You cannot take back {doing}: it was made in a {answered.verb} window."
    if window is not None:
        return f"You cannot take back {doing}: it opened a {window.verb} window."
    held = Counter(game.own_cards(before, seat))
    seen = _news(game, before, after, seat, held)
    if seen:
        what = "the card it showed you" if seen == 1 else f"the {seen} cards it showed you"
        return f"You cannot take back {doing}: you have seen {what}."
    others: list[int | None] = [s for s in range(len(before.hands)) if s != seat]
    for other in [*others, None]:
        shown = shown_cards(game.view(after, other)) - shown_cards(game.view(before, other))
        # A seat's own cards are no news to her, wherever else her view shows them (Over
        # Trump's Keeper back in the hand of the seat that revealed it, and known to all).
        theirs = Counter() if other is None else Counter(game.own_cards(after, other))
        if shown - held - theirs:
            who = "everyone" if other is None else name_of(names, other)
            return f"You cannot take back {doing}: it showed {who} a card that was not yours."
    if before.chance != after.chance:
        # Made again, the move would meet the same chance: taking it back would let her choose
        # knowing its outcome (the card a pass gives away, the next deal's hand).
        return (
            f"You cannot take back {doing}: chance had a part in it (a card taken at random, "
            "a shuffle or a deal)."
        )
    return game.undo_refusal(before, after, seat, move, names)


def _news(game: Game, before: Any, after: Any, seat: int, held: Counter[Any]) -> int:
    """How many cards the move showed `seat` that she could not see before: a card come into
    her own ones that she saw nowhere else before, or a card come into sight beyond her own
    ones that she did not hold."""
    kept = Counter(game.own_cards(after, seat))
    outside_before = shown_cards(game.view(before, seat)) - held
    outside_after = shown_cards(game.view(after, seat)) - kept
    came = (kept - held) - (outside_before - outside_after)
    appeared = (outside_after - outside_before) - held
    return sum((came + appeared).values())


def last_move_refusal(
    mover: int | None, seat: int, names: list[str] | None, over: bool, moved: bool = True
) -> str | None:
    """Why `seat` may not take back the last move, made by `mover` (None: no move yet), before
    looking at the move itself; None if it is hers to take back. `moved`: she has made a move
    in this match."""
    if over:
        return "The game is over: its moves stand."
    if mover is None:
        return "There is no move to take back yet."
    if mover != seat and not moved:
        return "You have made no move yet, so there is none of yours to take back."
    if mover != seat:
        return f"{name_of(names, mover)} has played since your last move."
    return None

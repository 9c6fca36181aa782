"""What each game has in play, as a few short lines of card chips for a phone-sized table
(ui/phone.py): the top card and the colour, the Castle, the trick, the melds, the runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from cardtable.engine.words import plural
from cardtable.ui.card_art import chip
from cardtable.ui.card_faces import look


def chips(cards: list[Any], corners: list[str] | None = None) -> Text:
    """Cards as a line of chips ('—' for none)."""
    if not cards:
        return Text("—", style="dim")
    line = Text()
    for n, card in enumerate(cards):
        line.append_text(chip(look(card, corners[n] if corners else None)))
    return line


def labelled(label: str, body: Text) -> Text:
    """'Top  [G3]': a bold label before a line."""
    return Text.assemble((f"{label} ", "bold"), body)


def run_it_lines(view: Any, names: list[str]) -> list[Text]:
    """Run It: the top card, the colour to follow, the way play goes, the penalty run, the
    piles' sizes."""
    from cardtable.games.run_it.moves import COLOUR_NAMES
    from cardtable.ui.tables.run_it import colour_style

    colour = (
        Text(f" {COLOUR_NAMES[view.colour]} ", style=colour_style(view.colour))
        if view.colour is not None
        else Text("any")
    )
    lines = [
        Text.assemble(("Top ", "bold"), chip(look(view.top)), "  colour ", colour),
        Text(
            f"{'Clockwise ↻' if view.direction > 0 else 'Anticlockwise ↺'} · "
            f"draw pile {view.draw_count}"
        ),
    ]
    if view.penalty:
        lines.append(Text(f"Penalty run: {plural(view.penalty, 'card')} to take", style="bold red"))
    if view.got is not None:
        lines.append(labelled("You got", chip(look(view.got))))
    return lines


CHIP_CELLS = 5
"""Cells a Castle pile's top card takes on the phone: the widest corner ('10♥') and a space
either side."""


def piles_lines(view: Any, names: list[str]) -> list[Text]:
    """Piles: the Castle, row by row, each pile's top card and total; the teams' points."""
    from cardtable.games.piles.castle import COLUMNS, pile_name

    lines = []
    for row in range(0, len(view.castle), COLUMNS):
        line = Text()
        for place in range(row, min(row + COLUMNS, len(view.castle))):
            pile = view.castle[place]
            line.append(f"{pile_name(place)}", style="dim")
            line.append_text(chip(look(pile.top), CHIP_CELLS))  # a 10 keeps the columns in line
            line.append(f"{pile.total:<2} ")
        lines.append(line)
    for team, seats in enumerate(view.teams):
        who = " & ".join(names[s] for s in seats)
        lines.append(Text(f"{who}: {view.team_scores[team]} points"))
    return lines


def over_trump_lines(view: Any, names: list[str]) -> list[Text]:
    """Over Trump: the trick as it stands (the top card marked), tricks and scores."""
    suit = f" · led {view.trick_suit.symbol}" if view.trick_suit is not None else ""
    lines = [Text(f"Hand {view.hand_number} · trick: {len(view.trick)} of {view.seats}{suit}")]
    for n, placed in enumerate(view.trick):
        top = " ◀ top" if view.top == n else ""
        line = Text.assemble(f"{names[placed.seat]}: ", chip(look(placed.card)))
        if placed.reveal is not None:  # a Keeper shown with it, known to all
            line.append_text(Text.assemble(" + ", chip(look(placed.reveal))))
        lines.append(line + Text(top))
    if not view.trick and view.last_trick:
        last = Text("Last: ")
        for placed in view.last_trick:
            last.append_text(chip(look(placed.card)))
        if view.last_winner is not None:
            last.append(f" → {names[view.last_winner]}")
        lines.append(last)
    for team, seats in enumerate(view.teams):
        who = " & ".join(names[s] for s in seats)
        tricks = plural(view.tricks[team], "trick")
        lines.append(Text(f"{who}: {view.scores[team]} · {tricks} this hand"))
    return lines


def sets_and_runs_lines(view: Any, names: list[str]) -> list[Text]:
    """Sets and Runs: the round's contract, the discard and stock, every meld by its owner."""
    top = chip(look(view.discard_top)) if view.discard_top is not None else Text("—")
    lines = [
        Text(f"Round {view.round} of {view.rounds}: {view.contract}", style="bold"),
        Text.assemble("Discard ", top, f"  stock {view.stock_count}"),
    ]
    for number, meld in enumerate(view.melds, start=1):
        lines.append(Text.assemble(f"{number}. {names[meld.owner]}: ", chips(list(meld.cards))))
    return lines


def runway_lines(view: Any, names: list[str]) -> list[Text]:
    """Runway: each player's run (its direction and the cards it needs), the deck, the bin."""
    lines = [Text(f"Deck {view.deck_size} · bin {len(view.bin)}")]
    for seat, run in enumerate(view.runs):
        way = view.directions[seat]
        arrow = "" if way is None else f" {way.value}"
        cards = [placed.card for placed in run]
        corners = [placed.short for placed in run]
        lines.append(
            Text.assemble(f"{names[seat]}{arrow} ({view.needed[seat]}): ", chips(cards, corners))
        )
    for triple in view.common:  # the common area: what "from the common area" takes
        lines.append(Text.assemble(f"Common ({names[triple.owner]}): ", chips(triple.cards)))
    if view.peek is not None and view.looking_at is not None:
        lines.append(Text.assemble(f"{names[view.looking_at]}'s hand: ", chips(view.peek)))
    if view.offer is not None:
        offer = view.offer
        lines.append(
            Text.assemble(
                f"{names[offer.by]} offers {names[offer.to]} ",
                chips(offer.give),
                f" for {plural(offer.ask, 'card')}",
            )
        )
    return lines


PLAY_LINES: dict[str, Callable[[Any, list[str]], list[Text]]] = {
    "run-it": run_it_lines,
    "piles": piles_lines,
    "over-trump": over_trump_lines,
    "sets-and-runs": sets_and_runs_lines,
    "runway": runway_lines,
}
"""Each game's cards in play for a phone, by game id."""


def play_lines(game_id: str, view: Any, names: list[str]) -> list[Text]:
    """What `game_id` has in play in `view`, a line each (none for a game not listed)."""
    lines = PLAY_LINES.get(game_id)
    return lines(view, names) if lines is not None else []

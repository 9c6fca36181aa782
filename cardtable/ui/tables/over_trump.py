"""The Over Trump table: the four players around the felt (the one playing at the bottom), the
trick's cards in front of the players who placed them with the top card marked, the teams'
scores and the suit cycle in the felt's corners, and the hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from cardtable.cards import PilatchCard, PilatchSuit
from cardtable.engine import Event
from cardtable.engine.words import plural
from cardtable.games.over_trump import OverTrumpView, PlaceCard
from cardtable.games.over_trump.moves import short
from cardtable.games.over_trump.rules import SUIT_NAMES, superior_suit
from cardtable.games.over_trump.scoring import points_text
from cardtable.games.over_trump.state import HandSummary, Placement
from cardtable.ui import card_faces
from cardtable.ui.card_art import (
    DOUBLE,
    FELT_CARD,
    HAND_CARD,
    HEAVY,
    ROUND,
    CardSize,
    Scale,
    chip,
    face_lines,
)
from cardtable.ui.card_faces import look
from cardtable.ui.cells import fitted_name
from cardtable.ui.felt import TURN_MARK, Felt, Seat, plate
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.widgets import GameTable, happened

TRICK_SEEN_SECONDS = 1.5
"""How long a finished trick stays in view, with its winner, before a bot leads the next."""
SUIT_ORDER = {PilatchSuit.ROCK: 0, PilatchSuit.PAPER: 1, PilatchSuit.SCISSORS: 2}
TEAM_NAMES = "AB"
TRICK_CARD = {
    Scale.COMPACT: FELT_CARD[Scale.COMPACT],
    Scale.ROOMY: HAND_CARD[Scale.ROOMY],
    Scale.LARGE: CardSize(11, 9, 6),
}
"""A card of the trick at each scale: the trick is what the felt is about, so its four cards
are as big as the hand's once there is room (a chip at 80x24)."""
SPREAD = {Scale.COMPACT: 2, Scale.ROOMY: 4, Scale.LARGE: 8}
"""The most room between the trick's cards at each scale (they keep together on a big felt)."""
KEEPER_SHOWS = 2
"""The columns of a revealed Keeper that show under the card placed with it: its edge and its
star (a third would show the K of its corner, read as a King)."""
SPECTATOR_PLATE = 26
"""The width of seat 1's plate at the bottom of a spectator's felt."""
CAPTION_WIDTH = 10
"""The widest name a caption on the felt writes in full."""
LARGE_CAPTION_WIDTH = 12
"""A team's players in its corner on a projector's table: 'Strong bot 2' whole."""


def sort_hand(hand: list[PilatchCard]) -> list[PilatchCard]:
    """By suit (Rock, Paper, Scissors), low to high, Keepers last."""
    return sorted(hand, key=lambda c: (c.is_joker, SUIT_ORDER[c.suit], c.rank))


def suit_cycle() -> list[str]:
    """Which suit beats which, one line each: '●R beats ✂S'."""
    return [f"{superior_suit(s).symbol} beats {s.symbol}" for s in SUIT_ORDER]


def team_of(seat: int) -> str:
    """The team of the player in `seat`: A (seats 1 and 3) or B (seats 2 and 4)."""
    return TEAM_NAMES[seat % 2]


def cut(name: str, width: int = CAPTION_WIDTH) -> str:
    """A name cut to `width` cells with '…' where it is cut, keeping the seat number a bot's
    ends with ('Strong… 2'; the seat plates show it whole)."""
    return fitted_name(name, width)


def padded_line(line: Text, width: int, align: str) -> Text:
    """`line` in `width` cells, placed left, centre or right, the spaces around it unstyled (a
    card's face colour stays on the card); cut where it is longer."""
    room = width - line.cell_len
    if room < 0:
        cut_line = line.copy()
        cut_line.truncate(width)
        return cut_line
    before = 0 if align == "left" else room if align == "right" else room // 2
    return Text(" " * before) + line + Text(" " * (room - before))


CROSS = (
    ("top_left", "", "top", "", "top_right"),
    ("", "left", "middle", "right", ""),
    ("bottom_left", "", "bottom", "", "bottom_right"),
)
"""The felt's middle on a roomy table: the trick's cards in a cross, each in front of the player
who placed it, and the four corners out in the felt's corners."""
ROW = (
    ("left", "top", "right"),
    ("top_left", "middle", "top_right"),
    ("bottom_left", "bottom", "bottom_right"),
)
"""The felt's middle at 80x24, where the three other players sit across the top: their cards in
a row under them (three even columns), the person playing's card at the bottom."""
CORNERS = {"top_left": "left", "bottom_left": "left", "top_right": "right", "bottom_right": "right"}
"""The corner blocks and the side of the felt each keeps to."""


@dataclass
class Cross:
    """What the middle of the felt shows, block by block (each a list of lines): the trick's
    cards in front of the seats `top` (across), `left`, `right` and `bottom` (the person
    playing), the trick's state in the `middle` and the four corners, laid out as `grid` says
    (`CROSS` or `ROW`), and `foot` lines under it all. The trick keeps together in the middle
    (`spread` cells at most between its cards); the corners take the rest of the room."""

    blocks: dict[str, list[Text]] = field(default_factory=dict)
    foot: list[Text] = field(default_factory=list)
    grid: tuple[tuple[str, ...], ...] = CROSS
    spread: int = 4

    def lines(self, width: int, height: int) -> Text:
        """The blocks laid out `width` cells wide in `height` rows."""
        grid = self.grid
        count = len(grid[0])
        natural = [max(self._width(row[c]) for row in grid) for c in range(count)]
        spare = max(width - sum(natural), 0)
        if count == 3:  # three even columns, under the seats across the top
            columns = [width // 3, width - 2 * (width // 3), width // 3]
        else:
            between = min(spare // 6, self.spread)
            columns = [w + (between if 0 < c < count - 1 else 0) for c, w in enumerate(natural)]
            outer = max(width - sum(columns), 0)
            columns[0] += outer // 2
            columns[-1] += outer - outer // 2
        heights = [max(len(self.blocks.get(name, [])) for name in row) for row in grid]
        room = max(height - sum(heights) - len(self.foot), 0)
        gap = min(room // 2, self.spread // 2)
        outer = room - 2 * gap
        heights[0] += outer // 2  # the corners out in the corners, the trick together
        heights[-1] += outer - outer // 2
        out: list[Text] = []
        for n, row in enumerate(grid):
            if n:
                out += [Text() for _ in range(gap)]
            out += self._row(row, columns, heights[n], n - 1)
        out += [padded_line(line, width, "center") for line in self.foot]
        return Text("\n").join(out)

    def _width(self, name: str) -> int:
        return max((line.cell_len for line in self.blocks.get(name, [])), default=0)

    def _row(self, names: Sequence[str], columns: list[int], height: int, side: int) -> list[Text]:
        """One row of the grid `height` lines tall: in the top row (`side` -1) the corners keep
        to its top and the cards to its bottom, the other way round in the bottom row (1)."""
        cells = []
        for name, width in zip(names, columns, strict=True):
            block = self.blocks.get(name, [])
            corner = name in CORNERS
            room = height - len(block)
            top = room // 2 if side == 0 else room if (side < 0) != corner else 0
            rows = [Text() for _ in range(top)] + list(block)
            rows += [Text() for _ in range(height - len(rows))]
            inner = self._width(name)
            align = CORNERS.get(name, "center")
            cells.append([padded_line(padded_line(r, inner, "left"), width, align) for r in rows])
        return [Text().join(cell[r] for cell in cells) for r in range(height)]


class TrickFelt(Widget):
    """The middle of the felt: the trick laid out as a cross, its cards in front of the players
    who placed them, the teams' scores and the suit cycle in its corners."""

    COMPONENT_CLASSES = {"trick-felt--landed", "trick-felt--muted"}
    DEFAULT_CSS = """
    TrickFelt {
        width: 1fr;
        height: 1fr;
        color: $felt-text;
        padding: 0 1;
    }
    TrickFelt > .trick-felt--landed {
        color: $landed;
        text-style: bold;
    }
    TrickFelt > .trick-felt--muted {
        color: $felt-muted;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="ot-trick")
        self.cross = Cross()

    def landed_style(self) -> Style:
        """The style of the edge of a card that has just landed (the theme's `$landed`)."""
        return self.get_component_rich_style("trick-felt--landed")

    def render(self) -> Text:
        """The cross at the felt's size."""
        return self.cross.lines(self.content_size.width, self.content_size.height)


class OverTrumpTable(GameTable[OverTrumpView, PlaceCard]):
    """Choose a card (arrows or its number) and press Enter; k first to reveal a Keeper with it."""

    BINDINGS = [
        Binding("enter,space", "confirm", "Place"),
        Binding("k", "reveal", "Reveal a Keeper"),
        Binding("l", "last_trick", "Last trick"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.revealing = False
        """Step one of a Keeper reveal is done: the next card placed goes with a Keeper."""
        self.reveal_with: PilatchCard | None = None
        """The Keeper a hint named for the reveal; the first one held otherwise."""
        self.showing_last = False
        self.on_felt: set[tuple[int, PilatchCard]] | None = None
        """The cards the felt showed last (seat, card), to light the ones that land."""

    def compose_table(self) -> ComposeResult:
        yield Felt(TrickFelt())

    # Drawing

    MOVE_KEYS = frozenset({"confirm", "reveal"})

    def hand_order(self, cards: list[PilatchCard]) -> list[PilatchCard]:
        """Hands are shown sorted by suit, then rank."""
        return sort_hand(cards)

    def show(
        self, view: OverTrumpView, names: list[str], legal: list[PlaceCard], interactive: bool
    ) -> None:
        """Draw the players around the felt, the trick, the teams and the viewer's hand."""
        keys_before = self._keys_now()
        self.keep(view, names, legal, interactive)
        if self._keys_now() != keys_before:  # k comes and goes with the Keepers, l with a trick
            self.refresh_bindings()
        self.new_hand(self.hand_order(view.hand or []))
        if not interactive:
            self.revealing = False
            self.reveal_with = None
        self._land(view)
        self._draw_seats()
        self._draw_trick()
        self.draw_hand()

    @property
    def bottom_seat(self) -> int:
        """The seat at the bottom of the felt: the person playing, or seat 1 for a spectator."""
        seat = self.shown.seat
        return 0 if seat is None else seat

    def _on_felt(self) -> tuple[list[Placement], bool]:
        """The cards on the felt and whether they are a finished trick (which stays in view
        until the next card is placed, or while `l` shows it)."""
        view = self.shown
        if view.last_trick and (self.showing_last or not view.trick):
            return view.last_trick, True
        return view.trick, False

    def _land(self, view: OverTrumpView) -> None:
        """Light the cards that have come onto the felt since it was last drawn."""
        cards = view.trick or view.last_trick
        now = {(p.seat, p.card) for p in cards}
        if self.on_felt is not None:
            self.land(*(("trick", seat, card) for seat, card in now - self.on_felt))
        self.on_felt = now

    def _draw_seats(self) -> None:
        others = [(self.bottom_seat + n) % 4 for n in (1, 2, 3)]
        seats = [self._seat(s) for s in others]
        sides = self.scale is not Scale.COMPACT  # at 80x24 the three sit across the top
        self.query_one(Felt).seat(seats, self.scale, sides)

    def _seat(self, seat: int) -> Seat:
        """A player at her place: her hand's backs, her team and its tricks, the suits she is
        known to be out of and the cards she is known to hold."""
        view = self.shown
        team = seat % 2
        notes = [Text(f"Team {team_of(seat)} · {plural(view.tricks[team], 'trick')}")]
        if view.void_tracker and view.voids[seat]:
            voids = " ".join(s.symbol for s in sorted(view.voids[seat], key=SUIT_ORDER.__getitem__))
            notes.append(Text(f"out of {voids}", style="#ff8a80"))
        shown = view.shown[seat] if view.shown else []
        if shown:
            held = Text("holds ", style="#ce93d8")
            for card in shown:
                held.append_text(chip(look(card)))
            notes.append(held)
        return Seat(
            name=self.who(seat),
            cards=view.hand_sizes[seat],
            to_act=seat in view.to_act,
            notes=notes,
            marks="dealer" if seat == view.dealer else "",
        )

    def _draw_trick(self) -> None:
        """The cross in the middle of the felt: each player's card in front of her."""
        view = self.shown
        felt = self.query_one(TrickFelt)
        cards, won = self._on_felt()
        top = len(cards) - 1 if won else view.top
        placed = {p.seat: (n, p) for n, p in enumerate(cards)}
        size = TRICK_CARD[self.scale]
        lit = felt.landed_style() if self.lit else Style()
        blocks: dict[str, list[Text]] = {}
        for place, step in (("left", 1), ("top", 2), ("right", 3), ("bottom", 0)):
            seat = (self.bottom_seat + step) % 4
            n, placement = placed.get(seat, (None, None))
            mark = "" if n is None or n != top else "won" if won else "top"
            blocks[place] = self._card_place(seat, placement, mark, size, lit)
        blocks["bottom"] += self._bottom_caption()
        blocks["middle"] = self._trick_state(won)
        blocks["top_left"] = self._team(0)
        blocks["top_right"] = self._team(1)
        muted = felt.get_component_rich_style("trick-felt--muted")
        blocks["bottom_left"] = [Text(line, style=muted) for line in suit_cycle()]
        hand = self._hand_shown() if won else view.hand_number
        dealer = (view.dealer - (view.hand_number - hand)) % 4  # the deal moves on one a hand
        blocks["bottom_right"] = [
            Text(f"Hand {hand}"),
            Text(f"{cut(self.who(dealer), self.corner_width())} dealt"),
            Text("100 wins", style="dim"),
        ]
        compact = self.scale is Scale.COMPACT
        felt.cross = Cross(
            blocks, self._reveals(cards, won), ROW if compact else CROSS, SPREAD[self.scale]
        )
        felt.refresh()

    def _hand_shown(self) -> int:
        """The hand a finished trick on the felt belongs to (the last trick of a hand stays on
        the felt once the next hand is dealt)."""
        view = self.shown
        return view.hand_number if sum(view.tricks) else view.hand_number - 1

    def _card_place(
        self, seat: int, placement: Placement | None, mark: str, size: CardSize, lit: Style
    ) -> list[Text]:
        """The place in front of `seat`: her card (a Keeper she revealed with it under it), or
        an empty place. A card's edge says 'top' or 'won'; a chip has it written under it (or
        beside it at the bottom of the felt, where the person playing's name takes the room)."""
        waiting = seat in self.shown.to_act and seat != self.bottom_seat
        if size.height <= 1:
            return self._chip_place(seat, placement, mark, waiting, lit)
        if placement is None:
            inner = size.width - 2
            label = f"{TURN_MARK} to play" if inner >= 9 else TURN_MARK
            middle = padded_line(Text(label if waiting else "", style="bold"), inner, "center")
            empty = [Text("┌" + "┄" * inner + "┐", style="dim")]
            empty += [Text("┆" + " " * inner + "┆", style="dim") for _ in range(size.height - 2)]
            empty[size.height // 2] = Text("┆", style="dim") + middle + Text("┆", style="dim")
            empty.append(Text("└" + "┄" * inner + "┘", style="dim"))
            return empty
        landed = self.landed(("trick", seat, placement.card))
        edge = DOUBLE if mark else HEAVY if landed else ROUND
        lines = face_lines(look(placement.card), size, mark, edge, str(lit) if landed else "")
        if placement.reveal is not None:
            keeper = face_lines(look(placement.reveal), size)
            lines = [k[:KEEPER_SHOWS] + line for k, line in zip(keeper, lines, strict=True)]
        return lines

    def _chip_place(
        self, seat: int, placement: Placement | None, mark: str, waiting: bool, lit: Style
    ) -> list[Text]:
        """The place in front of `seat` at 80x24: a chip, its mark written under it."""
        beside = seat == self.bottom_seat
        if placement is None:
            empty = Text("┄┄┄┄┄", style="dim")
            caption = Text(f"{TURN_MARK} to play" if waiting else "", style="bold")
            return [empty] if beside else [empty, caption]
        line = chip(look(placement.card))
        if self.landed(("trick", seat, placement.card)):
            line.stylize(Style(bgcolor=lit.color, bold=True))
        if placement.reveal is not None:  # the Keeper beside the card, the mark under it
            line += Text(" ") + chip(look(placement.reveal))
        if beside:
            return [line + Text(f"◀ {mark}" if mark else "", style="bold")]
        return [line, Text(f"▲ {mark}" if mark else "", style="bold")]

    def _bottom_caption(self) -> list[Text]:
        """Under the bottom place: the person playing's name and team; for a spectator, seat 1
        at her place as the others are (her hand face down)."""
        view = self.shown
        seat = self.bottom_seat
        if view.seat is None:  # her name, team and hand face down (its tricks are in a corner)
            shown = self._seat(seat)
            marks = f"Team {team_of(seat)}" + (" · dealer" if seat == view.dealer else "")
            shown.notes, shown.marks = shown.notes[1:], marks
            return list(plate(shown, self.scale, SPECTATOR_PLATE).split())
        name = Text(f"{TURN_MARK} " if seat in view.to_act else "  ", style="bold")
        name.append(cut(self.who(seat)), style="bold")
        name.append(f" · Team {team_of(seat)}")
        if seat in view.to_act:
            name.stylize(card_faces.turn())
        if seat == view.dealer:
            name.append(" · dealer", style="dim")
        return [name]

    def _trick_state(self, won: bool) -> list[Text]:
        """The middle of the cross: the trick's number, who led it and its suit, or who won
        it."""
        view = self.shown
        if won:
            number = sum(view.tricks) or 11
            lines = [Text(f"Trick {number}", style="bold")]
            lines.append(Text(f"Won by {cut(self.who(view.last_winner or 0))}", style="bold"))
            if self.showing_last and view.trick:
                lines.append(Text("l: back", style="dim"))
            return lines
        lines = [Text(f"Trick {sum(view.tricks) + 1}", style="bold")]
        leader = cut(self.who(view.leader))
        lines.append(Text(f"{leader} led" if view.trick else f"{leader} to lead"))
        if view.trick_suit:
            if self.scale is Scale.COMPACT:  # one line: the seats' notes take the rows
                lines[-1].append(f" · suit: {view.trick_suit.symbol}")
            else:
                lines.append(Text(f"suit: {SUIT_NAMES[view.trick_suit]}"))
        return lines

    def corner_width(self) -> int:
        """The widest name the felt's corners write in full: wider on a projector's table."""
        return LARGE_CAPTION_WIDTH if self.scale is Scale.LARGE else CAPTION_WIDTH

    def _team(self, team: int) -> list[Text]:
        """A team's corner: its game score, tricks and points this hand (its players too, once
        there is room)."""
        view = self.shown
        lines = [Text(f"Team {TEAM_NAMES[team]}: {view.scores[team]}", style="bold")]
        if self.scale is not Scale.COMPACT:
            width = self.corner_width()
            lines.append(Text(" & ".join(cut(self.who(s), width) for s in view.teams[team])))
        tricks, points = plural(view.tricks[team], "trick"), points_text(view.hand_points[team])
        if self.scale is Scale.COMPACT:  # one line: the seats' notes take the rows
            return [*lines, Text(f"{tricks} · {points}")]
        return [*lines, Text(tricks), Text(points)]

    def _reveals(self, cards: list[Placement], won: bool) -> list[Text]:
        """A line for each Keeper revealed in the trick: the card placed with it goes back."""
        went = "went" if won else "goes"
        return [
            Text(
                f"Keeper revealed by {cut(self.who(p.seat))}: "
                f"{short(p.card)} {went} back after the trick",
                style="italic #ce93d8",
            )
            for p in cards
            if p.reveal is not None
        ]

    def draw_hand(self) -> None:
        """The hand's title (with a Keeper reveal's step) and its cards, the unplayable dim."""
        view = self.shown
        if view.seat is None or view.hand is None:
            self.hand_title(None)
        else:
            step = (
                "  ·  with a Keeper: pick the card to place (k cancels)" if self.revealing else ""
            )
            cards = plural(len(self.hand), "card")
            self.hand_title(Text(f"{self.names[view.seat]}'s hand: {cards}{step}"))
        playable = {m.card for m in self.legal}
        hand = self.hand
        self.draw_cards(
            [look(card) for card in hand],
            unplayable={i for i, c in enumerate(hand) if self.interactive and c not in playable},
            cursor=self.cursor if self.interactive else None,
            selected={i for i, c in enumerate(hand) if self.revealing and c.is_joker},
        )

    # Input

    def action_pick(self, slot: int) -> None:
        """A number key places that card (with a Keeper, after k)."""
        if slot < len(self.hand) and self.may_act():
            self.cursor = slot
            self._place(slot)

    def action_confirm(self) -> None:
        """Enter places the card under the cursor."""
        if self.may_act() and self.hand:
            self._place(self.cursor)

    def _may_reveal(self) -> bool:
        """A Keeper may go with a card placed now (she holds one, and a card of a suit)."""
        return any(m.reveal is not None for m in self.legal)

    def _keys_now(self) -> tuple[bool, bool]:
        """What decides whether k and l show in the footer."""
        return self._may_reveal(), self.view is not None and bool(self.view.last_trick)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """k shows while a Keeper can be revealed now; l once a trick has been won."""
        if action == "reveal":
            return self.interactive and self._may_reveal()
        if action == "last_trick":
            return self._keys_now()[1]
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """k and l say why when they have nothing to do (hidden from the footer, their bindings
        would not act at all)."""
        action = {"k": "reveal", "l": "last_trick"}.get(event.key)
        if action is not None and not self.check_action(action, ()):
            event.stop()
            self.action_reveal() if action == "reveal" else self.action_last_trick()

    def action_reveal(self) -> None:
        """Step one of a Keeper reveal: the next card placed goes with a Keeper."""
        if not self.may_act():
            return
        if not self._may_reveal():
            held = any(c.is_joker for c in self.hand)
            why = (
                "A Keeper is revealed with a card of a suit, and you hold only Keepers."
                if held
                else "You hold no Keeper to reveal."
            )
            self.post_message(self.Said(why, refused=True))
            return
        self.revealing = not self.revealing
        self.reveal_with = None
        if self.revealing:
            self.post_message(
                self.Said(
                    "Keeper reveal: now choose the card to place. It goes back to your hand "
                    "after the trick, and the Keeper goes to the winners. (k cancels)"
                )
            )
        else:
            self.post_message(self.Said("Keeper reveal cancelled."))
        self.draw_hand()

    def action_last_trick(self) -> None:
        """Show the previous trick, or go back to the trick in play (the finished trick stays
        on the table by itself until the next card is placed)."""
        view = self.shown
        if not view.last_trick:
            self.post_message(self.Said("No trick has been won yet.", refused=True))
            return
        if not view.trick:
            self.showing_last = False
            self.post_message(
                self.Said(
                    "The last trick is the one on the felt: it stays there until the "
                    "next card is placed."
                )
            )
            return
        self.showing_last = not self.showing_last
        self._draw_trick()

    def _place(self, slot: int) -> None:
        card = self.hand[slot]
        reveal = None
        if self.revealing:
            if card.is_joker:
                self.post_message(
                    self.Said(
                        "Reveal a Keeper with a card of a suit, not with a Keeper.", refused=True
                    )
                )
                return
            keepers = [c for c in self.hand if c.is_joker]
            reveal = self.reveal_with if self.reveal_with in keepers else keepers[0]
        self.revealing = False
        self.reveal_with = None
        self.showing_last = False
        self.make(PlaceCard(card=card, reveal=reveal))

    def suggest(self, move: PlaceCard) -> str:
        """Put the cursor on the hinted card."""
        self.cursor = self.hand.index(move.card)
        self.revealing = move.reveal is not None
        self.reveal_with = move.reveal
        self.draw_hand()
        if self.revealing:  # set by the hint: k now would take the reveal off, not put it on
            return "The reveal is set: Enter places it (k would cancel it)."
        return "Enter places it."

    def linger_after(self, events: list[Event]) -> float:
        """A finished trick stays in view a moment before a bot leads the next one."""
        return TRICK_SEEN_SECONDS if any(e.kind == "trick" for e in events) else 0.0

    def summary(self, events: list[Event], view: OverTrumpView, names: list[str]) -> Summary | None:
        """After a hand, its summary."""
        if happened(events, "hand") and view.history:
            return hand_summary(view.history[-1], names, view.over)
        return None


def hand_summary(s: HandSummary, names: list[str], last: bool = False) -> Summary:
    """The points of the hand just played, by kind and team, and the game's totals; `last`:
    the game ended with this hand, and what comes next is the result, not a hand."""
    rows = [
        ("Tricks taken (a count)", s.tricks),
        ("1s (10 each)", s.ones),
        ("J Q K A (1 each)", s.honours),
        ("Keepers (1 each)", s.keepers),
        ("Most tricks", s.bonus),
        ("Penalty", [-p for p in s.penalty]),
        ("This hand", s.points),
        ("Game total", s.totals),
    ]
    return Summary(
        title=f"Hand {s.number}",
        columns=[
            Column(""),
            *(Column(Text(f"{names[t]} & {names[t + 2]}"), right=True) for t in range(2)),
        ],
        rows=[
            Row([label, *(str(v) for v in values)], bold=label == "Game total")
            for label, values in rows
        ],
        under=[Line(Text(s.note))] if s.note else [],
        next_line="Enter: the result of the game" if last else "Enter: next hand",
    )

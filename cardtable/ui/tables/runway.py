"""The Runway table: every run with its direction and leading edge, the common area, the bin,
the deck, the phase of the turn, and the hand; moves from the cards or from short menus."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from cardtable.cards import Direction, DirectionCard, PilatchCard
from cardtable.engine import Event
from cardtable.engine.words import plural
from cardtable.games.runway import moves as mv
from cardtable.games.runway.moves import SUIT_ORDER, End
from cardtable.games.runway.runs import counted, leading_ends
from cardtable.games.runway.scoring import MATCH_TARGET
from cardtable.games.runway.state import (
    PHASE_TITLES,
    GameSummary,
    Phase,
    RunwayOptions,
    RunwayView,
)
from cardtable.games.runway.teaching import cards_of
from cardtable.ui import card_art
from cardtable.ui.card_art import (
    FELT_CARD,
    CardSize,
    Scale,
    chip,
    flow,
    joined,
    pile,
    side_by_side,
)
from cardtable.ui.card_faces import (
    Look,
    joker_label,
    look,
)
from cardtable.ui.cells import fitted
from cardtable.ui.felt import Felt, Seat, around, plate, plate_widths
from cardtable.ui.letter_keys import letter_bindings
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.widgets import (
    Drawn,
    GameTable,
    HandCard,
    hand_row_start,
    happened,
)


@dataclass(frozen=True)
class ActionKey:
    """A letter key of the table: the kinds of move it offers and how it offers them."""

    letter: str
    kinds: tuple[str, ...]
    title: str
    """The title of the menu it opens."""
    at_once: bool = False
    """With exactly one move to offer, the key makes it at once (else a menu opens)."""


ACTION_KEYS: dict[str, ActionKey] = {
    "draw": ActionKey("d", ("draw",), "Draw", at_once=True),
    "bin": ActionKey("b", ("stop-taking", "take"), "Take cards from the bin (one at a time)"),
    "common": ActionKey("c", ("add",), "Move a common-area card onto your run"),
    "triple": ActionKey("t", ("triple",), "Play a triple: it earns one special action"),
    "act": ActionKey(
        "a",
        (
            "draw-three",
            "flip",
            "look",
            "hand-size",
            "reshuffle",
            "extra-turn",
            "lengthen",
            "trounce",
            "duplicates",
        ),
        "Special actions and other plays",
    ),
    "trade": ActionKey(
        "o",
        ("offer", "offer-card", "ask-card", "send-offer", "withdraw", "accept", "decline"),
        "Trade",
    ),
    "recycle": ActionKey("r", ("recycle",), "Recycle your run", at_once=True),
    "end": ActionKey(
        "e", ("end-build", "end-turn", "stop-taking", "stop-looking"), "End", at_once=True
    ),
}
"""Every letter key and the moves it offers: the keys' behaviour and the hints' "Press b."
both come from this table, so a hint names the key that makes its move."""
MENU_KEY = "m"
KEY_LABELS = {
    "draw": "Draw",
    "bin": "Bin",
    "common": "Common",
    "triple": "Triple",
    "act": "Action",
    "trade": "Trade",
    "recycle": "Recycle",
    "end": "End phase",
    "menu": "Moves",
}
"""Each letter's word in the footer, in the footer's order."""
MENU_TITLE = "Every move you can make now"


def sort_hand(hand: list[Any]) -> list[Any]:
    """By suit (Rock, Paper, Scissors), low to high; Jokers, then direction cards, last."""

    def key(card: Any) -> tuple[int, int, int]:
        if isinstance(card, DirectionCard):
            return (2, 0, 0)
        return (1 if card.is_joker else 0, SUIT_ORDER[card.suit], card.rank)

    return sorted(hand, key=key)


def involves(move: Any, card: Any) -> bool:
    """True if the move uses this hand card."""
    if isinstance(move, mv.PlayTriple):
        return card in move.cards
    if isinstance(move, mv.SwapCards):
        return move.mine == card
    if isinstance(move, mv.AddToRun) and move.from_common:
        return False
    if isinstance(move, mv.TakeFromBin):
        return False
    return getattr(move, "card", None) == card


ARROWS = {Direction.UP: "↑", Direction.DOWN: "↓"}
"""The mark on a run's leading card: the way it grows (↕ at both ends)."""
LEADING_MARKS = {*ARROWS.values(), "↕", "+"}
"""The marks of a run's leading card (a compact chip shows them reversed, not written)."""
SIDE_COLUMNS = 26
"""The columns a side of the felt takes when players sit there (felt.py's side plates, as wide
as their widest line, and the side's padding)."""
NARROWEST_STEP = 4
"""The fewest columns of a card that show under the next before a fan wraps onto a new row."""


def arrived(before: Sequence[Any], after: Sequence[Any]) -> list[Any]:
    """The things in `after` that were not in `before` (counting copies)."""
    left = list(before)
    new = []
    for thing in after:
        if thing in left:
            left.remove(thing)
        else:
            new.append(thing)
    return new


def laid(
    looks: Sequence[Look],
    size: CardSize,
    room: int,
    marks: dict[int, str],
    lit: Sequence[int],
    lit_colour: str,
) -> list[Text]:
    """Cards on the felt in `room` columns: overlapping faces, closer together when they must
    be, wrapping onto more rows when even a narrow fan is too wide; compact, chips in lines.
    `marks` writes a sign on a card's top edge (after a chip's corner); `lit` cards have just
    landed (edged in `lit_colour`)."""
    if not looks:
        return []
    if size.height <= 1:
        return _chips(looks, room, marks, lit, lit_colour)
    return card_art.laid(looks, size, room, marks, lit, f"bold {lit_colour}", NARROWEST_STEP)


def _chips(
    looks: Sequence[Look], room: int, marks: dict[int, str], lit: Sequence[int], lit_colour: str
) -> list[Text]:
    """Cards as one-line chips, a space apart, in lines of `room` columns; a run's leading
    card reversed, another mark written after the card."""
    lines = [Text()]
    for n, card_look in enumerate(looks):
        mark = marks.get(n, "")
        card = Text(card_look.corner, style=card_look.style)
        if mark in LEADING_MARKS:
            card.stylize("reverse")
        elif mark:
            card.append(mark)
        if n in lit:
            card.stylize(f"on {lit_colour}")
        if lines[-1].cell_len and lines[-1].cell_len + 1 + card.cell_len > room:
            lines.append(Text())
        elif lines[-1].cell_len:
            lines[-1].append(" ")
        lines[-1].append_text(card)
    return lines


class RunwayTable(GameTable[RunwayView, Any]):
    """Pick a card (arrows or its number, Enter) for what it can do; letters for the rest."""

    BINDINGS = [
        Binding("enter,space", "confirm", "Use card"),
        *letter_bindings(
            {"menu": MENU_KEY} | {name: key.letter for name, key in ACTION_KEYS.items()},
            KEY_LABELS,
        ),
    ]
    """The footer's keys; on_key reads the letters from ACTION_KEYS."""

    DEFAULT_CSS = """
    RunwayTable #felt-centre > Static {
        width: 100%;
        height: auto;
        content-align: center top;
        color: $felt-text;
    }
    RunwayTable.-spacious #rw-phase, RunwayTable.-spacious #rw-bin,
    RunwayTable.-spacious #rw-common {
        margin-bottom: 1;
    }
    RunwayTable #rw-extra {
        color: $landed;
    }
    """

    def __init__(self) -> None:
        super().__init__(classes="runway")
        self.first_shown = 0
        """The first hand card shown: a long hand scrolls under the cursor."""
        self.trade_news: tuple[int, str] | None = None
        """The answer to the last trade offer: (the offerer, the log line)."""
        self.armed: str | None = None
        """A key pressed once for a move that throws something away: a second press makes it."""
        self.hint_cursor: int | None = None
        """Where the cursor stood when a hint named a key, not a card: Enter there makes the
        hinted move too (moving the cursor gives Enter back to the cards)."""
        self.felt_scale = Scale.COMPACT
        """The size of the cards on the felt: the table's scale, or smaller where the felt is
        too short for it."""
        self.squeezed = False
        """The common area and a hand being looked at drawn as chips, to fit a short felt."""
        self.centre_width = 60
        """The columns the middle of the felt has for the game's cards."""
        self.fresh: dict[object, list[Any]] = {}
        """The cards that have just landed, by where they landed (('run', seat), ('common',),
        ('bin',)): drawn lit while `landed` says so."""

    def compose_table(self) -> ComposeResult:
        yield Felt(
            Drawn(id="rw-phase"),
            Drawn(id="rw-bin"),
            Drawn(id="rw-common"),
            Drawn(id="rw-extra"),
            Drawn(id="rw-run"),
        )

    # Drawing

    def card_look(self, card: Any) -> Look:
        """A Joker shows its suit: '★●R' (a Keeper is Over Trump's)."""
        return look(card, joker_label(card))

    def hand_order(self, cards: list[Any]) -> list[Any]:
        """Hands are shown sorted by suit, then rank."""
        return sort_hand(cards)

    def show(self, view: RunwayView, names: list[str], legal: list[Any], interactive: bool) -> None:
        """Draw the other players around the felt (each with her run and direction), the deck,
        the bin and the common area in the middle, the viewer's run over her hand."""
        self._spot_landings(self.view, view)
        self.keep(view, names, legal, interactive)
        self.new_hand(self.hand_order(view.hand or []))
        self._draw_felt()
        self._draw_hand_row()
        self.refresh_bindings()

    def _draw_felt(self) -> None:
        """The felt at the biggest card size whose seats and middle fit its height: first the
        common area and a hand being looked at go to chips, then every card on the felt
        shrinks (a short window draws the felt's cards smaller than the hand's)."""
        felt = self.query_one(Felt)
        height = felt.size.height
        sizes = [(scale, squeezed) for scale in reversed(Scale) for squeezed in (False, True)]
        for scale, squeezed in sizes:
            if scale > self.scale or (squeezed and scale is Scale.COMPACT):
                continue
            self.felt_scale, self.squeezed = scale, squeezed
            seats, across = self._seats(felt)
            phase = self._phase_line()
            bin_lines = self._bin_lines()
            common = self._common_lines()
            extra = self._extra_lines()
            mine = self._my_run_lines()
            margins = 3 if scale is Scale.LARGE else 0
            middle = len(bin_lines) + len(common) + len(extra) + len(mine) + 1 + margins
            if not height or across + middle <= height:
                break
        self.set_class(self.felt_scale is Scale.LARGE, "-spacious")
        felt.seat(seats, self.felt_scale, self.sides)
        self.query_one("#rw-phase", Static).update(phase)
        self.query_one("#rw-bin", Static).update(joined(bin_lines))
        self.query_one("#rw-common", Static).update(joined(common))
        extra_widget = self.query_one("#rw-extra", Static)
        extra_widget.display = bool(extra)
        extra_widget.update(joined(extra))
        self._show_my_run(mine)

    def _spot_landings(self, old: RunwayView | None, new: RunwayView) -> None:
        """Light what has just landed since the last view: a card on a run, a triple in the
        common area, cards in the bin."""
        if old is None or old is new or old.game_number != new.game_number:
            return
        landed: dict[object, list[Any]] = {}
        for seat, (before, after) in enumerate(zip(old.runs, new.runs, strict=False)):
            if len(after) > len(before):
                landed[("run", seat)] = arrived(before, after)
        if len(new.common) > len(old.common):
            landed[("common",)] = arrived(old.common, new.common)
        if len(new.bin) > len(old.bin):
            landed[("bin",)] = arrived(old.bin, new.bin)
        if landed:
            self.fresh.update(landed)
            self.land(*landed)

    def _lit(self, where: object) -> list[Any]:
        """The cards that have just landed there (none once the highlight is over)."""
        return self.fresh.get(where, []) if self.landed(where) else []

    @property
    def sides(self) -> bool:
        """Whether players sit down the sides of the felt: once its cards are bigger than
        chips."""
        return self.felt_scale is not Scale.COMPACT

    def _seats(self, felt: Felt) -> tuple[list[Seat], int]:
        """The other players at their places around the felt, in play order from the viewer
        (a spectator sees every player around it), and the height of the row across the top.
        Players sit down the sides once cards are bigger than chips."""
        view = self.shown
        order = view.order
        if view.seat in order:
            start = order.index(view.seat)
            others = order[start + 1 :] + order[:start]
        else:
            others = list(order)
        left, across, right = around(len(others), self.sides)
        felt_width = felt.size.width or self.size.width
        side_width, across_width = plate_widths(felt_width, across, self.felt_scale)
        self.centre_width = max(felt_width - SIDE_COLUMNS * ((left > 0) + (right > 0)), 30)
        seats = []
        tallest = 0
        for n, seat in enumerate(others):
            sits_across = left <= n < left + across
            width = across_width if sits_across else side_width
            place = Seat(
                name=self.who(seat),
                cards=view.hand_sizes[seat],
                to_act=seat in view.to_act and not view.over,
                notes=self._run_notes(seat, width - 2),
                marks="trading" if seat in view.trading else "",
            )
            seats.append(place)
            if sits_across:
                tallest = max(tallest, len(plate(place, self.felt_scale, width).split()))
        return seats, tallest

    def _standing(self, seat: int) -> Text:
        """A seat's direction card and how far her run has come: ' UP↑ ' 4/5."""
        view = self.shown
        direction = view.directions[seat]
        line = Text()
        if direction is not None:
            line.append_text(chip(look(DirectionCard(), f"{direction.value}{ARROWS[direction]}")))
        else:
            line.append("both ends" if view.options.build_easily else "no direction", style="dim")
        run = view.runs[seat]
        pecking = view.options.pecking_order and view.seats >= 4
        if pecking and seat in view.out:
            line.append(f" out #{view.out.index(seat) + 1}", style="bold")
        elif view.options.biggest_run_wins:
            line.append(f" run of {len(run)}", style="bold")
        else:
            done = counted(run) >= view.needed[seat]
            line.append(f" {counted(run)}/{view.needed[seat]}", style="bold")
            line.append(" run" + (" ✓" if done else ""), style="bold" if done else "")
        return line

    def _run_notes(self, seat: int, room: int) -> list[Text]:
        """What the table shows of another player: her direction and count, and her run as
        cards (the leading edge marked) in `room` columns."""
        notes = [self._standing(seat)]
        if not self.shown.runs[seat]:
            notes.append(Text("no run", style="dim italic"))
        else:
            notes += self._run_lines(seat, room)
        return notes

    def _run_lines(self, seat: int, room: int, fits: bool = False) -> list[Text]:
        """A seat's run as overlapping cards, laid in the order it grows (a DOWN run from its
        high end) so its leading card lies on top at the right, marked with the direction;
        `fits`: the card under the viewer's cursor would go there."""
        view = self.shown
        run = view.runs[seat]
        direction = view.directions[seat]
        ends = leading_ends(direction)
        entries = list(reversed(run)) if direction is Direction.DOWN else list(run)
        marks: dict[int, str] = {}
        if run:
            for end in ends:
                place = len(run) - 1 if (end is End.HIGH) != (direction is Direction.DOWN) else 0
                marks[place] = "+" if fits else ARROWS.get(direction, "↕")
        fresh = self._lit(("run", seat))
        lit = [n for n, entry in enumerate(entries) if entry in fresh]
        looks = [look(e.card, joker_label(e.card, e.rank)) for e in entries]
        return laid(looks, FELT_CARD[self.felt_scale], room, marks, lit, self.felt_colour("landed"))

    def _phase_line(self) -> Text:
        """Whose turn it is and the phase of it: Draw ▸ Build ▸ Discard, the one now lit."""
        view = self.shown
        text = Text()
        text.append(f"{self.who(view.active)}'s turn  ", style="bold")
        current = PHASE_TITLES[view.phase]
        for i, title in enumerate(("Draw", "Build", "Discard")):
            if i:
                text.append(" ▸ ", style="dim")
            style = "bold reverse #ffd54f" if title == current else "dim"
            text.append(f" {title} ", style=style)
        if view.actions:
            actions = plural(view.actions, "action")
            text.append(f"  ◆ {actions} to use", style="bold #69f0ae")
        return text

    def _bin_lines(self) -> list[Text]:
        """The deck face down beside the bin, the bin's cards spread face up (it is public)."""
        view = self.shown
        size = FELT_CARD[self.felt_scale]
        room = self.centre_width
        cards = sort_hand(view.bin)
        fresh = self._lit(("bin",))
        lit = [n for n, card in enumerate(cards) if card in fresh]
        looks = [look(card, joker_label(card)) for card in cards]
        caption = Text(f"Bin {len(cards)} · face up", style="bold")
        if size.height <= 1:
            deck = pile(None, view.deck_size, size, "Deck")[0]
            heading = Text.assemble(deck, "   ", caption)
            heading.append(":" if cards else " (empty)", style="bold")
            lines = [heading, *laid(looks, size, room, {}, lit, self.felt_colour("landed"))]
        elif not cards:
            deck = pile(None, view.deck_size, size, "Deck")
            lines = side_by_side(deck, pile(None, 0, size, "Bin"), gap=3)
        else:
            deck = pile(None, view.deck_size, size, "Deck")
            spread = laid(looks, size, room - size.width - 3, {}, lit, self.felt_colour("landed"))
            lines = side_by_side(deck, [*spread, caption], gap=3)
        return lines

    def _common_lines(self) -> list[Text]:
        """The common area: each triple as a little fan under its owner's name; the cards that
        can go on the viewer's run now marked 'c' (the key that moves them)."""
        view = self.shown
        size = FELT_CARD[Scale.COMPACT if self.squeezed else self.felt_scale]
        room = self.centre_width
        usable = {m.card for m in self.legal if isinstance(m, mv.AddToRun) and m.from_common}
        fresh = self._lit(("common",))
        title = Text("Common area", style="bold")
        if not view.common:
            title.append(": empty", style="dim")
            return [title]
        blocks = []
        for triple in view.common:
            looks = [look(card, joker_label(card, triple.rank)) for card in triple.cards]
            mark = "c" if size.height > 1 else "▴"
            marks = {n: mark for n, card in enumerate(triple.cards) if card in usable}
            lit = list(range(len(looks))) if triple in fresh else []
            cards = laid(looks, size, room, marks, lit, self.felt_colour("landed"))
            owner = Text(fitted(self.who(triple.owner), 8).rstrip(), style="dim")
            if size.height <= 1:
                blocks.append([Text.assemble(owner, " ", cards[0])])
            else:
                blocks.append([*cards, owner])
        if size.height <= 1:
            lines, _ = flow([[Text("Common:", style="bold")], *blocks], room, gap=2)
        else:
            lines = [title, *flow(blocks, room, gap=2)[0]]
        return lines

    def _my_run_lines(self) -> list[Text]:
        """The viewer's run, with her direction and count; '+' on its leading card when the
        card under the cursor goes there (none for a spectator)."""
        view = self.shown
        if view.seat is None:
            return []
        line = Text.assemble((f"{self.who(view.seat)}'s run  ", "bold"), self._standing(view.seat))
        fits = self._cursor_fits()
        if fits:
            card = self.hand[self.cursor]
            line.append(f"  + Enter puts {joker_label(card)} here", style="bold")
        if not view.runs[view.seat]:
            line.append("  no run yet", style="dim italic")
            return [line]
        cards = self._run_lines(view.seat, self.centre_width, fits)
        if len(cards) == 1 and line.cell_len + 2 + cards[0].cell_len <= self.centre_width:
            return [Text.assemble(line, "  ", cards[0])]
        return [line, *cards]

    def _show_my_run(self, lines: list[Text]) -> None:
        """Put the viewer's run just over her hand (hidden for a spectator)."""
        widget = self.query_one("#rw-run", Drawn)
        widget.display = bool(lines)
        widget.update(joined(lines))  # an arrow changes the '+' on the run, not its room

    def _cursor_fits(self) -> bool:
        """True if the card under the cursor can go on the viewer's run now."""
        if not self.interactive or not self.hand:
            return False
        card = self.hand[self.cursor]
        return any(isinstance(m, mv.AddToRun) and involves(m, card) for m in self.legal)

    def _extra_lines(self) -> list[Text]:
        """The hand being looked at, as cards; a trade offer, or the answer to one; nothing
        (no room taken) when there is none."""
        view = self.shown
        text = Text()
        if view.peek is not None and view.looking_at is not None:
            title = Text(f"{self.who(view.looking_at)}'s hand (only you see it):", style="bold")
            looks = [look(card, joker_label(card)) for card in sort_hand(view.peek)]
            size = FELT_CARD[Scale.COMPACT if self.squeezed else self.felt_scale]
            cards = laid(looks, size, self.centre_width, {}, [], "")
            swap = Text("Enter on one of your cards to swap it; e hands them back.", style="dim")
            return [title, *cards, swap]
        if view.offer is not None:
            offer = view.offer
            give = " ".join(joker_label(c) for c in offer.give) or "nothing"
            if view.seat == offer.by:
                text.append(
                    f"Your offer to {self.who(offer.to)}: you give {give}; "
                    f"you ask for {cards_of(offer.ask, 'her')}.",
                    style="bold",
                )
                if view.phase is Phase.OFFERING:
                    text.append(
                        "\nEnter on a card adds it; o: ask for more, send or withdraw.",
                        style="dim",
                    )
            else:
                text.append(
                    f"{self.who(offer.by)} offers you {give} for {cards_of(offer.ask, 'your')}.",
                    style="bold",
                )
                if view.phase is Phase.ANSWERING:
                    text.append("\no: accept or decline.", style="dim")
                else:
                    left = offer.ask - len(offer.given)
                    text.append(f"\nEnter on a card to give it ({left} to go).", style="dim")
        elif view.trading:
            by, to = view.trading
            text.append(f"{self.who(by)} is trading with {self.who(to)}.", style="dim")
        elif self.trade_news is not None:
            by, line = self.trade_news
            if by == view.active and view.phase is Phase.BUILD and view.seat == by:
                text.append(f"{line}.", style="bold")
            elif by != view.active:
                self.trade_news = None
        return text.split("\n") if text.plain else []

    def _draw_hand_row(self) -> None:
        """The hand's title (with its limit) and the cards around the cursor: those with
        nothing to do now dim in the build and discard phases."""
        view = self.shown
        hand = self.hand
        slots = self.hand_slots()
        self.first_shown = hand_row_start(self.cursor, self.first_shown, slots, len(hand))
        if view.seat is None or view.hand is None:
            self.hand_title(None)
        else:
            limit = view.hand_limits[view.seat]
            more = ""
            if len(hand) > slots:
                last = min(len(hand), self.first_shown + slots)
                more = f"  ·  cards {self.first_shown + 1}-{last} shown, ←→ for the rest"
            cards = plural(len(hand), "card")
            self.hand_title(Text(f"{self.who(view.seat)}'s hand: {cards} (keeps {limit}){more}"))
        dim = self.interactive and view.phase not in (Phase.DRAW, Phase.TAKING, Phase.ANSWERING)
        self.draw_cards(
            [self.card_look(card) for card in hand],
            first=self.first_shown,
            unplayable={
                i for i, c in enumerate(hand) if dim and not any(involves(m, c) for m in self.legal)
            },
            cursor=self.cursor if self.interactive else None,
        )

    # Keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key in the footer only when it has something to do now."""
        if action == "keyed" and parameters:
            if not self.interactive:
                return False
            key = str(parameters[0])
            if key == "menu":
                return bool(self.legal)
            return bool(self._moves_for(key))
        if action == "confirm":
            return self.interactive and any(involves(m, c) for m in self.legal for c in self.hand)
        return True

    def on_key(self, event: events.Key) -> None:
        """Letters and Enter are handled here, so a key hidden from the footer (nothing to do
        with it now) still says why; any key but the armed one disarms a confirmation."""
        armed = self.armed
        self.armed = None
        if event.key in ("enter", "space"):
            event.stop()
            self.action_confirm()
            return
        if event.key == MENU_KEY:
            event.stop()
            self.action_keyed("menu")
            return
        for name, key in ACTION_KEYS.items():
            if event.key == key.letter:
                event.stop()
                self.armed = armed if armed == name else None
                self.action_keyed(name)
                return

    def _moves_for(self, key: str) -> list[Any]:
        """The moves a key offers now, in the order its menu lists them."""
        if key == "menu":
            return list(self.legal)
        kinds = ACTION_KEYS[key].kinds
        found = [m for m in self.legal if m.kind in kinds]
        if key == "common":
            found = [m for m in found if m.from_common]
        found.sort(key=lambda m: kinds.index(m.kind))
        if key == "bin":  # the bin's cards in hand order, so a long bin reads like a hand
            order = {
                id(c): i
                for i, c in enumerate(sort_hand([m.card for m in found if m.kind == "take"]))
            }
            found.sort(key=lambda m: order.get(id(getattr(m, "card", None)), -1))
        return found

    def _plays_at_once(self, key: str, found: list[Any]) -> bool:
        return key != "menu" and ACTION_KEYS[key].at_once and len(found) == 1

    def action_keyed(self, key: str) -> None:
        """A letter key: its one move at once, or a menu when there are several."""
        if not self.may_act():
            return
        found = self._moves_for(key)
        if not found:
            probe = self._key_probe(key)
            if probe is not None:  # the engine says why, in the rules' words
                self.make(probe)
            else:
                self.post_message(self.Said(self._why_not(key), refused=True))
            return
        hinted = self.hinted
        if hinted is not None and hinted in found:  # the key the hint named makes exactly it
            self.armed = None
            self.make(hinted)
            return
        if not self._plays_at_once(key, found):
            self.move_menu(ACTION_KEYS[key].title if key != "menu" else MENU_TITLE, found)
            return
        move = found[0]
        loss = self._loss(move)
        # A move that throws something away waits for a second press; a hinted one does not,
        # as the hint has just said what it does and why.
        if loss and move != self.hinted and self.armed != key:
            self.armed = key
            self.post_message(self.Said(loss))
            return
        self.armed = None
        self.make(move)

    def _loss(self, move: Any) -> str | None:
        """What a one-key move throws away, said before it is made (None: nothing)."""
        view = self.view
        if view is None or view.seat is None:
            return None
        letter = ACTION_KEYS["recycle"].letter
        if isinstance(move, mv.RecycleRun):
            size = len(view.runs[view.seat])
            return (
                f"{letter} again puts your whole run ({plural(size, 'card')}) "
                "in the bin; any other key keeps it."
            )
        letter = ACTION_KEYS["end"].letter
        if isinstance(move, mv.EndBuild) and view.actions:
            return (
                f"{letter} again ends the build and gives up your "
                f"{plural(view.actions, 'unused special action')}; any other key goes back."
            )
        return None

    def _key_probe(self, key: str) -> Any:
        """The move a key stands for when it has none to offer, so the engine can say why."""
        view = self.view
        if view is None:
            return None
        if key == "draw":
            return mv.DRAW
        if key == "recycle":
            return mv.RECYCLE
        if key == "end" and view.phase is Phase.DISCARD:
            return mv.END_TURN
        return None

    def _why_not(self, key: str) -> str:
        view = self.view
        phase = PHASE_TITLES[view.phase].lower() if view is not None else "this"
        if key == "trade" and view is not None and not view.options.trading:
            return "Trading Cards is off in this game (it is chosen when the game is set up)."
        empty_bin = view is not None and view.phase is Phase.DRAW and not view.bin
        no_run = view is not None and view.seat is not None and not view.runs[view.seat]
        reasons = {
            "draw": "You draw once, at the start of your turn.",
            "bin": "The bin is empty: draw from the deck (d)."
            if empty_bin
            else "The bin can be taken from only in your draw phase, when it holds cards.",
            "common": "You have no run yet: a common-area card cannot start one."
            if no_run
            else "No common-area card is the next card of your run.",
            "triple": "You hold no triple: three cards of one rank, one of each suit.",
            "act": "No special action now: play a triple to earn one.",
            "trade": "No trade is possible now: you offer one in your build phase.",
            "recycle": "You can recycle your run in your discard phase, if you have one.",
            "end": f"Nothing to end yet in your {phase} phase.",
        }
        return reasons.get(key, "Nothing to do with that key now.")

    def draw_hand(self) -> None:
        """The hand row, and the viewer's run (its leading card marked where the card under
        the cursor fits)."""
        self._draw_hand_row()
        self._show_my_run(self._my_run_lines())

    def action_move(self, step: int) -> None:
        """Arrows move along the hand (Enter then uses a card, not a hint's key move)."""
        self.hint_cursor = None
        super().action_move(step)

    def action_pick(self, slot: int) -> None:
        """A number key chooses that card of the hand (the number on its border); Enter then
        uses it, as after the arrows (a key that used it at once made a second move of the
        Enter a player pressed to confirm it)."""
        if slot < len(self.hand) and self.may_act():
            self.hint_cursor = None
            self.point_at(slot)

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click chooses the card shown in that place."""
        index = self.first_shown + message.slot
        if index < len(self.hand) and self.may_act():
            self.cursor = index
            self._draw_hand_row()
            self._use_card(self.hand[index])

    def action_confirm(self) -> None:
        """Enter makes the move a hint just named a key for; else it uses the card under the
        cursor."""
        if not self.may_act():
            return
        hinted = self.hinted
        if hinted is not None and self._keyed_hint():
            self.armed = None
            self.make(hinted)
            return
        if self.hand:
            self._use_card(self.hand[self.cursor])

    def _keyed_hint(self) -> bool:
        """True if the last hint named a key (its move uses no hand card) and the cursor has
        not moved since."""
        return (
            self.hinted is not None
            and self.hinted in self.legal
            and self.hint_cursor is not None
            and self.hint_cursor == self.cursor
        )

    def _use_card(self, card: Any) -> None:
        """What this card can do now: at once if one thing, a menu if several, else why not."""
        found = [m for m in self.legal if involves(m, card)]
        hinted = self.hinted
        if hinted is not None and hinted in found:  # Enter on the hinted card makes exactly it
            self.make(hinted)
            return
        if len(found) == 1:
            self.make(found[0])
            return
        if found:
            self.move_menu(f"{joker_label(card)}: what to do with it", found)
            return
        probe = self._natural_move(card)
        if probe is None:
            self.post_message(self.Said(self._card_idle(card), refused=True))
            return
        self.make(probe)

    def _natural_move(self, card: Any) -> Any:
        """The move a player most likely means by choosing this card (the engine says why not)."""
        view = self.view
        if view is None or view.seat is None or isinstance(card, DirectionCard):
            return None
        if view.phase is Phase.BUILD and isinstance(card, PilatchCard):
            if view.runs[view.seat]:
                end = leading_ends(view.directions[view.seat])[0]
                return mv.AddToRun(card=card, end=end)
            return mv.StartRun(card=card)
        if view.phase is Phase.DISCARD:
            return mv.Discard(card=card)
        return None

    def _card_idle(self, card: Any) -> str:
        view = self.view
        if view is not None and view.phase in (Phase.DRAW, Phase.TAKING):
            return "Draw first: d draws from the deck, b takes cards from the bin."
        if isinstance(card, DirectionCard):
            return "A direction card goes down when you start a run: choose a card to start it."
        return "That card has nothing to do now."

    # Words

    def move_label(self, move: Any) -> str:
        """The move in words with the players' names."""
        return self._move_words(move)

    def _move_words(self, move: Any) -> str:
        view = self.view
        name = self.who

        def whose(seat: int) -> str:
            """'your' for the reader's own seat, else 'Ann's'."""
            return "your" if view is not None and seat == view.seat else f"{name(seat)}'s"

        if isinstance(move, mv.LookAtHand):
            return f"Action: look at {name(move.seat)}'s hand (and maybe swap a card)"
        if isinstance(move, mv.FlipDirections) and view is not None:
            flips = ", ".join(  # a flip names only seats with a direction
                f"{whose(s)} {way}→{way.other}"
                for s in move.seats
                if (way := view.directions[s]) is not None
            )
            return f"Action: flip {flips}"
        if isinstance(move, mv.LengthenRun) and view is not None:
            need = plural(view.needed[move.seat] + 1, "run card")
            return f"Action: {name(move.seat)} needs {need}"
        if isinstance(move, mv.Trounce):
            return f"Trounce {name(move.seat)}'s leading card with {move.card.short}"
        if isinstance(move, mv.OfferTrade):
            return f"Offer {name(move.seat)} a trade"
        if isinstance(move, mv.ReplaceJoker) and move.run_of is not None:
            return f"Put {move.card.short} in place of the Joker in {whose(move.run_of)} run"
        if isinstance(move, mv.SwapCards) and view is not None and view.looking_at is not None:
            return f"Swap your {move.mine.short} for {name(view.looking_at)}'s {move.theirs.short}"
        if isinstance(move, mv.ReshuffleAll) and view is not None:
            return f"Action: reshuffle bin, common area and all hands; everyone draws {view.x}"
        return move.brief()

    def letter_of(self, move: Any) -> str | None:
        """The letter key whose moves hold `move` (the one that makes it at once first)."""
        offering = [k for k in ACTION_KEYS if move in self._moves_for(k)]
        offering.sort(key=lambda k: not self._plays_at_once(k, self._moves_for(k)))
        return ACTION_KEYS[offering[0]].letter if offering else None

    def suggest(self, move: Any) -> str:
        """Put the cursor on the hinted card, or name the key that makes the move (the key
        that makes it at once if there is one); Enter makes it as well."""
        self.hint_cursor = None
        for i, card in enumerate(self.hand):
            if involves(move, card):
                self.cursor = i
                self.draw_hand()
                return "Enter on the card under the cursor does it."
        self.hint_cursor = self.cursor  # Enter makes it too (action_confirm)
        # The hinted move (action_keyed) by its letter, or the menu of every move.
        return f"Press {self.letter_of(move) or MENU_KEY} (or Enter)."

    def summary(self, events: list[Event], view: RunwayView, names: list[str]) -> Summary | None:
        """Between the games of a session, how the last one went. (An answer to a trade is
        kept here too, to show the offerer beside her hand for the rest of her build.)"""
        for event in events:
            if event.kind == "trade" and len(event.seats) == 2:
                self.trade_news = (event.seats[1], event.render(names))
        if happened(events, "game") and not view.over and view.history:
            return game_summary(view.history[-1], names, view.options)
        return None


def game_summary(s: GameSummary, names: list[str], options: RunwayOptions) -> Summary:
    """The game just played: its winner, why it ended, points or wins so far (and places, in a
    pecking order)."""
    columns = [Column("Player")]
    if options.scores_points:
        columns += [Column("This game", right=True), Column(f"Total (to {MATCH_TARGET})", True)]
    else:
        columns.append(Column("Games won", right=True))
    places = options.pecking_order and len(names) >= 4 and s.out_order
    if places:
        columns.append(Column("Place", right=True))
    rows = []
    for seat, name in enumerate(names):
        row: list[str | Text] = [Text(name)]
        if options.scores_points:
            row += [f"{s.points[seat]:+d}", str(s.totals[seat])]
        else:
            row.append(str(s.totals[seat]))
        if places:
            row.append(str(s.out_order.index(seat) + 1))
        rows.append(Row(row))
    winners = " and ".join(names[w] for w in s.winners)
    result = f"{winners} won game {s.number}" if s.winners else f"Game {s.number} is drawn"
    return Summary(
        title=f"Game {s.number}",
        columns=columns,
        rows=rows,
        above=[Line(Text(f"{result}: {s.reason}."), "results-winners")],
        next_line="Enter: deal the next game",
        go_on="Next game",
    )

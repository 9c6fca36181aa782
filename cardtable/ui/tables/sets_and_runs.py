"""The Sets and Runs table: every meld on the table under the player who laid it, each seat's
cards, buys and whether she has laid down or floats, the stock and the discard, the round's
contract and how far the hand is from it; melds built by marking cards and pressing a key."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from cardtable.cards import Card
from cardtable.engine import Event
from cardtable.engine.claims import Claim, LetGo
from cardtable.engine.words import plural
from cardtable.games.sets_and_runs import moves as mv
from cardtable.games.sets_and_runs.contracts import BUYS_PER_ROUND, DEAL, ROUNDS, contract_for
from cardtable.games.sets_and_runs.hand import (
    add_orders,
    cards_short,
    find_lay_down,
    without,
)
from cardtable.games.sets_and_runs.melds import JOKER, TableMeld, add, make_meld, run_orders
from cardtable.games.sets_and_runs.state import Phase, RoundResult, SetsAndRunsView
from cardtable.ui.card_faces import face, ink, look
from cardtable.ui.cells import fitted
from cardtable.ui.claim_bar import claim_keys, key_label
from cardtable.ui.letter_keys import letter_bindings
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.widgets import (
    SLOT_KEYS,
    GameTable,
    HandCard,
    HandRow,
    hand_row_start,
    happened,
)

HAND_PLACES = DEAL + 1 + 2 * BUYS_PER_ROUND
"""Card places along the bottom: the most a hand can hold (the deal, a draw and two cards a
buy). Every card is shown; the places wrap onto a second row where one row is too narrow."""
CARD_WIDTH = 7
"""Columns one card place takes (the face and its border), as GameTable draws `.hand-card`."""
NAME_WIDTH = 10
SEAT_COLUMNS: tuple[tuple[str, int, bool], ...] = (
    ("", 1, False),
    ("Key", 3, False),
    ("Player", NAME_WIDTH, False),
    ("Cards", 5, True),
    ("Buys", 4, True),
    ("Laid", 8, False),
    ("Total", 5, True),
)
"""The seats' table: each column's heading, width in cells and whether it is right-aligned
(the heading and every seat's line are laid out by `columns`, so they line up)."""
JOKER_INK = "bold #ce93d8"
POINTER = "bold #0f3d2e on #ffd54f"

KEYS = {
    "take": "t",
    "stock": "c",
    "set": "e",
    "run": "r",
    "add": "p",
    "swap": "w",
    "discard": "x",
    "back": "b",
    "unmark": "u",
    "menu": "m",
}
"""The table's letters (none is a claim key, claim_bar.CLAIM_ROW, nor h, y or q): t takes the
discard, c draws from the stock, e lays the marked cards down as a set, r as a run, p adds them
to the meld pointed at, w swaps one for that run's Joker, x discards, b takes a lay-down back,
u clears the marks, m lists every move."""
KEY_LABELS = {
    "take": "Take discard",
    "stock": "Draw",
    "set": "Set",
    "run": "Run",
    "add": "Add",
    "swap": "Swap Jkr",
    "discard": "Discard",
    "back": "Take back",
    "unmark": "Unmark",
    "menu": "Moves",
}
"""Each letter's word in the footer."""


def meld_text(meld: TableMeld) -> Text:
    """A meld in coloured ink, in order; a Joker with what it stands for: 'Jkr(5♠)'."""
    text = Text()
    for i, card in enumerate(meld.cards):
        if i:
            text.append(" ")
        if card.suit is None:
            text.append(f"Jkr({meld.stands_for(i)})", style=JOKER_INK)
        else:
            text.append_text(ink(card))
    return text


def columns(cells: list[Text]) -> Text:
    """One line of the seats' table: each cell cut or padded to its column (SEAT_COLUMNS), one
    space between columns (none after the turn marker)."""
    line = Text(no_wrap=True, overflow="ellipsis")
    for place, ((_, width, right), cell) in enumerate(zip(SEAT_COLUMNS, cells, strict=True)):
        if place > 1:
            line.append(" ")
        cell = cell.copy()
        cell.truncate(width, overflow="ellipsis")
        pad = " " * (width - cell.cell_len)
        if right:
            line.append(pad)
        line.append_text(cell)
        if not right:
            line.append(pad)
    return line


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """'7♥ 7♣ Jkr'."""
    return " ".join(c.short for c in cards)


class SetsAndRunsTable(GameTable[SetsAndRunsView, Any]):
    """Mark cards (space or their numbers), then a letter lays them down, adds them to the meld
    pointed at (↑↓) or discards; t / c draw."""

    DEFAULT_CSS = """
    SetsAndRunsTable #sr-center { width: 2fr; min-width: 57; }
    SetsAndRunsTable #sr-info { height: 3; text-wrap: nowrap; text-overflow: ellipsis; }
    SetsAndRunsTable #sr-melds {
        height: 1fr;
        scrollbar-size-vertical: 1;
        scrollbar-background: #0a2a20;
        scrollbar-color: #a5d6a7;
    }
    SetsAndRunsTable #sr-seats { height: auto; }
    SetsAndRunsTable #sr-side {
        width: 1fr;
        min-width: 23;
        padding: 0 0 0 1;
        border-left: vkey #5f8f7a;
    }
    SetsAndRunsTable #sr-side #log { scrollbar-gutter: stable; }
    SetsAndRunsTable #hand {
        layout: grid;
        grid-size: 11;
        grid-columns: 7;
        grid-rows: 3;
        height: auto;
        min-height: 3;
    }
    """
    """The hand's places wrap onto as many rows as it needs (`_fit_hand` sets how many go
    across from the width), so every card of a hand grown by buys is shown."""

    BINDINGS = [
        Binding("up", "point(-1)", "Meld", show=False),
        Binding("down", "point(1)", "Meld", show=False),
        Binding("space", "mark", "Mark"),
        Binding("enter", "confirm", "Do"),
        *letter_bindings(KEYS, KEY_LABELS, hidden={"unmark"}),
    ]
    """The footer's keys; on_key reads the letters, so a key with nothing to do says why."""

    HAND_SLOTS = HAND_PLACES

    def __init__(self) -> None:
        super().__init__(classes="sets-and-runs")
        self.first_numbered = 0
        """The place in `hand` of the card under number key 1 (the keys follow the cursor)."""
        self.marked: set[int] = set()
        """Places in `hand` of the cards marked for the next lay-down, add or discard."""
        self.pointed: int | None = None
        """The meld pointed at (its place in the table's list), for p and w."""
        self.plan: list[mv.LayMeld] = []
        """The rest of a hinted lay-down: Enter lays its melds one after another."""
        self.plan_pending = -1
        """How many melds the lay-down being built held when the plan's last step was hinted."""

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="sr-main", classes="table-main"):
            with Vertical(id="sr-center", classes="table-centre"):
                yield Static(id="sr-info")
                with VerticalScroll(id="sr-melds"):
                    yield Static(id="sr-seats")

    # Drawing

    def show(
        self, view: SetsAndRunsView, names: list[str], legal: list[Any], interactive: bool
    ) -> None:
        """Draw the round, the seats with their melds, the stock and discard, and the hand."""
        old = self.view
        self.keep(view, names, legal, interactive)
        if self.new_hand(list(view.hand or [])):
            self.marked = set()
        if old is None or old.round != view.round:
            self.pointed = None
        if self.pointed is not None and self.pointed >= len(view.melds):
            self.pointed = None
        self._next_plan_step()
        self._draw_info()
        self._draw_seats()
        self.draw_hand()
        self.refresh_bindings()

    def _draw_info(self) -> None:
        view = self.shown
        contract = contract_for(view.round)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"Round {view.round} of {view.rounds}: ", style="bold")
        text.append(f"{contract.name}", style="bold #ffd54f")
        text.append(f" ({contract.cards_needed}+ cards)\n")
        text.append(f"Stock {view.stock_count}", style="bold")
        if view.reshuffled:  # short, so the discard still fits the line at 80x24
            text.append(" (last)", style="dim")
        text.append("  ·  Discard ", style="bold")
        if view.discard_top is not None:
            text.append_text(face(view.discard_top))
            text.append(f" (pile of {view.discard_count})", style="dim")
        else:
            text.append("none", style="dim")
        dealer = self.who(view.dealer)
        text.append(f"  ·  {fitted(dealer, NAME_WIDTH).rstrip()} deals", style="dim")
        text.append("\n")
        text.append_text(self._progress())
        self.query_one("#sr-info", Static).update(text)

    def _progress(self) -> Text:
        """How far the viewer's hand is from the contract."""
        view = self.shown
        seat = view.seat
        if seat is None or view.hand is None:
            return Text("Hands are hidden: nobody's hand at this screen now.", style="dim")
        if view.laid_down[seat]:
            return Text(
                "Laid down: add to melds; discard one that fits none.",
                style="#69f0ae",
            )
        sets = view.contract_sets - sum(1 for m in view.pending if not m.run)
        runs = view.contract_runs - sum(1 for m in view.pending if m.run)
        short = cards_short(view.hand, sets, runs)
        what = "the rest" if view.pending else "the contract"
        if short == 0:  # each line fits the column at 80x24 (56 characters)
            held = "the rest" if view.pending else "the contract"
            return Text(f"You hold {held}: mark a meld, e set, r run.", style="bold #69f0ae")
        return Text(f"Your hand is about {plural(short, 'card')} short of {what}.", style="#fff59d")

    def _seat_line(self, seat: int, keys: list[str]) -> Text:
        """A seat's line of the seats' table: turn, claim key, name, cards, buys, laid, total."""
        view = self.shown
        acting = seat == view.turn and not view.over
        window = view.window
        open_ = window is not None and seat in window.open_to
        claimed = window is not None and seat in window.claimed
        count = view.hand_sizes[seat]
        if view.floating[seat]:
            laid = Text("floating", style="bold reverse #ffd54f")
        elif view.laid_down[seat]:
            laid = Text("down", style="bold #69f0ae")
        else:
            laid = Text("-", style="dim")
        line = columns(
            [
                Text("▶" if acting else "", style="bold #ffd54f"),
                Text(key_label(keys[seat]), style="bold #ffd54f" if open_ or claimed else "dim"),
                Text(self.who(seat), style="bold" if seat == view.seat else ""),
                Text(str(count), style="bold #ff8a80" if count <= 2 else ""),
                Text(str(view.buys_left[seat])),
                laid,
                Text(str(view.totals[seat])),
            ]
        )
        if claimed:
            line.append("  buying", style="bold #ffd54f")
        return line

    def _draw_seats(self) -> None:
        view = self.shown
        keys = claim_keys(view.seats)
        text = Text(no_wrap=True, overflow="fold")
        text.append_text(columns([Text(title) for title, _, _ in SEAT_COLUMNS]))
        text.stylize("dim underline")
        width = max((self.query_one("#sr-seats", Static).size.width or 54) - 1, 30)
        pointed_line = 0
        for seat in range(view.seats):
            text.append("\n")
            text.append_text(self._seat_line(seat, keys))
            for number, meld in enumerate(view.melds):
                if meld.owner != seat:
                    continue
                text.append("\n")
                if number == self.pointed:
                    pointed_line = text.plain.count("\n")
                self._meld_line(text, number, meld, width)
            if seat == view.seat:
                for meld in view.pending:
                    text.append("\n")
                    text.append(f"   building: {meld.kind_name()} ", style="italic #a5d6a7")
                    text.append_text(meld_text(meld))
        if not view.melds:
            text.append("\nNo melds on the table yet.", style="dim")
        self.query_one("#sr-seats", Static).update(text)
        if self.pointed is not None:
            self.query_one("#sr-melds", VerticalScroll).scroll_to(
                y=max(0, pointed_line - 2), animate=False
            )

    def _meld_line(self, text: Text, number: int, meld: TableMeld, width: int) -> None:
        """One meld under its owner: '  ▸ 3 run  4♠ Jkr(5♠) 6♠ 7♠', folded to the width."""
        pointed = number == self.pointed
        head = f"  {'▸' if pointed else ' '}{number + 1:>2} {meld.kind_name()} "
        text.append(head, style=POINTER if pointed else "dim")
        used = len(head)
        body = meld_text(meld)
        for i, word in enumerate(body.split(" ")):
            if i:
                if used + 1 + len(word) > width:
                    text.append("\n" + " " * 9)
                    used = 9
                else:
                    text.append(" ")
                    used += 1
            text.append_text(word)
            used += len(word)

    def draw_hand(self) -> None:
        """Every card of the hand, the number keys on the eleven around the cursor, the marked
        ones lit; once she has laid down, the cards that fit no meld dim."""
        view = self.shown
        hand = self.hand
        keys = len(SLOT_KEYS)
        self.first_numbered = hand_row_start(self.cursor, self.first_numbered, keys, len(hand))
        if view.seat is None or view.hand is None:
            if view.window is not None:
                self.hand_title(Text("Hands are hidden while the discard is up for buying."))
            else:
                self.hand_title(None)
        else:
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{self.who(view.seat)}'s hand: {plural(len(hand), 'card')}")
            if self.marked:
                marked = [hand[i] for i in sorted(self.marked)]
                line.append(f"  ·  marked {cards_text(marked)}", style="#69f0ae")
            elif self.interactive and len(hand) > keys:  # fits 80 columns with a 10-letter name
                line.append("  ·  space or a number (←→ moves them) marks a card", style="dim")
            elif self.interactive:
                line.append("  ·  space or a number marks a card", style="dim")
            self.hand_title(line)
        playing = self.interactive and view.phase is Phase.PLAY and view.seat is not None
        dim = playing and view.laid_down[view.seat or 0]
        playable = set(view.playable)
        self.draw_cards(
            [look(card) for card in hand],
            numbered_from=self.first_numbered,
            unplayable={i for i, c in enumerate(hand) if dim and c not in playable},
            cursor=self.cursor if self.interactive else None,
            selected=self.marked,
        )
        self._fit_hand()

    def _fit_hand(self) -> None:
        """As many card places to a row as the width takes; the rest wrap onto the next row."""
        row = self.query_one(HandRow)
        across = max(1, (row.content_size.width or self.size.width - 2) // CARD_WIDTH)
        if row.styles.grid_size_columns != across:
            row.styles.grid_size_columns = across

    def on_resize(self, event: events.Resize) -> None:
        """A new width: the hand's rows are filled again."""
        self.call_after_refresh(self._fit_hand)

    # Keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a letter in the footer only when it has something to do now."""
        view = self.view
        if action == "keyed" and parameters:
            if not self.interactive or view is None:
                return False
            key = str(parameters[0])
            kinds = {
                "take": ("take-discard",),
                "stock": ("draw",),
                "set": ("meld",),
                "run": ("meld",),
                "add": ("add",),
                "swap": ("swap",),
                "discard": ("discard",),
                "back": ("take-back",),
            }.get(key)
            if kinds is None:
                return key != "unmark" or bool(self.marked)
            found = [m for m in self.legal if m.kind in kinds]
            if key in ("set", "run"):
                return any(m.run == (key == "run") for m in found)
            return bool(found)
        if action in ("mark", "confirm"):
            return self.interactive and view is not None and view.phase is Phase.PLAY
        return True

    def on_key(self, event: events.Key) -> None:
        """The table's letters, space and Enter (a key with nothing to do says why); in a buy
        window Enter and space are the window's (let the card go) unless a hint is waiting."""
        key = event.key
        view = self.view
        window = view is not None and view.phase is Phase.WINDOW
        if key in ("enter", "space"):
            if window and not (key == "enter" and self._hinted_now()):
                return  # the table screen's: let the card up for buying go
            event.stop()
            if key == "enter":
                self.action_confirm()
            else:
                self.action_mark()
            return
        for name, letter in KEYS.items():
            if key == letter:
                event.stop()
                self.action_keyed(name)
                return

    def _hinted_now(self) -> bool:
        return self.hinted is not None and self.hinted in self.legal and self.interactive

    def action_point(self, step: int) -> None:
        """↑↓ point at the melds in the order shown (grouped by player), scrolling to each."""
        view = self.view
        if view is None or not view.melds:
            self.post_message(self.Said("No melds on the table yet to point at."))
            return
        order = sorted(range(len(view.melds)), key=lambda i: (view.melds[i].owner, i))
        if self.pointed is None or self.pointed not in order:
            place = 0 if step > 0 else len(order) - 1
        else:
            place = (order.index(self.pointed) + step) % len(order)
        self.pointed = order[place]
        self._draw_seats()
        meld = view.melds[self.pointed]
        # w only where it can act: a Joker in a set is locked, a run without one has none
        swap = ", w swaps one for its Joker" if meld.run and JOKER in meld.cards else ""
        self.post_message(
            self.Said(
                f"Pointing at meld {self.pointed + 1}, {self.who(meld.owner)}'s "
                f"{meld.kind_name()} {meld.text()}: p adds the marked cards{swap}."
            )
        )

    def action_mark(self) -> None:
        """Space marks or unmarks the card under the cursor."""
        if self.may_act() and self.hand:
            self._toggle(self.cursor)

    def _toggle(self, index: int) -> None:
        self.cursor = index
        self.marked ^= {index}
        self.draw_hand()

    def action_pick(self, slot: int) -> None:
        """A number key marks or unmarks the card it is shown on."""
        index = self.first_numbered + slot
        if index < len(self.hand) and self.may_act():
            self._toggle(index)

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click marks or unmarks that card (each place shows the card at its own place in
        the hand)."""
        message.stop()
        if message.slot < len(self.hand) and self.may_act():
            self._toggle(message.slot)

    def _chosen(self) -> list[Card]:
        """The marked cards in hand order; with none marked, the card under the cursor."""
        if self.marked:
            return [self.hand[i] for i in sorted(self.marked)]
        return [self.hand[self.cursor]] if self.hand else []

    def action_confirm(self) -> None:
        """Enter: the hinted move; else the moves of the marked cards (or the cursor's card)."""
        if not self.may_act():
            return
        hinted = self.hinted
        if hinted is not None and self._hinted_now():
            self.make(hinted)
            return
        cards = self._chosen()
        found = [m for m in self.legal if self._uses(m, cards)]
        if len(found) == 1:
            self.make(found[0])
        elif found:
            self.move_menu("What to do with " + cards_text(cards), found)
        else:
            self.post_message(
                self.Said(
                    "Mark cards (space), then e lays them down as a set, r as a run, p adds them "
                    "to the meld pointed at (↑↓), x discards; m lists every move.",
                    refused=True,
                )
            )

    def _uses(self, move: Any, cards: list[Card]) -> bool:
        """True if `move` plays exactly `cards` (in any order)."""
        if isinstance(move, mv.LayMeld):
            return sorted(move.cards, key=str) == sorted(cards, key=str)
        if isinstance(move, (mv.AddTo, mv.Swap, mv.Discard)):
            return cards == [move.card]
        return False

    def action_keyed(self, name: str) -> None:
        """A letter of the table (KEYS)."""
        if name == "unmark":
            self.marked = set()
            self.draw_hand()
            return
        if not self.may_act():
            return
        if name == "menu":
            if self.legal:
                self.move_menu("Every move you can make now", list(self.legal))
            return
        handlers = {
            "take": lambda: self._simple(mv.TAKE_DISCARD),
            "stock": lambda: self._simple(mv.DRAW_STOCK),
            "back": lambda: self._simple(mv.TAKE_BACK),
            "set": lambda: self._lay(run=False),
            "run": lambda: self._lay(run=True),
            "add": self._add,
            "swap": self._swap,
            "discard": self._discard,
        }
        handlers[name]()

    def _simple(self, move: Any) -> None:
        """A move with nothing to choose: made, or the rules say why not."""
        self.make(move)

    def _marked_or_say(self, what: str) -> list[Card] | None:
        if not self.marked:
            self.post_message(
                self.Said(f"Mark the cards {what} first: space or their numbers.", refused=True)
            )
            return None
        return [self.hand[i] for i in sorted(self.marked)]

    def _lay(self, run: bool) -> None:
        """e / r: the marked cards as a set or a run; a Joker's place asked when it is open."""
        cards = self._marked_or_say("of the set" if not run else "of the run")
        if cards is None:
            return
        hinted = self.hinted
        if isinstance(hinted, mv.LayMeld) and hinted.run == run and self._uses(hinted, cards):
            self.make(hinted)
            return
        if not run:
            self.make(mv.lay_meld(tuple(cards), False))
            return
        orders = run_orders(cards)
        if not orders:  # not a run: the rules say why, with the cards in rank order
            ordered = sorted(cards, key=lambda c: (c.suit is None, c.rank))
            self.make(mv.lay_meld(tuple(ordered), True))
            return
        if len(orders) == 1:
            self.make(mv.lay_meld(orders[0], True))
            return
        melds = sorted((make_meld(0, order, True) for order in orders), key=lambda m: m.start)
        choices = [(f"run {m.text()}", mv.lay_meld(tuple(m.cards), True)) for m in melds]
        self.menu("Which card does the Joker stand for?", choices)

    def _add(self) -> None:
        """p: the marked cards onto the meld pointed at, in an order that fits; a Joker's end
        asked when either end of the run would take it."""
        view = self.view
        cards = self._marked_or_say("to add")
        if cards is None or view is None:
            return
        hinted = self.hinted
        if isinstance(hinted, mv.AddTo) and cards == [hinted.card]:
            if self.pointed in (None, hinted.meld):
                self.make(hinted)
                return
        target = self.pointed
        if target is None:
            fits = [i for i, m in enumerate(view.melds) if add_orders(m, cards)]
            if len(fits) != 1:
                self.post_message(
                    self.Said(
                        "Point at the meld to add to with ↑↓ first"
                        + (": the marked cards go on none." if not fits else "."),
                        refused=True,
                    )
                )
                return
            target = fits[0]
        meld = view.melds[target]
        orders = add_orders(meld, cards)
        if not orders:
            if len(cards) == 1:  # the rules say why
                self.make(mv.add_to(cards[0], target, True))
            else:
                self.post_message(
                    self.Said(
                        f"The marked cards {cards_text(cards)} do not all go on meld "
                        f"{target + 1} ({meld.text()}).",
                        refused=True,
                    )
                )
            return
        if len(orders) == 1:
            self._send_all([mv.add_to(card, target, high) for card, high in orders[0]])
            return
        choices = []
        for steps in orders:
            after = meld.model_copy(deep=True)
            for card, high in steps:
                add(after, card, high)
            choices.append((f"meld {target + 1} becomes {after.text()}", steps))
        self.menu(
            "Where does the Joker go?",
            choices,
            then=lambda steps: self._send_all([mv.add_to(c, target, h) for c, h in steps]),
        )

    def _send_all(self, moves: list[Any]) -> None:
        for move in moves:
            self.make(move)

    def _swap(self) -> None:
        """w: the marked card (or the cursor's) in place of the Joker it stands for in the run
        pointed at (or the one run where it can)."""
        view = self.view
        if view is None or not self.hand:
            return
        cards = self._chosen()
        if len(cards) != 1:
            self.post_message(
                self.Said("A swap puts one natural card in place of a Joker: mark one card.")
            )
            return
        card = cards[0]
        hinted = self.hinted
        if isinstance(hinted, mv.Swap) and hinted.card == card:
            if self.pointed in (None, hinted.meld):
                self.make(hinted)
                return
        target = self.pointed
        if target is None:
            swaps = [m for m in self.legal if isinstance(m, mv.Swap) and m.card == card]
            if len(swaps) == 1:
                self.make(swaps[0])
                return
            self.post_message(
                self.Said(
                    "Point at the run with the Joker (↑↓) first"
                    + (
                        f": no Joker on the table stands for the {card.short}."
                        if not swaps
                        else "."
                    ),
                    refused=True,
                )
            )
            return
        self.make(mv.swap(card, target))

    def _discard(self) -> None:
        """x: discard the marked card (or the cursor's); the rules refuse one that fits a meld."""
        if not self.hand:
            return
        cards = self._chosen()
        if len(cards) != 1:
            self.post_message(self.Said("Mark one card to discard.", refused=True))
            return
        self.make(mv.discard(cards[0]))

    # Hints

    def move_label(self, move: Any) -> str:
        """The move in words, a meld by its owner's name."""
        view = self.view
        if isinstance(move, (mv.AddTo, mv.Swap)) and view is not None:
            if 0 <= move.meld < len(view.melds):
                meld = view.melds[move.meld]
                whose = f"{self.who(meld.owner)}'s {meld.kind_name()} {meld.text()}"
                if isinstance(move, mv.Swap):
                    return f"put the {move.card.short} in place of the Joker in {whose}"
                end = ""
                if meld.run:
                    end = " (high end)" if move.high else " (low end)"
                return f"add the {move.card.short} to {whose}{end}"
        if isinstance(move, mv.LayMeld):
            if move.run:
                return f"lay down the run {make_meld(0, move.cards, True).text()}"
            return f"lay down the set {cards_text(move.cards)}"
        if isinstance(move, Claim):
            return "buy the discard"
        if isinstance(move, LetGo):
            return "let the discard go"
        return move.brief()

    def suggest(self, move: Any) -> str:
        """Mark the hinted move's cards and point at its meld; Enter makes it (t / c draw)."""
        self.plan = []
        if isinstance(move, mv.TakeDiscard):
            return f"Press {KEYS['take']}."
        if isinstance(move, mv.DrawStock):
            return f"Press {KEYS['stock']}."
        if isinstance(move, mv.TakeBack):
            return f"Press {KEYS['back']}."
        cards: list[Card] = []
        if isinstance(move, mv.LayMeld):
            cards = list(move.cards)
        elif isinstance(move, (mv.AddTo, mv.Swap, mv.Discard)):
            cards = [move.card]
        self._mark_cards(cards)
        if isinstance(move, (mv.AddTo, mv.Swap)):
            self.pointed = move.meld
            self._draw_seats()
        if isinstance(move, mv.LayMeld):
            self._plan_rest(move)
            if self.plan:
                more = plural(len(self.plan), "more meld")
                return f"Enter lays it down; Enter again lays the rest ({more}), one by one."
            return "Enter lays it down."
        if isinstance(move, mv.Discard):
            return "Enter discards it."
        return "Enter plays it."

    def _mark_cards(self, cards: list[Card]) -> None:
        """Mark these cards of the hand (each once) and put the cursor on the first."""
        self.marked = set()
        for card in cards:
            for i, held in enumerate(self.hand):
                if held == card and i not in self.marked:
                    self.marked.add(i)
                    break
        if self.marked:
            self.cursor = min(self.marked)
        self.draw_hand()

    def _plan_rest(self, move: mv.LayMeld) -> None:
        """The melds that finish the lay-down the hinted meld starts, if the hand has them."""
        view = self.view
        if view is None or view.hand is None:
            return
        rest = without(view.hand, move.cards)
        if rest is None:
            return
        sets = view.contract_sets - sum(1 for m in view.pending if not m.run) - (not move.run)
        runs = view.contract_runs - sum(1 for m in view.pending if m.run) - move.run
        found = find_lay_down(rest, sets, runs)
        if found:
            self.plan = [mv.lay_meld(cards, run) for cards, run in found]
            self.plan_pending = len(view.pending)

    def _next_plan_step(self) -> None:
        """After a planned meld was laid, the next one is the hint: marked, Enter lays it."""
        view = self.view
        if not self.plan or view is None:
            return
        if not self.interactive or view.phase is not Phase.PLAY or view.hand is None:
            self.plan = []
            return
        if len(view.pending) != self.plan_pending + 1:
            if len(view.pending) != self.plan_pending:
                self.plan = []  # something else happened: the plan is gone
            return
        step = self.plan.pop(0)
        if any(step.cards.count(c) > view.hand.count(c) for c in step.cards):
            self.plan = []
            return
        self.plan_pending = len(view.pending)
        self.hinted = step
        self._mark_cards(list(step.cards))
        self.post_message(self.Said(f"Next: {self.move_label(step)}. Enter lays it down."))

    def summary(
        self, events: list[Event], view: SetsAndRunsView, names: list[str]
    ) -> Summary | None:
        """After a round is scored: its summary (cards left, points, totals)."""
        if happened(events, "round") and view.history:
            return round_summary(view.history[-1], names)
        return None


def round_headline(result: RoundResult, names: list[str]) -> Text:
    """'Round 2 of 7, One Set and One Run: Ann went out.' (or why the round ended)."""
    head = f"Round {result.number} of {ROUNDS}, {result.contract}: "
    if result.went_out is not None:
        return Text.assemble(head, (names[result.went_out], "bold"), " went out.")
    return Text(f"{head}{result.reason}.")


def round_summary(result: RoundResult, names: list[str]) -> Summary:
    """The round just scored: cards left, this round's points and the totals, one row a
    player in seat order (the lowest total marked, as it is winning); Enter deals the next."""
    best = min(result.totals)
    rows = []
    for seat, name in enumerate(names):
        total = result.totals[seat]
        mark = " ◀ lowest" if total == best else ""
        rows.append(
            Row(
                [
                    Text(name),
                    str(result.cards_left[seat]),
                    f"+{result.points[seat]}",
                    Text(f"{total}{mark}", style="bold" if mark else ""),
                ]
            )
        )
    last = result.number >= ROUNDS
    return Summary(
        columns=[
            Column("Player"),
            Column("Cards left", True),
            Column("Points", True),
            Column("Total", True),
        ],
        rows=rows,
        above=[Line(round_headline(result, names), "results-winners")],
        under=[
            Line(
                "Points are the cards left in hand (2-9 five, 10-K ten, A fifteen, Joker fifty); "
                "the lowest total after seven rounds wins."
            )
        ],
        next_line="Enter: the results" if last else "Enter: deal the next round",
        go_on="Next round",
    )

"""The Sets and Runs table drawn as a card table: the other players across the top, each with her
hand as fanned backs, her claim key, buys left and total, and her melds laid as fans in front of
her; the stock and the discard as piles in the middle with the round's contract and how far the
hand is from it; the viewer's own melds in front of her hand. Melds are built by marking cards
and pressing a key."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rich.align import Align
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from cardtable.cards import JOKER_MARK, Card
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
from cardtable.ui import card_faces
from cardtable.ui.card_art import (
    FELT_CARD,
    HEAVY,
    ROUND,
    Scale,
    face_lines,
    flow,
    joined,
    laid,
    pile,
    side_by_side,
)
from cardtable.ui.card_faces import Look, look
from cardtable.ui.claim_bar import claim_keys, key_label
from cardtable.ui.felt import TURN_MARK, Felt, Seat, hand, plate
from cardtable.ui.letter_keys import letter_bindings
from cardtable.ui.screens.game_summary import Column, Line, Row, Summary
from cardtable.ui.widgets import (
    SLOT_KEYS,
    Drawn,
    GameTable,
    HandCard,
    hand_row_start,
    happened,
)

HAND_PLACES = DEAL + 1 + 2 * BUYS_PER_ROUND
"""Card places along the bottom: the most a hand can hold (the deal, a draw and two cards a
buy). Every card is shown: the hand row narrows the cards' overlap until the whole hand fits."""
GAP = 2
"""Columns between two players' places across the top (as the felt spaces its seat plates)."""

KEYS = {
    "take": "t",
    "stock": "c",
    "set": "e",
    "run": "r",
    "add": "p",
    "swap": "w",
    "discard": "x",
    "back": "b",
    "unmark": "escape",
    "menu": "m",
}
"""The table's letters (none is a claim key, claim_bar.CLAIM_ROW, nor h, y, q or u): t takes the
discard, c draws from the stock, e lays the marked cards down as a set, r as a run, p adds them
to the meld pointed at, w swaps one for that run's Joker, x discards, b takes a lay-down back,
Esc clears the marks, m lists every move."""
PICK_KEYS = {("minus" if key == "-" else key): slot for slot, key in enumerate(SLOT_KEYS)}
"""Each number key's name, with the card place it picks (1 the first, then on to - the eleventh)."""
STEP_KEYS = {
    "left": ("move", -1),
    "right": ("move", 1),
    "up": ("point", -1),
    "down": ("point", 1),
}
"""The arrows: ←→ along the hand, ↑↓ from meld to meld."""
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


def meld_looks(meld: TableMeld) -> list[Look]:
    """A meld's cards as drawn, in order; a Joker shows what it stands for: '★5♠' (a run), '★7'
    (a set)."""
    return [
        look(card, f"{JOKER_MARK}{meld.stands_for(i)}") if card.is_joker else look(card)
        for i, card in enumerate(meld.cards)
    ]


CONTINUES = "↳"
"""The mark a compact meld's next line starts with: the same meld, not a new one."""


def meld_strip(
    looks: Sequence[Look],
    width: int,
    pointer: str = "",
    lit: Collection[int] = (),
    lit_style: str = "",
) -> list[Text]:
    """A meld as compact cards: each card's corner on its face, side by side in one light strip
    (`pointer` styles a '▸' before the first while the meld is pointed at), wrapped onto more
    lines, each starting with `CONTINUES`, where `width` is too narrow; the cards at `lit`
    places lit in `lit_style`."""
    lines: list[Text] = []
    line = Text()
    last_style = ""
    for n, card in enumerate(looks):
        piece = Text(f" {card.corner}", style=card.style)
        if n == 0 and pointer:
            piece = Text("▸", style=f"{card.style} {pointer}") + piece[1:]
        if n in lit and lit_style:
            piece.stylize(lit_style)
        if line.cell_len and line.cell_len + piece.cell_len + 1 > width:
            line.append(" ", style=last_style)
            lines.append(line)
            line = Text(CONTINUES, style="bold")
        line.append_text(piece)
        last_style = card.style
    line.append(" ", style=last_style)
    lines.append(line)
    return lines


def words_in_lines(parts: Sequence[Text], width: int, joint: str = " · ") -> list[Text]:
    """Short pieces of text joined on a line, a new line where the next does not fit."""
    lines: list[Text] = []
    for part in parts:
        if lines and lines[-1].cell_len + len(joint) + part.cell_len <= width:
            lines[-1].append(joint, style="dim")
            lines[-1].append_text(part)
        else:
            lines.append(part.copy())
    return lines


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """'7♥ 7♣ Jkr'."""
    return " ".join(c.short for c in cards)


class SetsAndRunsTable(GameTable[SetsAndRunsView, Any]):
    """Mark cards (space or their numbers), then a letter lays them down, adds them to the meld
    pointed at (↑↓) or discards; t / c draw."""

    DEFAULT_CSS = """
    SetsAndRunsTable #sr-others {
        height: auto;
        scrollbar-gutter: stable;
        scrollbar-size-vertical: 1;
        scrollbar-background: $felt-dark;
        scrollbar-color: $felt-edge;
    }
    SetsAndRunsTable #sr-across { height: auto; padding: 0 0 0 1; color: $felt-text; }
    SetsAndRunsTable #sr-middle {
        height: 1fr;
        padding: 0 1;
        content-align: center middle;
        color: $felt-text;
    }
    SetsAndRunsTable #sr-mine { height: auto; padding: 0 1; color: $felt-text; }
    """
    """Across the top the felt's seat plates, each player's melds in a column under her plate
    (scrolling when they outgrow the room), the piles in the middle, the viewer's melds over
    her hand."""

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
        self.landed_cards: dict[object, set[int]] = {}
        """The cards of each meld that have just landed (places in it), lit while it is."""
        self.middle_lines = 0
        """The lines the piles and the contract take in the middle of the felt."""
        self.meld_rows: dict[int, int] = {}
        """The line each other player's meld starts on, in the scrolling melds across the top."""

    def compose_table(self) -> ComposeResult:
        yield Felt(
            VerticalScroll(Drawn(id="sr-across"), id="sr-others"),
            Drawn(id="sr-middle"),
            Drawn(id="sr-mine"),
        )

    # Drawing

    def show(
        self, view: SetsAndRunsView, names: list[str], legal: list[Any], interactive: bool
    ) -> None:
        """Draw the seats with their melds, the stock and discard, the contract, and the hand."""
        old = self.view
        self.keep(view, names, legal, interactive)
        if self.new_hand(list(view.hand or [])):
            self.marked = set()
        if old is None or old.round != view.round:
            self.pointed = None
        if self.pointed is not None and self.pointed >= len(view.melds):
            self.pointed = None
        if old is not None and old is not view:
            self._find_landings(old, view)
        self._next_plan_step()
        self._draw_seats()
        self._draw_middle()
        self.draw_hand()
        self.refresh_bindings()

    def _find_landings(self, old: SetsAndRunsView, view: SetsAndRunsView) -> None:
        """Light what has just landed: a discard on the pile, cards on a meld (a new meld
        whole), a meld of the lay-down being built, a buyer's hand."""
        if old.round != view.round:
            return
        things: list[object] = []
        if view.discard_top is not None and view.discard_count > old.discard_count:
            things.append(("discard",))
        for kind, before, after in (
            ("meld", old.melds, view.melds),
            ("pending", old.pending, view.pending),
        ):
            for number, meld in enumerate(after):
                was = before[number].cards if number < len(before) else []
                new = self._new_places(was, meld.cards)
                if new:
                    self.landed_cards[(kind, number)] = new
                    things.append((kind, number))
        for seat, left in enumerate(view.buys_left):
            if seat < len(old.buys_left) and left < old.buys_left[seat]:
                things.append(("bought", seat))
        self.land(*things)

    @staticmethod
    def _new_places(was: Sequence[Card], now: Sequence[Card]) -> set[int]:
        """The places in `now` of the cards that were not in the meld `was` (added at either
        end, or swapped for a Joker)."""
        if list(was) == list(now):
            return set()
        for start in range(len(now) - len(was) + 1):
            if list(now[start : start + len(was)]) == list(was):
                return set(range(start)) | set(range(start + len(was), len(now)))
        if len(was) == len(now):
            return {i for i, (a, b) in enumerate(zip(was, now, strict=True)) if a != b}
        return set(range(len(now)))

    def _lit(self, thing: object) -> set[int]:
        """The places lit in `thing` while it has just landed, else none."""
        return self.landed_cards.get(thing, set()) if self.landed(thing) else set()

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the viewer's, or seat 1's on a spectator's table."""
        seat = self.shown.seat
        return 0 if seat is None else seat

    def others(self) -> list[int]:
        """The other seats in play order from the bottom one (the next sits at the left)."""
        view = self.shown
        me = self.bottom_seat()
        return [(me + step) % view.seats for step in range(1, view.seats)]

    def _place_width(self, players: int) -> int:
        """The columns of one player's place across the top."""
        room = max(self.size.width - 2, 20)
        return max((room - GAP * (players - 1)) // max(players, 1), 12)

    def _draw_seats(self, repointed: bool = False) -> None:
        """The plates across the top and each player's melds under her plate; the viewer's
        line and melds over her hand. `repointed`: only which meld is pointed at changed (its
        edges), so the plates stay and nothing changes size: no layout, a key stays quick."""
        view = self.shown
        keys = claim_keys(view.seats)
        others = self.others()
        width = self._place_width(len(others))
        if not repointed:
            felt = self.query_one(Felt)
            felt.seat([self._plate(seat, keys, width) for seat in others], self.scale, sides=False)
        grid = Table.grid(expand=True, padding=(0, 1))
        cells = []
        self.meld_rows = {}
        for seat in others:
            numbers = [n for n, meld in enumerate(view.melds) if meld.owner == seat]
            lines, starts = self._melds(numbers, width)
            self.meld_rows.update(zip(numbers, starts, strict=True))
            grid.add_column(ratio=1)
            cells.append(Align.center(joined(lines)))
        grid.add_row(*cells)
        self.query_one("#sr-across", Static).update(grid, layout=not repointed)
        self._draw_mine(keys, layout=not repointed)
        if not repointed:
            self.call_after_refresh(self._fit_others)
        if self.pointed is not None and self.pointed in self.meld_rows:
            self.query_one("#sr-others", VerticalScroll).scroll_to(
                y=max(0, self.meld_rows[self.pointed] - 1), animate=False
            )

    def _melds(self, numbers: Sequence[int], width: int) -> tuple[list[Text], list[int]]:
        """These melds of the table, `width` cells wide, with the line each starts on."""
        view = self.shown
        blocks = [self._meld(("meld", n), view.melds[n], n, width) for n in numbers]
        return flow(blocks, width, gap=1 if self.scale is Scale.COMPACT else 2)

    def _meld(self, thing: tuple[str, int], meld: TableMeld, number: int, width: int) -> list[Text]:
        """One meld drawn at this scale: its cards as a strip (compact) or a fan."""
        pointed = thing[0] == "meld" and number == self.pointed
        lit = self._lit(thing)
        looks = meld_looks(meld)
        if self.scale is Scale.COMPACT:
            pointer = f"bold {card_faces.edge('cursor')}" if pointed else ""
            return meld_strip(looks, width, pointer, lit, f"on {self.felt_colour('landed')}")
        size = FELT_CARD[self.scale]
        edge, edge_style = (HEAVY, card_faces.edge("cursor")) if pointed else (ROUND, "")
        marks = {0: str(number + 1)}  # its number on the first card's top edge
        return laid(looks, size, width, marks, lit, self.landed_style(), 0, edge, edge_style)

    def _plate(self, seat: int, keys: list[str], width: int) -> Seat:
        """What the table shows of another player at her place: her hand as backs with its
        count, her buys left and total beside them."""
        view = self.shown
        window = view.window
        claimed = window is not None and seat in window.claimed
        standing = self._standing(seat) + self._seen_taking(seat, width - 2)
        tall = self.scale is not Scale.COMPACT  # her buys and total beside tall backs
        return Seat(
            name=self.who(seat),
            cards=view.hand_sizes[seat],
            to_act=seat == view.turn and not view.over,
            notes=[] if tall else words_in_lines(standing, width - 2),
            key=keys[seat],
            marks="buying" if claimed else "",
            lit=self.landed_style() if self.landed(("bought", seat)) else "",
            beside=standing if tall else [],
        )

    def _standing(self, seat: int) -> list[Text]:
        """A player's buys left, total and whether she floats or has just bought, as short
        pieces."""
        view = self.shown
        buys = view.buys_left[seat]
        parts = [
            Text(f"{plural(buys, 'buy')} left", style="" if buys else "dim"),
            Text(f"total {view.totals[seat]}"),
        ]
        if view.floating[seat]:
            parts.append(Text("floating", style="bold reverse"))
        if self.landed(("bought", seat)):
            parts.append(Text("bought", style=self.landed_style()))
        return parts

    def _seen_taking(self, seat: int, width: int) -> list[Text]:
        """The cards a player was seen to take this round and may still hold, as a strip of
        faces after 'took' (as many as fit `width`, then how many more: '+2'), or nothing while
        there are none."""
        record = (self.shown.taken or [[]] * self.shown.seats)[seat]
        if not record:
            return []
        words = Text.assemble(("took ", "dim"))  # dim words, not dim cards
        strip = Text()
        last = ""
        for n, card in enumerate(record):
            face = look(card)
            piece = Text(f" {face.corner}", style=face.style)
            more = len(f" +{len(record) - n - 1}") if n < len(record) - 1 else 0
            if n and words.cell_len + strip.cell_len + piece.cell_len + 1 + more > width:
                return [words + strip + Text(" ", style=last) + Text(f" +{len(record) - n}")]
            strip.append_text(piece)
            last = face.style
        return [words + strip + Text(" ", style=last)]

    def _draw_mine(self, keys: list[str], layout: bool = True) -> None:
        """The bottom seat's line (turn, key, name, buys, total) and her melds in front of her,
        with the lay-down she is building (`layout` False: nothing in it changed size)."""
        view = self.shown
        me = self.bottom_seat()
        width = max(self.size.width - 2, 20)
        window = view.window
        name = Text()
        if me == view.turn and not view.over:
            name.append(f"{TURN_MARK} ", style="bold")
        name.append(f"{key_label(keys[me])} ", style="bold")
        name.append(self.who(me), style="bold")
        if self.scale is Scale.COMPACT or view.seat is not None:
            parts = [name]
            if view.seat is None:  # a spectator's table: her hand as backs, with its count
                parts.append(hand(view.hand_sizes[me], self.scale, width)[0])
            head = words_in_lines(parts + self._standing(me), width)
            if window is not None and me in window.claimed:
                head[-1].append(" · buying", style="bold")
        else:  # a spectator's big table: her place as the others' are
            head = list(plate(self._plate(me, keys, width), self.scale, width).split("\n"))
        numbers = [n for n, meld in enumerate(view.melds) if meld.owner == me]
        blocks = [self._meld(("meld", n), view.melds[n], n, width) for n in numbers]
        for n, meld in enumerate(view.pending):
            label = Text(f"building: {meld.kind_name()}", style="italic")
            block = self._meld(("pending", n), meld, n, width)
            if self.scale is Scale.COMPACT:
                blocks.append([label + block[0], *block[1:]])
            else:
                blocks.append([label, *block])
        lines, _ = flow(blocks, width, gap=1 if self.scale is Scale.COMPACT else 2)
        if not view.melds and not view.pending:
            lines = [Text("No melds on the table yet.", style="dim")]
        self.query_one("#sr-mine", Static).update(Align.center(joined(head + lines)), layout=layout)

    def _fit_others(self) -> None:
        """The other players' melds take the room the middle and the viewer's melds leave,
        and scroll when they need more."""
        if not self.is_mounted:
            return
        centre = self.query_one("#felt-centre").size.height
        if not centre:
            return
        rest = self.middle_lines + self.query_one("#sr-mine").outer_size.height
        room = max(centre - rest, 2)
        others = self.query_one("#sr-others", VerticalScroll)
        if others.styles.max_height is None or others.styles.max_height.value != room:
            others.styles.max_height = room

    def _draw_middle(self) -> None:
        """The stock and the discard as piles with their counts, the round's contract, who
        deals and how far the viewer's hand is from the contract."""
        view = self.shown
        contract = contract_for(view.round)
        size = FELT_CARD[self.scale]
        caption = "Last stock" if view.reshuffled else "Stock"
        top = look(view.discard_top) if view.discard_top is not None else None
        stock = pile(None, view.stock_count, size, caption)
        discard = pile(top, view.discard_count, size, "Discard")
        if top is not None and self.landed(("discard",)):
            if self.scale is Scale.COMPACT:
                discard[0].stylize(f"on {self.felt_colour('landed')}", 0, len(top.corner) + 2)
            else:
                discard[: size.height] = face_lines(top, size, "", HEAVY, self.landed_style())
        round_ = Text(f"Round {view.round} of {view.rounds}: ", style="bold")
        round_.append(contract.name, style=f"bold {self.felt_colour('cursor')}")
        needed = Text(f"{contract.cards_needed}+ cards", style="dim")
        deals = Text(f"{self.who(view.dealer)} deals", style="dim")
        progress = self._progress()
        width = max(self.size.width - 2, 20)
        if self.scale is Scale.COMPACT:
            piles = stock[0] + Text("  ") + discard[0] + Text("   ")
            first = piles + round_
            if first.cell_len + needed.cell_len + 3 <= width:
                first += Text(" (") + needed + Text(")")
            second = progress + Text(" · ", style="dim") + deals
            lines = [first, second]
            for line in lines:
                line.truncate(width, overflow="ellipsis")
            self.middle_lines = len(lines)
            self.query_one("#sr-middle", Static).update(joined(lines))
            return
        about = [round_, needed + Text(" · ", style="dim") + deals, Text(), progress]
        block = side_by_side(stock, discard, about, gap=3)
        self.middle_lines = len(block)
        self.query_one("#sr-middle", Static).update(Align.center(joined(block)))

    def _progress(self) -> Text:
        """How far the viewer's hand is from the contract."""
        view = self.shown
        seat = view.seat
        if seat is None or view.hand is None:
            if self.open_hands:
                return Text()
            return Text("Hands are hidden: nobody's hand at this screen now.", style="dim")
        if view.laid_down[seat]:
            return Text("Laid down: add to melds; discard one that fits none.", style="bold")
        sets = view.contract_sets - sum(1 for m in view.pending if not m.run)
        runs = view.contract_runs - sum(1 for m in view.pending if m.run)
        short = cards_short(view.hand, sets, runs)
        what = "the rest" if view.pending else "the contract"
        if short == 0:  # each line fits 80 columns beside who deals
            return Text(f"You hold {what}: mark a meld, e set, r run.", style="bold")
        return Text(f"Your hand is about {plural(short, 'card')} short of {what}.")

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
                line.append(f"  ·  marked {cards_text(marked)}", style="bold")
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
        window Enter and space are the window's (let the card go) unless a hint is waiting.
        The arrows and number keys are taken here too, at once: as bindings they would act
        only once the key had gone up to the app, after a letter typed just behind them."""
        key = event.key
        view = self.view
        window = view is not None and view.phase is Phase.WINDOW
        if key in STEP_KEYS:
            event.stop()
            action, step = STEP_KEYS[key]
            (self.action_move if action == "move" else self.action_point)(step)
            return
        if key in PICK_KEYS:
            event.stop()
            self.action_pick(PICK_KEYS[key])
            return
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
        """↑↓ point at the melds grouped by player: the bottom seat's, then each other's from
        the left, scrolling to each."""
        view = self.view
        if view is None or not view.melds:
            self.post_message(self.Said("No melds on the table yet to point at."))
            return
        me = self.bottom_seat()  # the bottom seat's melds first, then the others' in play order
        order = sorted(
            range(len(view.melds)), key=lambda i: ((view.melds[i].owner - me) % view.seats, i)
        )
        if self.pointed is None or self.pointed not in order:
            place = 0 if step > 0 else len(order) - 1
        else:
            place = (order.index(self.pointed) + step) % len(order)
        self.pointed = order[place]
        self._draw_seats(repointed=True)
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
        self._marks_changed()

    def _marks_changed(self) -> None:
        """She marked cards of her own: a hint standing (and the rest of its plan) no longer
        says what Enter does, so it is withdrawn."""
        if self.hinted is not None or self.plan:
            self.hinted = None
            self.plan = []
            self.post_message(self.HintWithdrawn())

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
            self._marks_changed()
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

    def letter_of(self, move: Any) -> str | None:
        """t, c or b, for the move that letter makes."""
        names = {mv.TAKE_DISCARD: "take", mv.DRAW_STOCK: "stock", mv.TAKE_BACK: "back"}
        return KEYS[names[move]] if move in names else None

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

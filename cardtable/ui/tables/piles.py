"""The Piles table, drawn as a card table: the Castle's 4x3 piles of face-up cards in the
middle of the felt, the other players around it with their hands as backs (the partner
across), the scores and the pile pointed at beside them, and the hand at the bottom."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.align import Align
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from cardtable.cards import Card
from cardtable.engine.words import plural
from cardtable.games.piles import Pass, PilesView, Place
from cardtable.games.piles.castle import COLUMNS, PILES, ROWS, pile_name, value_breakdown
from cardtable.games.piles.hand import sort_hand
from cardtable.ui import card_faces
from cardtable.ui.card_art import HAND_CARD, HEAVY, ROUND, CardSize, Scale, face_lines
from cardtable.ui.card_faces import colour_name, face, ink, look
from cardtable.ui.felt import TURN_MARK, Felt, Seat, around, plate
from cardtable.ui.widgets import SLOT_KEYS, Drawn, FootWords, GameTable, HandCard

PASS_KEY = "p"
"""The key that passes (when no card can be placed)."""


@dataclass(frozen=True)
class PileLook:
    """How big the Castle's piles are drawn: a cell `width` by `height` (its border included),
    the top card as a face `card` big (None: a one-line chip), and whether the pile's depth
    shows as card edges under it."""

    name: str
    width: int
    height: int
    card: CardSize | None
    depth: bool = False

    @property
    def castle_width(self) -> int:
        """The Castle's width: the row numbers and four piles."""
        return 3 + COLUMNS * self.width

    def castle_height(self, letters: bool) -> int:
        """The Castle's height: three rows of piles, and the column letters over them."""
        return ROWS * self.height + (1 if letters else 0)


CHIP_PILES = PileLook("chips", 11, 4, None)
"""The piles at 80x24: the top card as a chip, the total and the height under it."""
CARD_PILES = PileLook("cards", 13, 6, CardSize(7, 3, 4))
"""The piles on a roomy table: the top card drawn as a card."""
BIG_PILES = PileLook("big", 17, 11, HAND_CARD[Scale.LARGE], depth=True)
"""The piles on a projector: big cards, the cards under the top one showing as edges."""
PILE_LOOKS = (BIG_PILES, CARD_PILES, CHIP_PILES)


class PileCell(Drawn):
    """One pile: its top card, its total value and how many cards it holds."""

    def __init__(self, pile: int) -> None:
        super().__init__(id=f"pile-{pile}", classes="pile card-place")
        self.pile = pile
        self.border_title = pile_name(pile)
        self.drawn: tuple[object, ...] = ()
        """What the pile was last drawn from, so an unchanged pile is not drawn again."""

    def draw(self, top: Card, total: int, height: int, size: PileLook, lit: bool) -> None:
        """Show the pile's top card, total value and height at `size`, `lit` if a card has just
        landed on it."""
        drawn = (top, total, height, size, lit)
        if drawn == self.drawn:
            return
        self.drawn = drawn
        numbers = Text.assemble((f"={total:<3}", "bold"), (f" ×{height}", "dim"))
        if size.card is None:
            card = face(top, 6)
            if lit:
                card.stylize("bold")
            self.update(Text.assemble(card, "\n", numbers))
            return
        lines = face_lines(look(top), size.card, edge=HEAVY if lit else ROUND)
        if size.depth:
            edges = " " + "▔" * (size.card.width - 2) if height > 1 else ""
            lines.append(Text(edges, style=look(top).style))
        lines.append(numbers)
        self.update(Text("\n").join(lines))

    def on_click(self, event: events.Click) -> None:
        """Clicking a pile places the selected card there."""
        event.stop()
        self.query_ancestor(PilesTable).click_pile(self.pile)


class PilesFelt(Felt):
    """The Piles felt: the other players across and down the sides, the Castle in the middle;
    under the side players, the teams' points (left) and the pile pointed at (right)."""

    def compose(self) -> ComposeResult:
        yield Drawn(id="seats-across")
        with Horizontal(id="felt-middle"):
            with Vertical(id="left-side", classes="piles-side"):
                yield Drawn(id="seats-left")
                yield Drawn(id="teams")
            with Vertical(id="felt-centre"):
                yield from self.centre
            with Vertical(id="right-side", classes="piles-side"):
                yield Drawn(id="seats-right")
                yield FootWords(id="pile-detail")


SIDE_WIDTHS = (16, 36)
"""The narrowest and the widest a side of the felt is drawn (its padding included)."""


class PilesTable(GameTable[PilesView, Place | Pass]):
    """Choose a card (arrows or its number, then Enter), then a pile (arrows, then Enter).

    Nothing is placed on a pile the player did not point at; `p` asks before it passes.
    """

    BINDINGS = [
        Binding("left", "arrow(-1, 0)", "Left", show=False),
        Binding("right", "arrow(1, 0)", "Right", show=False),
        Binding("up", "arrow(0, -1)", "Up", show=False),
        Binding("down", "arrow(0, 1)", "Down", show=False),
        Binding("enter,space", "confirm", "Choose / place"),
        Binding("escape", "back", "Back to hand", show=False),
        Binding("tab", "switch_zone", "Hand / Castle", show=False),
        Binding(PASS_KEY, "pass_turn", "Pass"),
    ]

    DEFAULT_CSS = """
    PilesTable .piles-side {
        width: 16;
        height: 1fr;
        padding: 0 1;
    }
    PilesTable #seats-left, PilesTable #seats-right {
        height: auto;
        margin: 0 0 1 0;
    }
    PilesTable #teams {
        height: 1fr;
        color: $felt-text;
    }
    PilesTable #pile-detail {
        height: 1fr;
        color: $landed;
    }
    PilesTable #castle-area {
        width: 48;
        height: auto;
    }
    PilesTable #castle-columns {
        height: 1;
        color: $felt-muted;
    }
    PilesTable.-no-letters #castle-columns, PilesTable.-no-letters .row-label {
        display: none;  /* no room for the coordinates: each pile's name is on its edge */
    }
    PilesTable .column-label {
        width: 11;
        text-align: center;
    }
    PilesTable #castle-columns .row-label {
        height: 1;
    }
    PilesTable .castle-row {
        height: 4;
    }
    PilesTable .row-label {
        width: 3;
        height: 4;
        content-align: center middle;
        color: $felt-muted;
    }
    PilesTable .pile {
        width: 11;
        height: 4;
        border: round $felt-edge;
        border-title-align: left;
        text-align: center;
    }
    PilesTable.-cards-piles #castle-area { width: 55; }
    PilesTable.-cards-piles .column-label, PilesTable.-cards-piles .pile { width: 13; }
    PilesTable.-cards-piles .castle-row, PilesTable.-cards-piles .castle-row .row-label,
    PilesTable.-cards-piles .pile { height: 6; }
    PilesTable.-big-piles #castle-area { width: 71; }
    PilesTable.-big-piles .column-label, PilesTable.-big-piles .pile { width: 17; }
    PilesTable.-big-piles .castle-row, PilesTable.-big-piles .castle-row .row-label,
    PilesTable.-big-piles .pile { height: 11; }
    PilesTable .pile.landed {
        border: heavy $landed;
        border-title-color: $landed;
    }
    PilesTable .pile.target {
        border: double $chosen;
        border-title-color: $chosen;
    }
    PilesTable .pile.dim {
        opacity: 60%;
    }
    PilesTable .pile.cursor {
        border: heavy $cursor;
        border-title-color: $cursor;
        opacity: 100%;
    }
    """

    HAND_SLOTS = 20

    def __init__(self) -> None:
        super().__init__()
        self.pile_cursor: int | None = None
        """The pile pointed at; None until the player points at one for the chosen card."""
        self.selected: int | None = None
        """The hand slot chosen to place; None while choosing a card."""
        self.pass_asked = False
        """True once `p` asked to pass: `p` again (or Enter) passes, any other key does not."""
        self.piles_look = CHIP_PILES
        """How big the piles are drawn now (from the room the felt has)."""
        self.last_seen: tuple[list[int], list[int]] | None = None
        """Each pile's height and each team's count of cards taken, at the last `show`:
        what changed since has just landed."""

    def compose_table(self) -> ComposeResult:
        letters = [Static(letter, classes="column-label") for letter in "ABCD"]
        rows = [
            Horizontal(
                Static(f"{row + 1}", classes="row-label"),
                *(PileCell(row * COLUMNS + col) for col in range(COLUMNS)),
                classes="castle-row",
            )
            for row in range(ROWS)
        ]
        columns = Horizontal(Static("", classes="row-label"), *letters, id="castle-columns")
        yield PilesFelt(Vertical(columns, *rows, id="castle-area"))

    def ready(self) -> bool:
        """True once the twelve piles and the hand are mounted."""
        return len(self.pile_cells) == PILES and super().ready()

    @property
    def pile_cells(self) -> list[PileCell]:
        """The twelve piles, A1 to D3 (found once, then kept: keys redraw them often)."""
        found = getattr(self, "_pile_cells", None)
        if found is None:
            found = sorted(self.query(PileCell), key=lambda c: c.pile)
            if len(found) == PILES:  # kept only once all are mounted (the first draw may be early)
                self._pile_cells = found
        return found

    # Drawing

    MOVE_KEYS = frozenset({"confirm", "pass_turn"})

    def hand_order(self, cards: list[Card]) -> list[Card]:
        """Hands are shown sorted by suit, then rank."""
        return sort_hand(cards)

    def show(
        self, view: PilesView, names: list[str], legal: list[Place | Pass], interactive: bool
    ) -> None:
        """Draw the players around the felt, the Castle, the teams and the viewer's hand."""
        if view is not self.view:  # a pass asked for stands while the same table is redrawn
            self.pass_asked = False
        self.keep(view, names, legal, interactive)
        if self.new_hand(self.hand_order(view.hand or [])):
            self.selected = None
            self.pile_cursor = None
        self._land(view)
        across_rows = self._draw_seats()
        self._size_castle(across_rows)
        for p, pile in enumerate(view.castle):
            lit = self.landed(("pile", p))
            self.pile_cells[p].draw(pile.top, pile.total, pile.height, self.piles_look, lit)
            self.pile_cells[p].set_class(lit, "landed")
        self._draw_teams()
        self._draw_marks()

    def _land(self, view: PilesView) -> None:
        """Light what has landed since the last view: a card placed on a pile, a passer's card
        taken by a team."""
        seen = ([pile.height for pile in view.castle], [len(c) for c in view.captured])
        last, self.last_seen = self.last_seen, seen
        if last is None or seen == last:
            return
        landed: list[object] = [
            ("pile", p)
            for p, (now, was) in enumerate(zip(seen[0], last[0], strict=True))
            if now == was + 1
        ]
        landed += [
            ("took", t)
            for t, (now, was) in enumerate(zip(seen[1], last[1], strict=True))
            if now == was + 1
        ]
        if len(landed) == 1:  # one move lands one card (more is a game dealt or resumed)
            self.land(*landed)

    def _team_of(self, seat: int) -> int:
        return next(t for t, team in enumerate(self.shown.teams) if seat in team)

    def _seat(self, seat: int) -> Seat:
        """What the felt shows of a player: her name, hand, turn and team."""
        view = self.shown
        team = colour_name(view.team_colours[self._team_of(seat)]) if view.team_colours else None
        compact = self.scale is Scale.COMPACT  # her team's suits by her name: 'Bot 2 · ♠♣'
        return Seat(
            name=self.who(seat),
            cards=view.hand_sizes[seat],
            to_act=not view.over and view.turn == seat,
            notes=[team] if team is not None and not compact else [],
            marks=team.plain[-2:] if team is not None and compact else "",
        )

    def _draw_seats(self) -> int:
        """Draw the other players around the felt (the partner across, the next player at the
        left); a spectator sees every seat around it. Returns the rows the players across take."""
        view = self.shown
        first = 0 if view.seat is None else view.seat + 1
        count = view.seats if view.seat is None else view.seats - 1
        seats = [self._seat((first + k) % view.seats) for k in range(count)]
        left, across, right = around(len(seats))
        side = self._side_width()
        for where in ("#left-side", "#right-side"):
            self.query_one(where).styles.width = side
        self._draw_side("#seats-left", list(reversed(seats[:left])), side - 2)
        self._draw_side("#seats-right", seats[left + across :], side - 2)
        return self._draw_across(seats[left : left + across])

    def _side_width(self) -> int:
        """A side of the felt: what the Castle leaves, shared by both sides."""
        castle = (CHIP_PILES if self.scale is Scale.COMPACT else self.piles_look).castle_width
        return min(max((self.size.width - castle - 1) // 2, SIDE_WIDTHS[0]), SIDE_WIDTHS[1])

    def _draw_side(self, where: str, seats: Sequence[Seat], width: int) -> None:
        widget = self.query_one(where, Static)
        widget.display = bool(seats)
        lines: list[Text] = []
        for seat in seats:
            lines += plate(seat, self.scale, width).split("\n")
        widget.styles.height = len(lines)  # known, not measured: a key's redraw stays cheap
        widget.update(Text("\n").join(lines))

    def _draw_across(self, seats: Sequence[Seat]) -> int:
        """The players across the table: on one line each at 80x24, else plates side by side."""
        widget = self.query_one("#seats-across", Static)
        widget.display = bool(seats)
        if not seats:
            return 0
        width = max((self.size.width - 2) // len(seats) - 1, 12)
        if self.scale is Scale.COMPACT:
            line = Text(justify="center")
            for n, seat in enumerate(seats):  # her plate's name and hand on one line
                name, hand, *_ = plate(seat, self.scale, width).split("\n")
                name.rstrip()
                line.append("   " if n else "")
                line.append_text(name)
                line.append_text(hand)
            widget.styles.height = 1
            widget.update(Align.center(line))
            return 1
        grid = Table.grid(expand=True, padding=(0, 1))
        plates = [plate(seat, self.scale, min(width, 30)) for seat in seats]
        for _ in seats:
            grid.add_column(ratio=1)
        grid.add_row(*(Align.center(p) for p in plates))  # each plate's lines kept aligned
        rows = max(len(p.split("\n")) for p in plates)
        widget.styles.height = rows
        widget.update(grid)
        return rows

    def _size_castle(self, across_rows: int) -> None:
        """Draw the piles as big as the felt's middle has room for (the column letters go
        when even chips have no room for them: each pile's name is on its edge)."""
        log, hand = {Scale.COMPACT: (2, 4), Scale.ROOMY: (3, 6), Scale.LARGE: (3, 8)}[self.scale]
        rows = self.size.height - log - 1 - hand - across_rows
        chosen = CHIP_PILES
        if self.scale is not Scale.COMPACT:
            for size in PILE_LOOKS:
                if size is BIG_PILES and self.scale is not Scale.LARGE:
                    continue
                fits = size.castle_width + 2 * SIDE_WIDTHS[0] + 8 <= self.size.width
                if size.castle_height(True) <= rows and fits:
                    chosen = size
                    break
        if chosen is not self.piles_look:
            self.piles_look = chosen
            for size in PILE_LOOKS:
                self.set_class(size is chosen and size is not CHIP_PILES, f"-{size.name}-piles")
            self._draw_seats()  # the sides take what the new Castle leaves
        self.set_class(chosen.castle_height(True) > rows, "-no-letters")

    def _draw_teams(self) -> None:
        """The teams' points, who plays for each and the cards each took from passers."""
        view = self.shown
        lines = Text()
        lines.append("Points\n", style="dim")
        for t, team in enumerate(view.teams):
            who = " & ".join(self.who(s) for s in team)
            if view.team_colours:
                label = colour_name(view.team_colours[t])
            else:
                label = Text(f"Team {t + 1}", style="bold")
            points = str(view.team_scores[t])
            width = min(self._side_width() - 3, 18)  # the points near the name, off the Castle
            gap = max(width - label.cell_len - len(points), 1)
            lines.append_text(label)
            lines.append(" " * gap + points + "\n", style="bold")
            lines.append(f" {who}\n")
            if view.captured[t]:
                lit = self.landed(("took", t))
                lines.append(" took", style="dim")
                for n, card in enumerate(view.captured[t]):
                    lines.append(" ")
                    chip = face(card)
                    if lit and n == len(view.captured[t]) - 1:
                        chip.stylize("bold reverse")
                    lines.append_text(chip)
                lines.append("\n")
        if not view.team_colours:
            lines.append("The first card played sets the teams' colours.\n", style="italic")
        if view.stock_count:
            lines.append(f"{view.stock_count} cards wait to be dealt\n", style="dim")
        lines.rstrip()
        self.query_one("#teams", Static).update(lines)

    def draw_hand(self) -> None:
        """The hand's title (with the viewer's colour, and the turn arrow on her turn) and its
        cards: the unplayable dim, the cursor lit while choosing a card, the chosen one
        marked."""
        view = self.shown
        if view.seat is None or view.hand is None:
            self.hand_title(None)
        else:
            who = self.names[view.seat]
            colour = ""
            if view.team_colours:
                colour = f" ({view.team_colours[self._team_of(view.seat)].team})"
            title = Text(f"{who}'s hand{colour}: {plural(len(self.hand), 'card')}")
            if not view.over and view.turn == view.seat:
                title = Text(f"{TURN_MARK} ", style=card_faces.turn()) + title
            self.hand_title(title)
        playable = {m.card for m in self.legal if isinstance(m, Place)}
        choosing = self.interactive and self.selected is None
        self.draw_cards(
            [look(card) for card in self.hand],
            keys=SLOT_KEYS[:10],
            unplayable={
                i for i, c in enumerate(self.hand) if c not in playable and self.interactive
            },
            cursor=self.cursor if choosing else None,
            selected=() if self.selected is None else {self.selected},
        )

    def _draw_marks(self) -> None:
        """Cursor, selection and the piles the selected card may go on."""
        targets = self._targets()
        in_castle = self.selected is not None
        for p in range(PILES):
            cell = self.pile_cells[p]
            cell.set_class(p in targets, "target")
            cell.set_class(in_castle and p == self.pile_cursor, "cursor")
            cell.set_class(in_castle and p not in targets, "dim")
        self.draw_hand()
        self._draw_detail()

    def _draw_detail(self) -> None:
        view = self.view
        if view is None:
            return
        p = self.pile_cursor if self.selected is not None else None
        detail = self.query_one("#pile-detail", FootWords)
        if p is None:
            if self.interactive and self.hand:
                slot = self.cursor if self.selected is None else self.selected
                card = self.hand[slot]
                n = len(self._targets(slot))
                detail.say(  # its size is the side's rest, whatever it says: keys stay fast
                    Text.assemble(ink(card), f" can go on {plural(n, 'pile')}.")
                    if n
                    else Text.assemble(ink(card), " fits no pile now.")
                )
            else:
                detail.say("")
            return
        pile = view.castle[p]
        tops = [q.top for q in view.castle]
        text = Text.assemble(
            (f"{pile_name(p)} · ", "bold"),
            ink(pile.top),
            f"\ntotal {pile.total} ({value_breakdown(tops, p)}), {plural(pile.height, 'card')}",
        )
        if view.show_buried and pile.height > 1:
            text.append("\nunder it: ")
            for card in reversed(pile.cards[:-1]):
                text.append_text(ink(card))
                text.append(" ")
        detail.say(text)

    def _targets(self, slot: int | None = None) -> set[int]:
        slot = self.selected if slot is None else slot
        if slot is None or slot >= len(self.hand):
            return set()
        card = self.hand[slot]
        return {m.pile for m in self.legal if isinstance(m, Place) and m.card == card}

    # Input

    def action_arrow(self, dx: int, dy: int) -> None:
        """Arrows: along the hand, or around the Castle once a card is chosen."""
        if not self.hand:
            return
        self.pass_asked = False
        if self.selected is None:
            if dy < 0 and self.interactive:
                self.action_confirm()
                return
            self.cursor = (self.cursor + dx) % len(self.hand)
        elif self.pile_cursor is None:
            targets = self._targets()
            self.pile_cursor = min(targets) if targets else 0
        else:
            if dy > 0 and self.pile_cursor // COLUMNS == ROWS - 1:
                self.action_back()
                return
            row, col = divmod(self.pile_cursor, COLUMNS)
            row = min(max(row + dy, 0), ROWS - 1)
            col = (col + dx) % COLUMNS
            self.pile_cursor = row * COLUMNS + col
        self._draw_marks()
        if self.selected is not None and self.pile_cursor is not None and self.interactive:
            card = self.hand[self.selected].short
            pile = pile_name(self.pile_cursor)
            fits = self.pile_cursor in self._targets()
            self.post_message(
                self.Said(
                    f"Enter places {card} on {pile}; arrows: another pile; Esc: back."
                    if fits
                    else f"{card} may not go on {pile} (Enter says why); arrows: another pile."
                )
            )

    def action_confirm(self) -> None:
        """Enter: choose the card under the cursor, or place the chosen card on the pile.

        Choosing a card only lights the piles it may go on; a pile must be pointed at (arrows
        or a click) before Enter places it. After `p` has asked, Enter passes.
        """
        if not self.may_act():
            return
        if self.pass_asked:
            self._pass()
        elif self.selected is None:
            self._select(self.cursor)
        elif self.pile_cursor is None:
            self.post_message(
                self.Said("Choose a pile first: the arrows move to one (or click it); then Enter.")
            )
        else:
            self._place(self.pile_cursor)

    def action_back(self) -> None:
        """Escape: put the card back (or take back a pass asked for) and choose again."""
        self.selected = None
        self.pile_cursor = None
        self.pass_asked = False
        self._draw_marks()
        if self.interactive:
            self.post_message(self.Said(self._choose_prompt()))

    def action_switch_zone(self) -> None:
        """Tab: between the hand and the Castle."""
        if self.selected is None:
            self.action_confirm()
        else:
            self.action_back()

    def action_pick(self, slot: int) -> None:
        """A number key points at that card of the hand; Enter then chooses it."""
        if slot >= len(self.hand) or not self.may_act():
            return
        self.pass_asked = False
        self.selected = None
        self.pile_cursor = None
        self.cursor = slot
        card = self.hand[slot]
        n = len(self._targets(slot))
        if n:
            said = f"{card.short} may go on {plural(n, 'pile')}: Enter lights them."
        else:
            said = f"{card.short} fits no pile now: choose another card{self._or_pass()}."
        self.post_message(self.Said(said))
        self._draw_marks()

    def on_hand_card_clicked(self, message: HandCard.Clicked) -> None:
        """A click on a hand card chooses it: the piles it may go on light up."""
        if message.slot < len(self.hand) and self.may_act():
            self.pass_asked = False
            self.cursor = message.slot
            self._select(message.slot)

    def action_pass_turn(self) -> None:
        """p: say what passing does and ask again; a second p passes."""
        if not self.may_act():
            return
        if self.pass_asked or Pass() not in self.legal:
            self._pass()  # a refused pass is explained by the rules
            return
        self.pass_asked = True
        self.post_message(self.Said(f"{self._pass_consequence()} Press p again to pass; Esc: no."))

    def click_pile(self, pile: int) -> None:
        """A click on a pile places the chosen card there."""
        if not self.may_act():
            return
        self.pass_asked = False
        if self.selected is None:
            self.post_message(self.Said("Choose a card from your hand first, then its pile."))
            return
        self.pile_cursor = pile
        self._place(pile)

    def _select(self, slot: int) -> None:
        if slot >= len(self.hand):
            return
        self.selected = slot
        self.pile_cursor = None
        targets = self._targets()
        card = self.hand[slot]
        if targets:
            names = ", ".join(pile_name(p) for p in sorted(targets))
            said = (
                f"{card.short} may go on {names}. Choose one with the arrows, then Enter "
                "(or click it); Esc: back."
            )
            self.post_message(self.Said(said))
        else:
            said = f"{card.short} fits no pile now: choose another card{self._or_pass()}."
            self.post_message(self.Said(said, refused=True))
        self._draw_marks()

    def _place(self, pile: int) -> None:
        assert self.selected is not None
        self.make(Place(card=self.hand[self.selected], pile=pile))

    def _pass(self) -> None:
        self.pass_asked = False
        self.make(Pass())

    def _or_pass(self) -> str:
        """', or pass with p' when passing is allowed now."""
        return ", or pass with p" if Pass() in self.legal else ""

    def _choose_prompt(self) -> str:
        """What to do while choosing a card."""
        passing = "; p: pass." if Pass() in self.legal else "."
        return f"Choose a card: ← → or its number, then Enter{passing}"

    def _pass_consequence(self) -> str:
        """What a pass will do, in the players' names: who takes a card, and what it is worth."""
        view = self.view
        assert view is not None and view.seat is not None
        taker = (view.seat + 1) % view.seats
        n = len(self.hand)
        which = f"one of your {n} cards at random" if n > 1 else "your last card"
        said = f"Passing: {self.names[taker]} takes {which}"
        if view.team_colours:
            theirs = view.team_colours[taker % 2]
            mine = [card for card in self.hand if card.colour is theirs.other]
            said += (
                f"; it scores for the {theirs.team} if it is {theirs.other.value} "
                f"({len(mine)} of yours are)."
            )
        else:
            said += "."
        return said

    def letter_of(self, move: Place | Pass) -> str | None:
        """p, for a pass."""
        return PASS_KEY if isinstance(move, Pass) else None

    def suggest(self, move: Place | Pass) -> str:
        """Point at the hinted card and pile (Enter places it), or ask to pass (p passes)."""
        if isinstance(move, Pass):
            self.selected = None
            self.pile_cursor = None
            self._draw_marks()
            self.pass_asked = True
            view = self.view
            assert view is not None and view.seat is not None
            taker = self.names[(view.seat + 1) % view.seats]
            return f"{taker} takes a card of yours at random. Press {PASS_KEY}."
        self.pass_asked = False
        self.cursor = self.hand.index(move.card)
        self.selected = self.cursor
        self.pile_cursor = move.pile
        self._draw_marks()
        return "Enter places it."

"""The Piles table: the Castle's 4x3 piles, the hand, teams and scores."""

from __future__ import annotations

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
from cardtable.ui.card_faces import colour_name, face, ink, look
from cardtable.ui.widgets import SLOT_KEYS, GameTable, HandCard


class PileCell(Static):
    """One pile: its top card, its total value and how many cards it holds."""

    def __init__(self, pile: int) -> None:
        super().__init__(id=f"pile-{pile}", classes="pile card-place")
        self.pile = pile
        self.border_title = pile_name(pile)

    def draw(self, top: Card, total: int, height: int) -> None:
        """Show the pile's top card, total value and height."""
        self.update(
            Text.assemble(face(top, 6), "\n", (f"={total:<3}", "bold"), (f" ×{height}", "dim"))
        )

    def on_click(self, event: events.Click) -> None:
        """Clicking a pile places the selected card there."""
        event.stop()
        self.query_ancestor(PilesTable).click_pile(self.pile)


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
        Binding("p", "pass_turn", "Pass"),
    ]

    DEFAULT_CSS = """
    PilesTable #castle-area {
        width: 48;
    }
    PilesTable #castle-columns, PilesTable #castle-legend {
        height: 1;
        color: #a5d6a7;
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
        color: #a5d6a7;
    }
    PilesTable .pile {
        width: 11;
        height: 4;
        border: round #5f8f7a;
        border-title-align: left;
        text-align: center;
    }
    PilesTable .pile.target {
        border: round #69f0ae;
        border-title-color: #69f0ae;
    }
    PilesTable .pile.dim {
        opacity: 60%;
    }
    PilesTable .pile.cursor {
        border: heavy #ffd54f;
        border-title-color: #ffd54f;
        opacity: 100%;
    }
    PilesTable #teams {
        height: auto;
    }
    PilesTable #pile-detail {
        height: auto;
        min-height: 2;
        color: #fff59d;
        margin: 1 0;
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

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="piles-main", classes="table-main"):
            with Vertical(id="castle-area"):
                with Horizontal(id="castle-columns"):
                    yield Static("", classes="row-label")
                    for letter in "ABCD":
                        yield Static(letter, classes="column-label")
                for row in range(ROWS):
                    with Horizontal(classes="castle-row"):
                        yield Static(f"{row + 1}", classes="row-label")
                        for col in range(COLUMNS):
                            yield PileCell(row * COLUMNS + col)
                yield Static(" =total value   ×cards in the pile", id="castle-legend")
            with Vertical(id="side"):
                yield Static(id="teams")
                yield Static(id="pile-detail")

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

    def show(
        self, view: PilesView, names: list[str], legal: list[Place | Pass], interactive: bool
    ) -> None:
        """Draw the Castle, the teams and the viewer's hand."""
        self.keep(view, names, legal, interactive)
        self.pass_asked = False
        if self.new_hand(sort_hand(view.hand or [])):
            self.selected = None
            self.pile_cursor = None
        for p, pile in enumerate(view.castle):
            self.pile_cells[p].draw(pile.top, pile.total, pile.height)
        self._draw_teams()
        self._draw_marks()

    def _draw_teams(self) -> None:
        view = self.shown
        lines = Text()
        for t, team in enumerate(view.teams):
            who = " & ".join(self.names[s] for s in team)
            if view.team_colours:
                lines.append_text(colour_name(view.team_colours[t]))
            else:
                lines.append(f"Team {t + 1}", style="bold")
            lines.append(f"  {plural(view.team_scores[t], 'pt'):>7}\n", style="bold")
            lines.append(f"  {who}\n")
            if view.captured[t]:
                lines.append("  took: ", style="dim")
                for card in view.captured[t]:
                    lines.append_text(ink(card))
                    lines.append(" ")
                lines.append("\n")
        if not view.team_colours:
            lines.append("The first card played sets\nthe teams' colours.\n", style="italic")
        if view.stock_count:
            lines.append(f"{view.stock_count} cards wait to be dealt\n", style="dim")
        self.query_one("#teams", Static).update(lines)

    def draw_hand(self) -> None:
        """The hand's title (with the viewer's colour) and its cards: the unplayable dim, the
        cursor lit while choosing a card, the chosen one marked."""
        view = self.shown
        if view.seat is None or view.hand is None:
            self.hand_title(None)
        else:
            who = self.names[view.seat]
            colour = ""
            if view.team_colours:
                colour = f" ({view.team_colours[view.seat % 2].team})"
            self.hand_title(Text(f"{who}'s hand{colour}: {plural(len(self.hand), 'card')}"))
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
        detail = self.query_one("#pile-detail", Static)
        if p is None:
            if self.interactive and self.hand:
                slot = self.cursor if self.selected is None else self.selected
                card = self.hand[slot]
                n = len(self._targets(slot))
                detail.update(
                    Text.assemble(ink(card), f" can go on {plural(n, 'pile')}.")
                    if n
                    else Text.assemble(ink(card), " fits no pile now.")
                )
            else:
                detail.update("")
            return
        pile = view.castle[p]
        tops = [q.top for q in view.castle]
        text = Text.assemble(
            (f"{pile_name(p)}: ", "bold"),
            ink(pile.top),
            f"  total {pile.total}\n({value_breakdown(tops, p)}), {plural(pile.height, 'card')}",
        )
        if view.show_buried and pile.height > 1:
            text.append("\nunder it: ")
            for card in reversed(pile.cards[:-1]):
                text.append_text(ink(card))
                text.append(" ")
        detail.update(text)

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
            return f"{taker} takes a card of yours at random. Press p."
        self.pass_asked = False
        self.cursor = self.hand.index(move.card)
        self.selected = self.cursor
        self.pile_cursor = move.pile
        self._draw_marks()
        return "Enter places it."

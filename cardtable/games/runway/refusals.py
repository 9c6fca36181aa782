"""Why Runway refuses a move, in a player's words: one sentence per broken rule."""

from __future__ import annotations

from typing import Any

from cardtable.cards import DirectionCard, PilatchCard, PilatchSuit
from cardtable.engine.words import plural
from cardtable.games.runway import moves as mv
from cardtable.games.runway.runs import edge, is_pending, leading_ends, next_rank
from cardtable.games.runway.scoring import LONGEST_RUN
from cardtable.games.runway.session import (
    can_draw_from_deck,
    directions_in_hand,
    may_wrap,
    players_in,
    uses_directions,
)
from cardtable.games.runway.state import PHASE_TITLES, Phase, RunwayState
from cardtable.games.runway.teaching import SUIT_NAMES, explain

PHASES: dict[str, tuple[Phase, ...]] = {
    "draw": (Phase.DRAW,),
    "take": (Phase.DRAW, Phase.TAKING),
    "stop-taking": (Phase.TAKING,),
    "swap": (Phase.LOOKING,),
    "stop-looking": (Phase.LOOKING,),
    "offer-card": (Phase.OFFERING,),
    "ask-card": (Phase.OFFERING,),
    "send-offer": (Phase.OFFERING,),
    "withdraw": (Phase.OFFERING,),
    "accept": (Phase.ANSWERING,),
    "decline": (Phase.ANSWERING,),
    "give": (Phase.GIVING,),
    "recycle": (Phase.DISCARD,),
    "discard": (Phase.DISCARD,),
    "end-turn": (Phase.DISCARD,),
}
"""The phases each kind of move belongs to; every other kind belongs to the build phase."""

ACTIONS = {"draw-three", "flip", "look", "hand-size", "reshuffle", "extra-turn", "lengthen"}
ESPECIALLY = {"hand-size", "reshuffle", "extra-turn", "lengthen"}
OPTION_OF = {
    "duplicates": ("decks", "Revealing duplicates belongs to Multiple Decks, not in play."),
    "trounce": ("trounce", "Trouncing belongs to the Slow Down rule, not in play."),
    "offer": ("trading", "Trading Cards is not in play in this game."),
}


def label(card: Any) -> str:
    """A card in words, capitalised to start a sentence."""
    text = card.label
    return text[0].upper() + text[1:]


def rank_text(rank: int) -> str:
    """1..10, J, Q, K or A."""
    return PilatchCard(suit=PilatchSuit.ROCK, rank=rank).rank_text


def wrong_phase(state: RunwayState, seat: int, kind: str) -> str:
    """A move of another phase."""
    now = state.phase
    if now is Phase.TAKING:
        if kind == "draw":
            return (
                "You took from the bin this turn, so you may not also draw from the deck: "
                "take more from the bin, or stop taking and build."
            )
        return "Stop taking from the bin first, then build."
    if now is Phase.DRAW:
        return f"Draw first. {explain(state, seat)}"
    if now is Phase.LOOKING:
        return "First swap a card with the hand you are looking at, or hand it back."
    if now is Phase.OFFERING:
        return "Finish the trade offer first: send it or withdraw it."
    if kind in ("draw", "take", "stop-taking"):
        return f"You draw once a turn, at its start. {explain(state, seat)}"
    if kind in ("recycle", "discard", "end-turn") and now is Phase.BUILD:
        return "You are still building: end the build phase first, then discard."
    return f"That is not a move of your {PHASE_TITLES[now].lower()} phase. {explain(state, seat)}"


def seats_named(move: Any) -> list[int]:
    """The seats a move names: whose run, whose hand, whose direction cards."""
    named = [getattr(move, field, None) for field in ("seat", "run_of")]
    named += list(getattr(move, "seats", ()))
    return [s for s in named if s is not None]


def no_such_seat(state: RunwayState, move: Any) -> str | None:
    """Why a move naming a seat that is not at the table is refused; None if all are there."""
    for named in seats_named(move):
        if not 0 <= named < state.seats:
            return f"There is no seat {named + 1} at this table: its seats are 1 to {state.seats}."
    return None


def refusal(state: RunwayState, seat: int, move: Any) -> str:
    """The reason `move` is not legal for `seat` now (a seat whose turn it is)."""
    kind = getattr(move, "kind", None)
    if kind is None:
        return "That is not a Runway move."
    missing = no_such_seat(state, move)
    if missing is not None:
        return missing
    if state.phase not in PHASES.get(kind, (Phase.BUILD,)):
        return wrong_phase(state, seat, kind)
    hand = state.hands[seat]
    opts = state.options
    if kind in OPTION_OF:
        field, text = OPTION_OF[kind]
        value = getattr(opts, field)
        if value is False or (field == "decks" and value == 1):
            return text
    holds = getattr(move, "card", None)
    if (
        holds is not None
        and kind
        in ("start", "triple", "replace", "duplicates", "trounce", "offer-card", "give", "discard")
        and holds not in hand
    ):
        return f"You do not hold {holds.label}."
    if kind in ACTIONS:
        return action_refusal(state, seat, move)
    reason = {
        "draw": lambda: "The deck is empty: take cards from the bin.",
        "take": lambda: f"The bin holds no {move.card.short}.",
        "start": lambda: start_refusal(state, seat, move),
        "add": lambda: add_refusal(state, seat, move),
        "triple": lambda: triple_refusal(move),
        "replace": lambda: replace_refusal(state, move),
        "duplicates": lambda: duplicates_refusal(hand, move),
        "trounce": lambda: trounce_refusal(state, seat, move),
        "offer": lambda: (
            "You cannot trade with yourself: offer a trade to an opponent."
            if move.seat == seat
            else "Offer a trade to an opponent who is still playing."
        ),
        "swap": lambda: "Swap one of your cards for one in the hand you are looking at.",
        "offer-card": lambda: f"You have already offered every {move.card.short} you hold.",
        "ask-card": lambda: "She does not hold that many cards.",
        "send-offer": lambda: "Offer or ask for at least one card first.",
        "give": lambda: "You have already picked that card.",
        "recycle": lambda: "You have no run to recycle.",
        "discard": lambda: (
            f"You hold {plural(len(hand), 'card')} and may keep {state.hand_limits[seat]}: "
            "nothing to discard."
        ),
        "end-turn": lambda: (
            f"You hold {plural(len(hand), 'card')} and may keep {state.hand_limits[seat]}: "
            f"discard {len(hand) - state.hand_limits[seat]} first."
        ),
    }.get(kind)
    if reason is not None:
        return reason()
    return f"That move is not possible now. {explain(state, seat)}"


def start_refusal(state: RunwayState, seat: int, move: mv.StartRun) -> str:
    """Why a run cannot start."""
    if state.runs[seat]:
        return "You already have a run: one run at a time. Build on its leading edge."
    if directions_in_hand(state):
        if not any(isinstance(c, DirectionCard) for c in state.hands[seat]):
            return "You need a direction card in hand to start a run."
        if move.direction is None:
            return "Choose UP or DOWN for your direction card as you start the run."
    elif move.direction is not None:
        return "Your direction is already set: start the run with the card alone."
    return "That run cannot start."


def add_refusal(state: RunwayState, seat: int, move: mv.AddToRun) -> str:
    """Why a card cannot go on the run: the sentence the rules would say."""
    run = state.runs[seat]
    card = move.card
    if not run:
        return "You have no run yet: start one with any card."
    if move.from_common:
        if not any(card in t.cards for t in state.common):
            return f"The common area holds no {card.short}."
        if is_pending(run):
            return "Your Joker has no rank yet: only a card from your hand can follow it."
    elif card not in state.hands[seat]:
        return f"You do not hold {card.label}."
    direction = state.directions[seat]
    if move.end not in leading_ends(direction):
        side = "top" if direction is not None and direction.value == "UP" else "bottom"
        return f"Your run goes {direction}: cards go on its {side} end, the leading edge."
    suit = run[0].card.suit
    if card.suit is not suit:
        return f"{label(card)} cannot go on your {SUIT_NAMES[suit]} run: a run is one suit."
    going = f"going {direction}" if direction is not None else "at that end"
    if is_pending(run):
        if card.is_joker:
            return "A Joker that starts a run must be followed by a natural card of its suit."
        lowest = "2 to A" if move.end.value == "high" else "1 to K"
        return (
            f"The card after a starting Joker {going} must be {lowest}, so the Joker can stand "
            "for a rank next to it."
        )
    target = next_rank(run, move.end, may_wrap(state, len(run)))
    at = edge(run, move.end)
    if target is None:
        if at.rank == 14:
            return f"A run cannot wrap from A to 1: nothing follows the A {going}."
        return f"A run cannot wrap from 1 to A: nothing follows the 1 {going}."
    if card.is_joker:
        return f"That Joker stands for another card, not the {rank_text(target)} your run needs."
    shown = (
        PilatchCard(suit=suit, rank=at.rank or 0).label
        if not at.card.is_joker
        else (f"the Joker standing for the {rank_text(at.rank or 0)}")
    )
    return f"{label(card)} does not follow {shown} {going}: it needs the {rank_text(target)}."


def duplicates_refusal(hand: list[Any], move: mv.RevealDuplicates) -> str:
    """Why copies of a card cannot be revealed."""
    if move.count < 2:
        return "Reveal two or more copies of one card."
    return f"You hold only {hand.count(move.card)} of {move.card.label}."


def triple_refusal(move: mv.PlayTriple) -> str:
    """Why three cards are not a triple."""
    cards = move.cards
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        return "A triple needs at least one natural card: Jokers only stand in for one."
    if len({c.rank for c in naturals}) > 1 or naturals[0].rank != move.rank:
        return "A triple is three cards of one rank."
    if len({c.suit for c in cards}) < 3:
        return (
            "A triple needs one card of each suit, Rock, Paper and Scissors; "
            "a Joker stands only for its own suit."
        )
    return "You do not hold those three cards."


def replace_refusal(state: RunwayState, move: mv.ReplaceJoker) -> str:
    """Why a Joker cannot be replaced."""
    card = move.card
    if card.is_joker:
        return "Replace a Joker with the natural card it stands for."
    if move.run_of is not None and is_pending(state.runs[move.run_of]):
        return "A Joker that starts a run stands for no card yet: it cannot be replaced."
    where = "the common area" if move.run_of is None else "that run"
    return f"No Joker in {where} stands for {card.label}."


def action_refusal(state: RunwayState, seat: int, move: Any) -> str:
    """Why a special action cannot be used."""
    kind = move.kind
    if kind in ESPECIALLY and not state.options.especially_special:
        return "That action belongs to Especially Special Actions, not in play."
    if not state.actions:
        return "You have no special action: play a triple to earn one."
    if kind == "draw-three" and not can_draw_from_deck(state):
        return "The deck is empty: there is nothing to draw."
    if kind == "flip":
        if not uses_directions(state):
            return "Build Easily has no direction cards to flip."
        if not move.seats:
            return "Choose at least one direction card to flip."
        return "Only direction cards on the table can be flipped."
    opponents = [s for s in players_in(state) if s != seat]
    if kind == "look" and move.seat == seat:
        return "You know your own hand: choose an opponent's hand to look at."
    if kind == "lengthen" and move.seat == seat:
        return "Choose an opponent to need one more run card, not yourself."
    if kind in ("look", "lengthen") and move.seat not in opponents:
        return "Choose an opponent who is still playing."
    if kind == "look":
        return "That player holds no cards to look at."
    if kind == "lengthen":
        return f"That player already needs {LONGEST_RUN} cards, the most a run can need."
    return "That special action is not possible now."


def trounce_refusal(state: RunwayState, seat: int, move: mv.Trounce) -> str:
    """Why a trounce is refused."""
    if state.trounced:
        return "You may trounce only once a turn."
    if move.seat == seat:
        return "You cannot trounce your own run: trounce an opponent's leading card."
    if move.seat not in players_in(state):
        return "Trounce an opponent who is still playing."
    run = state.runs[move.seat]
    if not run:
        return "That player has no run to trounce."
    if is_pending(run):
        return "A Joker that starts a run cannot be trounced."
    card = move.card
    targets = [edge(run, end) for end in leading_ends(state.directions[move.seat])]
    target = targets[0]
    need = PilatchCard(suit=target.card.suit.superior, rank=target.rank or 1)
    if card.is_joker:
        return "Trounce with a natural card, not a Joker."
    return f"To trounce {target.short} you need {need.label}: same rank, the superior suit."

"""Run It in words: what a seat can do now, and why a move is not for now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import name_of
from cardtable.engine.words import plural
from cardtable.games.run_it.matching import in_colour
from cardtable.games.run_it.state import Phase, RunItState

if TYPE_CHECKING:
    from cardtable.games.run_it.rules import RunIt


def on_top(state: RunItState) -> str:
    """'the R7' or 'the Wild (Blue (B) in force)'."""
    top = state.discards[-1]
    if top.colour is state.colour or state.colour is None:
        return f"the {top.short}"
    return f"the {top.short} ({in_colour(state.colour)} in force)"


def phase_words(state: RunItState) -> tuple[str, str]:
    """What the seats to act are doing now, for 'Waiting for Bob to …', and why a move of
    another sort is refused now: one pair per phase, so the two never drift apart."""
    if state.phase is Phase.WINDOW:
        top = state.discards[-1].short
        return f"let the {top} go or match it", f"Wait: the match window for the {top} is open."
    if state.phase is Phase.OFFERS:
        return "offer a card or nothing", "Offer one card face down, or offer nothing."
    if state.phase is Phase.TAKE:
        return "take a card", "Take the draw pile's top card or one offered card."
    if state.phase is Phase.GOT:
        return (
            "play the card just got or keep it",
            "Play the card you just got, or keep it and end your turn.",
        )
    if state.penalty:
        return (
            f"answer the penalty run of {state.penalty}",
            f"A penalty run of {state.penalty} is on you: continue it or take the penalty.",
        )
    return "play", f"Play a card on {on_top(state)}, or get a card if you have none to play."


def doing(state: RunItState) -> str:
    """What the seats to act are doing, for 'Waiting for Bob to …'."""
    return phase_words(state)[0]


def waiting(game: RunIt, state: RunItState, names: list[str] | None) -> str:
    """'Waiting for Bob to play.'"""
    return game.waiting_for(state, names, doing(state))


def wrong_phase(state: RunItState, seat: int) -> str:
    """Why a move of the wrong sort is refused now, in words."""
    return phase_words(state)[1]


def explain(game: RunIt, state: RunItState, seat: int | None, names: list[str] | None) -> str:
    """One line: what `seat` can do now (a spectator hears who is acting)."""
    if game.is_over(state):
        last = state.history[-1]
        who = " and ".join(name_of(names, s) for s in last.winners)
        return f"{who} won: {last.reason}."
    if state.phase is Phase.WINDOW:
        return f"Match-it: whoever holds the {state.discards[-1].short} may match it now."
    if seat is None or seat not in game.to_act(state):
        return waiting(game, state, names)
    if state.phase is Phase.OFFERS:
        getter = name_of(names, state.turn)
        return f"{getter} must get a card: offer one face down, or offer nothing."
    if state.phase is Phase.TAKE:
        offers = sum(c is not None for c in state.offers)
        pile = "the draw pile's top card" if state.draw_pile or len(state.discards) > 1 else ""
        offered = ""
        if offers == 1:
            offered = "the offered card"
        elif offers:
            offered = f"one of the {plural(offers, 'offered card')}"
        return f"Take {' or '.join(p for p in (pile, offered) if p)}, blind."
    if state.phase is Phase.GOT:
        got = state.got.short if state.got else "card"
        return f"You got the {got}: it can be played. Play it, or keep it and end your turn."
    if state.penalty:
        return (
            f"A penalty run of {state.penalty} is on you: continue it with a +"
            f"{state.penalty_value} or a {in_colour(state.colour)} penalty, a Wild Penalty, or a "
            f"{in_colour(state.colour)} Reverse, Skip or Stop; or take "
            f"{plural(state.penalty, 'card')}."
        )
    can = [m for m in game.legal_moves(state, seat) if m.kind == "play"]
    if not can:
        return f"Nothing in your hand goes on {on_top(state)}: get a card (draw or an offer)."
    return f"Play a card on {on_top(state)}: same colour, number or action."

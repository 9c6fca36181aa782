"""Views written out for the wire, what they share written out once.

A host sends every seat a Table after each change; the views in them are mostly the same (in
Piles, all but the hand), and `Game.views` may give them the same objects for what they share.
A field that holds the same object in every view is written out once and that one result put in
each; the rest of each view is written out on its own. Sharing goes by identity, never by
equality, so a view can only ever hold what its own model holds."""

from __future__ import annotations

from typing import Any

from cardtable.engine import View


def dump_views(views: list[View]) -> list[dict[str, Any]]:
    """Each view as `view.model_dump(mode="json")` gives it, in the same order of fields. What
    the views share is one object in every dump: read them, never change one in place."""
    if len(views) < 2 or len({type(view) for view in views}) > 1:
        return [view.model_dump(mode="json") for view in views]
    first, *rest = views
    names = list(type(first).model_fields)
    values = first.__dict__
    shared = {name for name in names if all(view.__dict__[name] is values[name] for view in rest)}
    if not shared:
        return [view.model_dump(mode="json") for view in views]
    common = first.model_dump(mode="json", include=shared)
    dumps = []
    for view in views:
        own = view.model_dump(mode="json", exclude=shared)
        dumps.append({name: common[name] if name in shared else own[name] for name in names})
    return dumps

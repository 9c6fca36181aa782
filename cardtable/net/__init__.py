"""Play beyond one keyboard: a host that owns the match, and clients on their own screens.

`protocol` is every message as a pydantic model; `host` runs the turns of one match for its
connected seats (bots, claim windows, refusals); `server` puts a host on a websocket; `client`
joins one. Nothing here imports textual or rich.
"""

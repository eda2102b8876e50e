"""A game followed live: Server-Sent Events telling the pages that show it when it changes."""
from __future__ import annotations

from flask import Response, current_app, request

from scorepad.storage import store
from scorepad.web import forms, live

from . import bp, db, let_go, peek


@bp.get("/games/<game_id>/events")
def game_events(game_id: str):
    """The game's version and hands (what /version answers) as an event whenever it changes, for
    whoever may read the game. Beyond the streams this process may hold (`LIVE_STREAMS`) a 204:
    the browser's EventSource stops there, and the page asks /version instead."""
    with store.reading(db()):
        row = peek(game_id)
        hands = store.played_count(db(), row["id"])
    known = forms.sent_number(request.headers.get("Last-Event-ID") or request.args.get("version"))
    config = current_app.config
    watcher = live.watcher(config["DATABASE"], bool(config.get("READ_ONLY")))
    followed = watcher.follow(row["id"], row["version"], hands, config["LIVE_STREAMS"])
    if followed is None:
        return Response(status=204)
    let_go()                        # a stream waits for minutes: it keeps no connection to the database
    response = Response(watcher.events(followed, known, config["LIVE_HEARTBEAT"]), mimetype="text/event-stream")
    response.call_on_close(lambda: watcher.leave(row["id"]))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"        # nginx would otherwise hold the events back
    return response

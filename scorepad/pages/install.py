"""What makes Scorepad installable and able to ride out a Wi-Fi drop: the web manifest and the
service worker (served from the root so it looks after every page)."""
from __future__ import annotations

from flask import Response, current_app, jsonify, render_template, send_from_directory, url_for

from scorepad.web import i18n
from scorepad.web.i18n import _

from . import bp

ICONS = (("icon.svg", "any", "image/svg+xml"), ("icon-192.png", "192x192", "image/png"),
         ("icon-512.png", "512x512", "image/png"))


@bp.get("/manifest.webmanifest")
def manifest():
    response = jsonify({
        "name": "Scorepad", "short_name": "Scorepad", "description": _("Keeps score at the card table."),
        "start_url": "/", "scope": "/", "display": "standalone", "background_color": "#fbfaf7",
        "theme_color": "#0b5d3b",
        "icons": [{"src": url_for("static", filename=name), "sizes": sizes, "type": kind, "purpose": "any"}
                  for name, sizes, kind in ICONS]})
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker():
    version = current_app.jinja_env.globals["asset_version"]
    precache = [url_for("static", filename="app.css", v=version), url_for("static", filename="app.js", v=version),
                url_for("static", filename="hand.js", v=version), url_for("static", filename="tv.css", v=version),
                *(url_for("static", filename=name) for name, _, _ in ICONS), url_for("scorepad.manifest")]
    body = render_template("sw.js", version=version, precache=precache, words=offline_words())
    return Response(body, mimetype="application/javascript", headers={"Cache-Control": "no-cache"})


def offline_words() -> dict[str, dict[str, str]]:
    """What the service worker says when a page it never kept can't be reached, in every language:
    a phone keeps one service worker for pages in either."""
    said = {}
    for code in i18n.LANGUAGES:
        with i18n.speaking(code):
            said[code] = {"title": _("Offline"),
                          "unreached": _("Scorepad can't be reached and this page was not opened here before.")}
    return said


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for it whatever the page says: the app's icon."""
    return send_from_directory(current_app.static_folder, "icon-192.png", mimetype="image/png", max_age=7 * 24 * 3600)

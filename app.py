"""Scorepad: keeps score at a real card table.

    python app.py [--host 0.0.0.0] [--port 5000] [--db instance/scorepad.db]
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import secrets
import socket
from pathlib import Path

from flask import Flask, g, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect

import store
import views

csrf = CSRFProtect()


def secret_key(instance: Path) -> str:
    """Made once per installation and kept in instance/, never in the code."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True)
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(DATABASE=str(instance / "scorepad.db"), MAX_CONTENT_LENGTH=4_000_000,
                            SEND_FILE_MAX_AGE_DEFAULT=365 * 24 * 3600)     # assets are versioned below
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(instance)
    csrf.init_app(app)
    store.open_db(app.config["DATABASE"]).close()       # create or migrate at start
    app.register_blueprint(views.bp)
    app.teardown_appcontext(close_db)
    app.after_request(compress)
    app.jinja_env.globals["asset_version"] = asset_version(Path(app.static_folder))
    register_errors(app)
    return app


def asset_version(folder: Path) -> str:
    """Changes whenever a stylesheet or script does, so browsers may cache them for a year."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


COMPRESSIBLE = ("text/", "application/json", "application/javascript")


def compress(response):
    """Gzip text for phones on poor Wi-Fi."""
    if ("gzip" not in request.headers.get("Accept-Encoding", "") or response.status_code != 200
            or not (response.mimetype or "").startswith(COMPRESSIBLE) or "Content-Encoding" in response.headers):
        return response
    response.direct_passthrough = False
    body = response.get_data()
    if len(body) < 500:
        return response
    response.set_data(gzip.compress(body, 6))
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    return response


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def register_errors(app: Flask) -> None:
    @app.errorhandler(404)
    def not_found(_error):
        return render_template("error.html", title="Not found",
                               message="There is no such game or page here."), 404

    @app.errorhandler(405)
    def wrong_method(_error):
        return render_template("error.html", title="Not here",
                               message="That page can't be used that way."), 405

    @app.errorhandler(CSRFError)
    def form_expired(_error):
        return render_template("error.html", title="Form expired",
                               message="That form was too old or came from elsewhere. Go back, "
                                       "reload the page and try again: nothing was changed."), 400

    @app.errorhandler(413)
    def too_large(_error):
        return render_template("error.html", title="Too large",
                               message="That upload is too large to be a game record."), 413


def addresses(host: str, port: int) -> list[str]:
    if host not in ("0.0.0.0", "::"):
        return [f"http://{host}:{port}/"]
    found = {"127.0.0.1"}
    try:
        found |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        pass
    return [f"http://{address}:{port}/" for address in sorted(found)]


def main() -> None:
    parser = argparse.ArgumentParser(description="Scorepad: keep score at a card table.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: phones on the same Wi-Fi)")
    parser.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    parser.add_argument("--db", help="SQLite database file (default instance/scorepad.db)")
    args = parser.parse_args()
    config = {"DATABASE": os.path.abspath(args.db)} if args.db else None
    app = create_app(config)
    print("Scorepad is running. Open one of these on a phone on the same Wi-Fi:")
    for address in addresses(args.host, args.port):
        print("  " + address)
    app.run(host=args.host, port=args.port, threaded=True)


if __name__ == "__main__":
    main()

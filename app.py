"""Scorepad: keeps score at a real card table.

    python app.py [--host 0.0.0.0] [--port 5000] [--db instance/scorepad.db]   serve (waitress)
    gunicorn -k gevent -w 4 'app:create_app()'                                  a club server
"""
from __future__ import annotations

import argparse
import gc
import gzip
import hashlib
import os
import sys
import weakref
from pathlib import Path

from flask import Flask, has_request_context, render_template, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

from scorepad import VERSION, pages
from scorepad.storage import backups, instance, store
from scorepad.storage.instance import Declined
from scorepad.storage.schema import STEPS
from scorepad.web import i18n
from scorepad.web.caches import GZIPPED, MINIFIED, SESSION_SERIALIZERS, memoized
from scorepad.web.i18n import _, add_vary
from scorepad.web.network import lan_addresses

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


class Sessions(SecureCookieSessionInterface):
    """Flask's signed cookie sessions (its documented extension point), Secure over https and
    without Flask's work when nothing changed."""

    def get_cookie_secure(self, app) -> bool:
        """Secure whenever the browser came over https (behind a proxy, as the proxy says), so one
        server can answer on the table's plain http and a club's https address alike."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)

    def get_signing_serializer(self, app):
        """Flask's serializer, made once per secret key: making one costs a third of checking a
        cookie, and each request checks one."""
        if not app.secret_key:
            return None
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        made = SESSION_SERIALIZERS.get(key)
        if made is None:
            made = super().get_signing_serializer(app)
            SESSION_SERIALIZERS.put(key, made)
        return made

    def save_session(self, app, session, response):
        """Flask's, without its work when nothing changed (most requests): then only Vary: Cookie."""
        if session and not self.should_set_cookie(app, session):
            if session.accessed:
                add_vary(response, "Cookie")
            return
        super().save_session(app, session, response)


def create_app(test_config: dict | None = None) -> Flask:
    folder = instance.folder()                     # where the database lives (SCOREPAD_INSTANCE)
    app = Flask(__name__, instance_relative_config=True, instance_path=str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(DATABASE=instance.database_path(), MAX_CONTENT_LENGTH=12_000_000,
                            SEND_FILE_MAX_AGE_DEFAULT=365 * 24 * 3600,     # assets are versioned below
                            WTF_CSRF_TIME_LIMIT=None,                      # a hand can take an hour to play
                            SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                            PERMANENT_SESSION_LIFETIME=400 * 24 * 3600,     # a browser keeps its games
                            SESSION_REFRESH_EACH_REQUEST=False,
                            WTF_I18N_ENABLED=False,                        # our messages are ours; WTForms has no Pashto
                            BEHIND_PROXY=int(os.environ.get("SCOREPAD_BEHIND_PROXY") or 0),
                            LIVE_STREAMS=live_streams(), LIVE_HEARTBEAT=25)
    if test_config:
        app.config.update(test_config)
    app.session_interface = Sessions()
    proxies = app.config["BEHIND_PROXY"]
    if proxies:
        # The address players see, as the proxies in front say it: Caddy and nginx set these three
        # (a prefix or port header would come from the browser itself, unchecked).
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    database = app.config["DATABASE"]
    instance.prepare_folder(database)
    held = instance.serving(database)               # before reading it: a restore going on is waited for
    if held is not None:
        weakref.finalize(app, os.close, held)       # held while the app lives (a server: while it serves)
    app.config["READ_ONLY"], keys = instance.prepare(database)     # READ_ONLY: None, or why it can only be read
    for name in ("SECRET_KEY", "OWNER_KEY"):
        app.config[name] = app.config.get(name) or keys[name.lower()]
    i18n.init_app(app)                              # before the pages: their templates speak through it
    app.register_blueprint(pages.bp)
    if app.config["READ_ONLY"]:
        store.LOG.error("Scorepad %s serves %s read-only: %s. Every score is shown; nothing can be saved until it "
                        "can be written.", VERSION, database, store.FAULT_WORDS[app.config["READ_ONLY"]])
    else:
        try:
            with instance.starting(database), app.app_context():
                pages.rebuild_summaries()           # derived rows behind their game's version
                pages.empty_bin()                   # games in the bin for more than 30 days
        except store.CannotStore:                   # a full disk: logged; served, tidied at a later start
            pass
    app.after_request(secure)
    app.after_request(compress)
    app.jinja_env.globals["asset_version"] = asset_version(Path(app.static_folder))
    register_errors(app)
    serve_minified_script(app)
    return app


def live_streams() -> int | None:
    """How many live streams a process may hold at once (None: no limit). Each holds a thread of the
    server: gunicorn's gevent worker has thousands (a greenlet each), so no limit; waitress has a
    few, and app.py --streams keeps some for the pages; any other server gets none (the pages ask
    /version instead), unless SCOREPAD_LIVE_STREAMS says."""
    if os.environ.get("SCOREPAD_LIVE_STREAMS"):
        return int(os.environ["SCOREPAD_LIVE_STREAMS"])
    monkey = sys.modules.get("gevent.monkey")
    return None if monkey is not None and monkey.is_module_patched("threading") else 0


@memoized(MINIFIED)
def minified(source: str) -> str:
    """A script as small as it can be sent: comments and spaces gone, its local names shortened
    (calmjs.parse, once per process); the file in static/ stays the readable one."""
    from calmjs.parse import es5
    from calmjs.parse.unparsers.es5 import minify_print
    return minify_print(es5(source), obfuscate=True, obfuscate_globals=False)


def serve_minified_script(app: Flask) -> None:
    """The scripts in static/ (app.js on every page, hand.js on hand forms) are served minified (a
    quarter lighter gzipped, within every page's budget)."""
    scripts = {path.name: minified(path.read_text()).encode() for path in Path(app.static_folder).glob("*.js")}
    etags = {name: hashlib.sha256(script).hexdigest()[:16] for name, script in scripts.items()}
    static = app.view_functions["static"]

    def served(filename: str):
        if filename not in scripts:
            return static(filename=filename)
        response = app.response_class(scripts[filename], mimetype="text/javascript")
        response.cache_control.public = True
        response.cache_control.max_age = app.get_send_file_max_age(filename)
        response.set_etag(etags[filename])
        return response.make_conditional(request)
    app.view_functions["static"] = served


def settle_memory(app: Flask) -> None:
    """Once the app is made, before it serves: every template compiled (the first phones would
    otherwise wait for it, a third of a second per worker); what start-up built is left out of the
    garbage collector's rounds (gc.freeze), and young objects are collected in bigger batches, so a
    page is rarely held up by a collection walking every kept page and score (measured: about 15%
    off recording a hand)."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    gc.freeze()
    gc.set_threshold(20_000, 50, 100)


def asset_version(folder: Path) -> str:
    """Changes whenever a stylesheet or script does, so browsers may cache them for a year."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def secure(response):
    present = {name.lower() for name, _value in response.headers.items()}
    response.headers.extend([(name, value) for name, value in SECURITY_HEADERS.items() if name.lower() not in present])
    return response


COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")


def compress(response):
    """Gzip text for phones on poor Wi-Fi. A response with an ETag (a kept page, an asset) is sent
    again byte for byte to the same reader: its gzipped bytes are kept by those bytes."""
    if ("gzip" not in request.headers.get("Accept-Encoding", "") or response.status_code != 200
            or response.mimetype == "text/event-stream"
            or not (response.mimetype or "").startswith(COMPRESSIBLE) or "Content-Encoding" in response.headers):
        return response
    response.direct_passthrough = False
    body = response.get_data()
    if len(body) < 500:
        return response
    zipped = GZIPPED.get(body) if "ETag" in response.headers else None
    if zipped is None:
        zipped = gzip.compress(body, 6)
        if "ETag" in response.headers:
            GZIPPED.put(body, zipped)
    response.set_data(zipped)
    response.headers["Content-Encoding"] = "gzip"
    add_vary(response, "Accept-Encoding")
    return response


def error_words(status: int) -> tuple[str, str]:
    """An error page's title and sentence, in the page's language."""
    if status == 400:
        return _("Not understood"), _("That request could not be read: nothing was changed.")
    if status == 403:
        return _("Not allowed"), _("That can't be done from here: nothing was changed.")
    if status == 404:
        return _("Not found"), _("There is no such game or page here.")
    if status == 405:
        return _("Not here"), _("That page can't be used that way.")
    if status == 413:
        return _("Too large"), _("That upload is too large to be a game record.")
    if status == 507 and request.method == "POST" and request.mimetype != "multipart/form-data":
        return _("Not stored"), _("The server could not store this: its disk is full (or read-only). Nothing was "
                                  "lost; this change waits on your phone.")      # app.js keeps it to send again
    if status == 507:
        return _("Not stored"), _("The server can't store anything just now: its disk is full (or read-only). "
                                  "Nothing was lost: try again once it has room.")
    return _("Busy"), _("Another phone was saving at the same moment and the table is still busy. "
                        "Nothing was changed: go back and try again.")


def error_page(status: int):
    title, message = error_words(status)
    return render_template("error.html", title=title, message=message), status


def register_errors(app: Flask) -> None:
    for status in (400, 403, 404, 405, 413):
        app.register_error_handler(status, lambda _e, s=status: error_page(s))
    app.register_error_handler(store.Busy, lambda _e: error_page(503))
    app.register_error_handler(store.CannotStore, lambda _e: error_page(507))     # logged once by store


# --- the command ---------------------------------------------------------------------------------

def backed_up(database: str, target: str) -> int:
    written = backups.backup(database, target)
    print(f"Backed up {database} to {written}: keep it as private as the database (it holds the keys "
          "that let phones back into their games).")
    return 0


def restored(database: str, source: str) -> int:
    if "://" in source or Path(source).is_dir():       # a Litestream replica: fetched, then checked as a backup
        backups_there = sorted(Path(source).glob("*.db")) if Path(source).is_dir() else []
        if backups_there and not (Path(source) / "ltx").is_dir():
            raise Declined(f"{source} is a folder of backups, not a replica: name the backup to restore, such as "
                           f"{backups_there[-1]}. Nothing was restored.")
        done = restored_from_replica(database, source)
    else:
        done = backups.restore(source, database)
    print(f"Restored {database} from {source}: {backups.counted(done.games, 'game')}, "
          f"{backups.counted(done.hands, 'hand')}.")
    if done.kept:
        print(f"The database it replaced is kept as {done.kept}.")
    if done.keys_kept:
        print("The backup held no keys (it was made before 1.2.0): this installation's were kept, so its "
              "phones keep their games.")
    for line in done.unscored:
        print(f"Shown up to the hand its rules reject: {line}")
    return 0


def restored_from_replica(database: str, url: str) -> backups.Restored:
    from scorepad.storage import replica
    fetched = Path(database).parent / f".{Path(database).name}.from-replica"
    backups.gone(fetched)
    try:
        replica.fetch(url, str(fetched))
        return backups.restore(str(fetched), database)
    except ValueError as error:
        raise Declined(f"{str(error).removesuffix(': nothing was fetched')}. Nothing was restored.") from None
    finally:
        for leftover in ("", "-wal", "-shm", "-journal"):
            backups.gone(f"{fetched}{leftover}")


def addresses(host: str, port: int) -> list[tuple[str, str]]:
    """(address, note): LAN addresses first, this computer's own last."""
    if host not in ("0.0.0.0", "::", ""):
        return [(f"http://{host}:{port}/", "this computer only" if host.startswith("127.") else "")]
    return ([(f"http://{address}:{port}/", "") for address in lan_addresses()]
            + [(f"http://127.0.0.1:{port}/", "this computer only")])


def terminal_qr(url: str) -> str:
    """The address as a QR code drawn in the terminal, for a phone's camera."""
    import io

    import segno
    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="app.py", description="Scorepad: keep score at a card table. Serves the app with waitress "
                                   "and prints the addresses a phone on the same Wi-Fi can open.")
    parser.add_argument("--host", default=None,
                        help="address to listen on (default 0.0.0.0: every interface, so phones on the same "
                             "Wi-Fi can reach it; 127.0.0.1, the default with --behind-proxy: this computer only)")
    parser.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000)")
    parser.add_argument("--db", metavar="PATH", help="SQLite database file (default instance/scorepad.db)")
    parser.add_argument("--threads", type=int, default=12, help="requests served at once (default 12)")
    parser.add_argument("--streams", type=int, default=None,
                        help="live streams served at once, each holding one of the threads (default two thirds of "
                             "--threads: 8 of 12); pages beyond it ask every second instead")
    parser.add_argument("--no-qr", action="store_true", help="do not print the QR code of the address")
    parser.add_argument("--backup", metavar="FILE",
                        help="write a consistent copy of the database, with the keys phones need, to FILE (or a "
                             "file named by the time in the folder FILE) and exit; safe while the app is serving. "
                             "Keep it as private as the database")
    parser.add_argument("--restore", metavar="FILE",
                        help="replace the database with the backup FILE (or the Litestream replica at a URL or "
                             "folder) and exit, once it is checked; the database it replaces is kept beside it. "
                             "Refused while the app is serving")
    parser.add_argument("--rebuild-summaries", action="store_true",
                        help="rebuild what the home page shows of every game from its records, and exit")
    parser.add_argument("--owner-link", action="store_true",
                        help="print the owner link again (it sees and manages every game) and exit")
    parser.add_argument("--behind-proxy", metavar="N", nargs="?", type=int, const=1, default=0,
                        help="served through N reverse proxies (default 1), such as Caddy giving https: links, QR "
                             "codes and redirects use the address the proxy was asked for, and the cookie is "
                             "Secure over https; listens on 127.0.0.1 unless --host says otherwise")
    parser.add_argument("--replicate", metavar="URL",
                        help="serve as usual, and stream every change to URL with Litestream: a folder, sftp:// or "
                             "s3:// (docs/user-guide.md: A live copy off the machine); --restore URL brings it back")
    parser.add_argument("--version", action="version", version=f"Scorepad {VERSION} (database schema {len(STEPS)})")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.streams is None:
        args.streams = args.threads * 2 // 3
    if not 0 <= args.streams < args.threads:
        parser().error(f"--streams must be from 0 to one less than --threads ({args.threads}), so pages are "
                       "always answered")
    if args.replicate is not None:              # Litestream runs this same command, less the option, as its child
        return under_litestream(args.replicate, instance.database_path(args.db), sys.argv[1:] if argv is None else argv)
    if args.host is None:                       # behind a proxy, only the proxy should reach the app
        args.host = "127.0.0.1" if args.behind_proxy else "0.0.0.0"
    database = instance.database_path(args.db)
    # A stream a phone has left is only noticed when the next heartbeat can't be written: with a
    # few threads to share, that comes every 5 s, so a page that moves on frees its place soon.
    config = {"DATABASE": database, "LIVE_STREAMS": args.streams, "LIVE_HEARTBEAT": 5,
              **({"BEHIND_PROXY": args.behind_proxy} if args.behind_proxy else {})}
    try:
        if args.backup:
            return backed_up(database, args.backup)
        if args.restore:
            return restored(database, args.restore)
        app = create_app(config)
        if args.rebuild_summaries:
            with app.app_context():
                print(f"Rebuilt the summaries of {pages.rebuild_summaries(everything=True)} games from their records.")
            return 0
    except (Declined, store.CannotStore) as problem:
        print(problem, file=sys.stderr)
        return 2
    found = addresses(args.host, args.port)
    owner = f"{found[0][0]}owner/{app.config['OWNER_KEY']}"
    if args.owner_link:
        print(owner)
        return 0
    from waitress import serve
    print(f"Scorepad {VERSION} is running (database {database}" +
          (f", read-only: {store.FAULT_WORDS[app.config['READ_ONLY']]})." if app.config["READ_ONLY"] else ")."))
    if args.behind_proxy:
        print(f"Behind {args.behind_proxy} proxy(ies), listening for it on {found[0][0]} - phones open the "
              "proxy's address (https), and Scorepad's links and QR codes follow it.")
        print("Owner link - sees and manages every game; keep it to yourself (app.py --owner-link prints it again):")
        print(f"  the proxy's address followed by /owner/{app.config['OWNER_KEY']}")
    else:
        print("Open one of these on a phone on the same Wi-Fi:")
        for address, note in found:
            print(f"  {address}" + (f"   ({note})" if note else ""))
        if not args.no_qr and not found[0][1]:
            print(terminal_qr(found[0][0]))
        print("Owner link - sees and manages every game; keep it to yourself (app.py --owner-link prints it again):")
        print(f"  {owner}")
    print("Stop with Ctrl+C.", flush=True)
    settle_memory(app)
    # waitress drops X-Forwarded-* headers by default; behind a proxy, ProxyFix decides what to believe
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="Scorepad", _quiet=True,
          clear_untrusted_proxy_headers=not args.behind_proxy)
    return 0


def under_litestream(url: str, database: str, argv: list[str]) -> int:
    """Becomes Litestream (os.execv: same process, so a service manager's signals reach it), which
    serves `app.py ARGV` without --replicate as its child and streams the database to `url`."""
    from scorepad.storage import replica
    rest, value_next = [], False
    for arg in argv:                            # --replicate URL, --replicate=URL, or argparse's abbreviation
        option = arg.split("=", 1)[0]
        if not value_next and len(option) > 2 and "--replicate".startswith(option):
            value_next = "=" not in arg
        elif value_next:
            value_next = False
        else:
            rest.append(arg)
    try:
        command = replica.command_to_serve(database, url, [sys.executable, os.path.abspath(__file__), *rest])
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"Litestream streams every change of {database} to {url} (it prints only its warnings).", flush=True)
    try:
        os.execv(command[0], command)           # returns only when it fails
    except OSError as error:
        print(f"Litestream could not be started ({error.strerror}): {command[0]}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

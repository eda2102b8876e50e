"""gunicorn's settings for Scorepad (gunicorn reads ./gunicorn.conf.py when started from the checkout)."""
import sys

# A club server runs `gunicorn -k gevent`: each page that follows a game live holds one stream, a
# greenlet of its worker, so a worker takes many more connections than gunicorn's 1,000. Streams never
# end by themselves: a stopping worker waits for its other requests (milliseconds each) only a few
# seconds, and the pages open their streams again on the workers that follow.
worker_connections = 10_000
graceful_timeout = 5


def on_starting(server):
    """Before any worker starts: a database this release can't serve (written by a newer release,
    or damaged) stops the server with one line, instead of workers failing to boot over and over."""
    import os

    from scorepad.storage import instance
    database = instance.database_path()
    instance.prepare_folder(database)
    held = instance.serving(database)           # as a worker does: a restore going on is waited for
    try:
        instance.prepare(database)
    except instance.Declined as declined:
        print(declined, file=sys.stderr)
        sys.exit(2)
    finally:
        if held is not None:
            os.close(held)


def post_worker_init(worker):
    """Each worker, once its app is made, settles its memory like `app.py` does before serving."""
    import app
    app.settle_memory(worker.wsgi)

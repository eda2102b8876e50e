"""gunicorn's settings for Scorepad (gunicorn reads ./gunicorn.conf.py when started from the checkout)."""
import sys


def on_starting(server):
    """Before any worker starts: a database this release can't serve (written by a newer release,
    or damaged) stops the server with one line, instead of workers failing to boot over and over."""
    from scorepad.storage import instance
    try:
        instance.prepare(instance.database_path())
    except instance.Declined as declined:
        print(declined, file=sys.stderr)
        sys.exit(2)


def post_worker_init(worker):
    """Each worker, once its app is made, settles its memory like `app.py` does before serving."""
    import app
    app.settle_memory(worker.wsgi)

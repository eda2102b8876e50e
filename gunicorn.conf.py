"""gunicorn's settings for Scorepad (gunicorn reads ./gunicorn.conf.py when started from the checkout)."""


def post_worker_init(worker):
    """Each worker, once its app is made, settles its memory like `app.py` does before serving."""
    import app
    app.settle_memory(worker.wsgi)

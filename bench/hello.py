"""The reference for bench/serve_speed.py: a bare Flask hello-world, served the same way."""
from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "Hello, World!"

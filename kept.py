"""What a worker keeps in memory between requests: small least-recently-used stores, each bounded."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class Recent:
    """A small least-recently-used memory shared by a worker's threads."""

    def __init__(self, size: int) -> None:
        self.size, self.items, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key: Any) -> Any:
        try:                                    # each step is atomic: no lock for the most frequent call
            value = self.items[key]
            self.items.move_to_end(key)
        except KeyError:                        # not kept, or dropped by another thread meanwhile
            return None
        return value

    def discard(self, key: Any) -> None:
        with self.lock:
            self.items.pop(key, None)

    def put(self, key: Any, value: Any) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

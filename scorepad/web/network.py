"""This computer's addresses on the table's Wi-Fi, for the command's banner and the invite page."""
from __future__ import annotations

import socket


def lan_addresses() -> list[str]:
    """IPv4 addresses other devices may reach this computer on (no traffic is sent)."""
    found: set[str] = set()
    try:
        found |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        pass
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))          # a documentation address: picks the outgoing interface
        found.add(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    return sorted(address for address in found if not address.startswith("127.") and address != "0.0.0.0")

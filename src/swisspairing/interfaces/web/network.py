"""This computer as the local network sees it, for the web app's settings (``ALLOWED_HOSTS``)
and for ``serve`` (the addresses it prints for the players' phones). No Django import: the
settings module uses it before the apps are loaded."""

from __future__ import annotations

import socket

#: one address in each private IPv4 range (RFC 1918: 10/8, 192.168/16, 172.16/12), to ask the
#: system which local address it would use towards that network
PRIVATE_NETWORK_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def addresses_towards_private_networks() -> set[str]:
    """The local address the system would send from towards each private network: a UDP
    socket "connected" to an address sends nothing but is given that local address. A
    network the system has no route to is left out."""
    found: set[str] = set()
    for target in PRIVATE_NETWORK_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((target, 1))
                found.add(udp.getsockname()[0])
        except OSError:
            continue
    return found

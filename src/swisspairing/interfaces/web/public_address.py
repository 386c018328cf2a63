"""The address players' phones use to reach the server (issue 24, item 11).

QR codes, slips and links used to be built from the address in the arbiter's browser: the
arbiter works on the server's own computer at ``http://127.0.0.1:8000``, so every QR code
pointed at 127.0.0.1, which on a phone is the phone itself. The *public address* is set with
``swisspairing serve --public-url http://192.168.1.20:8000`` or on the arbiters' hall page and
kept in the database (:class:`.models.SiteSetting`); without it the browser's address is used
and every page that shows a QR code warns while that address is a loopback one.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.http import HttpRequest
from django.utils.translation import gettext as _

from ...errors import BadRequest
from . import models as m
from .network import addresses_towards_private_networks

KEY = "public_url"


def stored() -> str:
    """The public address set by the arbiter (``""``: none)."""
    row = m.SiteSetting.objects.filter(key=KEY).first()
    return row.value if row is not None else ""


def clean(url: str) -> str:
    """``url`` as kept: ``http(s)://host[:port][/prefix]`` without a trailing slash; ``""``
    clears it. :class:`BadRequest` names what is wrong."""
    url = url.strip()
    if not url:
        return ""
    if any(ord(ch) < 32 or ch.isspace() for ch in url):
        raise BadRequest(_("Public address: spaces and control characters are not allowed."))
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadRequest(_("Public address %(url)s: give it as http://192.168.1.20:8000 (the "
                           "address phones type).") % {"url": url})
    try:
        parts.port  # noqa: B018 (a port out of range raises here)
    except ValueError:
        raise BadRequest(_("Public address %(url)s: the port is not a number from 1 to 65535.")
                         % {"url": url}) from None
    if parts.query or parts.fragment or len(url) > 300:
        raise BadRequest(_("Public address %(url)s: only the scheme, the host, the port and a "
                           "path are allowed.") % {"url": url})
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def save(url: str) -> str:
    """Keep the public address (cleaned, :func:`clean`) and let requests naming its host in
    (:func:`allow_host`); returns what is kept."""
    value = clean(url)
    m.SiteSetting.objects.update_or_create(key=KEY, defaults={"value": value})
    allow_host(value)
    return value


def allow_host(url: str) -> None:
    """Add the host of ``url`` to ``ALLOWED_HOSTS`` (issue 24 item 19: the allowed hosts are
    this machine's names and the public address; an address saved on the hall page, or kept
    from an earlier start, is a name phones use, so it must be let in)."""
    from django.conf import settings

    host = (urlsplit(url).hostname or "").lower()
    if host and "*" not in settings.ALLOWED_HOSTS and host not in settings.ALLOWED_HOSTS:
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, host]


def base(request: HttpRequest) -> str:
    """The address the QR codes and links are built on: the public address, else the
    browser's (``http://127.0.0.1:8000`` on the server's own computer)."""
    return stored() or request.build_absolute_uri("/").rstrip("/")


def absolute(request: HttpRequest, path: str) -> str:
    """``path`` (from ``reverse``) on the public address."""
    return base(request) + path


def is_loopback(url: str) -> bool:
    """True when ``url`` names this computer only (``localhost``, ``127.x.x.x``, ``::1``): a
    phone opening it reaches itself, not the server."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """This computer's addresses on the local networks (IPv4, not loopback), for ``serve``
    to print: the local address used towards each private network, and the host name's
    addresses."""
    found = addresses_towards_private_networks()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    usable = []
    for address in found:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            usable.append(address)
    return sorted(usable, key=lambda a: ipaddress.ip_address(a))

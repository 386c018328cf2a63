"""How large a request's body may be, decided before the body is read (issue 24 item 18).

Anonymous clients used to be able to fill the disk: every URL accepted a 1 GB body, which
waitress spools to a temporary file before the app sees the request (three connections held
902 MB). Now:

* every request may carry at most :data:`SMALL_BODY_BYTES` (the login, the playing hall, every
  arbiters' form: a few kilobytes each);
* only the arbiters' upload pages (:data:`UPLOAD_PAGES`: a TRF to continue, a player file,
  the FIDE rating list) take more, their file's own limit plus the form around it, and only
  for a request whose session is an arbiter's or the chief arbiter's.

The server (``swisspairing serve``, waitress) applies the limit while it reads the request's
head, before any byte of the body is kept (:class:`BoundedRequestParser`): a ``Content-Length``
over it is answered 413 at once, a chunked body as soon as it goes over. For any other WSGI
server the middleware :class:`RequestBodyLimitMiddleware` refuses the same requests before
Django reads their body.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from http.cookies import CookieError, SimpleCookie
from typing import Any

from django.http import HttpRequest, HttpResponse

from .imports import MAX_IMPORT_BYTES, MAX_RATING_LIST_BYTES

#: the body of any request but an arbiter's upload: forms, results, the hall, the login
SMALL_BODY_BYTES = 1024 * 1024
#: the multipart form around an uploaded file (its other fields, the part headers)
FORM_OVERHEAD_BYTES = 1024 * 1024
#: the arbiters' upload pages (paths) -> the largest body they take
UPLOAD_PAGES: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(r"/t/import/"), MAX_IMPORT_BYTES + FORM_OVERHEAD_BYTES),
    (re.compile(r"/t/\d+/players/import/"), MAX_IMPORT_BYTES + FORM_OVERHEAD_BYTES),
    (re.compile(r"/t/\d+/players/rating-list/"), MAX_RATING_LIST_BYTES + FORM_OVERHEAD_BYTES),
)
#: the largest body of any request (waitress's own ``max_request_body_size``)
LARGEST_BODY_BYTES = max(limit for _, limit in UPLOAD_PAGES)


def upload_limit(path: str) -> int | None:
    """The body limit of an upload page at ``path``, None for any other page."""
    for pattern, limit in UPLOAD_PAGES:
        if pattern.fullmatch(path):
            return limit
    return None


def body_limit(path: str, is_arbiter: Callable[[], bool]) -> int:
    """The largest body a request to ``path`` may have: an upload page's limit for an
    arbiter (``is_arbiter`` is asked only there), else :data:`SMALL_BODY_BYTES`."""
    limit = upload_limit(path)
    if limit is None or not is_arbiter():
        return SMALL_BODY_BYTES
    return limit


def session_is_arbiters(session_key: str | None) -> bool:
    """Whether ``session_key`` is the session of an active arbiter or chief arbiter account
    (one read of the session and one of the account; any error: no)."""
    if not session_key or len(session_key) > 64 or not session_key.isalnum():
        return False
    try:
        from importlib import import_module

        from django.conf import settings
        from django.contrib.auth import get_user_model

        from .auth import can_edit

        store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
        user_id = store.get("_auth_user_id")
        if user_id is None:
            return False
        user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
        return user is not None and can_edit(user)
    except Exception:  # a broken session or database: the small limit
        return False


def session_key_of(cookie_header: str) -> str | None:
    """The session cookie's value in a ``Cookie`` header."""
    from django.conf import settings

    try:
        cookies = SimpleCookie()
        cookies.load(cookie_header)
    except CookieError:
        return None
    morsel = cookies.get(settings.SESSION_COOKIE_NAME)
    return morsel.value if morsel is not None else None


def too_large_response() -> HttpResponse:
    from django.template.loader import render_to_string
    from django.utils.translation import gettext as _

    page = render_to_string("swisspairing_error.html", {"message": _(
        "The request is too large: only the arbiters' import pages take files."),
        "input_error": False})
    return HttpResponse(page, status=413)


class RequestBodyLimitMiddleware:
    """A request whose declared body is over :func:`body_limit` is answered 413 before Django
    reads the body (for WSGI servers that pass the body on as it arrives; waitress is bounded
    earlier, by :class:`BoundedRequestParser`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from .auth import can_edit

        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > SMALL_BODY_BYTES and length > body_limit(
                request.path_info, lambda: can_edit(request.user)):
            return too_large_response()
        return self.get_response(request)


def _bounded_parser_class() -> type:
    from waitress.parser import HTTPRequestParser

    class BoundedRequestParser(HTTPRequestParser):  # type: ignore[misc]
        """Waitress's request parser with the limit of :func:`body_limit`: set once the head
        is read, checked by waitress against the ``Content-Length`` at once and against a
        chunked body as it arrives (both compare with ``adj.max_request_body_size``)."""

        def parse_header(self, header_plus: bytes) -> None:
            super().parse_header(header_plus)
            path = getattr(self, "path", "") or ""
            small = not self.chunked and self.content_length <= SMALL_BODY_BYTES
            if small or upload_limit(path) is None:  # no session read for a small body
                limit = SMALL_BODY_BYTES
            else:
                cookie = self.headers.get("COOKIE", "")
                limit = body_limit(path, lambda: session_is_arbiters(session_key_of(cookie)))
            self.adj = _Limited(self.adj, limit + 1)  # waitress refuses a body >= the limit

    return BoundedRequestParser


class _Limited:
    """Waitress's settings with another ``max_request_body_size`` (for one request)."""

    def __init__(self, adj: Any, max_request_body_size: int) -> None:
        self._adj = adj
        self.max_request_body_size = max_request_body_size

    def __getattr__(self, name: str) -> Any:
        return getattr(self._adj, name)


def bound_request_bodies(server: Any) -> None:
    """Make a waitress server (``create_server``'s answer) read requests with
    :class:`BoundedRequestParser`."""
    from waitress.channel import HTTPChannel
    from waitress.server import BaseWSGIServer

    parser = _bounded_parser_class()

    class BoundedChannel(HTTPChannel):  # type: ignore[misc]
        parser_class = parser

    servers = ([server] if isinstance(server, BaseWSGIServer) else
               [s for s in getattr(server, "map", {}).values() if isinstance(s, BaseWSGIServer)])
    for s in servers:
        s.channel_class = BoundedChannel

"""A safety net for the errors the program explains itself.

A view handles the errors it expects (a refused pairing, a malformed file) and shows them on
its page. An error of the program's own kinds (:class:`~swisspairing.errors.SwissPairingError`:
bad input, a refused request, no valid pairing) that a view did not expect must still reach
the user as a page that says what is wrong (4xx), in their language, never as a 500 with a
traceback (the brief: "a clear error ... a 4xx page, no traceback").
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from ...errors import InputError, NoValidPairing, SwissPairingError
from .core_messages import user_message

logger = logging.getLogger("swisspairing.web")


class SwissPairingErrorMiddleware:
    """Turns an unhandled :class:`SwissPairingError` into the error page with its message:
    409 for "no valid pairing" (the request was right, the tournament allows none), else 400."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if storage_problem(exc):
            return storage_error_page(exc)
        if not isinstance(exc, SwissPairingError):
            return None
        status = 409 if isinstance(exc, NoValidPairing) else 400
        page = render_to_string("swisspairing_error.html", {
            "message": user_message(exc), "input_error": isinstance(exc, InputError)})
        return HttpResponse(page, status=status)


#: what SQLite says when it cannot write its files (a read-only folder or file, a full disk)
_STORAGE_MESSAGES = ("readonly database", "read-only", "unable to open database file",
                     "database or disk is full", "disk i/o error")


def storage_problem(exc: BaseException) -> bool:
    """Whether ``exc`` says the data folder cannot be written (issue 24 item 19: a read-only
    data folder gave bare 500s): SQLite's errors for a read-only or full disk, or the
    system's (EROFS, EACCES, EPERM, ENOSPC, EDQUOT)."""
    import errno

    from django.db import DatabaseError

    if isinstance(exc, DatabaseError):
        text = str(exc).lower()
        return any(m in text for m in _STORAGE_MESSAGES)
    return isinstance(exc, OSError) and exc.errno in (
        errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, getattr(errno, "EDQUOT", -1))


def storage_error_page(exc: BaseException, session: bool = False) -> HttpResponse:
    """503: the change could not be saved, nothing was changed (one transaction per
    request), and what to look at. ``session``: what could not be saved is the session,
    after the view (:class:`SessionMiddleware`)."""
    from django.conf import settings
    from django.utils.translation import gettext as _

    logger.error("the data folder cannot be written: %s", exc)
    parts = {"folder": settings.DATA_DIR, "problem": str(exc).strip() or type(exc).__name__}
    if session:
        message = _("The server cannot write in its data folder (%(folder)s): %(problem)s. "
                    "Your session (sign-in, messages) could not be saved. Check that the disk "
                    "is not full and that the folder and its files can be written, then "
                    "reload the page.") % parts
    else:
        message = _("The server cannot write in its data folder (%(folder)s): %(problem)s. "
                    "Nothing was changed. Check that the disk is not full and that the folder "
                    "and its files can be written, then try again.") % parts
    page = render_to_string("swisspairing_error.html", {"message": message,
                                                        "input_error": False})
    return HttpResponse(page, status=503)


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's session middleware, whose saving of the session after the view (a login, the
    messages too long for their cookie) fails as every write does on a read-only or full data
    folder: that error is raised after the view, where :class:`SwissPairingErrorMiddleware`
    never sees it, and was a bare 500 (closing note of issue 24 item 19). It is the same 503
    page, saying that the session could not be saved."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        try:
            return super().process_response(request, response)
        except Exception as exc:
            if not storage_problem(exc):
                raise
            return storage_error_page(exc, session=True)


class ContentSecurityPolicyMiddleware:
    """Adds ``settings.CONTENT_SECURITY_POLICY`` to every response that has none: pages,
    HTMX fragments and error pages alike (issue 24 item 19). The templates hold no inline
    script, handler or style; ``static/web/app.js`` does what ``onchange`` / ``onclick`` did."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        from django.conf import settings

        self.get_response = get_response
        self.policy = str(getattr(settings, "CONTENT_SECURITY_POLICY", ""))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy
        return response

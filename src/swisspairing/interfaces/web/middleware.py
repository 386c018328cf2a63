"""A safety net for the errors the program explains itself.

A view handles the errors it expects (a refused pairing, a malformed file) and shows them on
its page. An error of the program's own kinds (:class:`~swisspairing.errors.SwissPairingError`:
bad input, a refused request, no valid pairing) that a view did not expect must still reach
the user as a page that says what is wrong (4xx), in their language, never as a 500 with a
traceback (the brief: "a clear error ... a 4xx page, no traceback").
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from ...errors import InputError, NoValidPairing, SwissPairingError
from .core_messages import user_message


class SwissPairingErrorMiddleware:
    """Turns an unhandled :class:`SwissPairingError` into the error page with its message:
    409 for "no valid pairing" (the request was right, the tournament allows none), else 400."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not isinstance(exc, SwissPairingError):
            return None
        status = 409 if isinstance(exc, NoValidPairing) else 400
        page = render_to_string("swisspairing_error.html", {
            "message": user_message(exc), "input_error": isinstance(exc, InputError)})
        return HttpResponse(page, status=status)

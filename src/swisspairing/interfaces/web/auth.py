"""Log in with a limit on failed attempts, and the roles of the arbiters.

Roles (:data:`.models.ROLES`): a *viewer* reads the arbiters' pages, an *arbiter* also changes
the tournament, the *chief arbiter* also manages accounts. Anonymous visitors (players,
spectators) see only the public pages. Passwords are hashed by Django (PBKDF2).
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from . import models as m


def role_of(user: Any) -> str | None:
    if not getattr(user, "is_authenticated", False):
        return None
    if user.is_superuser:
        return m.ROLE_CHIEF
    profile = getattr(user, "profile", None)
    return profile.role if profile is not None else m.ROLE_VIEWER


def can_edit(user: Any) -> bool:
    return role_of(user) in (m.ROLE_CHIEF, m.ROLE_ARBITER)


def _page_sent_from(request: HttpRequest) -> str:
    """The path of the page a form was sent from (its ``Referer``, when it is this server's),
    else the tournaments' list: where to come back once logged in again."""
    from urllib.parse import urlsplit

    from django.urls import reverse
    from django.utils.http import url_has_allowed_host_and_scheme

    referer = str(request.META.get("HTTP_REFERER", ""))
    if referer and url_has_allowed_host_and_scheme(referer, {request.get_host()}):
        parts = urlsplit(referer)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return reverse("web:home")


def login_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Django's ``login_required`` for pages read (GET: to the login page and back); a form
    sent without a session (it ended while the page was open, or a client that never logged
    in) is a 403 saying that nothing was recorded, with a link to log in and come back to
    the page it was sent from. Redirected to the login page, the form was lost without a
    word, the grid read the login page as "error 200", and after logging in the browser
    was sent to the form's address (POST only: an empty 405 page)."""
    from django.contrib.auth.decorators import login_required as django_login_required
    from django.urls import reverse
    from django.utils.http import urlencode

    page = django_login_required(view)

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method in ("GET", "HEAD") or request.user.is_authenticated:
            return page(request, *args, **kwargs)
        login = f"{reverse('web:login')}?{urlencode({'next': _page_sent_from(request)})}"
        return render(request, "logged_out.html", {"login": login}, status=403)

    return wrapped


def viewer_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Any logged-in account (viewer, arbiter, chief arbiter); GET only for viewers."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD") and not can_edit(request.user):
            raise PermissionDenied(_("Your account may only read."))
        return view(request, *args, **kwargs)

    return wrapped


def _role_required(roles: tuple[str, ...], refusal: str
                   ) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A decorator: log in first, then one of ``roles`` is needed (else 403 with ``refusal``)."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if role_of(request.user) not in roles:
                raise PermissionDenied(_(refusal))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


#: pages that change the tournament
arbiter_required = _role_required((m.ROLE_CHIEF, m.ROLE_ARBITER),
                                  gettext_noop("An arbiter account is needed."))
#: account management (issue 16 and later)
chief_required = _role_required((m.ROLE_CHIEF,),
                                gettext_noop("A chief arbiter account is needed."))


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


def login_key(username: str) -> str:
    """The user name as the failures are counted (issue 24, item 14): Unicode NFKC, spaces
    around it removed, case folded. Django's login form normalises the name the same way
    (NFKC, strip) before looking the account up, so ``" arbiter"``, ``"arbiter\t"`` and the
    fullwidth ``"ａrbiter"`` all log in as ``arbiter``: they must share its failures."""
    return unicodedata.normalize("NFKC", username).strip().casefold()[:150]


def _since() -> Any:
    return timezone.now() - timedelta(seconds=settings.LOGIN_LOCK_SECONDS)


def lock_reason(username: str, address: str) -> str | None:
    """Why a login is refused before the password is even checked, or None.

    Within ``LOGIN_LOCK_SECONDS``: ``LOGIN_MAX_FAILURES`` failures for the (normalised) user
    name from this address, ``LOGIN_MAX_FAILURES_PER_NAME`` for the name from anywhere (guesses
    spread over many addresses), ``LOGIN_MAX_FAILURES_PER_ADDRESS`` from the address whatever
    the name (one client trying many names; and every refused try costs a password hash, the
    slow part of a login: issue 24, item 15). One query."""
    key = login_key(username)
    counts = m.FailedLogin.objects.filter(at__gte=_since()).aggregate(
        name_here=Count("id", filter=Q(username=key, address=address)),
        name=Count("id", filter=Q(username=key)),
        here=Count("id", filter=Q(address=address)))
    if counts["name_here"] >= settings.LOGIN_MAX_FAILURES or \
            counts["name"] >= settings.LOGIN_MAX_FAILURES_PER_NAME:
        return "name"
    if counts["here"] >= settings.LOGIN_MAX_FAILURES_PER_ADDRESS:
        return "address"
    return None


def locked_names() -> dict[str, int]:
    """User names (normalised) refused at the moment, with their recent failures: for the
    chief arbiter's accounts page (issue 24, item 17)."""
    rows = (m.FailedLogin.objects.filter(at__gte=_since()).values("username", "address")
            .annotate(n=Count("id")))
    per_name: dict[str, int] = {}
    locked: set[str] = set()
    for row in rows:
        per_name[row["username"]] = per_name.get(row["username"], 0) + row["n"]
        if row["n"] >= settings.LOGIN_MAX_FAILURES:
            locked.add(row["username"])
    locked |= {n for n, total in per_name.items() if total >= settings.LOGIN_MAX_FAILURES_PER_NAME}
    return {name: per_name[name] for name in sorted(locked)}


def locked_addresses() -> dict[str, int]:
    """Addresses refused at the moment (every user name), with their recent failures."""
    rows = (m.FailedLogin.objects.filter(at__gte=_since()).values("address")
            .annotate(n=Count("id")).filter(n__gte=settings.LOGIN_MAX_FAILURES_PER_ADDRESS))
    return {row["address"]: row["n"] for row in rows.order_by("address")}


def unlock(username: str = "", address: str = "") -> int:
    """Lift a lock: forget the failures of a user name (from every address) or of an address
    (issue 24, item 17: the chief arbiter's "unlock", ``createuser`` and a new password).
    Returns the number of failures forgotten."""
    found = m.FailedLogin.objects.none()
    if username:
        found = m.FailedLogin.objects.filter(username=login_key(username))
    elif address:
        found = m.FailedLogin.objects.filter(address=address[:64])
    deleted, _kinds = found.delete()
    return deleted


#: password checks running at once in this process (see LoginView)
_checking = threading.BoundedSemaphore(max(1, int(getattr(settings, "LOGIN_CONCURRENT_CHECKS",
                                                          1))))


@method_decorator(transaction.non_atomic_requests, name="dispatch")
class LoginView(auth_views.LoginView):
    """Django's login, refused for a while after too many failures (:func:`lock_reason`); every
    failure is recorded under the normalised user name (:func:`login_key`).

    Outside the request-wide transaction (issue 24, item 15): with ``ATOMIC_REQUESTS`` and
    SQLite's ``BEGIN IMMEDIATE`` the password was checked (PBKDF2, 0.5-0.8 s) while the
    database's write lock was held, so four anonymous clients posting logins queued every
    player's entry behind them (18 s) and eight gave "database is locked". Here the lock check
    is a read, the password check holds no transaction, and each write (the failure, or the
    session and ``last_login`` of a success) is its own short transaction. At most
    ``LOGIN_CONCURRENT_CHECKS`` (1) passwords are checked at once: a flood of logins uses one
    core, not all of them; a login that waits more than ``LOGIN_WAIT_SECONDS`` (1) for its turn
    gets 503 "try again" (a waiting login holds a server thread: eight flooding clients waiting
    longer would hold all of waitress's threads and the players' entries would queue)."""

    template_name = "web/login.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", ""))
        reason = lock_reason(username, _address(request))
        if reason is not None:
            return self._refused(reason, 429)
        if not _checking.acquire(timeout=float(getattr(settings, "LOGIN_WAIT_SECONDS", 1))):
            return self._refused("busy", 503)
        try:
            form = self.get_form()
            valid = form.is_valid()  # the password check (Django's authenticate)
        finally:
            _checking.release()
        if valid:
            with transaction.atomic():  # the session and last_login, one short transaction
                return self.form_valid(form)
        return self.form_invalid(form)

    def _refused(self, reason: str, status: int) -> HttpResponse:
        form = self.get_form()
        form.errors.clear()
        response = self.render_to_response(self.get_context_data(form=form, locked=reason))
        response.status_code = status
        if status == 503:
            response["Retry-After"] = "5"
        return response

    def form_invalid(self, form: Any) -> HttpResponse:
        username = str(self.request.POST.get("username", ""))
        m.FailedLogin.objects.create(username=login_key(username),
                                     address=_address(self.request))
        return super().form_invalid(form)


class LogoutView(auth_views.LogoutView):
    """Django's logout, POST only since Django 5 (a link or a prefetch must not log anyone
    out); a GET (a typed or bookmarked ``/logout/``) gets a page with the logout button
    instead of a blank 405 (review defect 3), or the login page when nobody is logged in."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect(settings.LOGIN_URL)
        return render(request, "web/logout.html")

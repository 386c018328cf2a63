"""Log in with a limit on failed attempts, and the roles of the arbiters.

Roles (:data:`.models.ROLES`): a *viewer* reads the arbiters' pages, an *arbiter* also changes
the tournament, the *chief arbiter* also manages accounts. Anonymous visitors (players,
spectators) see only the public pages. Passwords are hashed by Django (PBKDF2).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
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


def recent_failures(username: str, address: str) -> int:
    since = timezone.now() - timedelta(seconds=settings.LOGIN_MAX_FAILURES and
                                       settings.LOGIN_LOCK_SECONDS)
    return m.FailedLogin.objects.filter(username=username.casefold()[:150], address=address,
                                        at__gte=since).count()


class LoginView(auth_views.LoginView):
    """Django's login, refused for a while after LOGIN_MAX_FAILURES failures (per user name
    and address); every failure is recorded."""

    template_name = "web/login.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", ""))
        if recent_failures(username, _address(request)) >= settings.LOGIN_MAX_FAILURES:
            form = self.get_form()
            form.errors.clear()
            response = self.render_to_response(self.get_context_data(
                form=form, locked=True))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: Any) -> HttpResponse:
        username = str(self.request.POST.get("username", ""))
        m.FailedLogin.objects.create(username=username.casefold()[:150],
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

"""Django settings of the web app.

The data folder (``SWISSPAIRING_DATA``, set by ``swisspairing serve --data DIR``; default: a
per-user folder) holds the embedded SQLite database (WAL mode: readers never block the writer,
nothing is lost on a crash) and the secret key, created on first start. ``DATABASE_URL``
(``postgres://user:password@host:port/name``) selects PostgreSQL instead.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.utils.translation import gettext_lazy as _


def default_data_dir() -> Path:
    """A per-user folder: %LOCALAPPDATA%\\swisspairing on Windows, else $XDG_DATA_HOME."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "swisspairing"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "swisspairing"


def database_from_url(url: str) -> dict[str, object]:
    """Django's DATABASES entry for ``postgres://user:password@host:port/name``."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql"):
        raise ValueError(f"DATABASE_URL: unsupported scheme {parts.scheme!r} (postgres://...)")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "CONN_MAX_AGE": 60,
    }


DATA_DIR = Path(os.environ.get("SWISSPAIRING_DATA") or default_data_dir())
DATA_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    path = DATA_DIR / "secret_key"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        tmp.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        os.replace(tmp, path)
    return path.read_text(encoding="utf-8").strip()


SECRET_KEY = os.environ.get("SWISSPAIRING_SECRET_KEY") or _secret_key()
DEBUG = os.environ.get("SWISSPAIRING_DEBUG_WEB") == "1"
ALLOWED_HOSTS = [h for h in os.environ.get("SWISSPAIRING_ALLOWED_HOSTS", "*").split(",") if h]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "swisspairing.interfaces.web.apps.WebConfig",
    "swisspairing.interfaces.web.hall.apps.HallConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # a body over its limit is refused before it is read (issue 24 item 18; waitress refuses
    # it even earlier, in serve: web/limits.py)
    "swisspairing.interfaces.web.limits.RequestBodyLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # an error of the program's own kinds that no view handled: a 4xx page, not a 500
    "swisspairing.interfaces.web.middleware.SwissPairingErrorMiddleware",
]

ROOT_URLCONF = "swisspairing.interfaces.web.urls"
WSGI_APPLICATION = "swisspairing.interfaces.web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": database_from_url(os.environ["DATABASE_URL"])}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "swisspairing.sqlite3",
            "OPTIONS": {
                # WAL: a crash never loses a committed change, readers do not block the writer
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
            # one connection per server thread, kept: a new SQLite connection per request
            # reads the schema and runs the PRAGMAs again (about 1 ms a request)
            "CONN_MAX_AGE": None,
        }
    }
# one transaction per change: a request either commits all its writes or none
for _db in DATABASES.values():
    _db["ATOMIC_REQUESTS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# checked by createuser, serve's first start (SWISSPAIRING_PASSWORD) and the accounts page
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:home"
LOGOUT_REDIRECT_URL = "web:login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [Path(__file__).resolve().parent / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATIC_ROOT = None  # static files are served from the package (WhiteNoise finders)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = False

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# the form fields of a request (files apart), read into memory: the forms are a few KB
# (issue 24 item 18; web/limits.py bounds the whole body); an uploaded file over 2.5 MB is
# kept in a temporary file, not in memory
DATA_UPLOAD_MAX_MEMORY_SIZE = 2621440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2621440

#: failed logins allowed per user name and address before a pause (LOGIN_LOCK_SECONDS)
LOGIN_MAX_FAILURES = 5
LOGIN_LOCK_SECONDS = 15 * 60

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"handlers": ["console"], "level": "ERROR"}},
}

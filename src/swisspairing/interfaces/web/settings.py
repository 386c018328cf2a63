"""Django settings of the web app.

The data folder (``SWISSPAIRING_DATA``, set by ``swisspairing serve --data DIR``; default: a
per-user folder) holds the embedded SQLite database (WAL mode: readers never block the writer,
nothing is lost on a crash) and the secret key, created on first start. ``DATABASE_URL``
(``postgres://user:password@host:port/name``) selects PostgreSQL instead.
"""

from __future__ import annotations

import os
import secrets
import socket
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.utils.translation import gettext_lazy as _

from swisspairing.errors import BadRequest
from swisspairing.interfaces.web.network import addresses_towards_private_networks


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


#: the data folder's files (database, secret key, uploads) are the user's only: the database
#: holds the password hashes, the secret key signs the sessions (issue 24 item 19)
PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


def unwritable_folder(folder: Path, exc: OSError) -> BadRequest:
    """What to say when the data folder cannot be written (issue 24 item 19: a read-only
    folder gave "internal error")."""
    return BadRequest(
        f"the data folder {folder} cannot be written ({exc.strerror or exc}): it holds the "
        "database and the secret key. Make it writable, free some space, or give another "
        "folder with --data")


def make_private(folder: Path) -> None:
    """The data folder 0700 and its files 0600 (created so from the start: umask 077), also
    when an earlier version left them readable by every user. Files of another owner are
    left as they are."""
    os.umask(0o077)
    for path in (folder, *(p for p in folder.iterdir() if p.is_file())):
        wanted = PRIVATE_FOLDER_MODE if path.is_dir() else PRIVATE_FILE_MODE
        try:
            if path.stat().st_mode & 0o777 != wanted:
                path.chmod(wanted)
        except OSError:
            continue


def check_writable(folder: Path) -> None:
    """:class:`BadRequest` naming the folder when a file cannot be created in it, or when
    the database is there but cannot be written."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise unwritable_folder(folder, exc) from None
    database = folder / "swisspairing.sqlite3"
    if database.exists() and not os.access(database, os.W_OK):
        raise unwritable_folder(database, PermissionError(13, "Permission denied"))


DATA_DIR = Path(os.environ.get("SWISSPAIRING_DATA") or default_data_dir())
try:
    DATA_DIR.mkdir(mode=PRIVATE_FOLDER_MODE, parents=True, exist_ok=True)
except OSError as _exc:
    raise unwritable_folder(DATA_DIR, _exc) from None
check_writable(DATA_DIR)
make_private(DATA_DIR)


def _secret_key() -> str:
    path = DATA_DIR / "secret_key"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(secrets.token_urlsafe(50))
        os.replace(tmp, path)
    return path.read_text(encoding="utf-8").strip()


def _host_of(url: str) -> str:
    """The host of ``http://host:port/...`` (``[::1]`` for an IPv6 address), or ``""``."""
    if "://" not in url:
        url = "http://" + url
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return ""
    return f"[{host}]" if ":" in host else host.lower()


def machine_hosts() -> list[str]:
    """This computer's own names and addresses: ``localhost``, the loopback addresses, the
    host name (also with ``.local``, as phones find it by mDNS), its full name, the addresses
    of the host name and the local address used towards each private network."""
    names = {"localhost", "127.0.0.1", "[::1]"}
    hostname = socket.gethostname().lower()
    if hostname:
        names.update((hostname, f"{hostname}.local", socket.getfqdn().lower()))
        try:
            addresses = [str(info[4][0]).split("%")[0]
                         for info in socket.getaddrinfo(hostname, None)]
        except OSError:
            addresses = []
        names.update(f"[{a}]" if ":" in a else a for a in addresses)
    names.update(addresses_towards_private_networks())
    names.discard("")
    names.discard("0.0.0.0")
    return sorted(names)


def allowed_hosts(environ: Mapping[str, str]) -> list[str]:
    """The host names a request may carry (Django's ``ALLOWED_HOSTS``; issue 24 item 19:
    ``*`` let a DNS rebinding page pass the hall's Origin check): this computer's names and
    addresses (:func:`machine_hosts`), the public address's host
    (``SWISSPAIRING_PUBLIC_URL``) and the hosts of ``SWISSPAIRING_ALLOWED_HOSTS`` (a comma
    list; ``serve --allowed-host`` adds to it; ``*`` there allows any host, as before)."""
    hosts = machine_hosts()
    public = _host_of(environ.get("SWISSPAIRING_PUBLIC_URL", "").strip())
    extra = [h.strip().lower() for h in environ.get("SWISSPAIRING_ALLOWED_HOSTS", "").split(",")]
    for host in (public, *extra):
        if host and host not in hosts:
            hosts.append(host)
    return hosts


SECRET_KEY = os.environ.get("SWISSPAIRING_SECRET_KEY") or _secret_key()
DEBUG = os.environ.get("SWISSPAIRING_DEBUG_WEB") == "1"
ALLOWED_HOSTS = allowed_hosts(os.environ)

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
    # Content-Security-Policy on every page (issue 24 item 19)
    "swisspairing.interfaces.web.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Django's, with a read-only data folder at the session's saving a 503 (middleware.py)
    "swisspairing.interfaces.web.middleware.SessionMiddleware",
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
# Django's hashers; PBKDF2-SHA256 (the default) computed in a low-priority thread, so that a
# flood of logins does not take the processor from the playing hall (hashers.py, issue 24)
PASSWORD_HASHERS = [
    "swisspairing.interfaces.web.hashers.BackgroundPBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
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
#: the app's own scripts, styles and images only: no inline script or style, no eval (HTMX
#: runs with allowEval false), no framing, forms posted to the app only (issue 24 item 19)
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                           "img-src 'self' data:; connect-src 'self'; font-src 'self'; "
                           "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
                           "object-src 'none'")
# the form fields of a request (files apart), read into memory: the forms are a few KB
# (issue 24 item 18; web/limits.py bounds the whole body); an uploaded file over 2.5 MB is
# kept in a temporary file, not in memory
DATA_UPLOAD_MAX_MEMORY_SIZE = 2621440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2621440

#: failed logins allowed per user name (normalised: auth.login_key) and address before a pause
#: of LOGIN_LOCK_SECONDS; per user name from every address; per address whatever the name
#: (issue 24, items 14-15). The chief arbiter lifts a lock on the accounts page; createuser and
#: a new password lift it too (item 17).
LOGIN_MAX_FAILURES = 5
LOGIN_MAX_FAILURES_PER_NAME = 20
LOGIN_MAX_FAILURES_PER_ADDRESS = 20
LOGIN_LOCK_SECONDS = 15 * 60
#: passwords checked at once (PBKDF2 takes a core for 0.5 s): a flood of logins leaves the
#: other cores to the hall; a login waiting more than LOGIN_WAIT_SECONDS for its turn gets 503
#: "try again" (short: a waiting login holds one of the server's threads, and eight flooding
#: clients must not hold all of them)
LOGIN_CONCURRENT_CHECKS = 1
LOGIN_WAIT_SECONDS = 1

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"handlers": ["console"], "level": "ERROR"}},
}

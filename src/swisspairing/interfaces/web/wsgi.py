"""WSGI entry point (``swisspairing serve`` runs it with waitress)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspairing.interfaces.web.settings")
application = get_wsgi_application()

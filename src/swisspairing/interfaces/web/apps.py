"""Django application of the web interface."""

from __future__ import annotations

from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "swisspairing.interfaces.web"
    label = "swisspairing_web"
    verbose_name = "swisspairing"
    default_auto_field = "django.db.models.BigAutoField"

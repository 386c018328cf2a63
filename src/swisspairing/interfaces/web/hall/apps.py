"""Django application of the playing hall."""

from __future__ import annotations

from django.apps import AppConfig


class HallConfig(AppConfig):
    name = "swisspairing.interfaces.web.hall"
    label = "swisspairing_hall"
    verbose_name = "swisspairing hall"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from .. import models as web_models
        from . import services

        post_save.connect(services.round_saved, sender=web_models.Round,
                          dispatch_uid="hall-round-codes")

"""Django application of the playing hall."""

from __future__ import annotations

from django.apps import AppConfig


class HallConfig(AppConfig):
    name = "swisspairing.interfaces.web.hall"
    label = "swisspairing_hall"
    verbose_name = "swisspairing hall"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from .. import models as web_models
        from . import services

        post_save.connect(services.round_saved, sender=web_models.Round,
                          dispatch_uid="hall-round-codes")
        # the public pages' cached version is dropped when what they show changes (games
        # deleted in bulk are not followed one by one: the version expires within a second)
        for model, signals in ((web_models.Event, (post_save, post_delete)),
                               (web_models.Round, (post_save, post_delete)),
                               (web_models.Game, (post_save,))):
            for signal in signals:
                signal.connect(services.model_changed, sender=model,
                               dispatch_uid=f"hall-changed-{model.__name__}-{id(signal)}")

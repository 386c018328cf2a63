"""At most one rating list load queued or running (issue 15, big imports; review of the loads).

The "already loading" check and the creation of a load are two statements: under PostgreSQL's
READ COMMITTED two uploads at once both passed the check, and the second one's switch then hit
``one_active_rating_list`` ("internal error: IntegrityError"). This partial unique index makes
the database refuse the second load when it is created (the app reports "already loading").

A database that already holds more than one unfinished load (the defect above) keeps the newest
one; the others are marked failed first, as a dead load is (their rows are deleted when the
next load starts).
"""

from django.db import migrations, models

_UNFINISHED = ["queued", "running"]


def _keep_one_unfinished(apps, schema_editor):  # type: ignore[no-untyped-def]
    load_model = apps.get_model("swisspairing_web", "RatingListLoad")
    unfinished = list(load_model.objects.filter(status__in=_UNFINISHED)
                      .order_by("-created_at", "-id").values_list("pk", flat=True))
    load_model.objects.filter(pk__in=unfinished[1:]).update(
        status="failed", active=False,
        error="interrupted: another load ran at the same time; load the file again")


class Migration(migrations.Migration):

    dependencies = [
        ("swisspairing_web", "0005_forbidden_pair_once"),
    ]

    operations = [
        migrations.RunPython(_keep_one_unfinished, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="ratinglistload",
            constraint=models.UniqueConstraint(
                models.ExpressionWrapper(models.Q(status__in=_UNFINISHED),
                                         output_field=models.BooleanField()),
                condition=models.Q(status__in=_UNFINISHED),
                name="one_running_rating_list_load"),
        ),
    ]

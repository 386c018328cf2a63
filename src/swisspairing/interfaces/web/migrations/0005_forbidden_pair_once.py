"""A forbidden pair is stored once: ``first`` is the entrant with the smaller key (``2-1``
after ``1-2`` was a second row, listed and exported twice). Existing rows are put in that
order and duplicates deleted before the constraints are added."""

from django.db import migrations, models


def _normalise(apps, schema_editor) -> None:  # type: ignore[no-untyped-def]
    pairs = apps.get_model("swisspairing_web", "ForbiddenPair")
    seen: set[tuple[int, int]] = set()
    for row in pairs.objects.order_by("id"):
        key = (min(row.first_id, row.second_id), max(row.first_id, row.second_id))
        if key in seen or key[0] == key[1]:
            row.delete()
            continue
        seen.add(key)
        if (row.first_id, row.second_id) != key:
            row.first_id, row.second_id = key
            row.save(update_fields=["first", "second"])
    if schema_editor.connection.vendor == "postgresql":
        # the updates above queued PostgreSQL's deferred foreign-key checks; the constraints
        # below alter the table in the same transaction, which PostgreSQL refuses while checks
        # are pending ("pending trigger events"): run them now
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0004_event_round_dates'),
    ]

    operations = [
        migrations.RunPython(_normalise, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='forbiddenpair',
            constraint=models.UniqueConstraint(fields=('first', 'second'), name='one_forbidden_pair'),
        ),
        migrations.AddConstraint(
            model_name='forbiddenpair',
            constraint=models.CheckConstraint(condition=models.Q(('first__lt', models.F('second'))), name='forbidden_pair_in_key_order'),
        ),
    ]

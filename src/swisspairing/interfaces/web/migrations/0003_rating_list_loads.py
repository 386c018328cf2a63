"""Big imports (issue 15): rating lists loaded as background jobs, searched by a normalised key.

* ``RatingListLoad``: a load's job state and the list it gives (one ``active``);
* ``RatingEntry.load`` and ``RatingEntry.key`` (:func:`..imports.search_key` of the name);
  a list loaded before this migration becomes the active load and gets its keys;
* the search indexes ``(load_id, key)`` and ``(load_id, fide_id)``, on PostgreSQL with
  ``COLLATE "C"`` (byte order, so that a prefix is a range of the index whatever the
  database's collation) and ``id`` (the order of equal keys); the single-column indexes of
  ``name`` and ``fide_id`` go.

The search key is this migration's own copy of ``search_key`` as it was when the migration was
written (a migration never imports live code: a later change of the key must come with its
own migration that recomputes the keys, and a database migrated here keeps these keys).
"""

import re
import unicodedata

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# --- search_key as of version 0003 (frozen copy of imports.search_key) ---
_PLAIN = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                        "œ": "oe", "ı": "i", "ħ": "h", "ŧ": "t", "'": None, "’": None,
                        "`": None})
_SEPARATORS = re.compile(r"[\s,.\-_/()]+")


def search_key(text: str) -> str:
    """Lower case, no accents, punctuation as spaces, at most 200 characters."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_PLAIN)
    return " ".join(_SEPARATORS.sub(" ", plain).split())[:200]

_TABLE = "swisspairing_web_ratingentry"
_INDEXES = {"ratingentry_load_key": "key", "ratingentry_load_fide_id": "fide_id"}


def _backfill(apps, schema_editor):  # type: ignore[no-untyped-def]
    """A list loaded before: the active load, each name with its search key."""
    entry = apps.get_model("swisspairing_web", "RatingEntry")
    load_model = apps.get_model("swisspairing_web", "RatingListLoad")
    count = entry.objects.count()
    if not count:
        return
    load = load_model.objects.create(source="(loaded before version 0003)", status="done",
                                     active=True, rows_read=count)
    last = 0
    with schema_editor.connection.cursor() as cursor:
        while True:
            rows = list(entry.objects.filter(pk__gt=last).order_by("pk")
                        .values_list("pk", "name")[:20000])
            if not rows:
                break
            cursor.executemany(f"UPDATE {_TABLE} SET key = %s, load_id = %s WHERE id = %s",
                               [(search_key(name), load.pk, pk) for pk, name in rows])
            last = rows[-1][0]


def _create_indexes(apps, schema_editor):  # type: ignore[no-untyped-def]
    """SQLite: its index entries end with the rowid (``id``) already; PostgreSQL: byte order
    and ``id`` last, so that ``ORDER BY key, id LIMIT 20`` reads 20 index entries."""
    postgresql = schema_editor.connection.vendor == "postgresql"
    for name, column in _INDEXES.items():
        columns = f'load_id, {column} COLLATE "C", id' if postgresql else f"load_id, {column}"
        schema_editor.execute(f"CREATE INDEX {name} ON {_TABLE} ({columns})")


def _drop_indexes(apps, schema_editor):  # type: ignore[no-untyped-def]
    for name in _INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("swisspairing_web", "0002_rating_list"),
    ]

    operations = [
        migrations.CreateModel(
            name="RatingListLoad",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                           serialize=False, verbose_name="ID")),
                ("source", models.CharField(max_length=255)),
                ("origin", models.CharField(default="web", max_length=10)),
                ("status", models.CharField(choices=[("queued", "queued"),
                                                     ("running", "running"),
                                                     ("done", "done"), ("failed", "failed")],
                                            default="queued", max_length=10)),
                ("active", models.BooleanField(default=False)),
                ("rows_read", models.PositiveIntegerField(default=0)),
                ("error", models.TextField(blank=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("started_at", models.DateTimeField(blank=True, null=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("heartbeat", models.DateTimeField(blank=True, null=True)),
                ("user", models.ForeignKey(blank=True, null=True,
                                           on_delete=django.db.models.deletion.SET_NULL,
                                           to=settings.AUTH_USER_MODEL)),
            ],
            options={"ordering": ["-created_at", "-id"]},
        ),
        migrations.AddConstraint(
            model_name="ratinglistload",
            constraint=models.UniqueConstraint(condition=models.Q(("active", True)),
                                               fields=("active",),
                                               name="one_active_rating_list"),
        ),
        migrations.AlterModelOptions(name="ratingentry", options={}),
        migrations.AlterField(model_name="ratingentry", name="fide_id",
                              field=models.CharField(max_length=11)),
        migrations.AlterField(model_name="ratingentry", name="name",
                              field=models.CharField(max_length=200)),
        migrations.AddField(
            model_name="ratingentry", name="load",
            field=models.ForeignKey(db_index=False, null=True,
                                    on_delete=django.db.models.deletion.CASCADE,
                                    related_name="entries",
                                    to="swisspairing_web.ratinglistload"),
        ),
        migrations.AddField(model_name="ratingentry", name="key",
                            field=models.CharField(default="", max_length=200)),
        migrations.RunPython(_backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="ratingentry", name="load",
            field=models.ForeignKey(db_index=False,
                                    on_delete=django.db.models.deletion.CASCADE,
                                    related_name="entries",
                                    to="swisspairing_web.ratinglistload"),
        ),
        migrations.RunPython(_create_indexes, _drop_indexes),
    ]

"""The web app's data migrations on a database that holds old rows (SQLite, and PostgreSQL
when ``DATABASE_URL`` is set, as scripts/test.sh runs them)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

APP = "swisspairing_web"


def _migrate(target: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor


@pytest.mark.django_db(transaction=True)
def test_forbidden_pairs_stored_twice_or_reversed_are_put_once_in_key_order() -> None:
    """0005: a pair stored as 2-1, the same pair again as 1-2, and a player forbidden with
    himself become one row 1-2 (before the constraints; on PostgreSQL the reordering updates
    must not leave foreign-key checks pending when the table is altered)."""
    executor = _migrate([(APP, "0004_event_round_dates")])
    apps = executor.loader.project_state([(APP, "0004_event_round_dates")]).apps
    event = apps.get_model(APP, "Event").objects.create(name="Old", rounds=5)
    entrant = apps.get_model(APP, "Entrant")
    a = entrant.objects.create(event=event, tpn=1, name="A")
    b = entrant.objects.create(event=event, tpn=2, name="B")
    pairs = apps.get_model(APP, "ForbiddenPair")
    pairs.objects.create(event=event, first=b, second=a)
    pairs.objects.create(event=event, first=a, second=b)
    pairs.objects.create(event=event, first=a, second=a)
    latest = executor.loader.graph.leaf_nodes(APP)
    executor = _migrate(latest)
    apps = executor.loader.project_state(latest).apps
    rows = list(apps.get_model(APP, "ForbiddenPair").objects.values_list("first_id",
                                                                          "second_id"))
    assert rows == [(a.pk, b.pk)]

"""Issue 27 part 6 and issue 28 part 5 side by side: the team events' tables (0010) and the
Double-Swiss match games (0011) were made from 0009 at the same time; this joins them."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0010_team_events'),
        ('swisspairing_web', '0011_double_swiss'),
    ]

    operations: list[migrations.operations.base.Operation] = []

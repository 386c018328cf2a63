"""The categories of a team's prizes (the prize lists' best team of a category) and the Baku
acceleration of team events (C.04.7; ``192 ..._BAKU``, ``250``)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0012_merge_team_events_double_swiss'),
    ]

    operations = [
        migrations.AddField(
            model_name='team',
            name='categories',
            field=models.CharField(blank=True, default='', max_length=120),
        ),
        migrations.AddField(
            model_name='teamsettings',
            name='baku',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='teamsettings',
            name='acceleration',
            field=models.JSONField(blank=True, default=list),
        ),
    ]

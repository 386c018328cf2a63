"""The categories of a team's prizes (the prize lists' best team of a category)."""

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
    ]

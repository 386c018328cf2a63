"""The date of each round (``Event.round_dates``), written in the TRF ``132`` record."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0003_rating_list_loads'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='round_dates',
            field=models.JSONField(blank=True, default=list),
        ),
    ]

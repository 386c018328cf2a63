"""Issue 24 (items 9 and 13): the device of each entry and of each refused code."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_hall', '0002_screen_language'),
    ]

    operations = [
        migrations.AddField(
            model_name='resultclaim',
            name='device_key',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='resultclaim',
            name='same_device',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='attempt',
            name='device',
            field=models.CharField(blank=True, db_index=True, default='', max_length=64),
        ),
    ]

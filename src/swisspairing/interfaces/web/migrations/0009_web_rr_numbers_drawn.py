"""Issue 29 part 3: how a round-robin's pairing numbers were given (drawn by lot, entered by
hand after a ceremony, or not yet)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0008_grid_versions'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='numbers_drawn',
            field=models.CharField(blank=True, default='', max_length=5),
        ),
    ]

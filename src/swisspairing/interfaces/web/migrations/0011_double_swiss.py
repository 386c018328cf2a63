"""Issue 28 part 5: Double-Swiss events (C.04.5) in the web app. A match is two ``Game`` rows
with the same board, ``game`` 1 and 2 (0: a single game, every other system)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0009_web_rr_numbers_drawn'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='game',
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AlterModelOptions(
            name='game',
            options={'ordering': ['round', 'board', 'game']},
        ),
    ]

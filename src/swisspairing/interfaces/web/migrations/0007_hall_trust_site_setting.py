"""Issue 24, item 11: settings of the whole server (the public address of QR codes)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0006_one_running_rating_list_load'),
    ]

    operations = [
        migrations.CreateModel(
            name='SiteSetting',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name='ID')),
                ('key', models.CharField(max_length=40, unique=True)),
                ('value', models.CharField(blank=True, max_length=300)),
            ],
        ),
    ]

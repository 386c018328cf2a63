"""Issue 24 (tournament day): versions for optimistic concurrency (game, round, event settings,
the event's revision that a pairing is computed from), the pairings computed in the background,
and the results corrected after later rounds were paired."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('swisspairing_web', '0007_hall_trust_site_setting'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='revision',
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.AddField(
            model_name='event',
            name='version',
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.AddField(
            model_name='game',
            name='version',
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.AddField(
            model_name='round',
            name='version',
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.CreateModel(
            name='ResultCorrection',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('before', models.CharField(max_length=4)),
                ('after', models.CharField(max_length=4)),
                ('rounds_paired', models.PositiveSmallIntegerField()),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('audit', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='swisspairing_web.auditentry')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='corrections', to='swisspairing_web.event')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='corrections', to='swisspairing_web.game')),
            ],
            options={
                'ordering': ['at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='PairingJob',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField()),
                ('status', models.CharField(default='running', max_length=10)),
                ('revision', models.PositiveIntegerField()),
                ('error', models.TextField(blank=True)),
                ('started_at', models.DateTimeField(auto_now_add=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('heartbeat', models.DateTimeField(blank=True, null=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pairing_jobs', to='swisspairing_web.event')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-started_at', '-id'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('status', 'running')), fields=('event',), name='one_running_pairing_per_event')],
            },
        ),
    ]

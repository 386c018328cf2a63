"""The Swiss Team Pairing System (C.04.6, 2026): ``colours`` (Art. 4), ``criteria`` ([C1]-[C10]
as named data), ``system`` (the engine on the shared Art. 3 procedure, :mod:`..swiss2026`;
``TEAM_SWISS`` is registered as ``team-swiss`` in :mod:`swisspairing.systems`)."""

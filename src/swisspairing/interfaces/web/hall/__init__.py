"""The playing hall (issue 16): players' phones and hall tablets, screens, check-in and results
entered by players, on top of the arbiters' web app (:mod:`swisspairing.interfaces.web`).

A separate Django app: its own tables point at the web app's rows (games, entrants, events) and
every change still goes through :mod:`swisspairing.interfaces.web.actions` (one transaction,
one audit entry).
"""

"""The arbiters' web app (issue 15): a Django project inside the package.

It is an interface like the command line: :mod:`.convert` turns the database rows into the
:class:`~swisspairing.model.Tournament` model in one place, and the views call the same pairing
systems, checker and standings as ``swisspairing pair`` / ``check`` / ``standings``. No pairing
or tie-break logic lives in the views.
"""

"""``python -m swisspairing.interfaces.web COMMAND``: Django's management commands (for
developers: makemigrations, makemessages...)."""

from __future__ import annotations

import os
import sys

from django.core.management import execute_from_command_line

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspairing.interfaces.web.settings")
    execute_from_command_line(sys.argv)

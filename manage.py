#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

# Commands that read a file and print, with neither database, network nor secret: they work as
# the README writes them on a fresh machine, where nothing says development or production (which
# would otherwise be a production start, refused without a secret key).
OFFLINE_COMMANDS = {"replay"}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")
    if sys.argv[1:2] and sys.argv[1] in OFFLINE_COMMANDS:
        os.environ.setdefault("DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

"""`makemessages`, knowing the project's own marker of a count's two forms.

The table's sentences with a count go through `games.tables.strings._forms(singular, plural)`,
which calls `ngettext` with both forms: xgettext only finds the literals of a call it knows, so
the marker is declared to it here (`_forms:1,2`), or those sentences would never reach the
catalogues (and would stay French in English).
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=_forms:1,2"]

"""The marker of the words the engine names for the site, for Django's `makemessages`.

Implements the house rule that the engine imports no Django: the registry (`variants.py`) holds
French msgids (French is the source language of the game's words) marked with `gettext_noop`,
which `makemessages` extracts as it does Django's own marker of that name; the site translates
them where it shows them (`gettext(variant.label)`).
"""


def gettext_noop(message: str) -> str:
    """Return `message` unchanged: the call only marks it for extraction."""
    return message

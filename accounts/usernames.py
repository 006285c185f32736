"""Usernames: one normal form, and a skeleton that makes lookalike names collide.

A name is stored in NFKC (full-width `ｂob` becomes `bob`, mathematical `𝐚` becomes `a`), like
Django's own `normalize_username`. Two names are *confusable* when they have the same skeleton,
the comparison Unicode's Technical Standard #39 (*Security Mechanisms*, section 4) defines:
each character is replaced by a prototype of the characters that look like it, on the
decomposed (NFD) text. The lookalike data is Unicode's `confusables.txt` as the
`confusable-homoglyphs` package ships it (the library django-registration uses for the same
purpose).

That package keeps the pairs of `confusables.txt` without their direction, so the prototype of a
character is taken here as the smallest code point among the characters joined to it by those
pairs: every member of a group of lookalikes gets the same one, which is all a comparison
needs. A character that looks like a sequence (`m` and `rn`) is replaced by that sequence.
The skeleton is finally case-folded, because the site's names are already unique whatever
their case (`Alice` and `alice` are one name).

A skeleton is for comparing only: it is never shown (TR39 warns that it mixes scripts).
"""

import functools
import unicodedata

from confusable_homoglyphs.utils import load as confusables_load
from django.utils.translation import gettext_lazy as _

LOOKALIKE_MESSAGE = _(
    "Ce nom ressemble trop à celui d'un autre membre (« %(existing)s ») : choisissez-en un autre."
)


def username_normalize(username: str) -> str:
    """Return the name as it is stored: NFKC, like Django's `normalize_username`."""
    return unicodedata.normalize("NFKC", username)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Map each character that has lookalikes to the prototype of its group."""
    pairs = confusables_load("confusables.json")
    parent: dict[str, str] = {}

    def root(character: str) -> str:
        parent.setdefault(character, character)
        while parent[character] != character:
            parent[character] = parent[parent[character]]
            character = parent[character]
        return character

    sequences: dict[str, str] = {}
    for character, lookalikes in pairs.items():
        if len(character) != 1:
            continue
        singles = [entry["c"] for entry in lookalikes if len(entry["c"]) == 1]
        several = [entry["c"] for entry in lookalikes if len(entry["c"]) > 1]
        for lookalike in singles:
            first, second = root(character), root(lookalike)
            if first != second:
                parent[max(first, second)] = min(first, second)
        if several and not singles:
            # A single character whose only lookalike is a sequence maps to that sequence
            # (in confusables.txt a source is always one character).
            sequences[character] = min(several)
    prototypes = {character: root(character) for character in parent}
    for character, sequence in sequences.items():
        prototypes[character] = "".join(prototypes.get(item, item) for item in sequence)
    return prototypes


def username_skeleton(username: str) -> str:
    """Return the key under which lookalike names collide (TR39 skeleton, case-folded)."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", username_normalize(username))
    mapped = "".join(prototypes.get(character, character) for character in decomposed)
    return unicodedata.normalize("NFD", mapped).casefold()


# The letters a name may begin with to take "d'" rather than "de" in French: a vowel, or an h,
# mute in most first names (Hugo). The table's script elides by the same rule (table-seats.js).
ELIDING_LETTERS = frozenset("aeiouyhàâäéèêëîïôöûùüÿæœ")


def name_elides(name: str) -> bool:
    """Tell whether French writes "d'" before `name` ("les parties d'alice")."""
    return bool(name) and name[0].lower() in ELIDING_LETTERS

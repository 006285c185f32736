"""The game's words stay French in English (docs/table.md, *English words at the table*).

atout, buquer, rouler, capot, donne and pli are used as terms in every English sentence of the
table, the waiting room's formats and the rules pages: never an English word for the same thing
beside them, never a doubled gloss such as "0 plis (tricks)".
"""

import re
from pathlib import Path

import polib
from django.conf import settings

REPOSITORY = Path(settings.BASE_DIR)
# The table, its formats and the room (games), the rules pages (the project's), the
# championships and the ladder, which name donnes too.
CATALOGUES = [
    "games/locale/en/LC_MESSAGES/django.po",
    "locale/en/LC_MESSAGES/django.po",
    "tournaments/locale/en/LC_MESSAGES/django.po",
    "rankings/locale/en/LC_MESSAGES/django.po",
]
# The English words of the French terms: "deal" only as a noun (the dealer deals, a player deals
# first: English verbs for the dealer's act, which is no game word).
ENGLISH_FOR_A_TERM = re.compile(
    r"\b(trumps?|trumped|trumping|over-trump\w*|tricks?|rolls?|rolled|rolling|buqued|buques"
    r"|(a|the|each|every|one|this|that|next|first|no) deals?)\b",
    re.IGNORECASE,
)
DOUBLED_GLOSS = re.compile(r"\((tricks?|deals?|trumps?)\)", re.IGNORECASE)


def english_sentences():
    for name in CATALOGUES:
        for entry in polib.pofile(str(REPOSITORY / name)):
            if entry.obsolete:
                continue
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                if text:
                    yield name, entry.msgid, text


def words(text: str) -> str:
    """The sentence without its placeholders' names (`%(tricks)s` is no word of the reader)."""
    return re.sub(r"%\(\w+\)s", "", text)


def test_no_english_sentence_names_a_game_word_in_english() -> None:
    found = [
        (name, text)
        for name, _msgid, text in english_sentences()
        if ENGLISH_FOR_A_TERM.search(words(text)) or DOUBLED_GLOSS.search(words(text))
    ]

    assert found == []


def test_the_table_says_atout_and_never_trump_beside_it() -> None:
    table = [text for name, _msgid, text in english_sentences() if name.startswith("games/")]

    assert [text for text in table if "atout" in text.lower() and "trump" in text.lower()] == []
    # The words are there, as terms: the trump buttons, the tricks' count, the deal's line.
    assert "Atout: %(suit)s" in table
    assert "%(n)s plis" in table
    assert "name the atout, or rouler" in table

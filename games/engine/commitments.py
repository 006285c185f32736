"""Deals anyone can verify: the commitment to a deck, published before the deal.

Implements docs/engine.md, *Verifiable deals* (the definition and its worked example), for the
records of game-record.md: before a deal the server draws a salt and publishes

    commitment = SHA-256 hex digest of the UTF-8 bytes of
                 "cartomaniak-deck-v1|" + salt + "|" + ",".join(deck)

where `salt` is 64 lowercase hexadecimal digits (256 random bits) and `deck` the deal's cards in
dealing order (index 0 first). The record later carries the deck, the salt and the commitment:
anyone recomputes the digest. The salt keeps the commitment from giving the deck away while the
deal is played: a player sees his own cards, and the orders of the cards he does not see are
few enough (16! in the two-player game) to be hashed one by one against an unsalted digest.
"""

import hashlib
import random
import re
from collections.abc import Sequence

from .errors import MALFORMED, RuleError

COMMITMENT_PREFIX = "cartomaniak-deck-v1|"
SALT_BITS = 256

_HEX_DIGEST = re.compile(r"[0-9a-f]{64}")


def is_hex_digest(value: object) -> bool:
    """Tell whether `value` has the shape of a salt or a commitment: 64 lowercase hex digits."""
    return isinstance(value, str) and _HEX_DIGEST.fullmatch(value) is not None


def salt_from(rng: random.Random) -> str:
    """Draw a salt: 256 bits of `rng` as 64 lowercase hexadecimal digits (the site passes a
    secure source)."""
    return format(rng.getrandbits(SALT_BITS), "064x")


def deck_commitment(deck: Sequence[str], salt: str) -> str:
    """Return the commitment to `deck` (cards in dealing order) under `salt`.

    Raise RuleError `malformed` when `salt` is not 64 lowercase hexadecimal digits: a weaker
    salt would let the commitment give the deck away.
    """
    if not is_hex_digest(salt):
        raise RuleError(
            MALFORMED, f"a salt is 64 lowercase hexadecimal digits (256 bits), not {salt!r}"
        )
    text = COMMITMENT_PREFIX + salt + "|" + ",".join(deck)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment_is_valid(deck: Sequence[str], salt: object, commitment: object) -> bool:
    """Tell whether `commitment` is the commitment to `deck` under `salt` (False for a salt or
    a commitment of the wrong shape)."""
    if not is_hex_digest(salt) or not is_hex_digest(commitment):
        return False
    return deck_commitment(deck, salt) == commitment


def deal_seal(deck: Sequence[str], salt: str | None) -> tuple[str | None, str | None]:
    """Return a deal's (salt, commitment): both None for a deal dealt without a salt (records
    written before commitments, tests), else the salt and the commitment to `deck` under it."""
    if salt is None:
        return None, None
    return salt, deck_commitment(deck, salt)

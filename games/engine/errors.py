"""The typed error of the rules engine and its codes.

Implements game-record.md, section *Replaying* (the error codes shared with the live protocol),
manille-4p.md, *Records* (`options_not_allowed`, `blind_not_allowed`), manille-variants.md,
*Records of all these variants* (`not_conductor`, `question_limit`: the partners' questions of
*parlée*; `bid_too_low`, `bid_too_high`: the bids of *aux enchères*; `exchange_limit`: Manni's
exchange), and docs/engine.md, *Verifiable deals* (the two codes of a record whose decks cannot
be checked: no RuleError, a verification's own).
"""

NOT_YOUR_TURN = "not_your_turn"
WRONG_PHASE = "wrong_phase"
CARD_NOT_AVAILABLE = "card_not_available"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_BEAT = "must_beat"
MUST_TRUMP = "must_trump"
SURBUQUE_NOT_ALLOWED = "surbuque_not_allowed"
ROLL_REQUIRED = "roll_required"
MALFORMED = "malformed"
# manille-4p.md, *Records*: the four-player games' own codes.
OPTIONS_NOT_ALLOWED = "options_not_allowed"
BLIND_NOT_ALLOWED = "blind_not_allowed"
# manille-variants.md, *French Manille parlée*: a question from the partner who does not conduct,
# a second question in one turn or any after a `show`.
NOT_CONDUCTOR = "not_conductor"
QUESTION_LIMIT = "question_limit"
# manille-variants.md, *French Manille aux enchères* / *The auction*: a bid below the minimum or
# not above the highest bid, or above the maximum.
BID_TOO_LOW = "bid_too_low"
BID_TOO_HIGH = "bid_too_high"
# manille-variants.md, *Manni* / *The exchange*: more cards than the seat may exchange.
EXCHANGE_LIMIT = "exchange_limit"

ERROR_CODES = (
    NOT_YOUR_TURN,
    WRONG_PHASE,
    CARD_NOT_AVAILABLE,
    MUST_FOLLOW_SUIT,
    MUST_BEAT,
    MUST_TRUMP,
    SURBUQUE_NOT_ALLOWED,
    ROLL_REQUIRED,
    MALFORMED,
    OPTIONS_NOT_ALLOWED,
    BLIND_NOT_ALLOWED,
    NOT_CONDUCTOR,
    QUESTION_LIMIT,
    BID_TOO_LOW,
    BID_TOO_HIGH,
    EXCHANGE_LIMIT,
)

# A record's verification (`verify_record`, exit 3), never a move's refusal.
COMMITMENT_MISSING = "commitment_missing"
COMMITMENT_MISMATCH = "commitment_mismatch"
VERIFICATION_CODES = (COMMITMENT_MISSING, COMMITMENT_MISMATCH)


class RuleError(Exception):
    """Refuse an action: `code` is machine-readable, `message` names the rule in plain words."""

    def __init__(self, code: str, message: str) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown rule error code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_json(self) -> dict:
        """Return the error as `{"code", "message"}`."""
        return {"code": self.code, "message": self.message}

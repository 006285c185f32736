"""Path converters shared by the apps' URLs."""


class DatabaseIdConverter:
    """A row id: 1 to 18 digits, so that it always fits the database's 64-bit integer.

    Django's `int` converter takes any number of digits, and SQLite cannot bind one beyond 64 bits
    (an OverflowError, so a server error): a longer number is simply not a URL of the site.
    """

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)

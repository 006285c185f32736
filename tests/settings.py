"""Settings of the test suite: the development default, asked for explicitly.

Nothing set in the environment is a production start, which refuses to run without a real
secret key (cartomaniak/settings.py); the tests run on the development default unless the
environment says otherwise. Tests of production starts run their own processes
(tests/test_production.py).
"""

import os

os.environ.setdefault("DEBUG", "1")

from cartomaniak.settings import *  # noqa: E402, F403

# Tests play whole games as fast as the machine goes, far beyond a person's pace: the message
# budget of a socket is the subject of its own tests (tests/games/test_limits.py), which set it.
SOCKET_MESSAGES_BURST = 100_000
MEMBER_MESSAGES_BURST = 100_000

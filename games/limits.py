"""Abuse limits of the live site: sockets per member, messages per socket, waiting-room actions.

One member must not be able to slow the waiting room for everybody (docs/security.md, *One
member slows the waiting room for everyone*):

- **Open sockets**: a member holds at most `SOCKETS_PER_MEMBER` sockets at once, waiting room
  and tables together (an anonymous spectator: `SOCKETS_PER_ADDRESS` per address). Beyond, the
  socket is accepted then closed with `CLOSE_TOO_MANY_SOCKETS`. The count lives in the cache,
  so it holds across processes with Redis (in-process otherwise): each socket takes one of the
  member's numbered slots (an atomic add), which its process keeps alive every
  `SLOT_REFRESH_SECONDS`; the slots of a process that died expire after `SLOT_TTL_SECONDS`.
- **Messages per socket**: a burst of `SOCKET_MESSAGES_BURST`, then `SOCKET_MESSAGES_PER_SECOND`
  (a token bucket of the socket itself); beyond, the socket is closed with
  `CLOSE_TOO_MANY_MESSAGES`.
- **Messages per member**, all his sockets together: a burst of `MEMBER_MESSAGES_BURST`, then
  `MEMBER_MESSAGES_PER_SECOND`. Ten sockets each within its own budget slowed another member's
  waiting room sixfold. Within a process, one token bucket per member (no hop); across
  processes, each process adds its member's messages to a count of the cache by tens, and a
  window of `MEMBER_WINDOW_SECONDS` holds at most its burst plus its rate over the window.
  Beyond either, the socket that sent the message is closed with `CLOSE_TOO_MANY_MESSAGES`.
- **Waiting-room actions** (create, cancel, join; the page's forms and the socket together):
  `LOBBY_ACTIONS_PER_MINUTE` per member; beyond, the action is refused with `rate_limited`.

Every figure is a setting (environment variables of the same names).
"""

import asyncio
import time
import uuid

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

from .errors import GameError

CLOSE_TOO_MANY_SOCKETS = 4008
CLOSE_TOO_MANY_MESSAGES = 4029

SLOT_TTL_SECONDS = 60
SLOT_REFRESH_SECONDS = 20

MEMBER_WINDOW_SECONDS = 10
# A process tells the cache of a member's messages by this many at a time: one hop per ten
# messages, never one per message.
MEMBER_COUNT_EVERY = 10

# Slots held by the sockets of this process (slot key -> token), kept alive by the refresher.
_held_slots: dict[str, str] = {}
_refresher: tuple[asyncio.AbstractEventLoop, asyncio.Task] | None = None


def _socket_owner(scope) -> tuple[str, int]:
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return f"member-{user.pk}", settings.SOCKETS_PER_MEMBER
    client = scope.get("client") or ("unknown",)
    return f"address-{client[0]}", settings.SOCKETS_PER_ADDRESS


def _slot_take(keys: list[str], token: str) -> str | None:
    # One read of every slot (MGET on Redis), then an atomic add on the first free one.
    taken = cache.get_many(keys)
    for key in keys:
        if key not in taken and cache.add(key, token, timeout=SLOT_TTL_SECONDS):
            return key
    return None


def _slot_give_back(key: str, token: str) -> None:
    if cache.get(key) == token:
        cache.delete(key)


async def socket_slot_claim(*, scope) -> tuple[str, str] | None:
    """Take a free slot for a new socket of the scope's member; None when he has none left.

    The cache calls run on a worker thread of their own, in one hop: not one hop per slot on
    Channels' single thread, where every handshake of the process would queue behind them.
    """
    owner, allowed = _socket_owner(scope)
    keys = [f"limits:socket:{owner}:{number}" for number in range(allowed)]
    token = uuid.uuid4().hex
    key = await sync_to_async(_slot_take, thread_sensitive=False)(keys, token)
    if key is None:
        return None
    _held_slots[key] = token
    _refresher_ensure_started()
    return key, token


async def socket_slot_release(slot: tuple[str, str]) -> None:
    """Give a closed socket's slot back (unless it expired and another socket has it now)."""
    key, token = slot
    _held_slots.pop(key, None)
    await sync_to_async(_slot_give_back, thread_sensitive=False)(key, token)


def _refresher_ensure_started() -> None:
    global _refresher
    loop = asyncio.get_running_loop()
    if _refresher is not None and _refresher[0] is loop and not _refresher[1].done():
        return
    _refresher = (loop, loop.create_task(_refresh_slots_forever()))


async def _refresh_slots_forever() -> None:
    while True:
        await asyncio.sleep(SLOT_REFRESH_SECONDS)
        _member_budgets_drop_idle()
        if _held_slots:
            await sync_to_async(cache.set_many, thread_sensitive=False)(
                dict(_held_slots), timeout=SLOT_TTL_SECONDS
            )


class MessageBudget:
    """A token bucket: `burst` messages at once, then `per_second` on average."""

    def __init__(self, *, burst: int | None = None, per_second: float | None = None) -> None:
        self.burst = burst if burst is not None else settings.SOCKET_MESSAGES_BURST
        self.per_second = (
            per_second if per_second is not None else settings.SOCKET_MESSAGES_PER_SECOND
        )
        self.tokens = float(self.burst)
        self.updated_at = time.monotonic()

    def spend_nothing(self) -> None:
        """Refill the bucket for the time elapsed."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.updated_at) * self.per_second)
        self.updated_at = now

    def spend(self) -> bool:
        """Take one message from the budget; False when it is spent."""
        self.spend_nothing()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


# Each member's (or anonymous address's) bucket in this process, and the messages not yet added
# to his count in the cache; idle full buckets are dropped by the slot refresher.
_member_budgets: dict[str, MessageBudget] = {}
_member_uncounted: dict[str, int] = {}


def _member_window_add(owner: str, messages: int, *, now: float) -> int:
    """Add `messages` to the owner's count of the current window; return the window's count."""
    key = f"limits:messages:{owner}:{int(now // MEMBER_WINDOW_SECONDS)}"
    cache.add(key, 0, timeout=MEMBER_WINDOW_SECONDS * 2)
    try:
        return cache.incr(key, messages)
    except ValueError:  # the key expired between the two calls: a new window
        cache.set(key, messages, timeout=MEMBER_WINDOW_SECONDS * 2)
        return messages


def member_window_allowance() -> float:
    """How many messages one member may send in a window, all processes together."""
    return (
        settings.MEMBER_MESSAGES_BURST + settings.MEMBER_MESSAGES_PER_SECOND * MEMBER_WINDOW_SECONDS
    )


async def member_message_admitted(*, scope) -> bool:
    """Count one message of the scope's member against his budget; False when it is spent."""
    owner, _allowed = _socket_owner(scope)
    budget = _member_budgets.get(owner)
    if (
        budget is None
        or budget.burst != settings.MEMBER_MESSAGES_BURST
        or budget.per_second != settings.MEMBER_MESSAGES_PER_SECOND
    ):
        budget = _member_budgets[owner] = MessageBudget(
            burst=settings.MEMBER_MESSAGES_BURST, per_second=settings.MEMBER_MESSAGES_PER_SECOND
        )
    if not budget.spend():
        return False
    uncounted = _member_uncounted.get(owner, 0) + 1
    if uncounted < MEMBER_COUNT_EVERY:
        _member_uncounted[owner] = uncounted
        return True
    _member_uncounted[owner] = 0
    count = await sync_to_async(_member_window_add, thread_sensitive=False)(
        owner, uncounted, now=time.time()
    )
    return count <= member_window_allowance()


def _member_budgets_drop_idle() -> None:
    for owner, budget in list(_member_budgets.items()):
        budget.spend_nothing()
        if budget.tokens >= budget.burst:
            _member_budgets.pop(owner, None)
            _member_uncounted.pop(owner, None)


def lobby_action_check(*, user) -> None:
    """Count one waiting-room action of `user`; raise GameError("rate_limited") beyond the limit.

    A fixed window of one minute, counted in the cache (shared by every process with Redis).
    """
    window = int(time.time() // 60)
    key = f"limits:lobby-actions:{user.pk}:{window}"
    cache.add(key, 0, timeout=120)
    try:
        count = cache.incr(key)
    except ValueError:  # the key expired between the two calls: a new window
        cache.set(key, 1, timeout=120)
        count = 1
    if count > settings.LOBBY_ACTIONS_PER_MINUTE:
        raise GameError("rate_limited")


class SocketLimits:
    """The open-socket and message limits, for a websocket consumer (mixed in before Channels'
    consumer class): every socket of the site keeps them, whatever page it serves."""

    socket_slot: tuple[str, str] | None = None
    is_closing = False

    async def websocket_connect(self, message):
        self.socket_slot = await socket_slot_claim(scope=self.scope)
        if self.socket_slot is None:
            # Accepted first, so that the browser sees the documented close code.
            await self.accept()
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        self.message_budget = MessageBudget()
        await super().websocket_connect(message)

    async def websocket_disconnect(self, message):
        if self.socket_slot is not None:
            await socket_slot_release(self.socket_slot)
            self.socket_slot = None
        await super().websocket_disconnect(message)

    async def message_admitted(self) -> bool:
        """Count one incoming message; over the budget, close the socket (4029) and say no."""
        if self.is_closing:
            return False
        if not self.message_budget.spend() or not await member_message_admitted(scope=self.scope):
            self.is_closing = True
            await self.close(code=CLOSE_TOO_MANY_MESSAGES)
            return False
        return True

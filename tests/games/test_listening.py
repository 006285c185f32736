"""A process's listener on its own channel (games/listening.py): neither a layer that fails nor
a message that cannot be handled ends it."""

import asyncio
import logging

from cartomaniak.layers import InProcessChannelLayer
from games import listening
from games.listening import channel_listen

logger = logging.getLogger(__name__)


class _LayerDownOnce(InProcessChannelLayer):
    """The embedded layer, whose first receive fails as a Redis restarting would."""

    def __init__(self) -> None:
        super().__init__()
        self.failures = 1

    async def receive(self, channel):
        if self.failures:
            self.failures -= 1
            raise ConnectionError("the layer is restarting")
        return await super().receive(channel)


async def test_the_listener_outlives_a_layer_down_and_a_bad_message(monkeypatch, caplog):
    monkeypatch.setattr(listening, "RETRY_SECONDS", 0.01)
    layer = _LayerDownOnce()
    channel = await layer.new_channel()
    heard = []

    async def handle(message):
        if message["type"] == "bad":
            raise KeyError("game_id")
        heard.append(message["type"])

    task = asyncio.ensure_future(channel_listen(layer, channel, handle, logger=logger, name="Test"))
    await layer.send(channel, {"type": "bad"})
    await layer.send(channel, {"type": "good"})
    for _ in range(100):
        if heard:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    assert heard == ["good"]
    assert "Test: channel layer unavailable" in caplog.text
    assert "Test: a message could not be handled" in caplog.text

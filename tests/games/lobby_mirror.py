"""A waiting-room client as the page is: it keeps the room from the frames it receives."""

import asyncio

from games.lobby.hub import ROOM_LISTS, room_apply
from tests.games.websocket import open_socket


class LobbyMirror:
    """One waiting-room socket and what it has been told: the room, `you`, the other frames."""

    def __init__(self, communicator) -> None:
        self.communicator = communicator
        self.version: int | None = None
        self.room: dict | None = None
        self.you: dict | None = None
        self.others: list[dict] = []

    @classmethod
    async def open(cls, session: str) -> "LobbyMirror":
        communicator, connected, code = await open_socket("/ws/salle/", session)
        assert connected, code
        mirror = cls(communicator)
        await mirror.read_until(lambda m: m.room is not None)
        return mirror

    def take(self, frame: dict) -> None:
        if frame["type"] == "lobby":
            self.version = frame["version"]
            self.room = {key: frame[key] for key in ROOM_LISTS}
            self.you = frame["you"]
        elif frame["type"] == "lobby_diff":
            # A change is exactly the next version of the room this socket holds.
            assert frame["version"] == self.version + 1, (frame["version"], self.version)
            self.version = frame["version"]
            self.room = room_apply(self.room, frame["changes"])
        else:
            self.others.append(frame)

    @property
    def frame(self) -> dict:
        """The `lobby` frame this socket's page now shows."""
        return {"type": "lobby", **self.room, "you": self.you}

    async def read_until(self, predicate, timeout: float = 5.0) -> None:
        async with asyncio.timeout(timeout):
            while not predicate(self):
                self.take(await self.communicator.receive_json_from(timeout=timeout))

    async def read_until_frame(self, frame_type: str, timeout: float = 5.0) -> dict:
        """Read until a frame of this type (other than the room's) arrives; return it."""
        async with asyncio.timeout(timeout):
            while True:
                for index, frame in enumerate(self.others):
                    if frame["type"] == frame_type:
                        return self.others.pop(index)
                self.take(await self.communicator.receive_json_from(timeout=timeout))

    async def send(self, message: dict) -> None:
        await self.communicator.send_json_to(message)

    async def close(self) -> None:
        await self.communicator.disconnect()

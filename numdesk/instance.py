"""One running numdesk per user: a second launch hands its files over and exits.

Opening an export from the file manager runs `numdesk --import FILE`; without this a
second full app would open the same library beside the first. The first app holds a
lock file and listens on a local socket (QLocalServer); a later launch that cannot take
the lock connects, sends its files (`--import` paths, a library to open) as JSON, waits
for the answer and exits. The running app imports them through its normal import flow
and comes to the front. A lock left by a crashed app is stale and taken over (QLockFile).
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QDir, QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: tests and side-by-side installs choose their own instance with this variable
KEY_VARIABLE = "NUMDESK_INSTANCE_KEY"
_TIMEOUT_MS = 3000


def instance_key() -> str:
    """The name the user's running numdesk is found by (per user and per key)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "user"
    seed = f"{user}:{os.environ.get(KEY_VARIABLE, 'numdesk')}"
    return "numdesk-" + hashlib.sha1(seed.encode()).hexdigest()[:16]


class SingleInstance(QObject):
    """The primary app's listener, or a later launch's way to reach it."""

    #: files handed over by a later launch (absolute paths)
    filesReceived = Signal(list)

    def __init__(self, key: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.key = key or instance_key()
        self._lock = QLockFile(str(Path(QDir.tempPath()) / f"{self.key}.lock"))
        self._lock.setStaleLockTime(0)  # only a dead owner's lock is stale
        self._server: QLocalServer | None = None

    def claim(self) -> bool:
        """Become the running numdesk if none is; True when this process is it."""
        if not self._lock.tryLock(100):
            return False
        QLocalServer.removeServer(self.key)  # a crashed app's socket file
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.newConnection.connect(self._accept)
        if not server.listen(self.key):
            return True  # still the only numdesk; it just cannot be reached
        self._server = server
        return True

    def hand_over(self, paths: list[Path]) -> bool:
        """Send `paths` to the running numdesk; True when it took them."""
        socket = QLocalSocket()
        socket.connectToServer(self.key)
        if not socket.waitForConnected(_TIMEOUT_MS):
            return False
        message = json.dumps([str(Path(p).resolve()) for p in paths]).encode() + b"\n"
        socket.write(QByteArray(message))
        if not socket.waitForBytesWritten(_TIMEOUT_MS):
            return False
        answered = socket.waitForReadyRead(_TIMEOUT_MS)
        reply = bytes(socket.readAll().data()) if answered else b""
        socket.disconnectFromServer()
        return reply.strip() == b"ok"

    def release(self) -> None:
        """Stop listening and drop the lock (at exit)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _accept(self) -> None:
        assert self._server is not None
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            buffer = bytearray()

            def read(socket: QLocalSocket = socket, buffer: bytearray = buffer) -> None:
                buffer.extend(bytes(socket.readAll().data()))
                if not buffer.endswith(b"\n"):
                    return
                try:
                    paths = [str(p) for p in json.loads(buffer.decode())]
                except (ValueError, TypeError):
                    socket.write(QByteArray(b"bad\n"))
                    return
                socket.write(QByteArray(b"ok\n"))
                socket.flush()
                self.filesReceived.emit(paths)

            socket.readyRead.connect(read)
            socket.disconnected.connect(socket.deleteLater)

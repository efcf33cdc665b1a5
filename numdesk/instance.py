"""One running numdesk per user: a second launch hands its files over and exits.

Opening an export from the file manager runs `numdesk --import FILE`; without this a
second full app would open the same library beside the first. The first app holds a
lock file and listens on a local socket (QLocalServer); a later launch that cannot take
the lock connects, sends its files (`--import` paths, a library to open) as JSON, waits
for the answer and exits. The running app imports them through its normal import flow
and comes to the front. A lock left by a crashed app is stale and taken over (QLockFile).
The app answers from its first paint on (`SingleInstance.serve`): a launch before that
waits in the socket, which is listening from the start.

The lock and the socket live in a folder only the user can enter (`private_folder`),
never under a guessable name in the shared temp folder: there another local user could
hold the lock first and listen in numdesk's place, and receive every path handed over.
"""

from __future__ import annotations

import getpass
import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QLockFile, QObject, QStandardPaths, Signal

if TYPE_CHECKING:
    import _socket

    from PySide6.QtNetwork import QLocalServer, QLocalSocket

try:  # CPython's own SHA-1, as `random` takes its SHA-512: `hashlib` would first load
    from _sha1 import sha1  # OpenSSL, some 7 ms of every start
except ImportError:  # pragma: no cover (other Pythons)
    from hashlib import sha1

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
    return "numdesk-" + sha1(seed.encode()).hexdigest()[:16]


def separate_instance_env(runtime: Path, key: str) -> dict[str, str]:
    """Environment variables that give a numdesk launched as a process an instance of
    its own: the key `key` and the runtime folder `runtime` (made private, 0700).

    Tests and benchmarks start whole apps; with the user's key and runtime folder such a
    launch would find the numdesk the user is running, hand it the benchmark's library
    and exit, and the user's app would open a throw-away file.
    """
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    runtime.chmod(0o700)
    return {KEY_VARIABLE: key, "XDG_RUNTIME_DIR": str(runtime)}


#: Longest Unix socket path (sun_path holds 104 to 108 bytes with its terminator).
_MAX_SOCKET_PATH = 100
#: connections a socket holds until they are accepted (QLocalServer's own backlog)
_BACKLOG = 50


def private_folder() -> Path | None:
    """A folder of this user's that no other user can enter, for the lock and socket.

    On Linux and the BSDs the session's runtime folder (`XDG_RUNTIME_DIR`) or, without
    one, `numdesk-<uid>` in the temp folder; it must be a real folder (not a link) owned
    by the user with no access for anyone else, or it is not used (someone else may have
    made it first): then a folder in the user's own cache folder. On Windows and macOS
    the user's cache folder. None when no such folder can be had: numdesk then runs
    without the handoff rather than trust a folder someone else made.
    """
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    own = [Path(base) / "numdesk" / "instance"] if base else []
    if not hasattr(os, "getuid") or sys.platform == "darwin":
        candidates = own
    else:
        runtime = os.environ.get("XDG_RUNTIME_DIR")
        candidates = [Path(runtime) / "numdesk"] if runtime else []
        candidates += [Path(tempfile.gettempdir()) / f"numdesk-{os.getuid()}", *own]
    for folder in candidates:
        if _usable(folder):
            return folder
    return None


def _usable(folder: Path) -> bool:
    """Make `folder` (mode 0700) if missing; whether it is private to this user."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode):
        return False
    if not hasattr(os, "getuid"):
        return True  # Windows: the user's profile folder is the user's alone
    return info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) & 0o077 == 0


class SingleInstance(QObject):
    """The primary app's listener, or a later launch's way to reach it."""

    #: files handed over by a later launch (absolute paths)
    filesReceived = Signal(list)

    def __init__(self, key: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.key = key or instance_key()
        #: where the lock and socket (or the socket's recorded name) live; None: nowhere
        #: private, so there is no handoff
        self.folder = private_folder()
        folder = self.folder or Path(tempfile.gettempdir())
        self.lock_path = folder / f"{self.key}.lock"
        self._lock = QLockFile(str(self.lock_path))
        self._lock.setStaleLockTime(0)  # only a dead owner's lock is stale
        self._server: QLocalServer | None = None
        #: the socket `claim(serve=False)` listens on until `serve` hands it to Qt
        self._waiting: _socket.socket | None = None

    @property
    def server_name(self) -> str:
        """The socket the running numdesk listens on: a path in the private folder, or
        (where paths do not fit, and on Windows) a random name recorded there."""
        if self.folder is None:
            return ""
        path = self.folder / f"{self.key}.socket"
        if os.name == "posix" and len(os.fsencode(path)) <= _MAX_SOCKET_PATH:
            return str(path)
        try:
            return (self.folder / f"{self.key}.name").read_text(encoding="utf-8").strip()
        except OSError:
            return ""

    def claim(self, serve: bool = True) -> bool:
        """Become the running numdesk if none is; True when this process is it.

        With `serve` false a socket path is listened on at once, but later launches are
        answered only from `serve` on (until then their connections wait in the socket):
        the app's start leaves the Qt side (QtNetwork, some 13 ms) until its first paint.
        A named pipe (Windows) or a recorded name is served at once all the same.
        """
        if self.folder is None:
            return True  # nowhere private to meet: every launch is on its own
        if not self._lock.tryLock(100):
            return False
        path = self.folder / f"{self.key}.socket"
        if os.name != "posix" or len(os.fsencode(path)) > _MAX_SOCKET_PATH:
            import secrets  # (only here: with `hmac` it costs the start some 2 ms)

            name = f"numdesk-{secrets.token_hex(16)}"
            (self.folder / f"{self.key}.name").write_text(name, encoding="utf-8")
        elif not serve:
            self._waiting = _listening_socket(path)
            return True  # (without a socket: still the only numdesk, just unreachable)
        from PySide6.QtNetwork import QLocalServer

        name = self.server_name
        QLocalServer.removeServer(name)  # a crashed app's socket file
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.newConnection.connect(self._accept)
        if not server.listen(name):
            return True  # still the only numdesk; it just cannot be reached
        self._server = server
        return True

    def serve(self) -> None:
        """Answer later launches from now on, and the ones waiting already (after
        `claim(serve=False)`; otherwise, and called again, it does nothing)."""
        waiting, self._waiting = self._waiting, None
        if waiting is None:
            return
        from PySide6.QtNetwork import QLocalServer

        server = QLocalServer(self)
        server.newConnection.connect(self._accept)
        descriptor = waiting.detach()
        if not server.listen(descriptor):
            os.close(descriptor)
            return
        self._server = server

    def hand_over(self, paths: list[Path]) -> bool:
        """Send `paths` to the running numdesk; True when it took them."""
        if self.folder is None or not self.server_name:
            return False
        from PySide6.QtNetwork import QLocalSocket

        socket = QLocalSocket()
        socket.connectToServer(self.server_name)
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
        if self._waiting is not None:
            self._waiting.close()
            self._waiting = None
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


def _listening_socket(path: Path) -> _socket.socket | None:
    """A Unix socket listening at `path` (a crashed app's file replaced), private to the
    user as QLocalServer's UserAccessOption makes it; None if it cannot be made.

    The C module `_socket`: `socket` would cost the start 7 ms (its enums, `selectors`),
    and QLocalServer takes the bare descriptor.
    """
    import _socket

    listening = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        path.unlink(missing_ok=True)
        listening.bind(str(path))
        path.chmod(0o700)
        listening.listen(_BACKLOG)
    except OSError:
        listening.close()
        return None
    return listening

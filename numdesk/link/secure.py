"""Trusting the other laptop: the join code as a PAKE, then every frame sealed.

The GM's screen shows a short join code. Both sides run SPAKE2 (the `spake2` package,
as magic-wormhole does) with that code as the password: each learns the same strong key
only if both typed the same code, and an eavesdropper learns nothing that lets them
test guesses offline; a wrong guess costs one connection. Each side then proves it
holds the key (the player first, so a guessing peer learns nothing from the host), and
every later frame is sealed with PyNaCl's SecretBox (XSalsa20-Poly1305) under a key per
direction. The nonce is the frame's number, never sent: a frame replayed, dropped,
reordered or altered fails to open, and the connection is dropped.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from nacl.encoding import RawEncoder
from nacl.exceptions import CryptoError
from nacl.hash import blake2b
from nacl.secret import SecretBox
from spake2 import SPAKE2_Symmetric
from spake2.spake2 import SPAKEError

PROTOCOL = b"numdesk table link 1"
#: the largest frame either side accepts (a character with a long history fits easily)
MAX_FRAME = 4 * 1024 * 1024


class LinkRefused(Exception):
    """The other side cannot be trusted or sent something this side refuses."""


def _derive(key: bytes, purpose: bytes) -> bytes:
    return blake2b(purpose, key=key, digest_size=32, encoder=RawEncoder)


class Handshake:
    """One side's SPAKE2 run: `message` goes to the peer, `receive` takes the peer's.

    `role` is "host" or "player"; it only decides which direction key is which.
    """

    def __init__(self, code: str, role: str) -> None:
        if role not in ("host", "player"):
            raise ValueError(role)
        self._role = role
        self._spake = SPAKE2_Symmetric(code.encode("utf-8"), idSymmetric=PROTOCOL)
        self.message: bytes = self._spake.start()
        self._key: bytes | None = None
        self._transcript = b""

    def receive(self, peer_message: bytes) -> None:
        """Finish the exchange with the peer's message (LinkRefused if it is not one)."""
        if len(peer_message) != len(self.message) or peer_message[:1] != self.message[:1]:
            raise LinkRefused("the other side's handshake is not valid")
        try:
            self._key = self._spake.finish(peer_message)
        except (SPAKEError, ValueError, AssertionError) as err:
            raise LinkRefused("the other side's handshake is not valid") from err
        host, player = (
            (self.message, peer_message) if self._role == "host" else (peer_message, self.message)
        )
        self._transcript = host + player

    def proof(self) -> bytes:
        """What proves to the peer that this side typed the same code."""
        return _derive(self._need_key(), b"proof " + self._role.encode() + self._transcript)

    def check(self, peer_proof: bytes) -> None:
        """LinkRefused unless the peer typed the same code."""
        other = b"player" if self._role == "host" else b"host"
        expected = _derive(self._need_key(), b"proof " + other + self._transcript)
        if not hmac.compare_digest(expected, peer_proof):
            raise LinkRefused("wrong code")

    def channel(self) -> Channel:
        """The sealed channel for every later frame."""
        key = self._need_key()
        to_player = _derive(key, b"host to player" + self._transcript)
        to_host = _derive(key, b"player to host" + self._transcript)
        if self._role == "host":
            return Channel(send_key=to_player, receive_key=to_host)
        return Channel(send_key=to_host, receive_key=to_player)

    def _need_key(self) -> bytes:
        if self._key is None:
            raise LinkRefused("the handshake is not finished")
        return self._key


class Channel:
    """Seals outgoing messages and opens incoming ones, each numbered in order."""

    def __init__(self, send_key: bytes, receive_key: bytes) -> None:
        self._send = SecretBox(send_key)
        self._receive = SecretBox(receive_key)
        self._sent = 0
        self._received = 0

    def seal(self, message: dict[str, Any]) -> bytes:
        """`message` (plain JSON data) as one sealed frame."""
        body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        frame = self._send.encrypt(body, _nonce(self._sent)).ciphertext
        self._sent += 1
        return bytes(frame)

    def open(self, frame: bytes) -> dict[str, Any]:
        """The message in `frame`; LinkRefused if it is forged, replayed or not JSON."""
        if len(frame) > MAX_FRAME:
            raise LinkRefused(f"a frame of {len(frame)} bytes is over the limit")
        try:
            body = self._receive.decrypt(frame, _nonce(self._received))
        except (CryptoError, ValueError, TypeError) as err:
            raise LinkRefused("a frame failed its seal (forged, replayed or damaged)") from err
        self._received += 1
        try:
            message = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as err:
            raise LinkRefused("a sealed frame does not hold a message") from err
        if not isinstance(message, dict):
            raise LinkRefused("a sealed frame does not hold a message")
        return message


def _nonce(number: int) -> bytes:
    return number.to_bytes(SecretBox.NONCE_SIZE, "big")

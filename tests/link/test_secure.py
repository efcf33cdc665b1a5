"""The join code as a PAKE and the sealed frames: right code opens, anything else refused."""

from __future__ import annotations

import pytest

from numdesk.link.secure import Channel, Handshake, LinkRefused


def _run(host_code: str, player_code: str) -> tuple[Handshake, Handshake]:
    host, player = Handshake(host_code, "host"), Handshake(player_code, "player")
    host.receive(player.message)
    player.receive(host.message)
    return host, player


def _channels() -> tuple[Channel, Channel]:
    host, player = _run("K7M-Q2P", "K7M-Q2P")
    host.check(player.proof())
    player.check(host.proof())
    return host.channel(), player.channel()


def test_the_same_code_gives_a_working_channel_both_ways() -> None:
    host, player = _channels()
    assert player.open(host.seal({"t": "welcome", "n": 1})) == {"t": "welcome", "n": 1}
    assert host.open(player.seal({"t": "hello"})) == {"t": "hello"}
    assert player.open(host.seal({"t": "two"})) == {"t": "two"}


def test_a_wrong_code_is_refused_on_both_sides() -> None:
    host, player = _run("K7M-Q2P", "K7M-Q2Q")
    with pytest.raises(LinkRefused, match="wrong code"):
        host.check(player.proof())
    with pytest.raises(LinkRefused, match="wrong code"):
        player.check(host.proof())


def test_replayed_reordered_or_altered_frames_are_refused() -> None:
    host, player = _channels()
    first = host.seal({"t": "a"})
    second = host.seal({"t": "b"})
    with pytest.raises(LinkRefused):
        player.open(second)  # out of order
    host, player = _channels()
    first = host.seal({"t": "a"})
    player.open(first)
    with pytest.raises(LinkRefused):
        player.open(first)  # replayed
    host, player = _channels()
    frame = bytearray(host.seal({"t": "a"}))
    frame[5] ^= 1
    with pytest.raises(LinkRefused):
        player.open(bytes(frame))


def test_a_frame_sealed_for_the_other_direction_does_not_open() -> None:
    host, _player = _channels()
    with pytest.raises(LinkRefused):
        host.open(host.seal({"t": "echo"}))


def test_garbage_instead_of_a_handshake_is_refused() -> None:
    with pytest.raises(LinkRefused):
        Handshake("K7M-Q2P", "host").receive(b"\x00garbage")

"""The name the running numdesk is found by stays what earlier versions computed (a
SHA-1 of the user and the instance key): a launch after an update must still find the
numdesk that was started before it, or the two would open the same library."""

from __future__ import annotations

import getpass
import hashlib

import pytest

from numdesk.instance import KEY_VARIABLE, instance_key


@pytest.mark.parametrize("key", [None, "player-laptop"])
def test_the_instance_key_is_the_sha1_of_user_and_key(
    monkeypatch: pytest.MonkeyPatch, key: str | None
) -> None:
    if key is None:
        monkeypatch.delenv(KEY_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(KEY_VARIABLE, key)
    seed = f"{getpass.getuser()}:{key or 'numdesk'}"
    assert instance_key() == "numdesk-" + hashlib.sha1(seed.encode()).hexdigest()[:16]

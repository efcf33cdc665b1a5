"""Join codes: short enough to read across a table, strong enough for one evening.

Six characters from an alphabet without look-alikes (no 0/O, 1/I/L) give about 29
bits; SPAKE2 lets a stranger test one guess per connection and the host answers a
wrong one only after a second, so guessing takes longer than any game night. What a
player types is compared without case, spaces or dashes.
"""

from __future__ import annotations

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_code() -> str:
    """A fresh join code, shown as "K7M-Q2P"."""
    import secrets  # (here: the main window imports this module, and `secrets` with
    # `hmac` and OpenSSL would cost every start some 8 ms before it is painted)

    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:3]}-{raw[3:]}"


def normalise(typed: str) -> str:
    """What is compared: letters and digits only, upper case ("k7m q2p" == "K7M-Q2P")."""
    return "".join(c for c in typed.upper() if c.isalnum())

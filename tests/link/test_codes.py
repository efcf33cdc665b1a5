"""Join codes: six characters of the alphabet without look-alikes, shown as "K7M-Q2P",
and compared however the player types them."""

from __future__ import annotations

from numdesk.link.codes import ALPHABET, LENGTH, new_code, normalise


def test_a_new_code_is_two_halves_of_the_alphabet_joined_by_a_dash() -> None:
    codes = {new_code() for _ in range(50)}
    for code in codes:
        first, second = code.split("-")
        assert len(first + second) == LENGTH
        assert set(first + second) <= set(ALPHABET)
        assert normalise(code.lower().replace("-", " ")) == first + second
    assert len(codes) > 1  # drawn at random, not one fixed code

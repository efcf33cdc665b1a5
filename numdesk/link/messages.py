"""What may travel between the GM's and a player's numdesk, checked on the way in.

Every message is a small JSON object with a type `t`. Nothing from the wire is trusted:
`check` accepts a message only if its type is one this side takes and every field has
the expected type and size, and raises `LinkRefused` otherwise (the peer is dropped).
Document updates are base64 text; what they hold is checked again once decoded, against
the same limits as an import (`numdesk.link.entry_sync`).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from numdesk.link.secure import MAX_FRAME, LinkRefused
from numdesk.model.limits import MAX_LIST, MAX_NAME

#: Longest uid the library holds (its column is 64 characters).
MAX_UID = 64
#: Longest free text in a message (a roll's line, an intrusion's reason).
MAX_LINE = 2_000
#: Most characters one player brings to the table.
MAX_BRING = 20

# Field kinds: (python type, size limit) or a checker.
_S = (str, MAX_NAME)
_UID = (str, MAX_UID)
_LINE = (str, MAX_LINE)
_B64 = "base64"
_OPT_B64 = "base64?"
_BOOL = (bool, 0)
_INT = (int, 0)
_OPT_INT = "int?"
_OPT_DICT = "dict?"

#: Each message type and its fields.
SHAPES: dict[str, dict[str, Any]] = {
    "join": {"name": _S, "bring": "bring"},
    "welcome": {"table": _S, "gm": _S, "accepted": "accepted", "refused": "refused"},
    "refused": {"uid": _UID, "why": _LINE},
    "sync": {"uid": _UID, "m": _B64, "seen": _OPT_B64},
    "people": {"names": "names"},
    "table": {"view": _OPT_DICT},
    "roll": {"uid": _UID, "text": _LINE},
    "offer": {
        "id": _UID,
        "uid": _UID,
        "text": _LINE,
        "xp": _INT,
        "refuse_cost": _OPT_INT,
        "others": "others",
    },
    "answer": {"id": _UID, "accept": _BOOL, "give_to": (str, MAX_UID)},
    "initiative?": {},
    "initiative": {"uid": _UID, "face": _INT},
    "bye": {},
}

#: Which side may send which messages.
FROM_PLAYER = frozenset({"join", "sync", "roll", "answer", "initiative", "bye"})
FROM_HOST = frozenset(
    {"welcome", "refused", "sync", "people", "table", "offer", "initiative?", "bye"}
)


def check(message: dict[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    """`message` if it is a well-formed message of an `allowed` type; else LinkRefused."""
    kind = message.get("t")
    if not isinstance(kind, str) or kind not in allowed:
        raise LinkRefused(f"a message of an unknown type ({_shown(kind)})")
    shape = SHAPES[kind]
    extra = set(message) - set(shape) - {"t"}
    if extra:
        raise LinkRefused(f"a '{kind}' message with unknown fields ({', '.join(sorted(extra))})")
    for name, rule in shape.items():
        if name not in message:
            raise LinkRefused(f"a '{kind}' message without its '{name}'")
        _field(kind, name, message[name], rule)
    return message


def _field(kind: str, name: str, value: Any, rule: Any) -> None:
    where = f"'{kind}' message's '{name}'"
    if isinstance(rule, tuple):
        tp, limit = rule
        if type(value) is not tp:
            raise LinkRefused(f"a {where} of the wrong type")
        if tp is str and len(value) > limit:
            raise LinkRefused(f"a {where} over {limit} characters")
        if tp is int and not 0 <= value <= 1_000_000:
            raise LinkRefused(f"a {where} out of range")
        return
    if rule in (_B64, _OPT_B64):
        if value is None and rule == _OPT_B64:
            return
        decoded(value, where)
        return
    if rule == _OPT_INT:
        if value is not None:
            _field(kind, name, value, _INT)
        return
    if rule == _OPT_DICT:
        if value is not None and not isinstance(value, dict):
            raise LinkRefused(f"a {where} of the wrong type")
        return
    items = _list(value, where)
    if rule == "bring" and not 0 < len(items) <= MAX_BRING:
        raise LinkRefused(f"a {where} that brings no character or over {MAX_BRING}")
    for item in items:
        _item(rule, item, where)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise LinkRefused(f"a {where} that is not a list")
    if len(value) > MAX_LIST:
        raise LinkRefused(f"a {where} with over {MAX_LIST} items")
    return value


_ITEMS: dict[str, dict[str, Any]] = {
    "bring": {"uid": _UID, "name": _S, "has_state": _BOOL},
    "accepted": {"uid": _UID, "has_state": _BOOL},
    "refused": {"uid": _UID, "why": _LINE},
    "others": {"uid": _UID, "name": _S},
}


#: Fields an item may leave out: a brought character's house rules set (its plain data)
_OPTIONAL: dict[str, dict[str, Any]] = {"bring": {"rules": _OPT_DICT}}


def _item(rule: str, item: Any, where: str) -> None:
    if rule == "names":
        _field("people", "names", item, _S)
        return
    shape = _ITEMS[rule]
    optional = _OPTIONAL.get(rule, {})
    if not isinstance(item, dict) or not set(shape) <= set(item) <= set(shape) | set(optional):
        raise LinkRefused(f"a {where} item of the wrong shape")
    for name, sub in {**shape, **optional}.items():
        if name in item:
            _field(rule, name, item[name], sub)


def decoded(value: Any, where: str = "message") -> bytes:
    """The bytes of base64 text from the wire; LinkRefused if it is not that."""
    if not isinstance(value, str) or len(value) > MAX_FRAME:
        raise LinkRefused(f"a {where} that is not base64 text")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError) as err:
        raise LinkRefused(f"a {where} that is not base64 text") from err


def encoded(data: bytes) -> str:
    """Bytes as base64 text for the wire."""
    return base64.b64encode(data).decode("ascii")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."

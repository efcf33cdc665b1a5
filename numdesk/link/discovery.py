"""Finding tables on the local network: the host announces itself with mDNS/DNS-SD
(zeroconf), players' numdesk lists what it hears. Only the table's name and port are
announced. Where multicast is blocked (some guest Wi-Fi), nothing is heard and players
type the address the GM's screen shows instead.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from numdesk.link.events import LinkEvents

SERVICE = "_numdesk-table._tcp.local."


def addresses() -> list[str]:
    """This machine's IPv4 addresses players can type (loopback only when alone)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                found.append(ip.ip)
    return sorted(set(found)) or ["127.0.0.1"]


class Announcement:
    """A table announced on the network until `close`."""

    def __init__(self, zeroconf: AsyncZeroconf, info: AsyncServiceInfo) -> None:
        self._zeroconf = zeroconf
        self._info = info

    async def close(self) -> None:
        try:
            await self._zeroconf.async_unregister_service(self._info)
        finally:
            await self._zeroconf.async_close()


async def announce(name: str, port: int, events: LinkEvents) -> Announcement | None:
    """Announce table `name` on `port`; None (and a line saying so) if the network
    cannot carry it."""
    label = "".join(c for c in name if c.isprintable())[:60] or "numdesk table"
    info = AsyncServiceInfo(
        SERVICE,
        f"{label}.{SERVICE}",
        addresses=[socket.inet_aton(a) for a in addresses()],
        port=port,
        properties={"table": label, "v": "1"},
    )
    zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    try:
        await zeroconf.async_register_service(info, allow_name_change=True)
    except Exception as err:  # any network failure: the typed address still works
        await zeroconf.async_close()
        events.said(f"not announced on the network ({err}); players can type the address")
        return None
    return Announcement(zeroconf, info)


@dataclass(frozen=True)
class FoundTable:
    """A table heard on the network."""

    name: str
    address: str
    port: int

    @property
    def target(self) -> str:
        return f"{self.address}:{self.port}"


async def find_table(name: str, seconds: float = 3.0) -> str | None:
    """The address ("host:port") of the table called `name` heard within `seconds`, or
    None (nothing heard, or the network cannot be listened on). A GM whose laptop
    restarted may host the same table at another port: players find it again here."""
    found: list[str] = []
    names: list[str] = []

    def heard(zeroconf: Zeroconf, service_type: str, service: str, state_change: Any) -> None:
        if state_change is not ServiceStateChange.Removed:
            names.append(service)

    try:
        zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
    except OSError:
        return None
    try:
        browser = AsyncServiceBrowser(zeroconf.zeroconf, SERVICE, handlers=[heard])
        end = asyncio.get_running_loop().time() + seconds
        while not found and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.2)
            for service in list(names):
                info = AsyncServiceInfo(SERVICE, service)
                if not await info.async_request(zeroconf.zeroconf, 1000):
                    continue
                label = (info.properties or {}).get(b"table", b"").decode("utf-8", "replace")
                if label == name and info.parsed_addresses():
                    found.append(f"{info.parsed_addresses()[0]}:{info.port}")
            names.clear()
        await browser.async_cancel()
    finally:
        await zeroconf.async_close()
    return found[0] if found else None


class TableFinder:
    """Listens for tables until `close`; `found(list)` is called (on zeroconf's thread)
    with every table heard so far whenever one comes or goes."""

    def __init__(self, found: Callable[[list[FoundTable]], None]) -> None:
        self._found = found
        self._tables: dict[str, FoundTable] = {}
        self._zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: Any) -> None:
        if state_change is ServiceStateChange.Removed:
            self._tables.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
            if info is None or not info.parsed_addresses():
                return
            label = (info.properties or {}).get(b"table", b"") or name.encode()
            self._tables[name] = FoundTable(
                label.decode("utf-8", "replace"), info.parsed_addresses()[0], int(info.port or 0)
            )
        self._found(sorted(self._tables.values(), key=lambda t: t.name.casefold()))

    def close(self) -> None:
        self._browser.cancel()
        self._zeroconf.close()

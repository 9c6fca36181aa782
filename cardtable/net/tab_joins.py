"""Which hosts a tab of `cardtable serve --public` may join, and how a failed join answers.

A public serve's page is open to anyone on the network, and a tab's join form connects from
the serving machine. So a tab may not reach what listens on this machine only (a host started
without --public, any other local service: loopback, unspecified, link-local addresses), except
the hosts the serve was told of (`--host-allow ADDR`). A name is resolved once, here, and the
join goes to the address checked (a name cannot resolve to one address for the check and to
another for the connection). Every failed join answers in the same words after the same time,
so the form cannot tell a closed port from a silent one or from a web server.

The serve passes its rules to each tab's cardtable in the environment (TAB_JOINS).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from cardtable.net.client import ws_address

TAB_JOINS = "CARDTABLE_TAB_JOINS"
"""The environment variable a public serve sets for its tabs: 'public', then each allowed
address, comma-separated ('public,127.0.0.1:8765')."""
SEAT_CODE = "CARDTABLE_SEAT_CODE"
"""The environment variable a host's seat page gives its tab the seat's code in (never on the
command line, which anyone on the machine can read with `ps`); `cardtable join` reads it when
no code is typed."""
FAILED_JOIN_SECONDS = 6.0
"""Every failed join of a public serve's tab answers after this long (the longest a silent port
takes), whatever the reason."""


def failed_join(address: str) -> str:
    """The one answer to every failed join from a public serve's tab."""
    return (
        f"This page could not join a game at {address}: check the address and the code with "
        "the host (a host this page may join was started with --public)."
    )


@dataclass(frozen=True)
class Allowed:
    """An address the serve was told its tabs may join: a host name or IP, and a port or any."""

    host: str
    port: int | None

    @classmethod
    def parse(cls, text: str) -> Allowed:
        """'127.0.0.1:8765', 'studio.local' (any port), '[::1]:8765'; ValueError in words."""
        ws_address(text)  # ValueError, in words, for something that is no address
        text = text.strip()
        parts = urlsplit(text if "://" in text else "ws://" + text)
        assert parts.hostname is not None
        return cls(parts.hostname.casefold(), parts.port)

    def admits(self, host: str, port: int) -> bool:
        """True when `host`:`port` is this address."""
        return host.casefold() == self.host and self.port in (None, port)


class TabJoins:
    """A public serve's rules for its tabs' joins (None from `from_environment` elsewhere)."""

    def __init__(self, allowed: list[Allowed]) -> None:
        self.allowed = allowed

    @classmethod
    def from_environment(cls) -> TabJoins | None:
        """The rules the serve gave this tab, or None (not a public serve's tab)."""
        value = os.environ.get(TAB_JOINS, "")
        kind, *addresses = value.split(",")
        if kind != "public":
            return None
        return cls([Allowed.parse(address) for address in addresses if address])

    def environment(self) -> str:
        """The value of TAB_JOINS that gives a tab these rules."""
        allowed = []
        for address in self.allowed:
            host = f"[{address.host}]" if ":" in address.host else address.host
            allowed.append(f"{host}:{address.port}" if address.port else host)
        return ",".join(["public", *allowed])

    def _admitted(self, host: str, port: int) -> bool:
        return any(allowed.admits(host, port) for allowed in self.allowed)

    async def address_to_join(self, typed: str) -> str:
        """The address (a resolved IP) to connect to for `typed`; ValueError in words when a
        tab may not join it (the same words whatever the reason)."""
        url = ws_address(typed)  # ValueError: not an address at all, said as such
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port
        assert host is not None and port is not None
        try:
            found = await asyncio.wait_for(
                asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM),
                FAILED_JOIN_SECONDS,
            )
        except (OSError, TimeoutError):
            raise ValueError(failed_join(typed)) from None
        ips = [_ip(info[4][0]) for info in found if isinstance(info[4][0], str)]
        if not ips:
            raise ValueError(failed_join(typed))
        if not self._admitted(host, port):
            for ip in ips:
                if _this_machine_only(ip) and not self._admitted(str(ip), port):
                    raise ValueError(failed_join(typed))
        ip = ips[0]
        shown = f"[{ip}]" if ip.version == 6 else str(ip)
        return f"{parts.scheme}://{shown}:{port}{parts.path}"


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    ip = ipaddress.ip_address(text.partition("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def _this_machine_only(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """True for an address that reaches what listens on this machine only (or a neighbour's
    link-local service, such as a cloud's metadata address)."""
    return ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast


async def answer_in_time(started: float) -> None:
    """Wait until FAILED_JOIN_SECONDS after `started` (time.monotonic()): every failed join
    answers after the same time."""
    left = FAILED_JOIN_SECONDS - (time.monotonic() - started)
    if left > 0:
        await asyncio.sleep(left)

"""What answers at a `--cluster` address, asked before a Dask client is made: a client made for a wrong address
waits on a silent port for ever, reads garbage as the length of a message (and tries to allocate it), and
prints a traceback from its finaliser 20 s after bp has said what went wrong."""

from __future__ import annotations

import asyncio
import re
import socket
import struct
from typing import Any

from ..diagnostics import printable
from ..i18n import _, system_reason

# A scheduler's address as Dask's client takes it over a network: tcp:// (the default scheme) or tls://.
_ADDRESS = re.compile(r"^(?:(?P<scheme>tcp|tls)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):(?P<port>[0-9]{1,5})$")
# The first message of a Dask server is its handshake: 8 bytes of length (little-endian), a few hundred bytes long.
_LONGEST_HANDSHAKE = 1 << 20


class ClusterError(Exception):
    """The cluster cannot be reached, or its workers run another toolchain (exit code 2)."""


def check_address(address: str) -> None:
    """ClusterError unless `address` is a scheduler's network address (tcp://HOST:PORT, tls://HOST:PORT, HOST:PORT)."""
    if not address.strip():
        raise ClusterError(_("--cluster needs a Dask scheduler's address (tcp://HOST:8786), not an empty one"))
    match = _ADDRESS.match(address)
    if match is None or not 0 < int(match["port"]) < 65536:
        raise ClusterError(_("--cluster {address}: not a Dask scheduler's address: give tcp://HOST:PORT (or tls://HOST:PORT)").format(
            address=printable(address)))


def probe(address: str, timeout: float) -> None:
    """ClusterError unless a Dask scheduler answers at `address` within `timeout` seconds (each of connecting and
    answering); what answered instead is said."""
    check_address(address)
    match = _ADDRESS.match(address)
    assert match is not None
    if (match["scheme"] or "tcp") == "tcp":
        _first_bytes(address, match["host"].strip("[]"), int(match["port"]), timeout)
    try:
        reply = asyncio.run(asyncio.wait_for(_identity(address, timeout), timeout))
    except TimeoutError as exc:  # asyncio's too (Python 3.11)
        raise ClusterError(_nothing_answered(address, timeout)) from exc
    except OSError as exc:
        raise ClusterError(_("cannot reach the Dask scheduler at {address}: {reason}").format(
            address=printable(address), reason=system_reason(exc))) from exc
    except Exception as exc:  # whatever Dask's protocol made of what answered
        raise ClusterError(_not_dask(address, f"{type(exc).__name__}: {exc}")) from exc
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise ClusterError(_not_dask(address, printable(repr(reply)[:80])))


def _first_bytes(address: str, host: str, port: int, timeout: float) -> None:
    """The start of what a plain TCP server at host:port sends unasked: a Dask server's handshake, or not."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as connection:
            received = b""
            while len(received) < 8:
                chunk = connection.recv(64)
                if not chunk:
                    break
                received += chunk
    except TimeoutError as exc:
        raise ClusterError(_nothing_answered(address, timeout)) from exc
    except OSError as exc:
        raise ClusterError(_("cannot reach the Dask scheduler at {address}: {reason}").format(
            address=printable(address), reason=system_reason(exc))) from exc
    if len(received) < 8:
        raise ClusterError(_not_dask(address, _("it closed the connection after {count} bytes").format(count=len(received))))
    (length,) = struct.unpack("<Q", received[:8])
    if not 0 < length <= _LONGEST_HANDSHAKE:
        raise ClusterError(_not_dask(address, _("it sent {start}").format(start=printable(repr(received[:40])))))


async def _identity(address: str, timeout: float) -> Any:
    from distributed.comm import connect
    from distributed.security import Security

    comm = await connect(address, timeout=timeout, **Security().get_connection_args("client"))  # TLS from Dask's config
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def _nothing_answered(address: str, timeout: float) -> str:
    return _("nothing answered at {address} within {seconds:g} s: is a Dask scheduler listening there? (--cluster-timeout)").format(
        address=printable(address), seconds=timeout)


def _not_dask(address: str, what: str) -> str:
    return _("{address} answered, but not as a Dask scheduler ({what}): check the address and port").format(
        address=printable(address), what=what)

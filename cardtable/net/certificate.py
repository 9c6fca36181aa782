"""The host's certificate and its fingerprint, so that nothing crosses the network in clear.

A host speaks TLS (wss://) with a self-signed EC P-256 certificate that it makes on first use
and keeps in the data folder (`host-certificate.pem`: the key and the certificate in one file,
readable by its owner only), so every game it hosts, and `host --resume`, has the same one.
Its fingerprint (`pin`: the SHA-256 of the certificate's DER, its first 140 bits in Crockford's
base32, grouped by four) goes in every join command after `--pin`; a client accepts the
certificate with that fingerprint and no other (`check_pin`, right after the handshake and
before anything is sent), as Syncthing's device IDs do, so nothing has to be trusted by hand.
No UI here.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import hmac
import os
import ssl
from dataclasses import dataclass
from pathlib import Path

from cardtable.engine.saves import data_dir

CERTIFICATE_FILE = "host-certificate.pem"
"""The host's key and certificate, in the data folder (0600)."""
PIN_LETTERS = 28
"""Letters in a fingerprint: 28 of base32 are 140 bits of the SHA-256."""
_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_TO_CROCKFORD = str.maketrans(_BASE32, _CROCKFORD)
_MISREAD = str.maketrans("OIL", "011")
PIN_EXAMPLE = "7K2M-QX4D-…"
"""How a fingerprint starts, for sentences that ask for one."""


class PinMismatch(Exception):
    """The computer that answered has another certificate than the join command names."""


@dataclass(frozen=True)
class HostCertificate:
    """The host's certificate file and its fingerprint."""

    path: Path
    """The key and certificate (PEM), readable by the owner only."""
    pin: str
    """The fingerprint players type after --pin: 'XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX'."""

    def server_context(self) -> ssl.SSLContext:
        """A TLS context for the host's server, with this certificate."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(self.path)
        return context


def fingerprint(der: bytes) -> str:
    """A certificate's fingerprint as players type it: 140 bits of its SHA-256, in groups."""
    letters = base64.b32encode(hashlib.sha256(der).digest()).decode().translate(_TO_CROCKFORD)
    letters = letters[:PIN_LETTERS]
    return "-".join(letters[i : i + 4] for i in range(0, PIN_LETTERS, 4))


def tidy_pin(text: str) -> str:
    """A fingerprint as typed ('7k2m qx4d …', O for 0, I or L for 1), in its written form;
    ValueError, in words, for something that is not one."""
    letters = "".join(c for c in text.upper() if c.isalnum()).translate(_MISREAD)
    if len(letters) != PIN_LETTERS or any(c not in _CROCKFORD for c in letters):
        raise ValueError(
            f"{text.strip()!r} is not a host's fingerprint: it has {PIN_LETTERS} letters and "
            f"digits in groups of four ({PIN_EXAMPLE}), as the host's screen shows it."
        )
    return "-".join(letters[i : i + 4] for i in range(0, PIN_LETTERS, 4))


def host_certificate(folder: Path | None = None) -> HostCertificate:
    """The host's certificate in `folder` (the data folder), made on first use. OSError if it
    can be neither read nor made."""
    folder = folder or data_dir()
    path = folder / CERTIFICATE_FILE
    found = _read(path)
    if found is None:
        folder.mkdir(parents=True, exist_ok=True)
        _make(path)
        found = _read(path)
        if found is None:
            raise OSError(f"the host's certificate {path} cannot be read")
    return HostCertificate(path, fingerprint(found))


def _read(path: Path) -> bytes | None:
    """The DER of the certificate in `path`, if it holds a usable key and certificate."""
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import Encoding, load_pem_private_key

    try:
        data = path.read_bytes()
        certificate = x509.load_pem_x509_certificate(data)
        key = load_pem_private_key(data, password=None)
    except (OSError, ValueError, TypeError):
        return None
    if key.public_key() != certificate.public_key():
        return None
    return certificate.public_bytes(Encoding.DER)


def _make(path: Path) -> None:
    """A new key and self-signed certificate in `path` (0600). A damaged file is replaced; a
    host that made one at the same moment keeps its own (the first written stays)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
    )
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cardtable host")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=365 * 100))
        .sign(key, hashes.SHA256())
    )
    pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    pem += certificate.public_bytes(Encoding.PEM)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            os.fchmod(fd, 0o600)
            out.write(pem)
        if path.exists() and _read(path) is None:
            path.unlink()  # damaged: replaced by the new one
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)  # never over another host's new certificate
    finally:
        temporary.unlink(missing_ok=True)


def client_context() -> ssl.SSLContext:
    """A TLS context for a client: no certificate authority is asked; `check_pin` checks the
    host's certificate itself."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_pin(ssl_object: ssl.SSLObject | ssl.SSLSocket | None, pin: str) -> None:
    """PinMismatch unless the peer of this TLS connection has the certificate of `pin`."""
    der = None if ssl_object is None else ssl_object.getpeercert(binary_form=True)
    if not der or not hmac.compare_digest(fingerprint(der), pin):
        raise PinMismatch(pin)

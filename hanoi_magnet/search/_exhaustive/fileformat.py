"""The files a long search leaves behind, so that its result is a certificate others can check.

Two formats, both described for readers with other tools in ``docs/exhaustive-search.rst``:

* **layer counts**: a small UTF-8 JSON document (``"format": "hanoi-magnet layer counts"``);
* **distance tables**: an 8-byte magic ``HMDIST01``, the length of a JSON header as a 4-byte
  little-endian unsigned integer, the header, then one little-endian unsigned integer per code.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from pathlib import Path
from typing import Any, BinaryIO

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.model import Color, State
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules
from hanoi_magnet.search._exhaustive.layout import CodeLayout

COUNTS_FORMAT = "hanoi-magnet layer counts"
TABLE_FORMAT = "hanoi-magnet distance table"
VERSION = 1
MAGIC = b"HMDIST01"
CODE_DEFINITION = (
    "code = placement * face_count + face_bits; placement = sum(post(d) * posts**(d - 1)) over "
    "the disks d = 1 (smallest) .. disks; face_bits: bit j = 1 if the stack on the j-th neutral "
    "post shows blue (0 if it shows red or is empty)"
)


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rules as a JSON object."""
    allowed = None if rules.allowed is None else [list(pair) for pair in sorted(rules.allowed)]
    if isinstance(rules, MagneticRules):
        return {"kind": "magnetic", "post_colors": rules.label, "allowed": allowed}
    if isinstance(rules, ClassicRules):
        return {"kind": "classic", "pegs": rules.pegs, "allowed": allowed}
    raise InvalidArgumentError(f"cannot write rules of type {type(rules).__name__}")


def rules_from_json(data: object) -> Rules:
    """The rules of a JSON object written by :func:`rules_to_json`."""
    if isinstance(data, Mapping):
        if data.get("kind") == "magnetic":
            return MagneticRules(data.get("post_colors"), allowed=data.get("allowed"))
        if data.get("kind") == "classic":
            return ClassicRules(data.get("pegs"), data.get("allowed"))
    raise InvalidArgumentError(f"not a description of rules: {data!r}")


def state_to_json(state: State) -> dict[str, Any]:
    """A position as a JSON object: its posts (bottom to top) and faces (``"RB..."``)."""
    faces = None if state.faces is None else "".join(face.value for face in state.faces)
    return {"posts": [list(stack) for stack in state.posts], "faces": faces}


def state_from_json(data: object) -> State:
    """The position of a JSON object written by :func:`state_to_json`."""
    if isinstance(data, Mapping) and "posts" in data:
        faces = data.get("faces")
        return State(data["posts"], faces=None if faces is None else [Color(f) for f in faces])
    raise InvalidArgumentError(f"not a description of a position: {data!r}")


def layout_to_json(layout: CodeLayout) -> dict[str, Any]:
    """How codes are numbered, so that a reader can map them to positions."""
    return {
        "posts": layout.posts,
        "neutral_posts": list(layout.neutral),
        "face_count": layout.face_count,
        "codes": layout.size,
        "definition": CODE_DEFINITION,
    }


def write_json(path: str | Path, document: Mapping[str, Any]) -> None:
    """Write a JSON document (indented, UTF-8)."""
    Path(path).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def read_json(path: str | Path, expected: str) -> dict[str, Any]:
    """Read a JSON document whose ``format`` must be ``expected``."""
    try:
        document = json.loads(Path(path).read_bytes().decode("utf-8"))
    except UnicodeDecodeError as error:
        raise InvalidArgumentError(
            f"{path} is not a JSON document: it is not UTF-8 text ({error.reason} at byte "
            f"{error.start})"
        ) from None
    except json.JSONDecodeError as error:
        raise InvalidArgumentError(f"{path} is not a JSON document: {error}") from None
    _check_format(document, expected, path)
    return document  # type: ignore[no-any-return]


def _check_format(document: object, expected: str, path: str | Path) -> None:
    if not isinstance(document, dict) or document.get("format") != expected:
        raise InvalidArgumentError(f"{path} is not a {expected} file")
    if document.get("version") != VERSION:
        raise InvalidArgumentError(
            f"{path} has version {document.get('version')!r}; this library reads version {VERSION}"
        )


def write_table(path: str | Path, header: Mapping[str, Any], data: bytes | memoryview) -> None:
    """Write a distance table: magic, header length, JSON header, little-endian values."""
    encoded = json.dumps(header, indent=1).encode("utf-8")
    with Path(path).open("wb") as stream:
        stream.write(MAGIC)
        stream.write(struct.pack("<I", len(encoded)))
        stream.write(encoded)
        stream.write(data)


def read_table_header(stream: BinaryIO, path: str | Path) -> dict[str, Any]:
    """Read the magic and header of a distance table; the values follow in ``stream``."""
    if stream.read(len(MAGIC)) != MAGIC:
        raise InvalidArgumentError(f"{path} is not a {TABLE_FORMAT} file (wrong magic bytes)")
    prefix = stream.read(4)
    if len(prefix) != 4:
        raise InvalidArgumentError(
            f"{path} is cut short: it ends inside its header (the file has "
            f"{len(MAGIC) + len(prefix)} bytes)"
        )
    (length,) = struct.unpack("<I", prefix)
    encoded = stream.read(length)
    if len(encoded) != length:
        raise InvalidArgumentError(
            f"{path} is cut short: its header should have {length:,} bytes, the file holds "
            f"{len(encoded):,} of them"
        )
    try:
        header = json.loads(encoded.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidArgumentError(f"{path} has a damaged header: {error}") from None
    _check_format(header, TABLE_FORMAT, path)
    return header  # type: ignore[no-any-return]

"""Pictures as PNG and PDF: the SVG documents of this package converted by CairoSVG.

CairoSVG (https://cairosvg.org, by the makers of WeasyPrint) is an optional dependency,
``pip install 'hanoi-magnet[export]'``, imported only when a PNG or PDF is asked for. It writes
both formats from one renderer (cairo), which is why it was chosen over resvg's Python bindings:
those write PNG only. It needs the cairo library of the system (Debian: ``libcairo2``; macOS:
``brew install cairo``), which most desktops already have.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from hanoi_magnet.errors import InvalidArgumentError

__all__ = ["PICTURE_FORMATS", "picture_format", "save_picture", "svg_to"]

#: The formats :func:`save_picture` writes (``svg`` needs nothing; ``png`` and ``pdf`` CairoSVG).
PICTURE_FORMATS = ("svg", "png", "pdf")

_INSTALL = "pip install 'hanoi-magnet[export]'"


def picture_format(path: str | Path, format: str | None = None) -> str:
    """The format to write ``path`` in: ``format`` if given, else the file's suffix.

    Raises:
        InvalidArgumentError: a format (or suffix) that is not one of :data:`PICTURE_FORMATS`.

    Example:
        >>> from hanoi_magnet.draw import picture_format
        >>> picture_format("nnn.PNG"), picture_format("picture", "pdf")
        ('png', 'pdf')
    """
    if format is not None:
        chosen = str(format).lower().lstrip(".")
        if chosen not in PICTURE_FORMATS:
            raise InvalidArgumentError(
                f"cannot write pictures as {format!r}: the formats are {', '.join(PICTURE_FORMATS)}"
            )
        return chosen
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in PICTURE_FORMATS:
        given = f"the suffix {Path(path).suffix!r}" if suffix else "no suffix"
        raise InvalidArgumentError(
            f"cannot tell the format of {str(path)!r} ({given}): name the file .svg, .png or "
            ".pdf, or give the format"
        )
    return suffix


def svg_to(svg: str, format: str = "png", *, scale: float = 1.0) -> bytes:
    """Convert an SVG document (as :func:`render_svg` and the others make) to PNG or PDF bytes.

    Args:
        svg: the SVG document.
        format: ``"png"`` (a bitmap of the SVG's width and height times ``scale``, in pixels)
            or ``"pdf"`` (vector, one page of the SVG's size).
        scale: the magnification (2 makes a PNG sharp on high-density screens and slides).

    Raises:
        ImportError: CairoSVG is not installed (``pip install 'hanoi-magnet[export]'``).
        InvalidArgumentError: another format, or a scale that is not a positive number.

    Example:
        >>> from hanoi_magnet import solve
        >>> from hanoi_magnet.draw import render_svg, svg_to
        >>> png = svg_to(render_svg(solve("NNN", 3).unrank(5)), "png")
        >>> png[1:4]
        b'PNG'
    """
    chosen = picture_format("picture", format)
    if chosen == "svg":
        return svg.encode("utf-8")
    given: object = scale  # checked as any object: callers may pass anything
    if isinstance(given, bool) or not isinstance(given, (int, float)) or not 0 < given <= 64:
        raise InvalidArgumentError(f"scale must be a number above 0 and at most 64, got {scale!r}")
    cairosvg = _cairosvg()
    convert = cairosvg.svg2png if chosen == "png" else cairosvg.svg2pdf
    result: bytes = convert(bytestring=svg.encode("utf-8"), scale=float(scale))
    return result


def save_picture(
    svg: str,
    path: str | Path,
    *,
    format: str | None = None,
    scale: float = 1.0,
) -> Path:
    """Write an SVG document to ``path`` as SVG, PNG or PDF: by its suffix, or ``format``.

    Args:
        svg: the SVG document.
        path: the file to write.
        format: ``"svg"``, ``"png"`` or ``"pdf"``; ``None`` takes the suffix of ``path``.
        scale: the magnification of a PNG or PDF (see :func:`svg_to`).

    Returns:
        The path written.

    Raises:
        InvalidArgumentError: a suffix or format it cannot write (nothing is written).
        ImportError: PNG or PDF without CairoSVG (``pip install 'hanoi-magnet[export]'``).

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from hanoi_magnet import State
        >>> from hanoi_magnet.draw import render_svg, save_picture
        >>> folder = Path(tempfile.mkdtemp())
        >>> written = save_picture(render_svg(State.tower(3)), folder / "tower.pdf")
        >>> written.read_bytes()[:5]
        b'%PDF-'
    """
    target = Path(path)
    data = svg_to(svg, picture_format(target, format), scale=scale)
    target.write_bytes(data)
    return target


def _cairosvg() -> Any:
    try:  # optional, untyped: imported on first use
        return importlib.import_module("cairosvg")
    except ImportError as error:
        raise ImportError(f"PNG and PDF pictures need CairoSVG: {_INSTALL} ({error})") from None
    except OSError as error:  # cairocffi without the system's cairo library
        raise ImportError(
            f"PNG and PDF pictures need the cairo library of the system (Debian: apt install "
            f"libcairo2; macOS: brew install cairo): {error}"
        ) from None

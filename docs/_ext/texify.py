"""LaTeX for the formulas the library prints as text, for the docs' ``:math:`` (MathJax).

The library's ``str()`` of a polynomial, a recurrence or a closed form is plain ASCII
(``K^3 - K - 2``, ``S_NNN(n) = S_RNN(n-1) + 1``, ``(3^n - 1)/2``); these helpers turn exactly
those forms into TeX, so the pages typeset what the code computed.
"""

from __future__ import annotations

import re
from fractions import Fraction


def _label(name: str) -> str:
    return r"\mathrm{" + name.replace(":", "{:}") + "}"


def expression(text: str) -> str:
    """TeX for a formula in the library's ASCII: powers, variant subscripts, ``a/b`` fractions."""
    text = re.sub(r"\^\(([^()]*)\)", r"^{\1}", text)  # 3^(k-1)
    text = re.sub(r"\^([0-9]+|[a-zA-Z])", r"^{\1}", text)  # K^8, 3^n
    text = re.sub(r"S_([A-Za-z][\w:]*)", lambda m: "S_{" + _label(m[1]) + "}", text)
    text = re.sub(r"(\d) (S_)", r"\1\\,\2", text)  # 2 S_RRB: a thin space
    whole = re.fullmatch(r"\((.*)\)/(\d+)", text)
    if whole:
        return r"\frac{" + whole[1] + "}{" + whole[2] + "}"
    return text


def fraction(value: Fraction) -> str:
    """TeX for an exact fraction."""
    if value.denominator == 1:
        return str(value.numerator)
    return rf"\tfrac{{{value.numerator}}}{{{value.denominator}}}"


def math(text: str) -> str:
    """An inline ``:math:`` role for ``text`` (already TeX)."""
    return f":math:`{text}`"


def equations(lines: list[str]) -> list[str]:
    """A ``.. math::`` block aligning equations ``A = B`` at their equals signs."""
    out = [".. math::", "", r"   \begin{aligned}"]
    for index, line in enumerate(lines):
        left, right = line.split(" = ", 1)
        end = r" \\" if index < len(lines) - 1 else ""
        out.append(f"   {expression(left)} &= {expression(right)}{end}")
    out += [r"   \end{aligned}", ""]
    return out

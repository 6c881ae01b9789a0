"""Which revision to compare with, and its package exported into a temporary directory.

The default is the previous main, found from git alone:

1. on a branch other than main: the merge base of ``HEAD`` and main (the commit main pointed
   at when the branch started, or when main was last merged into it);
2. on main itself (the merge base is ``HEAD``): ``HEAD`` when the package has uncommitted
   changes (what is being worked on against what is committed), otherwise ``HEAD^`` (main
   before its last commit or merge).

Main is the local branch ``main`` (else ``master``, else ``origin/main``); ``--main NAME``
names another. ``--against REV`` takes any revision git understands, or a directory that
holds a ``hanoi_magnet`` package (an existing checkout, used as it is).
"""

from __future__ import annotations

import io
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "hanoi_magnet"
MAINS = ("main", "master", "origin/main", "origin/master")


class RevisionError(Exception):
    """The revision cannot be found or exported (the message says why)."""


@dataclass(frozen=True)
class Choice:
    """The revision to compare with, and why it was chosen."""

    rev: str  # a full commit id
    reason: str


def git(root: Path, *args: str) -> str:
    """Run git in ``root``; its output without the final newline, or RevisionError."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise RevisionError("git is not installed (it is needed to export a revision)") from None
    if done.returncode:
        raise RevisionError(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.rstrip("\n")


def commit_of(root: Path, rev: str) -> str:
    """The full commit id of ``rev``."""
    try:
        return git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except RevisionError:
        raise RevisionError(f"{rev!r} is not a commit of the repository at {root}") from None


def main_branch(root: Path, name: str | None = None) -> str:
    """The branch that is main: ``name`` if given, else the first of :data:`MAINS` that exists."""
    for candidate in (name,) if name else MAINS:
        try:
            commit_of(root, candidate)
        except RevisionError:
            continue
        return candidate
    tried = name or ", ".join(MAINS)
    raise RevisionError(f"no main branch found (tried {tried}); pass --against REV")


def default_revision(root: Path, main: str | None = None) -> Choice:
    """The previous main (see the module's docstring for the rule)."""
    branch = main_branch(root, main)
    head = commit_of(root, "HEAD")
    base = git(root, "merge-base", "HEAD", branch)
    if base != head:
        return Choice(base, f"the merge base of HEAD and {branch}")
    if git(root, "status", "--porcelain", "--", PACKAGE):
        return Choice(head, f"HEAD ({branch}; the package has uncommitted changes)")
    try:
        parent = commit_of(root, "HEAD^")
    except RevisionError:
        raise RevisionError(
            "HEAD has no parent and no uncommitted changes: pass --against"
        ) from None
    return Choice(parent, f"HEAD^ ({branch} before its last commit)")


def resolve(root: Path, against: str | None, main: str | None = None) -> Choice | Path:
    """The revision to compare with: a commit (:class:`Choice`), or a directory used as is."""
    if against is None:
        return default_revision(root, main)
    directory = Path(against)
    if (directory / PACKAGE / "__init__.py").is_file():
        return directory.resolve()
    return Choice(commit_of(root, against), f"--against {against}")


def export(root: Path, rev: str, into: Path) -> Path:
    """Write the package of ``rev`` under ``into`` (``git archive``); return ``into``."""
    data = subprocess.run(
        ["git", "-C", str(root), "archive", "--format=tar", rev, PACKAGE],
        capture_output=True,
        check=False,
    )
    if data.returncode:
        raise RevisionError(f"git archive {rev} failed: {data.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(data.stdout)) as archive:
        if hasattr(tarfile, "data_filter"):  # Python >= 3.12 (and 3.11.4+): no odd members
            archive.extractall(into, filter="data")
        else:  # pragma: no cover - older Pythons
            archive.extractall(into)  # (our own repository's archive)
    if not (into / PACKAGE / "__init__.py").is_file():
        raise RevisionError(f"{rev} has no {PACKAGE} package")
    return into

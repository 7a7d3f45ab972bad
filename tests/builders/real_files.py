"""The real scorers' files kept beside the repository (``<repo>/../shared/real-files/``, as CI lays ``shared/``
beside the clone; see its SOURCES.md): used byte for byte, never edited. ``REAL_FILES`` in the environment names
another folder (a worktree elsewhere); without either, ``/work/shared/real-files``."""

from __future__ import annotations

import os
from pathlib import Path


def real_files_folder() -> Path:
    """The folder of the real files: REAL_FILES, else ``<repo>/../shared/real-files``, else /work/shared's."""
    beside = Path(__file__).resolve().parents[2].parent / "shared" / "real-files"
    for candidate in (os.environ.get("REAL_FILES"), beside, "/work/shared/real-files"):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return beside  # the tests then fail naming the path CI lays out


REAL_FILES = real_files_folder()


def real_file(name: str) -> bytes:
    """A real file's bytes, as its scorer wrote them (``usebio/mp_pairs_howell.xml``, ``pbn/sm2.pbn``...)."""
    return (REAL_FILES / name).read_bytes()

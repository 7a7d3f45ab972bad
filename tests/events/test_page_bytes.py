"""The hot public pages stay byte for byte what they were: each page of a fixed club (tests/builders/page_snapshots.py),
made afresh, anonymously (English and Spanish) and as the demo's player, against the bytes stored in
tests/events/page_snapshots/*.json.gz (one file a reader and language, each page by name; written by the code
before the pages were made faster).

The ids are the same in every run (the sequences are reset), so the stored bytes hold on SQLite and PostgreSQL.
A change meant to alter a page writes the snapshots again:
    UPDATE_PAGE_SNAPSHOTS=1 pytest -p no:xdist tests/events/test_page_bytes.py
"""

from __future__ import annotations

import difflib
import gzip
import json
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from tests.builders.page_snapshots import build_club, render_pages

pytestmark = pytest.mark.slow  # the demo club and four more sessions

SNAPSHOTS = Path(__file__).parent / "page_snapshots"
UPDATE = os.environ.get("UPDATE_PAGE_SNAPSHOTS") == "1"


def stored(reader: str) -> dict[str, str]:
    path = SNAPSHOTS / f"{reader}.json.gz"
    return json.loads(gzip.decompress(path.read_bytes())) if path.exists() else {}


def store(reader: str, pages: dict[str, bytes]) -> None:
    text = json.dumps({page: found.decode() for page, found in sorted(pages.items())}, ensure_ascii=False, indent=0)
    (SNAPSHOTS / f"{reader}.json.gz").write_bytes(gzip.compress(text.encode(), mtime=0))


def differences(expected: str, found: str) -> str:
    lines = difflib.unified_diff(expected.splitlines(), found.splitlines(), "stored", "made now", lineterm="", n=1)
    return "\n".join(list(lines)[:40])


@pytest.fixture
def pages(django_db_reset_sequences, settings):
    settings.PAGE_CACHE_SECONDS = 0  # every page made afresh
    sessions = build_club()
    player = User.objects.get(username="ana")
    return {
        "anonymous": render_pages(sessions),
        "player": render_pages(
            sessions,
            user=player,
        ),
    }


def test_the_hot_pages_are_the_same_bytes(pages):
    SNAPSHOTS.mkdir(exist_ok=True)
    changed, missing = [], []
    for reader, made in pages.items():
        if UPDATE:
            store(reader, made)
        expected = stored(reader)
        for page, found in made.items():
            if page not in expected:
                missing.append(f"{reader}: {page}")
            elif expected[page] != found.decode():
                changed.append(f"{reader}, {page}:\n{differences(expected[page], found.decode())}")
        assert set(expected) == set(made), f"stored pages no longer made: {sorted(set(expected) - set(made))}"
    assert not missing, f"no stored bytes for {missing}"
    assert not changed, "\n\n".join(changed)
    assert sum(len(made) for made in pages.values()) > 100

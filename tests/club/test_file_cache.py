"""The file cache the processes of one machine share (club.file_cache): Django's, its values not compressed."""

import pytest
from django.core.cache.backends.filebased import FileBasedCache

from club.file_cache import FileCache

ROW = "<tr><td>1</td><td>Ana García &amp; Ion Popescu</td></tr>"
PAGE = ("<!doctype html><title>Ranking</title>" + ROW * 800).encode()


@pytest.fixture
def files(tmp_path):
    return FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 50}})


def test_a_page_is_kept_as_it_is_and_read_back(files, tmp_path):
    files.set("pages:page:1", (PAGE, "text/html; charset=utf-8"), timeout=60)
    assert files.get("pages:page:1") == (PAGE, "text/html; charset=utf-8")
    (kept,) = tmp_path.glob("*.djcache")
    assert PAGE in kept.read_bytes()  # not compressed: read without decompressing it
    assert files.get("pages:page:2", "missing") == "missing"
    assert files.get_many(["pages:page:1", "pages:page:2"]) == {"pages:page:1": (PAGE, "text/html; charset=utf-8")}


def test_expiry_add_touch_and_delete_are_djangos(files):
    files.set("v", "a", timeout=60)
    assert not files.add("v", "b") and files.get("v") == "a"
    assert files.touch("v", timeout=None) and files.get("v") == "a"
    assert files.touch("v", timeout=0) and files.get("v") is None  # touched to expire at once (Django: timeout 0)
    files.set("gone", "x", timeout=0)
    assert files.get("gone") is None and not files.touch("gone") and files.add("gone", "y") and files.get("gone") == "y"
    assert files.delete("gone") and files.get("gone") is None and not files.touch("gone")
    files.set("forever", 1, timeout=None)
    assert files.get("forever") == 1


def test_a_file_django_compressed_reads_as_missing_and_is_written_again(files, tmp_path):
    """A cache directory kept from before: Django's backend compressed its values."""
    django_files = FileBasedCache(str(tmp_path), {})
    django_files.set("pages:v:club", "old-version", timeout=None)
    assert files.get("pages:v:club", "missing") == "missing"
    assert not files.touch("pages:v:club")
    assert files.add("pages:v:club", "new-version", timeout=None)  # a page's first version, written at once
    assert files.get("pages:v:club") == "new-version" and not files.add("pages:v:club", "other")


def test_the_files_stay_within_max_entries(files, tmp_path):
    for n in range(120):
        files.set(f"pages:page:{n}", (PAGE, "text/html"), timeout=60)
    assert len(list(tmp_path.glob("*.djcache"))) <= 50
    assert files.get("pages:page:119") == (PAGE, "text/html")

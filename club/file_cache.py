"""Django's file cache, its values kept as they are pickled instead of compressed.

The file cache (CACHE_URL=file://..., and the default with DEBUG=0: the processes of one machine share it) mostly
holds the kept pages (`club.page_cache`): Django's backend compresses every value with zlib, and a page read from
the cache was decompressed on every request, its largest cost. A 48 kB ranking took 0.18 ms of CPU to decompress,
about a fifth of a cached page's CPU in process, while a static file of the same size costs nothing of the kind.
So the values are written as they are pickled: a page's file is the size of the page (about four times its
compressed size; MAX_ENTRIES bounds the files), and it is read in one `pickle.load`.

A file written by Django's own backend (a cache directory kept from before) reads as missing, and is written
again by the next `set`. Every other behaviour (expiry, culling, `add`, `delete`, `clear`) is Django's.
"""

from __future__ import annotations

import pickle

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.files import locks

_MISSING = object()
_UNREADABLE = (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, ImportError, IndexError)


class FileCache(FileBasedCache):
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        """Django's, with a file it cannot read (compressed by Django's backend) taken as missing: `add` is how a
        page's first version is written (`club.page_cache`)."""
        if self.get(key, _MISSING, version) is not _MISSING:
            return False
        self.set(key, value, timeout, version)
        return True

    def _write_content(self, file, timeout, value) -> None:
        file.write(pickle.dumps(self.get_backend_timeout(timeout), self.pickle_protocol))
        file.write(pickle.dumps(value, self.pickle_protocol))

    def get(self, key, default=None, version=None):
        try:
            with open(self._key_to_file(key, version), "rb") as file:
                if not self._is_expired(file):
                    return pickle.load(file)
        except (FileNotFoundError, *_UNREADABLE):  # unreadable: compressed by Django's backend, written again later
            pass
        return default

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        try:
            with open(self._key_to_file(key, version), "r+b") as file:
                try:
                    locks.lock(file, locks.LOCK_EX)
                    if self._is_expired(file):
                        return False
                    value = pickle.load(file)
                    file.seek(0)
                    self._write_content(file, timeout, value)
                    file.truncate()
                    return True
                finally:
                    locks.unlock(file)
        except (FileNotFoundError, *_UNREADABLE):
            return False

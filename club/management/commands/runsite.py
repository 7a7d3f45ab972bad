"""python manage.py runsite [ADDRESS:PORT]: what `make run` runs, the development server and the task worker as
two child processes (`runserver`, `worker`), so that a laptop needs no other service and no cron. They share the
page cache in files (`cache/`, unless CACHE_URL says otherwise): a page the worker's analysis changes is made
again by the server.

Ctrl-C (or SIGTERM) is passed on to both: the server stops, the worker finishes the task it is running (an
analysis finishes its batch) and stops, and this command waits for them; a second Ctrl-C stops the worker at once.
If either child stops on its own, the other is stopped too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

STOP_SECONDS = 60


class Command(BaseCommand):
    help = "Runs the development server and the background task worker together; Ctrl-C stops both."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--noreload", action="store_true", help="the server does not restart on code changes")

    def handle(self, *args, addrport, noreload, verbosity, **options):
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        server = [*manage, "runserver", addrport, *(["--noreload"] if noreload else [])]
        worker = [*manage, "worker", "--verbosity", str(verbosity)]
        # One cache for both (the worker's writes move the cached pages on): files, unless CACHE_URL names one.
        env = {**os.environ, "CACHE_URL": os.getenv("CACHE_URL") or f"file://{settings.BASE_DIR / 'cache'}"}
        # Their own process groups: the terminal's Ctrl-C reaches this process only, which passes it on once.
        children = [
            subprocess.Popen(command, env=env, start_new_session=True, preexec_fn=_interruptible)
            for command in (server, worker)
        ]
        stopping: list[int] = []

        def stop(signum, _frame):
            stopping.append(signum)
            if len(stopping) == 1:
                self.stdout.write("Stopping the server and the worker (Ctrl-C again to stop the worker at once)...")
            _signal(children)

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        while all(child.poll() is None for child in children) and not stopping:
            time.sleep(0.2)
        if not stopping:  # one child stopped on its own
            _signal(children)
        _wait(children)
        sys.exit(0 if stopping else max(abs(child.returncode or 0) for child in children))


def _interruptible() -> None:
    """In the child, before it starts: Ctrl-C stops it even when this command was started with SIGINT ignored
    (in the background of a script)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _signal(children: list[subprocess.Popen]) -> None:
    """SIGINT to each child's process group, as Ctrl-C in a terminal (the server's autoreloader runs the server
    in a process of its own)."""
    for child in children:
        if child.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGINT)


def _wait(children: list[subprocess.Popen]) -> None:
    """Waits for each child; kills one still running after `STOP_SECONDS`."""
    deadline = time.monotonic() + STOP_SECONDS
    for child in children:
        while child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        if child.poll() is None:
            child.kill()
            child.wait()

"""python manage.py worker: runs the background tasks (`settings.TASKS`) and enqueues the periodic ones
(`settings.PERIODIC_TASKS`, `club.periodic`) until Ctrl-C or SIGTERM.

With the database backend (the default) it is django-tasks-db's `db_worker`; with RQ (`TASKS_URL=redis://...`)
django-rq's `rqworker` with its scheduler (the retries' deferred runs). Run one on each machine that should
work; they never run one task twice, nor enqueue one periodic run twice.
"""

from __future__ import annotations

import threading

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django_tasks import task_backends
from django_tasks_db import DatabaseBackend

from club.periodic import TICK_SECONDS, run_scheduler


class Command(BaseCommand):
    help = "Runs the background tasks and enqueues the periodic ones, until Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=0.5, help="seconds between looks at an empty queue")
        parser.add_argument("--no-periodic", action="store_true", help="leave the periodic tasks to other workers")
        parser.add_argument(
            "--tick", type=float, default=TICK_SECONDS, help="seconds between looks for due periodic tasks"
        )

    def handle(self, *args, interval, no_periodic, tick, verbosity, **options):
        stop = threading.Event()
        if not no_periodic:
            threading.Thread(target=run_scheduler, args=(stop, tick), name="periodic", daemon=True).start()
        try:
            if isinstance(task_backends["default"], DatabaseBackend):
                call_command("db_worker", interval=interval, reload=False, startup_delay=False, verbosity=verbosity)
            else:
                call_command(
                    "rqworker", "default", with_scheduler=True, job_class="django_tasks_rq.Job", verbosity=verbosity
                )
        finally:
            stop.set()

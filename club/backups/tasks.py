"""The periodic backup (PERIODIC_TASKS in settings: every BACKUP_EVERY seconds, a day unless told)."""

from django_tasks import task

from club.backups.making import make_backup


@task()
def backup_task() -> str:
    """A backup into BACKUP_DIR, keeping the newest BACKUP_KEEP; returns the new file's name."""
    path, _removed = make_backup()
    return path.name

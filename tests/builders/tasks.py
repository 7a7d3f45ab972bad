"""Background tasks in tests: the suite records them (the dummy backend, tests/conftest.py); `immediate_tasks`
runs each task at once when enqueued, and the work a test client's request enqueues on commit as that request
ends (the test's transaction never commits, so nothing would run otherwise); `run_enqueued` runs what the dummy
backend recorded."""

from __future__ import annotations

import pytest
from django.test import Client
from django_tasks import task_backends

IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def immediate_tasks(settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.TASKS = IMMEDIATE
    original = Client.request

    def request(self, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return original(self, **kwargs)

    monkeypatch.setattr(Client, "request", request)
    return django_capture_on_commit_callbacks


def run_enqueued() -> list:
    """Runs every task the dummy backend recorded (and those they enqueue), in order; returns their values."""
    backend = task_backends["default"]
    values = []
    while backend.results:
        result = backend.results.pop(0)
        values.append(result.task.call(*result.args, **result.kwargs))
    return values

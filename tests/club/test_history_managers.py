"""`Model.history` with its manager class made once per model (club/history_managers.py): every tracked model's, a
save writes its historical row without making a class, and the history reads as before (the instance's own rows,
the model's, `as_of`)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db.models import Manager
from simple_history.manager import HistoryManager

from club.history_managers import KeptHistoryDescriptor
from events.models import Session

pytestmark = pytest.mark.django_db


def _tracked():
    return [model for model in apps.get_models() if getattr(model._meta, "simple_history_manager_attribute", None)]


def test_every_tracked_models_history_keeps_its_manager_class():
    tracked = _tracked()
    assert len(tracked) >= 3  # the traveller lines, the sessions, the sit-outs at least
    for model in tracked:
        name = model._meta.simple_history_manager_attribute
        assert isinstance(model.__dict__[name], KeptHistoryDescriptor), model
        assert type(getattr(model, name)) is type(getattr(model, name)), model
        assert isinstance(getattr(model, name), HistoryManager), model


def test_a_save_makes_no_class_and_the_history_reads_as_before(monkeypatch):
    made = []
    real = Manager.from_queryset.__func__

    def counted(cls, queryset_class, class_name=None):
        made.append(cls)
        return real(cls, queryset_class, class_name)

    monkeypatch.setattr(Manager, "from_queryset", classmethod(counted))
    first = Session.objects.create(name="Monday pairs", date="2026-11-30")
    first.name = "Monday pairs (corrected)"
    first.save()
    other = Session.objects.create(name="Tuesday pairs", date="2026-12-01")
    assert made == []  # simple_history's own descriptor made a class at each save
    assert [row.name for row in first.history.order_by("history_id")] == ["Monday pairs", "Monday pairs (corrected)"]
    assert other.history.count() == 1 and Session.history.count() == 3
    assert Session.history.filter(id=first.pk).first().history_type in {"+", "~"}

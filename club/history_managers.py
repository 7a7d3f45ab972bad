"""django-simple-history's `Model.history` with its manager class made once per model.

simple_history's descriptor makes a new manager class (`Manager.from_queryset`, which walks the queryset's methods
with `inspect.getmembers`) on every read of `Model.history` or `instance.history`, and it reads it on every save of
a tracked model to write the historical row: about half a millisecond of CPU per save, a twentieth of a table's
confirmation (`bench/profile_table.py`). The class depends on the model alone, so it is made once, when the apps are
ready (`ClubConfig.ready`); each read still gets a manager of its own, as before.
"""

from __future__ import annotations

from django.apps import apps
from simple_history.manager import HistoryDescriptor


class KeptHistoryDescriptor(HistoryDescriptor):
    def __init__(self, descriptor: HistoryDescriptor) -> None:
        super().__init__(descriptor.model, manager=descriptor.manager_class, queryset=descriptor.queryset_class)
        self.made = self.manager_class.from_queryset(self.queryset_class)

    def __get__(self, instance, owner):
        return self.made(self.model, instance)


def keep_history_managers() -> int:
    """Every tracked model's history descriptor replaced by one that keeps its manager class; how many."""
    kept = 0
    for model in apps.get_models():
        name = getattr(model._meta, "simple_history_manager_attribute", None)
        descriptor = model.__dict__.get(name) if name else None
        if isinstance(descriptor, HistoryDescriptor) and not isinstance(descriptor, KeptHistoryDescriptor):
            setattr(model, name, KeptHistoryDescriptor(descriptor))
            kept += 1
    return kept

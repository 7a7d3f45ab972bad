"""Helpers shared by the apps' forms and views."""

from django import forms
from django.core.exceptions import FieldDoesNotExist
from django.core.validators import MaxValueValidator, MinValueValidator


class LimitedModelForm(forms.ModelForm):
    """A ModelForm whose number fields refuse what their model field refuses (its Min/MaxValueValidators, and the
    database column's range) in their own cleaning, before the form's clean() does any work with the number: Django
    checks the model's validators only after clean(), in the model's full_clean."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        number_fields = (forms.IntegerField, forms.DecimalField, forms.FloatField)
        for name, field in self.fields.items():
            if not isinstance(field, number_fields):
                continue
            try:
                model_field = self._meta.model._meta.get_field(name)
            except FieldDoesNotExist:
                continue
            for validator in model_field.validators:
                if isinstance(validator, (MinValueValidator, MaxValueValidator)) and validator not in field.validators:
                    field.validators.append(validator)

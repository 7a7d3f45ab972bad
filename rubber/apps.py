from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RubberConfig(AppConfig):
    name = "rubber"
    verbose_name = _("Rubber and Chicago")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RubberConfig(AppConfig):
    name = "rubber"
    verbose_name = _("Rubber and Chicago")

    def ready(self) -> None:
        from club.registry import register_merge_handler
        from club.unit_of_work import RUBBER, register_pages
        from rubber import merging

        register_merge_handler("rubber", merging.HANDLER)
        register_pages(RUBBER, lambda change: ())  # no page of a sheet is kept by the page cache (made on each read)

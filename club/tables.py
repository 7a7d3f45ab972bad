import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from club.models import Member


class MemberTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"), accessor="last_name", order_by=("last_name", "first_name"),
                         linkify=("events:member_detail", [tables.A("pk")]))

    class Meta:
        model = Member
        fields = ("name", "number")
        attrs = {"class": "table table-sm table-striped"}

    def render_name(self, record):
        return record.full_name

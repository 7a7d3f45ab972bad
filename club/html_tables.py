import django_tables2 as tables
from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.utils.translation import gettext_lazy as _

from club.models import Member


class ForgivingPaginator(Paginator):
    """Pages from the query string, forgiving: a page size outside 1..MAX_PER_PAGE gives the default size,
    a page number before the first (or not a number) the first page, after the last the last page."""

    DEFAULT_PER_PAGE = 50
    MAX_PER_PAGE = 200

    def __init__(self, object_list, per_page, *args, **kwargs):
        if not (isinstance(per_page, int) and 1 <= per_page <= self.MAX_PER_PAGE):
            per_page = self.DEFAULT_PER_PAGE
        super().__init__(object_list, per_page, *args, **kwargs)

    def validate_number(self, number):
        try:
            return super().validate_number(number)
        except PageNotAnInteger:
            return 1
        except EmptyPage:
            return self.num_pages if int(number) > 1 else 1


class MemberTable(tables.Table):
    name = tables.Column(
        verbose_name=_("Name"),
        accessor="last_name",
        order_by=("last_name", "first_name"),
        linkify=("events:member_detail", [tables.A("pk")]),
    )

    class Meta:
        model = Member
        fields = ("name", "number")
        attrs = {"class": "table table-sm table-striped"}
        per_page = ForgivingPaginator.DEFAULT_PER_PAGE

    def render_name(self, record):
        return record.full_name

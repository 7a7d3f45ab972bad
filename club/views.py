"""The members list (each member's own page, with their results, belongs to the events app)."""

from django_tables2 import SingleTableView

from club.models import Member
from club.tables import MemberTable


class MemberListView(SingleTableView):
    model = Member
    table_class = MemberTable
    template_name = "events/member_list.html"
    table_pagination = {"per_page": 50}  # the table paginates; ListView's own paginate_by would count twice

    def get_queryset(self):
        return Member.objects.filter(active=True)

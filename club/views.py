"""The members list (each member's own page, with their results, belongs to the events app)."""

from django_tables2 import SingleTableView

from club.models import Member
from club.tables import ForgivingPaginator, MemberTable


class MemberListView(SingleTableView):
    model = Member
    table_class = MemberTable
    template_name = "events/member_list.html"
    # the table paginates (ListView's own paginate_by would count twice), forgiving silly ?page= and ?per_page=
    table_pagination = {"per_page": ForgivingPaginator.DEFAULT_PER_PAGE, "paginator_class": ForgivingPaginator}

    def get_queryset(self):
        return Member.objects.filter(active=True)

from django.core.paginator import Paginator
from django.shortcuts import render
from django_tables2 import SingleTableView

from events.models import Member, Session
from events.tables import MemberTable


def home(request):
    sessions = Session.objects.published()
    page = Paginator(sessions, 25).get_page(request.GET.get("page"))
    return render(request, "events/home.html", {"page": page})


class MemberListView(SingleTableView):
    model = Member
    table_class = MemberTable
    template_name = "events/member_list.html"
    paginate_by = 50

    def get_queryset(self):
        return Member.objects.filter(active=True)


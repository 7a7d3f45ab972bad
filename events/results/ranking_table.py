import copy

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

FOLD_ON_PHONES = {
    "th": {"class": "d-none d-sm-table-cell d-print-table-cell text-end"},
    "td": {"class": "d-none d-sm-table-cell d-print-table-cell text-end"},
}
NUMBER = {"th": {"class": "text-end"}, "td": {"class": "text-end"}}


class Column(tables.Column):
    """A column each table copies as it is, not deeply: django-tables2 deep-copies its class's columns for every table
    made, and the deep copy of their translated names was a tenth of the ranking page's CPU. Nothing of a column is
    changed in place after it is made (the bound columns copy its attributes before adding theirs)."""

    def __deepcopy__(self, memo):
        return copy.copy(self)


class RankingTable(tables.Table):
    """One field of a session's ranking (rows are `events.standings.selectors.ranking.PairStanding`), sortable by every
    column."""

    place = Column(verbose_name=_("Place"), order_by=("position",))
    pair = Column(verbose_name=_("Pair"), accessor="pair__label", order_by=("pair__number", "pair__direction"))
    names = Column(verbose_name=_("Players"), accessor="names")
    score = Column(verbose_name=_("Matchpoints"), attrs=NUMBER)
    percentage = Column(verbose_name="%", order_by=("percentage_key",), attrs=NUMBER)
    boards = Column(verbose_name=_("Boards"), attrs=FOLD_ON_PHONES)

    class Meta:
        attrs = {"class": "table table-sm table-striped table-hover align-middle ranking"}
        orderable = True
        # The session page includes this template itself (render_table would run every context
        # processor again for each table); its rows are drawn straight from each PairStanding, as
        # django-tables2's cell rendering costs about 0.3 ms a cell. The table gives the columns,
        # their headers and the sorting.
        template_name = "events/results/includes/ranking_table.html"

    def __init__(self, data, *, session_id: int, uses_imps: bool, **kwargs):
        self.session_id = session_id
        self.uses_imps = uses_imps
        # One number style down the score column: "26.00" beside "15.80", whole numbers only when all are whole.
        self.score_places = 0 if all(float(row.score).is_integer() for row in data) else 2
        if uses_imps:
            kwargs["extra_columns"] = [
                ("score", Column(verbose_name=_("IMPs"), attrs=NUMBER)),
                ("percentage", None),
                (
                    "average",
                    Column(verbose_name=_("IMPs per board"), order_by=("average_key",), attrs=NUMBER, empty_values=()),
                ),
            ]
        super().__init__(data, **kwargs)

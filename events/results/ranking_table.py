import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

FOLD_ON_PHONES = {
    "th": {"class": "d-none d-sm-table-cell d-print-table-cell text-end"},
    "td": {"class": "d-none d-sm-table-cell d-print-table-cell text-end"},
}
NUMBER = {"th": {"class": "text-end"}, "td": {"class": "text-end"}}


class RankingTable(tables.Table):
    """One field of a session's ranking (rows are `events.standings.selectors.ranking.PairStanding`), sortable by every
    column."""

    place = tables.Column(verbose_name=_("Place"), order_by=("position",))
    pair = tables.Column(verbose_name=_("Pair"), accessor="pair__label", order_by=("pair__number", "pair__direction"))
    names = tables.Column(verbose_name=_("Players"), accessor="names")
    score = tables.Column(verbose_name=_("Matchpoints"), attrs=NUMBER)
    percentage = tables.Column(verbose_name="%", order_by=("percentage_key",), attrs=NUMBER)
    boards = tables.Column(verbose_name=_("Boards"), attrs=FOLD_ON_PHONES)

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
                ("score", tables.Column(verbose_name=_("IMPs"), attrs=NUMBER)),
                ("percentage", None),
                (
                    "average",
                    tables.Column(
                        verbose_name=_("IMPs per board"), order_by=("average_key",), attrs=NUMBER, empty_values=()
                    ),
                ),
            ]
        super().__init__(data, **kwargs)

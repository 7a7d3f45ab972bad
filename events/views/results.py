"""Public results pages: not yet built (the ranking, traveller, scorecard and member pages come next)."""

from django.http import Http404


def _not_yet(request, **kwargs):
    raise Http404


member_detail = session_ranking = ranking_csv = board_traveller = traveller_csv = pair_scorecard = _not_yet

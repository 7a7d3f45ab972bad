"""The objects the entry pages act on, each with what the page shows of it (a 404 when there is none)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from events.models import Section, SitOut, TravellerLine


def entry_section(session_id: int, section_id: int) -> Section:
    """The section of the session, with its session and custom movement."""
    return get_object_or_404(
        Section.objects.select_related("session", "custom_movement"), pk=section_id, session_id=session_id
    )


def line_to_remove(line_id: int) -> TravellerLine:
    """The line, with its board's section and session and its pairs (named by the page's message)."""
    return get_object_or_404(
        TravellerLine.objects.select_related("board__section__session", "ns_pair", "ew_pair"), pk=line_id
    )


def sit_out_to_remove(sit_out_id: int) -> SitOut:
    return get_object_or_404(SitOut.objects.select_related("board__section__session", "pair"), pk=sit_out_id)

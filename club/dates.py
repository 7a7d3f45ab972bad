"""Month and weekday names marked for translation with Django's own message ids, so that the project's catalogs
write them as each language does: lower case in Romanian ("1 decembrie 2026", "marți"), where Django's
Romanian catalog capitalises them. Nothing imports this module; `makemessages` reads it."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

MONTHS = (
    _("January"), _("February"), _("March"), _("April"), _("May"), _("June"),
    _("July"), _("August"), _("September"), _("October"), _("November"), _("December"),
)  # fmt: skip
MONTHS_ABBREVIATED = (
    pgettext_lazy("abbrev. month", "Jan."), pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"), pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"), pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"), pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."), pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."), pgettext_lazy("abbrev. month", "Dec."),
)  # fmt: skip
MONTHS_ALONE = (
    pgettext_lazy("alt. month", "January"), pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"), pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"), pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"), pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"), pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"), pgettext_lazy("alt. month", "December"),
)  # fmt: skip
WEEKDAYS = (_("Monday"), _("Tuesday"), _("Wednesday"), _("Thursday"), _("Friday"), _("Saturday"), _("Sunday"))
WEEKDAYS_ABBREVIATED = (_("Mon"), _("Tue"), _("Wed"), _("Thu"), _("Fri"), _("Sat"), _("Sun"))

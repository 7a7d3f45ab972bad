"""python manage.py merge_members FROM_ID INTO_ID | --guest NAME INTO_ID | --undo MERGE_ID"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.limits import MAX_ID
from club.registry import MergeSource
from club.tenancy import ClubCommand
from roster.services.merging import MergeRefused, merge_people, undo_merge


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Merges a member into another: FROM_ID and INTO_ID are members' ids (the number in the address of the "
            "member's page, not the membership number); every result of FROM_ID becomes INTO_ID's and FROM_ID is "
            "deactivated. To merge a guest, give --guest with the guest's name exactly as the results show it, "
            "and INTO_ID alone. --undo MERGE_ID undoes a merge (the id this command printed). Prints the merge's "
            "id on the last line."
        )

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help=_("FROM_ID INTO_ID, or INTO_ID alone with --guest"))
        parser.add_argument("--guest", default="", help=_("the guest's name, exactly as the results show it"))
        parser.add_argument("--undo", type=int, default=None, metavar="MERGE_ID", help=_("undo this merge"))

    def handle(self, *args, ids: list[int], guest: str, undo: int | None, **options) -> None:
        if any(not 1 <= pk <= MAX_ID for pk in [*ids, *([undo] if undo is not None else [])]):
            raise CommandError(_("An id is a whole number from 1 to %(max)s.") % {"max": MAX_ID})
        try:
            if undo is not None:
                if ids or guest:
                    raise CommandError(_("--undo takes the merge's id alone."))
                merge = undo_merge(merge_id=undo)
                self.stdout.write(_("Undone: %(merge)s") % {"merge": merge})
                self.stdout.write(str(merge.pk))
                return
            merge = merge_people(source=self._source(ids, guest), into_id=ids[-1])
        except MergeRefused as refused:
            raise CommandError(str(refused)) from None
        message = ngettext(
            "Merged %(merge)s: %(rows)s place changed.", "Merged %(merge)s: %(rows)s places changed.", merge.rows
        )
        self.stdout.write(message % {"merge": merge, "rows": merge.rows})
        self.stdout.write(str(merge.pk))

    def _source(self, ids: list[int], guest: str) -> MergeSource:
        if guest:
            if len(ids) != 1:
                raise CommandError(_("With --guest, give INTO_ID alone."))
            return MergeSource(guest=guest)
        if len(ids) != 2:
            raise CommandError(_("Give FROM_ID and INTO_ID (or --guest NAME and INTO_ID)."))
        return MergeSource(member_id=ids[0])

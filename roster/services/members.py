"""The roster: members added, changed and deactivated by club admins, and the CSV import both the roster page and
`manage.py import_members` use (`plan_import` for the preview, `import_members` to write it, in one transaction).

A file has a header row naming the columns NUMBER, FIRST_NAME, LAST_NAME and EMAIL (any case; EMAIL may be left
out or empty), then one member a line. Members are matched by membership number: a number the roster has is that
member (updated if a name or the email differs, reactivated if inactive), a new number is a new member; members
the file does not name are left alone. A file with any problem is refused whole, every problem with its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from club.collation import name_order
from club.csv_files import CsvProblem, FileRefused, column_name, records
from club.duplicates import refused_if_taken
from club.models import Member
from club.unit_of_work import MEMBER, record_change
from roster.services.roles import check_admins_remain

COLUMNS = ("NUMBER", "FIRST_NAME", "LAST_NAME", "EMAIL")
REQUIRED = COLUMNS[:3]
NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9./-]{0,19}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
NAME_LENGTH = Member._meta.get_field("first_name").max_length
EMAIL_LENGTH = Member._meta.get_field("email").max_length


@dataclass(frozen=True)
class RosterLine:
    line: int
    number: str
    first_name: str
    last_name: str
    email: str

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def fields(self) -> dict[str, object]:
        return {"first_name": self.first_name, "last_name": self.last_name, "email": self.email, "active": True}


@dataclass
class ImportPlan:
    """What importing a file does: members `created`, `updated` (with the member as it is now) and `unchanged`."""

    created: list[RosterLine] = field(default_factory=list)
    updated: list[tuple[RosterLine, Member]] = field(default_factory=list)
    unchanged: list[RosterLine] = field(default_factory=list)
    # Addresses several members will have after the import (a couple, a family): (address, ["Name (number)", ...])
    shared_emails: list[tuple[str, list[str]]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {"created": len(self.created), "updated": len(self.updated), "unchanged": len(self.unchanged)}

    def summary(self) -> str:
        return "created {created}, updated {updated}, unchanged {unchanged}".format(**self.counts())


def _header(cells: list[str]) -> tuple[dict[str, int], list[CsvProblem]]:
    names = [column_name(cell) for cell in cells]
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        message = _("The first line must name the columns %(columns)s; %(missing)s missing.") % {
            "columns": ", ".join(COLUMNS),
            "missing": ", ".join(missing),
        }
        return {}, [CsvProblem(1, message)]
    return {name: names.index(name) for name in COLUMNS if name in names}, []


def _name_problem(label: str, text: str) -> str | None:
    if not text:
        return _("the %(column)s is missing.") % {"column": label}
    if len(text) > NAME_LENGTH or _CONTROL.search(text):
        return _("the %(column)s is not a name (at most %(max)s characters).") % {"column": label, "max": NAME_LENGTH}
    return None


def _line_problems(values: dict[str, str]) -> list[str]:
    problems = []
    if not NUMBER.fullmatch(values["NUMBER"]):
        problems.append(
            _("“%(number)s” is not a membership number (1 to 20 letters, digits, dots, dashes or slashes).")
            % {"number": values["NUMBER"][:40]}
        )
    for column, label in (("FIRST_NAME", _("first name")), ("LAST_NAME", _("last name"))):
        problem = _name_problem(label, values[column])
        if problem:
            problems.append(problem)
    email = values["EMAIL"]
    if email:
        try:
            if len(email) > EMAIL_LENGTH:
                raise ValidationError("too long")
            validate_email(email)
        except ValidationError:
            problems.append(_("“%(email)s” is not an email address.") % {"email": email[:80]})
    return problems


def read_roster(text: str) -> list[RosterLine]:
    """The file's members, or FileRefused listing every problem (at most MAX_PROBLEMS) with its line number."""
    rows = records(text)
    first = next(rows, None)
    if first is None:
        raise FileRefused([CsvProblem(None, _("The file is empty."))])
    columns, problems = _header(first[1])
    if problems:
        raise FileRefused(problems)
    lines: list[RosterLine] = []
    seen: dict[str, int] = {}
    for number, cells in rows:
        values = {name: cells[index] if index < len(cells) else "" for name, index in columns.items()}
        values.setdefault("EMAIL", "")
        found = _line_problems(values)
        key = values["NUMBER"].casefold()
        if key in seen:
            found.append(
                _("the number %(number)s is on line %(line)s too.") % {"number": values["NUMBER"], "line": seen[key]}
            )
        seen.setdefault(key, number)
        problems += [CsvProblem(number, message) for message in found]
        lines.append(RosterLine(number, values["NUMBER"], values["FIRST_NAME"], values["LAST_NAME"], values["EMAIL"]))
    if problems:
        raise FileRefused(problems)  # the page shows the first MAX_PROBLEMS and counts the rest
    if not lines:
        raise FileRefused([CsvProblem(None, _("The file names no member."))])
    return lines


def plan_import(lines: list[RosterLine], *, lock: bool = False) -> ImportPlan:
    """Which lines create, update or leave alone a member (matched by membership number)."""
    members = Member.objects.filter(number__in=[line.number for line in lines])
    if lock and connection.features.has_select_for_update:
        members = members.select_for_update()
    by_number = {member.number: member for member in members}
    plan = ImportPlan()
    for line in lines:
        member = by_number.get(line.number)
        if member is None:
            plan.created.append(line)
        elif any(getattr(member, name) != value for name, value in line.fields().items()):
            plan.updated.append((line, member))
        else:
            plan.unchanged.append(line)
    plan.shared_emails = _shared_emails(lines)
    return plan


def _shared_emails(lines: list[RosterLine]) -> list[tuple[str, list[str]]]:
    """The addresses more than one member will have once `lines` are imported (the roster's other members
    included), for the preview's warning."""
    holders: dict[str, list[str]] = {}
    for line in lines:
        if line.email:
            holders.setdefault(line.email.casefold(), []).append(f"{line.full_name} ({line.number})")
    others = Member.objects.exclude(email="").exclude(number__in=[line.number for line in lines])
    for first, last, number, email in others.values_list("first_name", "last_name", "number", "email"):
        if email.casefold() in holders:
            holders[email.casefold()].append(f"{first} {last} ({number})" if number else f"{first} {last}")
    return sorted((email, names) for email, names in holders.items() if len(names) > 1)


def import_members(text: str) -> ImportPlan:
    """Reads the file and writes it, in one transaction; raises FileRefused (nothing written)."""
    lines = read_roster(text)
    try:
        with transaction.atomic():
            plan = plan_import(lines, lock=True)
            Member.objects.bulk_create(Member(number=line.number, **line.fields()) for line in plan.created)
            for line, member in plan.updated:
                for name, value in line.fields().items():
                    setattr(member, name, value)
                member.save(update_fields=list(line.fields()))
            if plan.created or plan.updated:
                record_change(MEMBER)  # several: bulk_create gives no ids on SQLite
    except IntegrityError:
        raise FileRefused(
            [CsvProblem(None, _("Another club admin added members with these numbers meanwhile: import it again."))]
        ) from None
    return plan


def number_taken(number: object) -> str:
    return _("A member with the number %(number)s already exists: added a moment ago by someone else.") % {
        "number": number
    }


def save_member(*, member: Member, fields: dict[str, object]) -> Member:
    """Adds (`member` unsaved) or changes a member; the caller's form checked `fields`. Raises LastClubAdmin
    (nothing saved) for deactivating the member whose login is the club's last club admin; a number another writer
    gave a member since the form's check is a ValidationError on the number (nothing saved)."""
    with transaction.atomic():
        if member.pk and fields.get("active") is False:
            check_admins_remain(leaving=[member.user_id], name=member.real_name)
        for name, value in fields.items():
            setattr(member, name, value)
        with refused_if_taken({"number": number_taken(member.number)}):
            member.save()
        record_change(MEMBER, member.pk)
    return member


def set_active(*, member_id: int, active: bool) -> Member | None:
    """Deactivates (or reactivates) a member: off the lists for new results, their results kept. Raises
    LastClubAdmin (nothing changed) for the member whose login is the club's last club admin."""
    with transaction.atomic():
        member = Member.objects.filter(pk=member_id).first()
        if member is not None and not active and member.active:
            check_admins_remain(leaving=[member.user_id], name=member.real_name)
        if member is not None and member.active != active:
            member.active = active
            member.save(update_fields=["active"])
            record_change(MEMBER, member.pk)
        return member


def roster_rows() -> list[list[object]]:
    """The roster as the import reads it (and an ACTIVE column), formulas neutralised by `csv_response`."""
    rows: list[list[object]] = [[*COLUMNS, "ACTIVE"]]
    members = name_order(Member.objects.all(), "pk").values_list("number", "first_name", "last_name", "email", "active")
    rows += [
        [number or "", first, last, email, "yes" if active else "no"] for number, first, last, email, active in members
    ]
    return rows

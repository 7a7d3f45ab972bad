"""The accounts' writes: claiming an account, the member's choices and email, invitations (keyword-only, each in
one transaction)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.identity import MAX_SHARING
from accounts.mail import deliver, language_of, render, send, site_url
from accounts.models import Invitation, Person
from accounts.tokens import LinkRefused, claim_token, email_token
from club.duplicates import refused_if_taken
from club.models import Member
from club.unit_of_work import MEMBER, record_change


def claimable(email: str):
    """The members who may claim an account with `email`: on the roster with it, no login, not removed."""
    return Member.objects.filter(email__iexact=email.strip(), user=None, removed_on=None, active=True)


def request_claim(*, email: str) -> int:
    """Sends one email to `email` with a claim link for each member on the roster with that address and no login
    yet (a couple sharing an address: each their own link, by name and membership number). For an address no such
    member has, the same work is done for a stand-in and nothing is sent: the page says the same in the same time,
    so that it reveals nothing. Returns how many links were sent."""
    members = list(claimable(email).order_by("pk")[:MAX_SHARING])
    shown = members or [Member(first_name="", last_name="", email=email.strip())]
    claims = [(member, site_url("accounts:claim_link", claim_token(member))) for member in shown]
    subject, body = render("claim", {"claims": claims, "member": shown[0]}, language_of(shown[0]))
    if members:
        deliver(subject, body, members[0].email)
    return len(members)


def _free_username(member: Member) -> str:
    base = f"member{member.pk}"
    taken = set(get_user_model().objects.filter(username__startswith=base).values_list("username", flat=True))
    return next(name for name in (base, *(f"{base}-{n}" for n in range(1, 100))) if name not in taken)


def claim_account(*, member: Member, password: str):
    """Gives `member` a login (their email and `password`): refused if another request gave them one first (the
    member row is taken by a conditional update, so that two claims at once make one login on any database)."""
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(
                _free_username(member),
                email=member.email,
                password=password,
                first_name=member.first_name,
                last_name=member.last_name,
            )
            if not Member.objects.filter(pk=member.pk, user=None, removed_on=None).update(user=user):
                raise LinkRefused(expired=False)  # rolls the new user back
    except IntegrityError as error:  # the other claim took the same username a moment ago
        raise LinkRefused(expired=False) from error
    return user


def link_account(*, member: Member, user) -> None:
    """Makes `member` (a member of the request's club, reached by their claim link) one of `user`'s clubs: the
    person already has an account (another club's) and is logged in, so no second account is made. Refused if
    the member has a login by now or `user` is already another member of this club (LinkRefused)."""
    try:
        with transaction.atomic():
            if Member.objects.filter(user=user).exists():
                raise LinkRefused(expired=False)
            if not Member.objects.filter(pk=member.pk, user=None, removed_on=None).update(user=user):
                raise LinkRefused(expired=False)
            record_change(MEMBER, member.pk)
    except IntegrityError as error:  # the same person linked another member of this club a moment ago
        raise LinkRefused(expired=False) from error


def save_federation_number(*, user, number: str) -> Person:
    """The person's federation number (empty: none). Refused (ValidationError on `federation_number`) when it is
    not a number's form or is another person's: the unique column decides between two saves at once."""
    number = number.strip().upper() or None
    with transaction.atomic():
        person = Person.objects.select_for_update().filter(user=user).first() or Person(user=user)
        person.federation_number = number
        person.full_clean(exclude=["user"], validate_unique=False)
        with refused_if_taken({"federation_number": _("Another person has this federation number.")}):
            person.save()
    return person


def request_email_change(*, member: Member, new_email: str) -> None:
    """Sends a confirmation link to the new address; nothing changes until it is followed."""
    link = site_url("accounts:email_confirm", email_token(member, new_email.strip()))
    send("email_change", new_email.strip(), {"member": member, "link": link}, language_of(member))


def change_email(*, member: Member, new_email: str) -> None:
    with transaction.atomic():
        member.email = new_email
        member.save(update_fields=["email"])
        record_change(MEMBER, member.pk)
        if member.user_id:
            get_user_model().objects.filter(pk=member.user_id).update(email=new_email)


def save_preferences(*, form) -> Member:
    """The member's privacy, results-email and language choices (a save moves the cached pages on: the names)."""
    with transaction.atomic():
        member = form.save(commit=False)
        member.save(update_fields=list(form.Meta.fields))  # only the choices: never an older copy of the rest
        record_change(MEMBER, member.pk)
        return member


def members_to_invite():
    """Members with an email and no login, never invited before."""
    return Member.objects.filter(
        ~Q(email=""), user=None, removed_on=None, active=True, invitation__isnull=True
    ).order_by("pk")


def invite_members() -> int:
    """Invites every member with an email and no login who was never invited: each once, even when two runs
    meet (the invitation's row is written before its email goes). Returns how many were invited."""
    invited = 0
    for member in members_to_invite():
        try:
            with transaction.atomic():
                Invitation.objects.create(member=member)
        except IntegrityError:
            continue  # another run invited them a moment ago
        context = {"member": member, "link": site_url("accounts:claim_link", claim_token(member))}
        context["claim_page"] = site_url("accounts:claim")
        send("invitation", member.email, context, language_of(member))
        invited += 1
    return invited

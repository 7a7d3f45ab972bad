"""Who may do what: the director area's check, and which sessions and teams events a visitor may see."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404

from club.tenancy import many_clubs, scoped_club

DIRECT_PERMISSION = "events.direct_sessions"  # declared on the events app's Session model
ADMINISTER_PERMISSION = "club.administer_club"  # declared on Member; held by the Club admins group


def director_required(view):
    """Anonymous users go to the login page; logged-in users without the permission get 403."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def club_admin_required(view):
    """Like `director_required`, for the club administrator's pages (roster, merges, roles)."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not is_club_admin(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def is_director(user) -> bool:
    return user.is_authenticated and user.has_perm(DIRECT_PERMISSION) and at_this_club(user, "director")


def is_club_admin(user) -> bool:
    return user.is_authenticated and user.has_perm(ADMINISTER_PERMISSION) and at_this_club(user, "admin")


def is_host_admin(user) -> bool:
    """The host's admin: a Django superuser (made with `createsuperuser`). Chosen over a flag of our own because
    Django already gives a superuser every permission, the Django admin and every club (below), and needs no new
    column; the host's pages (`clubsite/host_urls.py`: a new club and its first admin) admit nobody else."""
    return bool(user.is_authenticated and user.is_active and user.is_superuser)


def at_this_club(user, role: str) -> bool:
    """Whether `user`'s `role` ("director", "admin": `club.models.ClubRole.Role`) counts at the request's club.
    Roles are per club: on a site serving many clubs a login holds a role at the clubs where it has that role's
    `ClubRole` row (a superuser, the host's, at every club); with one club, everywhere. One query per request and
    club, remembered on the user."""
    if not many_clubs() or user.is_superuser:
        return True
    club_id = scoped_club()
    remembered = getattr(user, "_roles_club", None)
    if remembered is None or remembered[0] != club_id:
        from club.models import ClubRole  # late: club.models imports club.privacy, which imports this module

        here = frozenset()
        if isinstance(club_id, int):
            here = frozenset(ClubRole.objects.filter(user_id=user.pk).values_list("role", flat=True))
        user._roles_club = remembered = (club_id, here)
    return role in remembered[1]


# The one rule for what a visitor sees: a session or a teams event in progress is hidden (a 404) from
# everyone but directors, who see it with a preview banner. Both models have `is_public` and a
# `published()` queryset.


def visible_to(user, queryset):
    """`queryset` (sessions or teams events) narrowed to what `user` may see."""
    return queryset if is_director(user) else queryset.published()


def check_visible(user, item, message: str = "Not published yet."):
    """`item` itself if `user` may see it; a 404 otherwise."""
    if not item.is_public and not is_director(user):
        raise Http404(message)
    return item

"""The one access check of the director area."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied

from events.models import DIRECT_PERMISSION


def director_required(view):
    """Anonymous users go to the login page; logged-in users without the permission get 403."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.has_perm(DIRECT_PERMISSION):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def is_director(user) -> bool:
    return user.is_authenticated and user.has_perm(DIRECT_PERMISSION)

from club.access import is_club_admin, is_director


def roles(request):
    """Lets templates show the director area and club admin links only to those allowed in."""
    return {"user_is_director": is_director(request.user), "user_is_club_admin": is_club_admin(request.user)}

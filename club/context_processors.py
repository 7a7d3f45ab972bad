from club.access import is_director


def roles(request):
    """Lets templates show the director area link only to those allowed in."""
    return {"user_is_director": is_director(request.user)}

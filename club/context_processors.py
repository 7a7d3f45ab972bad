from club.access import is_club_admin, is_director
from club.look import request_look


def roles(request):
    """Lets templates show the director area and club admin links only to those allowed in."""
    return {"user_is_director": is_director(request.user), "user_is_club_admin": is_club_admin(request.user)}


def club_look(request):
    """The club's name, stylesheet and logo for the frame of its pages (`club.look`)."""
    return {"club_look": request_look(request)}

"""The tests make their users with a fast password hasher (tests/conftest.py): the production one takes half a
second of CPU for each user, which over the suite's thousands of users was minutes of CI."""

from django.contrib.auth.models import User


def test_users_made_by_the_tests_use_the_fast_hasher(db):
    user = User.objects.create_user("quick", password="correct-horse-battery")
    assert user.password.startswith("md5$") and user.check_password("correct-horse-battery")

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_director_logs_in_and_reaches_the_director_area(page, director_user):
    page.goto("/director/")
    expect(page.locator("h1")).to_have_text("Log in")
    page.fill("#id_username", "director")
    page.fill("#id_password", "correct-horse-battery")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director area")
    expect(page.get_by_role("link", name="Director area")).to_be_visible()


def test_wrong_password_is_refused_in_the_browser(page, director_user):
    page.goto("/accounts/login/")
    page.fill("#id_username", "director")
    page.fill("#id_password", "wrong")
    page.click("button[type=submit]")
    expect(page.locator(".alert-danger, .invalid-feedback, .alert")).to_contain_text("correct username and password")
    expect(page.locator("#id_username")).to_have_value("director")


def test_phone_sized_menu_opens(phone_page, db):
    phone_page.goto("/")
    phone_page.click(".navbar-toggler")
    expect(phone_page.get_by_role("link", name="Members")).to_be_visible()

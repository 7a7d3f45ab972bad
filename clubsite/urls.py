from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from accounts.password_reset import SiteResetView

urlpatterns = [
    path("", include("club.urls")),
    path("", include("roster.urls")),
    path("", include("events.urls")),
    path("movements/", include("movements.urls")),
    path("teams/", include("teams.urls")),
    path("rubber/", include("rubber.urls")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/password_reset/", SiteResetView.as_view(), name="password_reset"),
    path("accounts/password_reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"
    ),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

# 403 and 404 are Django's own views with the site's 403.html and 404.html; the 500 page is made without the
# database, with the request's id to quote (club.views_ops).
handler500 = "club.views_ops.server_error"

"""Django's password reset, with the site's rules: the link's address from SITE_URL (never the request's Host
header), the emails limited per address and per client (`accounts.mail_limits`), the same work and the same answer
for an address no account has (an email rendered for a stand-in, not sent), the email sent through
`accounts.mail.deliver`. `clubsite.urls` routes `password_reset` here."""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import PasswordResetView
from django.template.loader import render_to_string

from accounts import mail_limits
from accounts.mail import deliver, site_address

log = logging.getLogger(__name__)


class SiteResetForm(PasswordResetForm):
    def get_users(self, email):
        users = list(super().get_users(email))
        return users or [get_user_model()(username="", email=email)]  # a stand-in: rendered, never sent

    def save(self, **options):
        protocol, domain = site_address()
        super().save(**{**options, "domain_override": domain, "use_https": protocol == "https", "request": None})

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, **_html):
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        if context["user"].pk is None:
            return
        try:
            deliver(subject, body, to_email)
        except Exception:  # as Django's own form: the page says the same, the log says why
            log.exception("Failed to send the password reset email to user %s", context["user"].pk)


class SiteResetView(PasswordResetView):
    form_class = SiteResetForm

    def form_valid(self, form):
        if not mail_limits.allowed(kind=mail_limits.RESET, address=form.cleaned_data["email"], request=self.request):
            form.add_error(None, mail_limits.refused_message())
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)

"""What a browser would send back: the fields of a page's form as it was drawn."""

from html.parser import HTMLParser


class FormFields(HTMLParser):
    """Every named <input> (text, hidden...) of the <form> with the given id, with its value."""

    def __init__(self, html: str, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.fields = form_id, False, {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        elif tag == "input" and self.inside and attrs.get("name") and attrs.get("type") not in ("submit", "button"):
            self.fields[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def form_fields(response, form_id: str) -> dict[str, str]:
    """The fields of the form `form_id` as the page drew them (what a director submits unchanged)."""
    assert response.status_code == 200, response.status_code
    fields = FormFields(response.content.decode(), form_id).fields
    assert fields, f"no form {form_id!r} on the page"
    return fields

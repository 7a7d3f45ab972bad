"""The breadcrumb trail: base.html wraps its `breadcrumb` block in {% breadcrumb %}...{% endbreadcrumb %}, which
draws the trail with includes/breadcrumb.html (nothing when the block is empty); pages and area bases fill the block
with one {% crumb %} a step, keeping their area's steps with {{ block.super }}.
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def crumb(label, url_name="", *args, href="", suffix=""):
    """One step: a link to the URL named `url_name` (reversed with `args`) or to `href`, with `suffix` (a query
    string or an anchor) added; without either, the current page."""
    if url_name:
        href = reverse(url_name, args=args)
    if not href:
        return format_html('<li class="breadcrumb-item active" aria-current="page">{}</li>', label)
    return format_html('<li class="breadcrumb-item"><a href="{}{}">{}</a></li>', href, suffix, label)


class BreadcrumbNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        crumbs = self.nodelist.render(context).strip()
        if not crumbs:
            return ""
        trail = context.template.engine.get_template("includes/breadcrumb.html")
        return trail.render(template.Context({"crumbs": mark_safe(crumbs)}, autoescape=context.autoescape))


@register.tag
def breadcrumb(parser, token):
    """{% breadcrumb %}{% crumb ... %}...{% endbreadcrumb %}: the steps inside, drawn as the page's trail."""
    nodelist = parser.parse(("endbreadcrumb",))
    parser.delete_first_token()
    return BreadcrumbNode(nodelist)

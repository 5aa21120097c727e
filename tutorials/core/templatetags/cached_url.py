"""`{% url %}` with tutorials.core.links.reverse: the same address as Django's tag, reversed once
per process. A builtin of the template engine (settings.TEMPLATES), so it stands in for Django's
own tag in every template without a `{% load %}`."""
from __future__ import annotations

from django import template
from django.template import defaulttags
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from tutorials.core.links import reverse

register = template.Library()


class CachedURLNode(defaulttags.URLNode):
    def render(self, context: template.Context) -> str:
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        url = ""
        try:
            url = reverse(view_name, args=args, kwargs=kwargs, current_app=_current_app(context))
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


def _current_app(context: template.Context) -> str | None:
    """The namespace Django's tag reverses in: the request's current_app, else the resolved view's."""
    request = getattr(context, "request", None)
    if hasattr(request, "current_app"):
        return request.current_app
    match = getattr(request, "resolver_match", None)
    return getattr(match, "namespace", None)


@register.tag
def url(parser: template.base.Parser, token: template.base.Token) -> CachedURLNode:
    node = defaulttags.url(parser, token)
    node.__class__ = CachedURLNode
    return node

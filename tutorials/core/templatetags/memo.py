"""`{% memo key ... holes="name ..." %}…{% endmemo %}`: a block of a page rendered once per process
for each combination of its keys, and kept: for the parts every reader with the same keys sees alike
(the header, by language, the reader's name and the game; a lesson step's text, by step and
language). The keys must name everything the block shows: nothing is ever invalidated, a block is
only looked up again under other keys.

Values that differ from one response to the next (the CSRF token, the page's own address) are
holes: the block is rendered with a marker in each one's place, and every response gets its own
value there, escaped as the page would escape it. A hole may only be printed plainly (`{{ name }}`,
or `{% csrf_token %}` for the token), never through a filter.

With DEBUG on, blocks are rendered every time (templates edited while the server runs show at once).
"""
from __future__ import annotations

from itertools import count

from django import template
from django.conf import settings
from django.utils.html import conditional_escape

from tutorials.core.bounded import forget_oldest

register = template.Library()

MAX_BLOCKS = 4096  # past this many kept blocks, the oldest go first (a few KB each: some MB a worker)
_blocks: dict[tuple, str] = {}
_serials = count()


def _marker(index: int) -> str:
    """A stand-in for a hole: private-use characters, which no text of ours holds and escaping
    leaves alone."""
    return f"\ue000{index}\ue001"


class MemoNode(template.Node):
    def __init__(self, nodelist: template.NodeList, keys: list[template.base.FilterExpression],
                 holes: tuple[str, ...]) -> None:
        self.nodelist = nodelist
        self.keys = keys
        self.holes = holes
        self.serial = next(_serials)  # this block's own, never reused (a template parsed again gets new ones)

    def render(self, context: template.Context) -> str:
        if settings.DEBUG:
            return self.nodelist.render(context)
        key = (self.serial, *(k.resolve(context) for k in self.keys))
        html = _blocks.get(key)
        if html is None:
            html = self._render_with_markers(context)
            if len(_blocks) >= MAX_BLOCKS:
                forget_oldest(_blocks)
            _blocks[key] = html
        return self._fill(html, context)

    def _render_with_markers(self, context: template.Context) -> str:
        with context.push(**{name: _marker(i) for i, name in enumerate(self.holes)}):
            return self.nodelist.render(context)

    def _fill(self, html: str, context: template.Context) -> str:
        for index, name in enumerate(self.holes):
            marker = _marker(index)
            if marker in html:
                value = context.get(name, "")
                html = html.replace(marker, conditional_escape(value) if context.autoescape else str(value))
        return html


@register.tag
def memo(parser: template.base.Parser, token: template.base.Token) -> MemoNode:
    bits = token.split_contents()[1:]
    holes: tuple[str, ...] = ()
    if bits and bits[-1].startswith("holes="):
        holes = tuple(bits.pop()[len("holes="):].strip("\"'").split())
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(nodelist, [parser.compile_filter(bit) for bit in bits], holes)


def forget_all() -> None:
    """Drop every kept block (tests; a process that reloads its templates)."""
    _blocks.clear()

"""`{% memo key ... holes="name ..." %}…{% endmemo %}`: a block of a page rendered once per process
for each combination of its keys, and kept: for the parts every reader with the same keys sees alike
(the header, by language, the reader's name and the game; a lesson step's text, by step and
language). The keys must name everything the block shows: nothing is ever invalidated, a block is
only looked up again under other keys.

Values that differ from one response to the next (the CSRF token, the page's own address) are
holes: the block is rendered with a marker in each one's place, and every response gets its own
value there, escaped as the page would escape it. A hole may only be printed plainly (`{{ name }}`,
or `{% csrf_token %}` for the token), never through a filter. A block kept inside another may
hold the outer one's holes; its own holes must be the outer one's too (the outer block keeps
whatever the inner one printed).

With DEBUG on, blocks are rendered every time (templates edited while the server runs show at once).
"""
from __future__ import annotations

import re
from itertools import count

from django import template
from django.conf import settings
from django.utils.html import conditional_escape

from tutorials.core.bounded import forget_oldest

register = template.Library()

MAX_BLOCKS = 4096  # past this many kept blocks, the oldest go first (a few KB each: some MB a worker)
_blocks: dict[tuple, tuple[str | int, ...]] = {}  # a block cut at its holes (MemoNode._render_with_markers)
_serials = count()


def _marker(serial: int, index: int) -> str:
    """A stand-in for hole `index` of block `serial`: private-use characters, which no text of ours
    holds and escaping leaves alone. A block kept inside another leaves the outer one's alone."""
    return f"\ue000{serial}.{index}\ue001"


class MemoNode(template.Node):
    def __init__(self, nodelist: template.NodeList, keys: list[template.base.FilterExpression],
                 holes: tuple[str, ...]) -> None:
        self.nodelist = nodelist
        self.keys = keys
        self.holes = holes
        self.serial = next(_serials)  # this block's own, never reused (a template parsed again gets new ones)
        self.marked = re.compile(f"\ue000{self.serial}\\.([0-9]+)\ue001")  # its holes' markers, the index captured

    def render(self, context: template.Context) -> str:
        if settings.DEBUG:
            return self.nodelist.render(context)
        key = (self.serial, *(k.resolve(context) for k in self.keys))
        parts = _blocks.get(key)
        if parts is None:
            parts = self._render_with_markers(context)
            if len(_blocks) >= MAX_BLOCKS:
                forget_oldest(_blocks)
            _blocks[key] = parts
        return self._fill(parts, context)

    def _render_with_markers(self, context: template.Context) -> tuple[str | int, ...]:
        """The block, cut at its holes: text, then the index of a hole, and so on."""
        if not self.holes:
            return (self.nodelist.render(context),)
        with context.push(**{name: _marker(self.serial, i) for i, name in enumerate(self.holes)}):
            html = self.nodelist.render(context)
        parts: list[str | int] = self.marked.split(html)
        parts[1::2] = [int(index) for index in parts[1::2]]
        return tuple(parts)

    def _fill(self, parts: tuple[str | int, ...], context: template.Context) -> str:
        if len(parts) == 1:
            return parts[0]
        # only the holes the block holds: a CSRF token asked for is a token given out (and a cookie)
        values = {index: self._value(self.holes[index], context) for index in set(parts[1::2])}
        filled = list(parts)
        filled[1::2] = [values[index] for index in parts[1::2]]
        return "".join(filled)

    @staticmethod
    def _value(name: str, context: template.Context) -> str:
        value = context.get(name, "")
        return conditional_escape(value) if context.autoescape else str(value)


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

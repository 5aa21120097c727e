"""The card pictures' markup: every card an image with its Italian name; a face-down card that
only decorates (a count beside it says it all) is hidden from screen readers instead of being an
image without a name (axe's svg-img-alt)."""
from django.template import Context, Template

from tutorials.core.templatetags.cards import card_back


def _render(source: str) -> str:
    return Template("{% load cards %}" + source).render(Context())


def test_a_card_is_an_image_named_in_italian():
    html = _render('{% card "7D" %}')
    assert 'role="img"' in html and 'aria-label="Sette di Denari, settebello"' in html


def test_a_face_down_card_is_named_by_default():
    html = card_back()
    assert 'role="img"' in html and 'aria-label="A face-down card"' in html


def test_a_decorative_face_down_card_is_hidden_not_unnamed():
    html = _render('{% card_back css="card--tiny" label="" %}')
    assert 'aria-hidden="true"' in html
    assert "role=" not in html and "aria-label" not in html


def test_a_row_of_cards_is_the_cards_one_by_one():
    context = {"pile": ["7D", "1C", "10S"], "text": "7D 1C"}
    for loop, row in [
        ('{% for c in pile %}{% card c css="card--tiny" re_bello=True %}{% endfor %}',
         '{% cards pile css="card--tiny" re_bello=True %}'),
        ('{% for c in text.split %}{% card c game="settemezzo" %}{% endfor %}', '{% cards text.split game="settemezzo" %}'),
    ]:
        one_by_one = Template("{% load cards %}" + loop).render(Context(context))
        assert Template("{% load cards %}" + row).render(Context(context)) == one_by_one
        assert one_by_one.count("<svg") >= 2


def test_no_cards_is_nothing():
    assert _render("{% cards missing %}") == _render("{% for c in missing %}{% card c %}{% endfor %}") == ""
    assert Template("{% load cards %}{% cards pile %}").render(Context({"pile": []})) == ""

"""Sign-up and log-in pages (issue 17): each error under the field it is about and tied to it for
screen readers, a welcome message after signing up."""
import re

import pytest

pytestmark = pytest.mark.django_db


def _row(html: str, name: str) -> str:
    """The form row of one field: its label, input, errors and help."""
    start = html.index(f'<label for="id_{name}"')
    end = html.find('<div class="form__row', start)
    return html[start:end if end > 0 else None]


def test_a_password_rule_broken_is_reported_under_the_password(client):
    response = client.post("/accounts/signup/", {"username": "ada", "password1": "short", "password2": "short"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "too short" in _row(html, "password1")
    assert "too short" not in _row(html, "password2")


def test_a_confirmation_that_differs_is_reported_under_the_confirmation(client):
    response = client.post("/accounts/signup/", {
        "username": "ada", "password1": "a long enough password 17", "password2": "another long password 17"})
    html = response.content.decode()
    assert "didn’t match" in _row(html, "password2")
    assert "didn’t match" not in _row(html, "password1")


def test_errors_and_help_are_tied_to_their_field(client):
    html = client.post("/accounts/signup/", {"username": "ada", "password1": "short", "password2": "x"}).content.decode()
    field = re.search(r'<input type="password" name="password1"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in field
    described = re.search(r'aria-describedby="([^"]+)"', field).group(1).split()
    assert described == ["id_password1_errors", "id_password1_helptext"]
    for element_id in described:  # every id it names exists
        assert f'id="{element_id}"' in html


def test_signing_up_says_so_on_the_next_page(client):
    response = client.post("/accounts/signup/", {
        "username": "ada", "password1": "a long enough password 17", "password2": "a long enough password 17"},
        follow=True)
    assert response.redirect_chain[-1][0].endswith("/progress/")
    html = response.content.decode()
    assert 'data-testid="messages"' in html and "Welcome, ada: your account is ready" in html
    assert "Welcome" not in client.get("/progress/").content.decode()  # said once


def test_a_wrong_password_at_log_in_is_one_message_for_the_form(client):
    response = client.post("/accounts/login/", {"username": "nobody", "password": "wrong"})
    html = response.content.decode()
    assert 'class="alert" role="alert"' in html and "correct username and password" in html


def test_the_first_field_to_correct_is_focused(client):
    html = client.post("/accounts/signup/", {"username": "ada", "password1": "short", "password2": "x"}).content.decode()
    assert re.findall(r'<input [^>]*autofocus[^>]*>', html) == [re.search(r'<input [^>]*name="password1"[^>]*>', html).group(0)]


@pytest.mark.parametrize(("language", "help_text"), [
    ("en", "Up to 150 characters: letters, digits and @ . + - _ only. No email address is needed."),
    ("it", "Fino a 150 caratteri: solo lettere, cifre e @ . + - _. Non serve un indirizzo email."),
])
def test_the_username_help_is_ours_in_both_languages(client, language, help_text):
    html = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert help_text in html and "meno.Solo" not in html  # Django's Italian runs two sentences together

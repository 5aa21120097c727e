"""Students a teacher makes from a list of names (issue 15): generated usernames, easy passwords
shown once on printable login cards, no email; the teacher resets a password; the quick sign-in
for young children; real names seen only by the class's teachers; moving, removing, export and
erasure keep or remove exactly what they say."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.classroom.support import a_class, client_of, student_of, teacher
from tutorials.classroom.codes import PERSONAL_CODE_ALPHABET
from tutorials.classroom.models import QUICK_SIGNIN_TRIES, Membership
from tutorials.classroom.services import sign_in_name_for, students_create
from tutorials.lessons.models import Lesson, LessonProgress

pytestmark = pytest.mark.django_db

NAMES = "Stella Rossi\n\n  Marco   Bianchi \nStella Ricci\nAda"


def _url(name: str, classroom, membership=None) -> str:
    args = [classroom.public_id] + ([membership.public_id] if membership else [])
    return reverse(f"classroom:{name}", args=args)


def _cards(response) -> list[dict]:
    """The login cards on the page: what a teacher would read off them."""
    page = response.content.decode()
    cards = []
    for block in page.split('data-testid="card"')[1:]:
        fields = dict(re.findall(r'data-testid="(username|password|code|sign-in-name)">([^<]*)<', block))
        cards.append(fields)
    return cards


def _add(classroom, names: str = NAMES):
    return client_of(classroom.owner).post(_url("students_add", classroom), {"names": names})


def test_students_from_a_list_of_names_get_accounts_and_cards_shown_once():
    classroom = a_class()
    response = _add(classroom)
    assert response.status_code == 200
    cards = _cards(response)
    assert len(cards) == 4
    members = list(Membership.objects.filter(classroom=classroom).select_related("user").order_by("pk"))
    assert [m.real_name for m in members] == ["Stella Rossi", "Marco Bianchi", "Stella Ricci", "Ada"]
    for card, member in zip(cards, members, strict=True):
        user = member.user
        assert member.managed and user.email == "" and card["username"] == user.username
        assert not re.search(r"stella|marco|ada|rossi", user.username, re.I)  # the username names no one
        assert user.check_password(card["password"]) and len(card["password"]) <= 20
        assert card["password"] not in user.password  # only a hash is kept
    again = client_of(classroom.owner).get(_url("class_show", classroom)).content.decode()
    assert not any(card["password"] in again for card in cards)
    assert "Stella Rossi" in again


def test_the_print_stylesheet_prints_only_the_cards():
    from django.conf import settings

    css = (settings.BASE_DIR / "static/css/site.css").read_text()
    printed = css[css.index("@media print"):]
    assert ".site-header" in printed and ".no-print" in printed and "display: none" in printed
    assert "break-inside: avoid" in css[css.index(".login-card {"):]


def test_a_student_logs_in_with_the_card():
    classroom = a_class()
    card = _cards(_add(classroom, "Stella Rossi"))[0]
    client = Client()
    response = client.post(reverse("login"), {"username": card["username"], "password": card["password"]})
    assert response.status_code == 302
    assert client.get("/").wsgi_request.user.username == card["username"]


@pytest.mark.parametrize("names, message", [
    ("", b"one a line"), ("\n \n", b"one a line"), ("x" * 121, b"longer than 120"),
    ("\n".join(f"S{n}" for n in range(61)), b"At most 60"),
])
def test_a_bad_list_of_names_is_a_400_and_makes_no_account(names, message):
    classroom = a_class()
    response = _add(classroom, names)
    assert response.status_code == 400 and message in response.content
    assert not Membership.objects.exists() and User.objects.count() == 1


def test_sign_in_names_are_a_first_name_and_an_initial_numbered_when_taken():
    taken: set[str] = set()
    assert [sign_in_name_for(n, taken) for n in ["Stella Rossi", "Stella Ricci", "Ada", "stella  rossi"]] == [
        "Stella R.", "Stella R. 2", "Ada", "stella R. 3"]


def test_the_teacher_resets_a_password_and_the_old_one_stops_working():
    classroom = a_class()
    old = _cards(_add(classroom, "Stella Rossi"))[0]
    membership = Membership.objects.get()
    response = client_of(classroom.owner).post(_url("student_reset", classroom, membership))
    new = _cards(response)[0]
    assert response.status_code == 200 and new["username"] == old["username"] and new["password"] != old["password"]
    membership.user.refresh_from_db()
    assert membership.user.check_password(new["password"]) and not membership.user.check_password(old["password"])


def test_only_managed_accounts_are_reset_by_the_teacher():
    classroom = a_class()
    student_of(classroom)
    membership = Membership.objects.get()
    response = client_of(classroom.owner).post(_url("student_reset", classroom, membership))
    assert response.status_code == 400 and b"only they can change" in response.content


def _quick_class():
    classroom = a_class()
    classroom.quick_signin = True
    classroom.save()
    card = _cards(_add(classroom, "Stella Rossi\nMarco Bianchi"))[0]
    return classroom, card, Membership.objects.get(user__username=card["username"])


def test_quick_sign_in_with_the_class_code_a_name_and_a_personal_code():
    classroom, card, membership = _quick_class()
    assert len(card["code"]) == 4 and set(card["code"]) <= set(PERSONAL_CODE_ALPHABET)
    client = Client()
    page = client.get(reverse("classroom:join_class", args=[classroom.code.lower()])).content.decode()
    assert "Stella R." in page and "Marco B." in page
    assert "Rossi" not in page and "Bianchi" not in page  # the list shows initials, never whole names
    url = reverse("classroom:quick_sign_in", args=[classroom.code])
    response = client.post(url, {"student": membership.public_id, "code": f" {card['code'].upper()} "})
    assert response.status_code == 302 and response.url == "/"
    assert client.get("/").wsgi_request.user == membership.user


def test_quick_sign_in_refuses_wrong_codes_then_locks_until_the_teacher_resets(no_rate_limits):
    classroom, card, membership = _quick_class()
    url = reverse("classroom:quick_sign_in", args=[classroom.code])
    wrong = "zzzz" if card["code"] != "zzzz" else "yyyy"
    for _ in range(QUICK_SIGNIN_TRIES):
        response = Client().post(url, {"student": membership.public_id, "code": wrong})
        assert response.status_code == 400 and b"do not match" in response.content
    response = Client().post(url, {"student": membership.public_id, "code": card["code"]})
    assert response.status_code == 400 and b"ask your teacher for a new card" in response.content
    new = _cards(client_of(classroom.owner).post(_url("student_reset", classroom, membership)))[0]
    assert Client().post(url, {"student": membership.public_id, "code": new["code"]}).status_code == 302


def test_quick_sign_in_is_rate_limited_per_session():
    classroom, card, membership = _quick_class()
    url = reverse("classroom:quick_sign_in", args=[classroom.code])
    client = Client()
    client.get(reverse("classroom:join_class", args=[classroom.code]))
    client.session.save()
    statuses = [client.post(url, {"student": "x", "code": "abcd"}).status_code for _ in range(25)]
    assert statuses[0] == 400 and statuses[-1] == 429


@pytest.mark.parametrize("data", [{}, {"student": "nobody", "code": "abcd"}, {"student": "x" * 300, "code": "a"},
                                  {"code": "abcd"}])
def test_quick_sign_in_with_bad_input_is_a_400(data):
    classroom, _card, _m = _quick_class()
    assert Client().post(reverse("classroom:quick_sign_in", args=[classroom.code]), data).status_code == 400


def test_without_the_quick_sign_in_the_join_page_lists_no_names():
    classroom = a_class()
    card = _cards(_add(classroom, "Stella Rossi"))[0]
    membership = Membership.objects.get()
    page = Client().get(reverse("classroom:join_class", args=[classroom.code])).content.decode()
    assert "Stella" not in page
    response = Client().post(reverse("classroom:quick_sign_in", args=[classroom.code]),
                             {"student": membership.public_id, "code": card.get("code", "abcd")})
    assert response.status_code == 400


def test_moving_and_removing_keep_the_students_progress():
    classroom = a_class()
    other = a_class(classroom.owner, "4A")
    stranger = a_class(teacher("otto"), "3C")
    students_create(classroom=classroom, names=["Stella Rossi"])
    managed = Membership.objects.get()
    own = Membership.objects.get(user=student_of(classroom, "leo", "Leo B."))
    lesson = Lesson.objects.create(game="scopa", slug="l", order=1, title_en="L")
    LessonProgress.objects.create(user=own.user, lesson=lesson, completed=True, stars=3)
    client = client_of(classroom.owner)
    assert client.post(_url("student_move", classroom, managed), {"to": stranger.public_id}).status_code == 400
    assert client.post(_url("student_move", classroom, managed), {"to": other.public_id}).status_code == 302
    managed.refresh_from_db()
    assert managed.classroom == other
    response = client.post(_url("student_remove", other, managed))
    assert response.status_code == 400 and b"move the student" in response.content
    assert client.post(_url("student_remove", classroom, own)).status_code == 302
    assert not Membership.objects.filter(pk=own.pk).exists()
    assert LessonProgress.objects.filter(user=own.user, stars=3).exists()


def test_export_holds_the_students_data_as_json_and_csv():
    classroom = a_class()
    students_create(classroom=classroom, names=["=HYPERLINK(1) Rossi"])
    membership = Membership.objects.get()
    lesson = Lesson.objects.create(game="scopa", slug="l", order=1, title_en="Capturing")
    LessonProgress.objects.create(user=membership.user, lesson=lesson, completed=True, stars=2)
    client = client_of(classroom.owner)
    data = json.loads(client.get(_url("student_export_json", classroom, membership)).content)
    assert data["class"]["real_name"] == "=HYPERLINK(1) Rossi"
    assert data["lessons"][0] | {"updated": None} == {
        "game": "scopa", "lesson": "Capturing", "step": 1, "completed": True, "stars": 2, "mistakes": 0,
        "updated": None}
    response = client.get(_url("student_export_csv", classroom, membership))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["record", "number", "field", "value"]
    assert ["class", "1", "real_name", "'=HYPERLINK(1) Rossi"] in rows  # never a formula
    assert ["lessons", "1", "stars", "2"] in rows


def test_erasing_a_managed_student_deletes_the_account_and_everything_it_did():
    classroom = a_class()
    students_create(classroom=classroom, names=["Stella Rossi"])
    membership = Membership.objects.get()
    lesson = Lesson.objects.create(game="scopa", slug="l", order=1, title_en="L")
    LessonProgress.objects.create(user=membership.user, lesson=lesson)
    client = client_of(classroom.owner)
    url = _url("student_erase", classroom, membership)
    assert client.get(url).status_code == 200
    assert client.post(url, {"confirm": "someone else"}).status_code == 400
    assert client.post(url, {"confirm": membership.user.username}).status_code == 302
    assert not User.objects.filter(pk=membership.user_id).exists()
    assert not LessonProgress.objects.exists()


def test_erasing_a_student_with_their_own_account_only_takes_them_out_of_the_class():
    classroom = a_class()
    leo = student_of(classroom, "leo", "Leo Bianchi")
    membership = Membership.objects.get()
    client_of(classroom.owner).post(_url("student_erase", classroom, membership), {"confirm": "leo"})
    assert User.objects.filter(pk=leo.pk).exists() and not Membership.objects.exists()


def test_a_managed_account_cannot_join_another_class_or_become_a_teacher():
    classroom = a_class()
    students_create(classroom=classroom, names=["Stella Rossi"])
    user = Membership.objects.get().user
    other = a_class(teacher("otto"), "4A")
    client = client_of(user)
    response = client.post(reverse("classroom:join_class", args=[other.code]), {})
    assert response.status_code == 400 and b"made for another class" in response.content
    response = client.post(reverse("classroom:account"), {"teacher": "on"})
    assert response.status_code == 400 and b"cannot run classes" in response.content


def test_students_never_see_real_names():
    classroom = a_class()
    students_create(classroom=classroom, names=["Stella Rossi", "Marco Bianchi"])
    stella = Membership.objects.get(real_name="Stella Rossi").user
    client = client_of(stella)
    for url in ["/", reverse("classroom:classes"), reverse("classroom:account"), reverse("progress"),
                reverse("classroom:join_class", args=[classroom.code])]:
        page = client.get(url).content.decode()
        assert "Rossi" not in page and "Bianchi" not in page and "Marco" not in page, url

"""Teachers and classes (issue 15): the teacher account, classes with their code, join link and QR
code, co-teachers, house rules, archive and restore; learners joining with their own accounts."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.classroom.support import a_class, client_of, learner, student_of, teacher
from tutorials.classroom.codes import CLASS_CODE_ALPHABET, normal_class_code
from tutorials.classroom.models import MAX_CO_TEACHERS, Classroom, Membership, Teacher

pytestmark = pytest.mark.django_db


def _url(name: str, classroom: Classroom | None = None) -> str:
    return reverse(f"classroom:{name}", args=[classroom.public_id] if classroom else [])


def test_sign_up_as_a_teacher_lands_on_the_list_of_classes(client):
    response = client.post(reverse("signup"), {
        "username": "tina", "password1": "a-long-password-1", "password2": "a-long-password-1", "teacher": "on"})
    assert response.status_code == 302 and response.url == _url("classes")
    assert Teacher.objects.filter(user__username="tina").exists()
    client.post(reverse("logout"))
    client.post(reverse("signup"), {
        "username": "leo", "password1": "a-long-password-1", "password2": "a-long-password-1"})
    assert not Teacher.objects.filter(user__username="leo").exists()


def test_the_account_page_turns_the_teacher_account_on():
    leo = learner()
    client = client_of(leo)
    assert client.get(_url("class_new")).status_code == 403
    page = client.get(_url("account"))
    assert page.status_code == 200 and b"Teacher account" in page.content
    assert client.post(_url("account"), {}).status_code == 400  # the box not ticked: nothing to do
    assert client.post(_url("account"), {"teacher": "on"}).status_code == 302
    assert Teacher.objects.filter(user=leo).exists()
    assert client.get(_url("class_new")).status_code == 200


def test_a_teacher_makes_a_class_with_a_random_id_and_code():
    tina = teacher()
    client = client_of(tina)
    response = client.post(_url("class_new"), {"name": "5B", "description": "Tuesdays, room 4"})
    classroom = Classroom.objects.get()
    assert response.status_code == 302 and response.url == _url("class_show", classroom)
    assert len(classroom.public_id) >= 16 and not classroom.public_id.isdigit()
    assert len(classroom.code) == 6 and set(classroom.code) <= set(CLASS_CODE_ALPHABET)
    assert a_class(tina).public_id != classroom.public_id
    page = client.get(_url("class_show", classroom)).content.decode()
    assert classroom.code in page and f"/join/{classroom.code}/" in page
    assert '<svg role="img"' in page and "<title>QR code of the join link of 5B</title>" in page
    listing = client.get(_url("classes")).content.decode()
    assert "5B" in listing and classroom.public_id in listing


def test_the_qr_code_is_an_svg_file_of_the_join_link():
    classroom = a_class()
    response = client_of(classroom.owner).get(_url("class_qr", classroom))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<?xml") and b'xmlns="http://www.w3.org/2000/svg"' in response.content


@pytest.mark.parametrize("data", [{"name": ""}, {"name": "x" * 81}, {"name": "ok", "description": "d" * 1001}])
def test_a_class_form_with_bad_input_is_a_400_with_a_message(data):
    tina = teacher()
    response = client_of(tina).post(_url("class_new"), data)
    assert response.status_code == 400 and b"field-error" in response.content
    classroom = a_class(tina)
    response = client_of(tina).post(_url("class_edit", classroom), data)
    assert response.status_code == 400 and b"field-error" in response.content
    classroom.refresh_from_db()
    assert classroom.name == "5B"


def test_editing_a_class():
    classroom = a_class()
    response = client_of(classroom.owner).post(_url("class_edit", classroom), {"name": "5C", "description": ""})
    assert response.status_code == 302
    classroom.refresh_from_db()
    assert (classroom.name, classroom.description) == ("5C", "")


def test_house_rules_are_the_practice_table_options_of_each_game():
    classroom = a_class()
    client = client_of(classroom.owner)
    page = client.get(_url("class_rules", classroom)).content.decode()
    assert "Re bello" in page and "How the dealer draws" in page and "Deal number" not in page
    response = client.post(_url("class_rules", classroom), {
        "game": "scopa", "scopa-variant": "SCOPA_2P", "scopa-opponent": "greedy", "scopa-re_bello": "on"})
    assert response.status_code == 302
    classroom.refresh_from_db()
    assert classroom.house_rules == {"scopa": {"variant": "SCOPA_2P", "opponent": "greedy", "re_bello": True}}
    assert 'name="scopa-re_bello" checked' in client.get(_url("class_rules", classroom)).content.decode().replace(
        'id="id_scopa-re_bello" ', "").replace('type="checkbox" ', "")


@pytest.mark.parametrize("data", [
    {"game": "chess"}, {}, {"game": "scopa", "scopa-variant": "CHESS", "scopa-opponent": "greedy"},
    {"game": "settemezzo", "settemezzo-players": "99"},
])
def test_bad_house_rules_are_a_400_and_change_nothing(data):
    classroom = a_class()
    response = client_of(classroom.owner).post(_url("class_rules", classroom), data)
    assert response.status_code == 400
    assert b'role="alert"' in response.content or b'class="field-error"' in response.content
    classroom.refresh_from_db()
    assert classroom.house_rules == {}


def test_co_teachers_up_to_ten_each_a_teacher():
    classroom = a_class()
    client = client_of(classroom.owner)
    url = _url("class_teachers", classroom)
    learner("leo")
    for name in ("nobody", "leo"):
        response = client.post(url, {"username": name})
        assert response.status_code == 400 and b"needs a teacher account" in response.content
    assert client.post(url, {"username": classroom.owner.username}).status_code == 400
    for n in range(MAX_CO_TEACHERS):
        assert client.post(url, {"username": teacher(f"co{n}").username}).status_code == 302
    assert client.post(url, {"username": "co0"}).status_code == 302  # again: still one of ten
    response = client.post(url, {"username": teacher("co10").username})
    assert response.status_code == 400 and b"at most 10" in response.content
    assert classroom.co_teachers.count() == MAX_CO_TEACHERS
    assert client.post(url, {"remove": "co3"}).status_code == 302
    assert not classroom.co_teachers.filter(username="co3").exists()


def test_a_co_teacher_sees_the_class_but_only_its_maker_manages_teachers_and_archives():
    classroom = a_class()
    co = teacher("cora")
    classroom.co_teachers.add(co)
    client = client_of(co)
    assert client.get(_url("class_show", classroom)).status_code == 200
    assert "5B" in client.get(_url("classes")).content.decode()
    assert client.get(_url("class_teachers", classroom)).status_code == 403
    assert client.post(_url("class_archive", classroom), {"archive": "1"}).status_code == 403
    classroom.refresh_from_db()
    assert not classroom.is_archived


def test_archive_and_restore():
    classroom = a_class()
    client = client_of(classroom.owner)
    assert client.post(_url("class_archive", classroom), {"archive": "1"}).status_code == 302
    classroom.refresh_from_db()
    assert classroom.is_archived
    assert 'data-testid="archived"' in client.get(_url("classes")).content.decode()
    assert client_of(learner()).get(reverse("classroom:join_class", args=[classroom.code])).status_code == 404
    client.post(_url("class_archive", classroom), {"archive": "0"})
    classroom.refresh_from_db()
    assert not classroom.is_archived


@pytest.mark.parametrize("typed", ["k7pm2q", " K7P-M2Q ", "k7 pm 2q"])
def test_a_class_code_is_read_however_it_is_typed(typed):
    assert normal_class_code(typed) == "K7PM2Q"


@pytest.mark.parametrize("typed", ["", "K7PM2", "K7PM2QQ", "K0PM2Q", "K7PM2Ö", "<script>"])
def test_a_malformed_class_code_is_refused(typed):
    assert normal_class_code(typed) == ""


def test_joining_by_code_with_an_account_of_ones_own(client):
    classroom = a_class()
    leo = learner()
    assert client.get(reverse("classroom:join"), {"code": "nope"}).status_code == 400
    assert client.get(reverse("classroom:join"), {"code": "ZZZZZZ"}).status_code == 400
    found = client.get(reverse("classroom:join"), {"code": classroom.code.lower()})
    assert found.status_code == 302 and found.url == reverse("classroom:join_class", args=[classroom.code])
    page = client.get(found.url).content.decode()
    assert "Log in" in page and "Tuesdays" not in page  # anonymous: asked to sign in, sees little
    response = client.post(found.url, {})
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    client.force_login(leo)
    assert client.post(found.url, {"real_name": "Leo Bianchi"}).status_code == 302
    assert client.post(found.url, {"real_name": "Leo B."}).status_code == 302  # twice is once
    membership = Membership.objects.get(user=leo)
    assert (membership.classroom, membership.real_name, membership.managed) == (classroom, "Leo Bianchi", False)
    assert 'data-testid="member"' in client.get(found.url).content.decode()
    assert "5B" in client.get(_url("classes")).content.decode()


def test_a_teacher_cannot_join_their_own_class_and_nobody_joins_an_archived_one():
    classroom = a_class()
    url = reverse("classroom:join_class", args=[classroom.code])
    response = client_of(classroom.owner).post(url, {})
    assert response.status_code == 400 and b"You teach this class" in response.content
    classroom.archived = classroom.created
    classroom.save()
    assert client_of(learner()).post(url, {}).status_code == 404
    assert not Membership.objects.exists()


def test_the_student_list_shows_real_names_to_the_teacher():
    classroom = a_class()
    student_of(classroom, "stu", "Stella Rossi")
    page = client_of(classroom.owner).get(_url("class_show", classroom)).content.decode()
    assert "Stella Rossi" in page and "stu" in page


def test_a_class_page_is_a_404_to_everyone_but_its_teachers():
    classroom = a_class()
    student = student_of(classroom)
    other = a_class(teacher("otto"), "4A")
    staff = User.objects.create_user("sam", is_staff=True, is_superuser=True)
    for user in (student, other.owner, staff, learner("leo")):
        assert client_of(user).get(_url("class_show", classroom)).status_code == 404
    response = client_of(None).get(_url("class_show", classroom))
    assert response.status_code == 302 and re.match(r"/accounts/login/\?next=", response.url)

"""Live sessions started from a class (tutorials/classroom/live.py, issue 16): the class's teachers
(its maker and its co-teachers) host them and read their reports; its students join as themselves
under their sign-in name, with no name to pick; a student of another class, a plain learner and a
teacher of another class are refused with a message; the real name, which only the class's
teachers see, is in no page a player or the projector shows. Ad-hoc sessions are hosted by
teacher accounts."""
from __future__ import annotations

import csv
import io
from types import SimpleNamespace

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.classroom.support import a_class, client_of, learner, student_of, teacher
from tests.conftest import starter_specs
from tests.live.support import at, move, wrong_answer
from tutorials.classroom.live import ClassRoster
from tutorials.classroom.selectors import student_export
from tutorials.classroom.services import student_erase, students_create
from tutorials.live import services
from tutorials.live.models import LiveSession, Player
from tutorials.live.questions import from_puzzle
from tutorials.live.rosters import roster_of
from tutorials.puzzles.models import Puzzle, ReviewCard
from tutorials.puzzles.services import puzzles_store

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
REAL_NAMES = ("Stella Rossi", "Rossi", "Jo Verdi", "Verdi", "Olga Neri")


@pytest.fixture
def w():
    """5B: its maker, a co-teacher, a student whose account the teacher made ("Stella Rossi",
    sign-in name "Stella R.") and one who joined with their own ("jo", "Jo Verdi"); 4A with its
    own teacher and student; a plain learner; three puzzles in the bank."""
    for game in ("scopa", "settemezzo", "stoppa"):
        puzzles_store(game=game, specs=starter_specs(game)[:1])
    owner, co = teacher("tina"), teacher("cora")
    classroom = a_class(owner, "5B")
    classroom.co_teachers.add(co)
    (card,) = students_create(classroom=classroom, names=["Stella Rossi"])
    other = a_class(teacher("otto"), "4A")
    return SimpleNamespace(
        classroom=classroom, owner=owner, co=co, stella=card.membership.user, jo=student_of(classroom, "jo", "Jo Verdi"),
        other=other, other_teacher=other.owner, olga=student_of(other, "olga", "Olga Neri"), leo=learner("leo"),
        puzzles=[Puzzle.objects.get(game=g) for g in ("scopa", "settemezzo", "stoppa")])


def class_session(w, host=None, classroom=None) -> LiveSession:
    return services.session_create(host=host or w.owner, drafts=[from_puzzle(p) for p in w.puzzles],
                                   title="Tuesday quiz", classroom=classroom or w.classroom)


def url(name: str, session: LiveSession) -> str:
    return reverse(f"live:{name}", args=[session.public_id])


def new_url(classroom) -> str:
    return reverse("live:new") + f"?class={classroom.public_id}"


def form(w) -> dict:
    return {"title": "", "game": "scopa", "theme": "", "rating_min": 0, "rating_max": 4000, "count": 0,
            "numbers": ", ".join(str(p.pk) for p in w.puzzles), "variant": "", "positions": "", "seconds": 30,
            "scoring": "value"}


def phone_of(user, session: LiveSession) -> Client:
    """A student's phone, signed in, that opened the PIN's link and pressed the one button."""
    phone = client_of(user)
    response = phone.post(reverse("live:join_pin", args=[session.pin]))
    assert response.status_code == 302 and response["Location"] == url("play", session)
    return phone


def assert_no_real_name(html: str) -> None:
    for name in REAL_NAMES:
        assert name not in html, name


# -- who may do what (the roster) ---------------------------------------------------------------------
def test_the_class_roster_says_who_hosts_joins_and_reads_the_report(w):
    session = class_session(w)
    roster = roster_of(session)
    assert isinstance(roster, ClassRoster) and roster.joins_as_self()
    people = {"owner": w.owner, "co": w.co, "other_teacher": w.other_teacher, "stella": w.stella, "jo": w.jo,
              "olga": w.olga, "leo": w.leo}
    teaches = {"owner", "co"}
    for name, user in people.items():
        assert roster.may_host(user) == (name in teaches), name
        assert roster.may_see_report(session, user) == (name in teaches), name
        assert roster.may_join(user) == (name in {"stella", "jo"}), name
    anonymous = Client().get("/").wsgi_request.user
    assert not (roster.may_host(anonymous) or roster.may_join(anonymous) or roster.may_see_report(session, anonymous))
    assert roster.name_of(w.stella) == "Stella R."  # the sign-in name of the quick sign-in list
    assert roster.name_of(w.jo) == "jo"  # their own account: the username they sign in with


def test_an_ad_hoc_session_is_hosted_by_a_teacher_account_and_has_no_class(w):
    adhoc = roster_of(None)
    assert adhoc.may_host(w.owner) and adhoc.may_host(w.other_teacher)
    assert not adhoc.may_host(w.leo) and not adhoc.may_host(w.stella)
    with pytest.raises(PermissionDenied):
        services.session_create(host=w.leo, drafts=[from_puzzle(w.puzzles[0])])
    session = services.session_create(host=w.owner, drafts=[from_puzzle(w.puzzles[0])])
    assert session.classroom is None and not roster_of(session).joins_as_self()
    assert roster_of(session).may_see_report(session, w.owner) and not roster_of(session).may_see_report(session, w.co)


def test_a_co_teacher_hosts_for_the_class_and_a_teacher_of_another_class_cannot(w):
    session = class_session(w, host=w.co)
    assert (session.host, session.classroom) == (w.co, w.classroom)
    for outsider in (w.other_teacher, w.stella, w.leo):
        with pytest.raises(PermissionDenied):
            class_session(w, host=outsider)
    w.classroom.archived = timezone.now()
    w.classroom.save()
    with pytest.raises(services.LiveError, match="archived"):
        class_session(w)
    assert LiveSession.objects.count() == 1


# -- joining as oneself ----------------------------------------------------------------------------------
def test_a_student_joins_as_themselves_under_their_sign_in_name_once(w):
    session = class_session(w)
    stella = services.player_join_as_self(session=session, user=w.stella)
    jo = services.player_join_as_self(session=session, user=w.jo)
    assert (stella.nickname, stella.user, stella.anon_key) == ("Stella R.", w.stella, "")
    assert jo.nickname == "jo"
    assert services.player_join_as_self(session=session, user=w.stella).pk == stella.pk  # a second device
    assert Player.objects.filter(session=session).count() == 2
    with pytest.raises(services.Refused, match="as themselves"):  # no generated name in a class's session
        services.player_join(session=session, nickname="Brave Otter", anon_key="k")


def test_others_are_refused_with_a_message(w):
    session = class_session(w)
    for outsider in (w.olga, w.leo, w.owner, w.co, w.other_teacher):
        with pytest.raises(services.NotInTheClass, match="students of one class") as refused:
            services.player_join_as_self(session=session, user=outsider)
        assert refused.value.status == 403
    adhoc = services.session_create(host=w.owner, drafts=[from_puzzle(w.puzzles[0])])
    with pytest.raises(services.NotInTheClass):  # an ad-hoc session has no class to join as oneself
        services.player_join_as_self(session=adhoc, user=w.stella)
    assert not Player.objects.exists()


def test_a_sign_in_name_someone_has_already_is_numbered(w):
    (nina,) = students_create(classroom=w.classroom, names=["Nina"])  # sign-in name "Nina"
    other_nina = student_of(w.classroom, "Nina", "Nina Blu")  # joined with an account named "Nina"
    session = class_session(w)
    first = services.player_join_as_self(session=session, user=nina.membership.user)
    second = services.player_join_as_self(session=session, user=other_nina)
    assert (first.nickname, second.nickname) == ("Nina", "Nina 2")


def test_a_locked_lobby_or_an_ended_session_takes_no_one_new(w):
    session = class_session(w)
    move(session, "lock")
    with pytest.raises(services.Refused, match="locked"):
        services.player_join_as_self(session=session, user=w.stella)
    move(session, "unlock")
    move(session, "finish")
    with pytest.raises(services.Refused, match="ended"):
        services.player_join_as_self(session=session, user=w.stella)


def test_a_class_students_mistakes_join_their_own_review_queue(w):
    session = class_session(w)
    stella = services.player_join_as_self(session=session, user=w.stella)
    jo = services.player_join_as_self(session=session, user=w.jo)
    move(session, "start")
    session.refresh_from_db()
    q = session.questions.get(number=0)
    services.answer_record(player=stella, number=0, answer=wrong_answer(q), now=at(1))
    services.answer_record(player=jo, number=0, answer=q.spec["solution"], now=at(2))
    move(session, "reveal", at(3))
    cards = ReviewCard.objects.filter(puzzle=q.puzzle)
    assert [(c.user_id, c.anon_key, c.lapses) for c in cards] == [(w.stella.pk, "", 1)]
    client = client_of(w.stella)  # the queue the student sees is theirs
    assert client.get(reverse("puzzle_review", args=[q.game])).status_code == 200
    assert not ReviewCard.objects.filter(user=w.jo).exists()


def test_a_students_live_answers_are_in_their_export_and_go_with_their_data(w):
    session = class_session(w)
    stella = services.player_join_as_self(session=session, user=w.stella)
    jo = services.player_join_as_self(session=session, user=w.jo)
    move(session, "start")
    session.refresh_from_db()
    q = session.questions.get(number=0)
    services.answer_record(player=stella, number=0, answer=wrong_answer(q), now=at(1))
    exported = student_export(w.classroom.members.get(user=w.stella))["live_answers"]
    assert [(a["name"], a["question"], a["answer"], a["best"]) for a in exported] == [
        ("Stella R.", 1, wrong_answer(q), False)]
    student_erase(membership=w.classroom.members.get(user=w.stella))  # an account the teacher made: all of it
    student_erase(membership=w.classroom.members.get(user=w.jo))  # their own: what this class kept
    assert not Player.objects.filter(pk__in=[stella.pk, jo.pk]).exists()


# -- over HTTP: hosting from the class page ----------------------------------------------------------------------
def test_the_class_page_starts_a_live_session_and_lists_its_reports(w):
    client = client_of(w.owner)
    page = client.get(reverse("classroom:class_show", args=[w.classroom.public_id])).content.decode()
    assert f'href="{new_url(w.classroom)}"' in page
    form_page = client.get(new_url(w.classroom))
    assert form_page.status_code == 200 and "New live session for 5B" in form_page.content.decode()
    assert form_page.context_data["form"]["title"].value() == "5B"
    response = client.post(new_url(w.classroom), form(w))
    session = LiveSession.objects.get()
    assert response.status_code == 302 and response["Location"] == url("host", session)
    assert (session.classroom, session.host, session.questions.count()) == (w.classroom, w.owner, 3)
    lobby = client.get(url("host", session)).content.decode()
    assert "Students of 5B: sign in, then join as yourselves." in lobby
    page = client.get(reverse("classroom:class_show", args=[w.classroom.public_id])).content.decode()
    assert f'href="{url("report", session)}"' in page and f'href="{url("host", session)}"' in page
    by_co = client_of(w.co).get(reverse("classroom:class_show", args=[w.classroom.public_id])).content.decode()
    assert f'href="{url("report", session)}"' in by_co
    assert f'href="{url("host", session)}"' not in by_co  # only its host runs it


def test_a_co_teacher_hosts_and_reads_every_report_of_the_class(w):
    mine = class_session(w)
    co = client_of(w.co)
    assert co.post(new_url(w.classroom), form(w)).status_code == 302
    theirs = LiveSession.objects.exclude(pk=mine.pk).get()
    assert theirs.host == w.co and theirs.classroom == w.classroom
    for session in (mine, theirs):
        for client in (co, client_of(w.owner)):
            assert client.get(url("report", session)).status_code == 200
            assert client.get(url("report_csv", session)).status_code == 200
    assert co.get(url("host", mine)).status_code == 404  # the host alone moves a session


def test_a_teacher_of_another_class_cannot_host_for_it_or_read_its_report(w):
    session = class_session(w)
    other = client_of(w.other_teacher)
    assert other.get(new_url(w.classroom)).status_code == 404
    assert other.post(new_url(w.classroom), form(w)).status_code == 404
    for name in ("report", "report_csv", "host"):
        assert other.get(url(name, session)).status_code == 404
    assert LiveSession.objects.count() == 1


@pytest.mark.parametrize("class_id", ["", "x" * 33, "5B\x00", "<script>", "nope"])
def test_an_odd_class_id_is_no_class(w, class_id):
    assert client_of(w.owner).get(reverse("live:new"), {"class": class_id}).status_code == 404


def test_a_plain_learner_hosts_nothing_and_is_told_why(w):
    leo = client_of(w.leo)
    refused = leo.get(reverse("live:new"))
    assert refused.status_code == 403 and "teacher account" in refused.content.decode()
    assert leo.post(reverse("live:new"), form(w)).status_code == 403
    assert leo.get(new_url(w.classroom)).status_code == 404
    assert "teacher account" in leo.get(reverse("live:home")).content.decode()
    assert not LiveSession.objects.exists()


def test_an_archived_class_starts_no_session(w):
    w.classroom.archived = timezone.now()
    w.classroom.save()
    client = client_of(w.owner)
    page = client.get(new_url(w.classroom))
    assert page.status_code == 400 and "archived" in page.content.decode()
    assert client.post(new_url(w.classroom), form(w)).status_code == 400
    assert not LiveSession.objects.exists()


# -- over HTTP: joining as oneself ------------------------------------------------------------------------------
def test_a_student_opens_the_pin_link_and_joins_as_themselves(w):
    session = class_session(w)
    phone = client_of(w.stella)
    page = phone.get(reverse("live:join_pin", args=[session.pin]))
    html = page.content.decode()
    assert page.status_code == 200 and "Join as Stella R." in html
    assert 'name="nickname"' not in html  # no names to pick
    assert_no_real_name(html)
    assert phone.post(reverse("live:join_pin", args=[session.pin])).status_code == 302
    player = Player.objects.get(session=session)
    assert (player.nickname, player.user) == ("Stella R.", w.stella)
    assert "Stella R." in phone.get(url("play", session)).content.decode()
    typed = phone.post(reverse("live:join"), {"pin": session.pin})  # the PIN typed: the same way in
    assert phone.get(typed["Location"])["Location"] == url("play", session)
    second_device = client_of(w.stella)
    assert second_device.get(reverse("live:join_pin", args=[session.pin]))["Location"] == url("play", session)
    assert Player.objects.filter(session=session).count() == 1


def test_a_visitor_signs_in_first_then_comes_back_to_join(w):
    session = class_session(w)
    response = Client().get(reverse("live:join_pin", args=[session.pin]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login")) and session.pin in response["Location"]
    assert Client().post(reverse("live:join_pin", args=[session.pin])).status_code == 302
    assert not Player.objects.exists()


def test_a_student_of_another_class_a_learner_and_a_teacher_are_refused_with_a_message(w):
    session = class_session(w)
    for user in (w.olga, w.leo, w.other_teacher, w.owner):
        client = client_of(user)
        for response in (client.get(reverse("live:join_pin", args=[session.pin])),
                         client.post(reverse("live:join_pin", args=[session.pin])),
                         client.post(reverse("live:join_pin", args=[session.pin]), {"nickname": "Brave Otter"})):
            assert response.status_code == 403, user
            assert "for the students of one class" in response.content.decode()
        assert client.get(url("play", session)).status_code == 302  # to the join page, which refuses
        answer = client.post(url("answer", session), {"number": 0, "answer": "x"}, **HTMX)
        assert answer.status_code == 403
    assert not Player.objects.exists()


def test_a_locked_lobby_says_so_to_a_student(w):
    session = class_session(w)
    move(session, "lock")
    refused = client_of(w.jo).post(reverse("live:join_pin", args=[session.pin]))
    assert refused.status_code == 409 and "locked" in refused.content.decode()


def test_the_home_page_says_live_now_to_the_class_students_only(w):
    session = class_session(w)
    stella = client_of(w.stella)
    home = stella.get("/").content.decode()
    assert 'data-testid="live-now"' in home and reverse("live:join_pin", args=[session.pin]) in home
    for outsider in (w.olga, w.leo, w.owner):
        assert 'data-testid="live-now"' not in client_of(outsider).get("/").content.decode()
    joined = stella.post(reverse("live:join_pin", args=[session.pin]))  # the notice's button
    assert joined["Location"] == url("play", session)
    move(session, "finish")
    assert 'data-testid="live-now"' not in stella.get("/").content.decode()


# -- the real name stays with the teachers ----------------------------------------------------------------------
def test_the_real_name_is_in_no_players_or_projectors_page_but_in_the_teachers_report(w):
    session = class_session(w)
    host = client_of(w.owner)
    phones = [phone_of(w.stella, session), phone_of(w.jo, session)]
    pages = [host.get(url("host", session))]
    for step in ("start", "reveal", "next", "reveal", "next", "reveal", "next"):
        session.refresh_from_db()
        if step == "reveal":
            q = session.questions.get(number=session.current)
            for phone in phones:
                pages.append(phone.post(url("answer", session), {"number": session.current,
                                                                  "answer": q.spec["solution"]}, **HTMX))
        pages.append(host.post(url("move", session), {"move": step, "version": session.version}, **HTMX))
        session.refresh_from_db()
        for phone in phones:
            pages += [phone.get(url("play", session)), phone.get(url("play_poll", session) + "?v=-1", **HTMX)]
        pages += [host.get(url("host", session)), host.get(url("host_poll", session) + "?v=-1&c=-1", **HTMX)]
    session.refresh_from_db()
    assert session.state == "finished"
    for page in pages:
        assert page.status_code in (200, 286)
        assert_no_real_name(page.content.decode())
    assert "Stella R." in pages[-2].content.decode()  # the final leaderboard names her as the class knows her
    report = host.get(url("report", session)).content.decode()
    assert "Stella Rossi" in report and "Jo Verdi" in report  # the report is the class's teachers' alone
    rows = list(csv.reader(io.StringIO(host.get(url("report_csv", session)).content.decode())))
    assert rows[0][-1] == "real name" and {r[-1] for r in rows[1:]} == {"Stella Rossi", "Jo Verdi"}
    assert {r[0] for r in rows[1:]} == {"Stella R.", "jo"}

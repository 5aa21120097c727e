"""The classroom's pages: a teacher's classes, one class (its code, join link and QR code, its
students), its settings; a learner joining a class; the account page's teacher switch.

Every class page is the class's teachers' only (tutorials.classroom.access); bad input is a 400
with the form again and a message, never a 500.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tutorials.classroom import results, selectors, services
from tutorials.classroom.access import is_owner, taught_class
from tutorials.classroom.codes import normal_class_code
from tutorials.classroom.csv import csv_response
from tutorials.classroom.forms import (
    ASSIGNMENT_FORMS,
    ClassForm,
    CoTeacherForm,
    JoinClassForm,
    JoinCodeForm,
    MoveForm,
    QuickSignInForm,
    StudentsForm,
    TeacherForm,
    house_rules_form,
    house_rules_query,
)
from tutorials.classroom.live import sessions_of
from tutorials.classroom.models import Classroom, Membership
from tutorials.classroom.services import ClassroomError, Credentials
from tutorials.core.games import GAMES_BY_SLUG
from tutorials.core.qr import qr_svg
from tutorials.core.ratelimit import allow
from tutorials.lessons.models import Lesson
from tutorials.tables.registry import ADAPTERS

GET_OR_POST = ["GET", "HEAD", "POST"]
REVIEW_DUE_DAYS = 7
TOO_MANY_SIGNINS = _lazy("Many sign-ins were tried from here in the last minutes. Wait a little, then try again.")


def _posted(request: HttpRequest) -> Any:
    """The posted form data, even when empty (an empty POST is a form sent blank: a 400)."""
    return request.POST if request.method == "POST" else None


def _status(request: HttpRequest) -> int:
    """A form page shown again after a POST was refused is a 400; a GET is a 200."""
    return 400 if request.method == "POST" else 200


def join_url(request: HttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse("classroom:join_class", args=[classroom.code]))


# -- the account page and the list of classes ------------------------------------------------------
@login_required
@require_http_methods(GET_OR_POST)
def account(request: HttpRequest) -> HttpResponse:
    """The account page: the teacher switch (on only: a teacher's classes need their teacher)."""
    teacher = selectors.is_teacher(request.user)
    form = TeacherForm(_posted(request), initial={"teacher": teacher})
    error = ""
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["teacher"]:
            try:
                services.teacher_enable(user=request.user)
                return redirect("classroom:classes")
            except ClassroomError as refused:
                error = str(refused)
        else:
            error = _("Leave the teacher account on: your classes need their teacher.") if teacher else \
                _("Tick the box to turn on the teacher account.")
    return TemplateResponse(request, "classroom/account.html", {
        "form": form, "teacher": teacher, "error": error, "memberships": selectors.memberships_of(request.user),
    }, status=_status(request))  # a POST that comes this far was refused


@login_required
@require_safe
def classes(request: HttpRequest) -> TemplateResponse:
    """A teacher's classes (open and archived); the classes a student is in."""
    teacher = selectors.is_teacher(request.user)
    taught, archived = selectors.classes_taught(request.user) if teacher else ([], [])
    return TemplateResponse(request, "classroom/classes.html", {
        "teacher": teacher, "taught": taught, "archived": archived,
        "memberships": selectors.memberships_of(request.user),
    })


@login_required
@require_http_methods(GET_OR_POST)
def class_new(request: HttpRequest) -> HttpResponse:
    if not selectors.is_teacher(request.user):
        raise PermissionDenied(_("Turn on the teacher account in your account page to make classes."))
    form = ClassForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.classroom_create(owner=request.user, **form.cleaned_data)
        except ClassroomError as refused:
            form.add_error(None, str(refused))
        else:
            return redirect("classroom:class_show", class_id=classroom.public_id)
    return TemplateResponse(request, "classroom/class_form.html", {"form": form, "classroom": None},
                            status=_status(request))


# -- one class ----------------------------------------------------------------------------------
@login_required
@require_safe
def class_show(request: HttpRequest, class_id: str) -> TemplateResponse:
    classroom = taught_class(request, class_id)
    return TemplateResponse(request, "classroom/class.html", _class_context(request, classroom))


def _class_context(request: HttpRequest, classroom: Classroom, **more: Any) -> dict[str, Any]:
    link = join_url(request, classroom)
    return {
        "classroom": classroom, "owner": is_owner(request, classroom), "join_link": link,
        "qr": qr_svg(link, _("QR code of the join link of %(name)s") % {"name": classroom.name}),
        "students": selectors.students_of(classroom), "assignments": list(classroom.assignments.order_by("due", "pk")),
        "reviews": results.review_plans(classroom), "live_sessions": sessions_of(classroom), **more,
    }


@login_required
@require_safe
def class_qr(request: HttpRequest, class_id: str) -> HttpResponse:
    """The join link's QR code on its own, as an SVG file (to put on a slide or a worksheet)."""
    classroom = taught_class(request, class_id)
    svg = qr_svg(join_url(request, classroom), _("Join %(name)s") % {"name": classroom.name})
    svg = svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)  # a file of its own
    return HttpResponse('<?xml version="1.0" encoding="utf-8"?>\n' + svg, content_type="image/svg+xml")


@login_required
@require_http_methods(GET_OR_POST)
def class_edit(request: HttpRequest, class_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    form = ClassForm(_posted(request), initial={
        "name": classroom.name, "description": classroom.description, "quick_signin": classroom.quick_signin})
    if request.method == "POST" and form.is_valid():
        services.classroom_update(classroom=classroom, **form.cleaned_data)
        return redirect("classroom:class_show", class_id=classroom.public_id)
    return TemplateResponse(request, "classroom/class_form.html", {"form": form, "classroom": classroom},
                            status=_status(request))


@login_required
@require_http_methods(GET_OR_POST)
def class_rules(request: HttpRequest, class_id: str) -> HttpResponse:
    """The house rules: for each game, the practice table's options the class plays with."""
    classroom = taught_class(request, class_id)
    posted = request.POST.get("game", "") if request.method == "POST" else ""
    if request.method == "POST" and posted not in ADAPTERS:
        return _rules_page(request, classroom, error=_("Choose one of the games."), status=400)
    forms_by_game = {}
    for game in ADAPTERS:
        data = request.POST if game == posted else None
        forms_by_game[game] = house_rules_form(game, data, initial=classroom.house_rules.get(game))
    if posted:
        form = forms_by_game[posted]
        if not form.is_valid():
            return _rules_page(request, classroom, forms_by_game, status=400)
        services.house_rules_set(classroom=classroom, game=posted, options=form.cleaned_data)
        return redirect(reverse("classroom:class_rules", args=[classroom.public_id]) + f"?saved={posted}")
    return _rules_page(request, classroom, forms_by_game, saved=request.GET.get("saved", ""))


def _rules_page(request: HttpRequest, classroom: Classroom, forms_by_game: dict | None = None, *,
                error: str = "", saved: str = "", status: int = 200) -> TemplateResponse:
    if forms_by_game is None:
        forms_by_game = {g: house_rules_form(g, initial=classroom.house_rules.get(g)) for g in ADAPTERS}
    games = [(GAMES_BY_SLUG[g], form) for g, form in forms_by_game.items()]
    return TemplateResponse(request, "classroom/rules.html", {
        "classroom": classroom, "games": games, "error": error, "saved": saved if saved in ADAPTERS else "",
    }, status=status)


@login_required
@require_http_methods(GET_OR_POST)
def class_teachers(request: HttpRequest, class_id: str) -> HttpResponse:
    """Co-teachers: only the teacher who made the class adds or removes them."""
    classroom = taught_class(request, class_id, owner_only=True)
    form = CoTeacherForm(None if "remove" in request.POST else _posted(request))
    if request.method == "POST":
        if "remove" in request.POST:
            remove = CoTeacherForm({"username": request.POST["remove"]})
            if remove.is_valid():
                services.co_teacher_remove(classroom=classroom, username=remove.cleaned_data["username"])
            return redirect("classroom:class_teachers", class_id=classroom.public_id)
        if form.is_valid():
            try:
                services.co_teacher_add(classroom=classroom, username=form.cleaned_data["username"])
            except ClassroomError as refused:
                form.add_error("username", str(refused))
            else:
                return redirect("classroom:class_teachers", class_id=classroom.public_id)
    return TemplateResponse(request, "classroom/teachers.html", {
        "classroom": classroom, "form": form, "co_teachers": selectors.co_teachers_of(classroom),
    }, status=_status(request))


@login_required
@require_POST
def class_archive(request: HttpRequest, class_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id, owner_only=True)
    services.classroom_archive(classroom=classroom, archived=request.POST.get("archive") == "1")
    if classroom.is_archived:
        return redirect("classroom:classes")
    return redirect("classroom:class_show", class_id=classroom.public_id)


# -- joining a class ----------------------------------------------------------------------------
@require_safe
def join_start(request: HttpRequest) -> HttpResponse:
    """/join/: type the class code (a GET form: it only finds the class)."""
    if "code" not in request.GET:
        return TemplateResponse(request, "classroom/join.html", {"form": JoinCodeForm()})
    form = JoinCodeForm(request.GET)
    if form.is_valid():
        if selectors.open_class_by_code(form.cleaned_data["code"]) is not None:
            return redirect("classroom:join_class", code=form.cleaned_data["code"])
        form.add_error("code", _("No open class has this code. Check it with your teacher."))
    return TemplateResponse(request, "classroom/join.html", {"form": form}, status=400)


def _open_class(code: str) -> Classroom:
    classroom = selectors.open_class_by_code(normal_class_code(code))
    if classroom is None:
        raise Http404("No open class has this code")
    return classroom


@require_http_methods(GET_OR_POST)
def join_class(request: HttpRequest, code: str) -> HttpResponse:
    """The page the join link and the QR code open: join with your account (or make one)."""
    classroom = _open_class(code)
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    form = JoinClassForm(_posted(request))
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            services.membership_join(classroom=classroom, user=request.user, **form.cleaned_data)
        except ClassroomError as refused:
            error = str(refused)
        else:
            return redirect("classroom:classes")
    return _join_page(request, classroom, form, error=error, status=_status(request))


def _join_page(request: HttpRequest, classroom: Classroom, form: JoinClassForm | None = None, *, error: str = "",
               quick_error: str = "", status: int = 200) -> TemplateResponse:
    user = request.user
    member = user.is_authenticated and classroom.members.filter(user=user).exists()
    teaches = user.is_authenticated and selectors.class_taught(user, classroom.public_id) is not None
    quick = selectors.quick_signin_names(classroom) if not user.is_authenticated else []
    return TemplateResponse(request, "classroom/join_class.html", {
        "classroom": classroom, "form": form or JoinClassForm(), "error": error, "member": member,
        "teaches": teaches, "quick_names": quick, "quick_form": QuickSignInForm(), "quick_error": quick_error,
    }, status=status)


# -- students -----------------------------------------------------------------------------------
def _student(classroom: Classroom, student_id: str) -> Membership:
    membership = selectors.student_in(classroom, student_id)
    if membership is None:
        raise Http404("No such student in this class")
    return membership


def _cards(request: HttpRequest, classroom: Classroom, made: list[Credentials]) -> TemplateResponse:
    """The login cards, shown once: the passwords and codes are not kept, only their hashes."""
    link = join_url(request, classroom)
    return TemplateResponse(request, "classroom/cards.html", {
        "classroom": classroom, "cards": made, "join_link": link, "site": request.build_absolute_uri("/"),
        "qr": qr_svg(link, _("QR code of the join link of %(name)s") % {"name": classroom.name}),
    })


@login_required
@require_http_methods(GET_OR_POST)
def students_add(request: HttpRequest, class_id: str) -> HttpResponse:
    """Accounts for a list of names; the answer is the page of login cards to print."""
    classroom = taught_class(request, class_id)
    form = StudentsForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            made = services.students_create(
                classroom=classroom, names=services.names_from_list(form.cleaned_data["names"]))
        except ClassroomError as refused:
            form.add_error("names", str(refused))
        else:
            return _cards(request, classroom, made)
    return TemplateResponse(request, "classroom/students_add.html", {"classroom": classroom, "form": form},
                            status=_status(request))


@login_required
@require_safe
def student_show(request: HttpRequest, class_id: str, student_id: str) -> TemplateResponse:
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    return _student_page(request, classroom, membership)


def _student_page(request: HttpRequest, classroom: Classroom, membership: Membership, *, error: str = "",
                  status: int = 200) -> TemplateResponse:
    assignments = list(classroom.assignments.order_by("due", "pk"))
    found = results.homework_results(assignments, [membership.user_id])
    return TemplateResponse(request, "classroom/student.html", {
        "classroom": classroom, "student": membership, "error": error,
        "other_classes": selectors.other_classes(request.user, classroom),
        "report": results.student_report(membership.user),
        "homework": [(a, results.Cell.of(found[a.pk, membership.user_id])) for a in assignments],
    }, status=status)


@login_required
@require_POST
def student_reset(request: HttpRequest, class_id: str, student_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    try:
        return _cards(request, classroom, [services.student_reset(membership=membership)])
    except ClassroomError as refused:
        return _student_page(request, classroom, membership, error=str(refused), status=400)


@login_required
@require_POST
def student_move(request: HttpRequest, class_id: str, student_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    form = MoveForm(request.POST)
    target = selectors.class_taught(request.user, form.data.get("to", "")) if form.is_valid() else None
    if target is None:
        return _student_page(request, classroom, membership, status=400,
                             error=_("Choose one of your classes to move the student to."))
    try:
        services.student_move(membership=membership, to=target)
    except ClassroomError as refused:
        return _student_page(request, classroom, membership, error=str(refused), status=400)
    return redirect("classroom:class_show", class_id=classroom.public_id)


@login_required
@require_POST
def student_remove(request: HttpRequest, class_id: str, student_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    try:
        services.student_remove(membership=membership)
    except ClassroomError as refused:
        return _student_page(request, classroom, membership, error=str(refused), status=400)
    return redirect("classroom:class_show", class_id=classroom.public_id)


@login_required
@require_safe
def student_export(request: HttpRequest, class_id: str, student_id: str, fmt: str) -> HttpResponse:
    """Everything the site holds about the student, as JSON or as a CSV sheet."""
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    data = selectors.student_export(membership)
    filename = f"student-{membership.user.username}"
    if fmt == "csv":
        return csv_response(f"{filename}.csv", selectors.export_rows(data))
    response = JsonResponse(data, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@login_required
@require_http_methods(GET_OR_POST)
def student_erase(request: HttpRequest, class_id: str, student_id: str) -> HttpResponse:
    """Erase one student's data: a page asks first; the POST must repeat the username."""
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    error = ""
    if request.method == "POST":
        if request.POST.get("confirm", "").strip() == membership.user.username:
            services.student_erase(membership=membership)
            return redirect("classroom:class_show", class_id=classroom.public_id)
        error = _("Type the student's username, %(name)s, to confirm.") % {"name": membership.user.username}
    return TemplateResponse(request, "classroom/erase.html", {
        "classroom": classroom, "student": membership, "error": error}, status=_status(request))


@require_POST
def quick_sign_in(request: HttpRequest, code: str) -> HttpResponse:
    """A young child signs in: the class code (in the URL), their name picked from the list, and
    their personal code. Answers are counted (rate limits) and ten wrong codes lock the name."""
    classroom = _open_class(code)
    form = QuickSignInForm(request.POST)
    if not allow(request, "quick_signin"):
        return _join_page(request, classroom, quick_error=str(TOO_MANY_SIGNINS), status=429)
    if not form.is_valid():
        return _join_page(request, classroom, quick_error=_("Pick your name and type your code."), status=400)
    try:
        user = services.quick_sign_in(classroom=classroom, student_id=form.cleaned_data["student"],
                                      code=form.cleaned_data["code"])
    except ClassroomError as refused:
        return _join_page(request, classroom, quick_error=str(refused), status=400)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return redirect("core:home")


# -- homework -----------------------------------------------------------------------------------
@login_required
@require_http_methods(GET_OR_POST)
def assignment_new(request: HttpRequest, class_id: str) -> HttpResponse:
    """Set homework: a lesson, a puzzle set or practice hands (one form each, on one page)."""
    classroom = taught_class(request, class_id)
    kind = request.POST.get("kind", "") if request.method == "POST" else ""
    if request.method == "POST" and kind not in ASSIGNMENT_FORMS:
        return _assignment_page(request, classroom, error=_("Choose what kind of homework to set."), status=400)
    forms_by_kind = {k: form(request.POST if k == kind else None, prefix=k) for k, form in ASSIGNMENT_FORMS.items()}
    if kind:
        form = forms_by_kind[kind]
        if form.is_valid():
            try:
                _create_assignment(request, classroom, kind, form.cleaned_data)
            except ClassroomError as refused:
                form.add_error(None, str(refused))
            else:
                return redirect("classroom:class_show", class_id=classroom.public_id)
        return _assignment_page(request, classroom, forms_by_kind, status=400)
    return _assignment_page(request, classroom, forms_by_kind)


def _create_assignment(request: HttpRequest, classroom: Classroom, kind: str, data: dict[str, Any]) -> None:
    by = request.user
    if kind == "lesson":
        lesson = Lesson.objects.filter(pk=data["lesson"], retired=False).first()
        if lesson is None:
            raise ClassroomError(_("Choose one of the lessons."))
        services.assignment_lesson(classroom=classroom, lesson=lesson, due=data["due"], by=by)
    elif kind == "puzzles":
        services.assignment_puzzles(
            classroom=classroom, game=data["game"], theme=data["theme"], count=data["count"] or 10,
            rating_min=data["rating_min"], rating_max=data["rating_max"], picked=data["picked"],
            due=data["due"], by=by)
    else:
        services.assignment_practice(classroom=classroom, game=data["game"], hands=data["hands"], due=data["due"],
                                     by=by)


def _assignment_page(request: HttpRequest, classroom: Classroom, forms_by_kind: dict | None = None, *,
                     error: str = "", status: int = 200) -> TemplateResponse:
    forms_by_kind = forms_by_kind or {k: form(prefix=k) for k, form in ASSIGNMENT_FORMS.items()}
    return TemplateResponse(request, "classroom/assignment_new.html", {
        "classroom": classroom, "forms": forms_by_kind, "error": error}, status=status)


@login_required
@require_POST
def assignment_delete(request: HttpRequest, class_id: str, assignment_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    assignment = classroom.assignments.filter(public_id=assignment_id).first()
    if assignment is None:
        raise Http404("No such homework")
    services.assignment_delete(assignment=assignment)
    return redirect("classroom:class_show", class_id=classroom.public_id)


@login_required
@require_safe
def homework_show(request: HttpRequest, assignment_id: str) -> TemplateResponse:
    """A student's piece of homework: what to do, and how far they are. Opening it starts its clock."""
    assignment = results.assignment_for_student(request.user, assignment_id)
    if assignment is None:
        raise Http404("No such homework")
    services.homework_open(assignment=assignment, user=request.user)
    found = results.homework_results([assignment], [request.user.pk])[assignment.pk, request.user.pk]
    context: dict[str, Any] = {"assignment": assignment, "result": found, "game": GAMES_BY_SLUG.get(assignment.game)}
    if assignment.kind == assignment.PUZZLES:
        context["puzzles"] = results.puzzle_set_of(assignment, request.user)
        context["next_puzzle"] = next((p.puzzle for p in context["puzzles"] if p.correct is None), None)
    elif assignment.kind == assignment.PRACTICE:
        query = house_rules_query(assignment.classroom, assignment.game)
        context["play_url"] = reverse("play_new", args=[assignment.game]) + (f"?{query}" if query else "")
    return TemplateResponse(request, "classroom/homework.html", context)


# -- the teacher's tables -----------------------------------------------------------------------
@login_required
@require_safe
def class_table(request: HttpRequest, class_id: str) -> TemplateResponse:
    """Students × homework: done, stars or first-try accuracy, late."""
    classroom = taught_class(request, class_id)
    return TemplateResponse(request, "classroom/table.html", {
        "classroom": classroom, "table": results.class_table(classroom)})


@login_required
@require_safe
def class_table_csv(request: HttpRequest, class_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    return csv_response(f"class-{classroom.code}-homework.csv", results.table_csv_rows(results.class_table(classroom)))


@login_required
@require_safe
def student_report_csv(request: HttpRequest, class_id: str, student_id: str) -> HttpResponse:
    classroom = taught_class(request, class_id)
    membership = _student(classroom, student_id)
    return csv_response(f"student-{membership.user.username}-progress.csv",
                        results.report_csv_rows(results.student_report(membership.user)))


@login_required
@require_POST
def review_mistakes(request: HttpRequest, class_id: str) -> HttpResponse:
    """One click: the puzzles the class missed this week in its weakest themes, due in a week."""
    classroom = taught_class(request, class_id)
    game = request.POST.get("game", "")
    try:
        services.assignment_review(classroom=classroom, game=game, by=request.user,
                                   due=timezone.localdate() + timedelta(days=REVIEW_DUE_DAYS))
    except ClassroomError as refused:
        return TemplateResponse(request, "classroom/class.html",
                                _class_context(request, classroom, review_error=str(refused)), status=400)
    return redirect("classroom:class_show", class_id=classroom.public_id)

from django.urls import path, register_converter

from tutorials.classroom import views
from tutorials.classroom.codes import TOKEN_PATTERN


class TokenConverter:
    """A random id (or a class code as typed): letters, digits, - and _. Anything else in its
    place is no page at all (a 404 before any query)."""

    regex = TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

# Included at the root by the project urls (no game is called like these paths).
# Every id in these paths is random (see models); none is a primary key.
app_name = "classroom"
urlpatterns = [
    path("accounts/you/", views.account, name="account"),
    path("classes/", views.classes, name="classes"),
    path("classes/new/", views.class_new, name="class_new"),
    path("classes/<token:class_id>/", views.class_show, name="class_show"),
    path("classes/<token:class_id>/qr.svg", views.class_qr, name="class_qr"),
    path("classes/<token:class_id>/edit/", views.class_edit, name="class_edit"),
    path("classes/<token:class_id>/rules/", views.class_rules, name="class_rules"),
    path("classes/<token:class_id>/teachers/", views.class_teachers, name="class_teachers"),
    path("classes/<token:class_id>/archive/", views.class_archive, name="class_archive"),
    path("classes/<token:class_id>/table/", views.class_table, name="class_table"),
    path("classes/<token:class_id>/table.csv", views.class_table_csv, name="class_table_csv"),
    path("classes/<token:class_id>/students/add/", views.students_add, name="students_add"),
    path("classes/<token:class_id>/students/<token:student_id>/", views.student_show, name="student_show"),
    path("classes/<token:class_id>/students/<token:student_id>/reset/", views.student_reset, name="student_reset"),
    path("classes/<token:class_id>/students/<token:student_id>/move/", views.student_move, name="student_move"),
    path("classes/<token:class_id>/students/<token:student_id>/remove/", views.student_remove, name="student_remove"),
    path("classes/<token:class_id>/students/<token:student_id>/erase/", views.student_erase, name="student_erase"),
    path("classes/<token:class_id>/students/<token:student_id>/progress.csv", views.student_report_csv,
         name="student_report_csv"),
    path("classes/<token:class_id>/students/<token:student_id>/export.json", views.student_export, {"fmt": "json"},
         name="student_export_json"),
    path("classes/<token:class_id>/students/<token:student_id>/export.csv", views.student_export, {"fmt": "csv"},
         name="student_export_csv"),
    path("classes/<token:class_id>/homework/new/", views.assignment_new, name="assignment_new"),
    path("classes/<token:class_id>/homework/<token:assignment_id>/delete/", views.assignment_delete,
         name="assignment_delete"),
    path("classes/<token:class_id>/homework/review/", views.review_mistakes, name="review_mistakes"),
    path("homework/<token:assignment_id>/", views.homework_show, name="homework"),
    path("join/", views.join_start, name="join"),
    path("join/<token:code>/", views.join_class, name="join_class"),
    path("join/<token:code>/quick/", views.quick_sign_in, name="quick_sign_in"),
]

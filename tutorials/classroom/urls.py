from django.urls import path

from tutorials.classroom import views

# Included at the root by the project urls, before the games' catch-all "<slug:game>/".
# Every id in these paths is random (see models); none is a primary key.
app_name = "classroom"
urlpatterns = [
    path("accounts/you/", views.account, name="account"),
    path("classes/", views.classes, name="classes"),
    path("classes/new/", views.class_new, name="class_new"),
    path("classes/<str:class_id>/", views.class_show, name="class_show"),
    path("classes/<str:class_id>/qr.svg", views.class_qr, name="class_qr"),
    path("classes/<str:class_id>/edit/", views.class_edit, name="class_edit"),
    path("classes/<str:class_id>/rules/", views.class_rules, name="class_rules"),
    path("classes/<str:class_id>/teachers/", views.class_teachers, name="class_teachers"),
    path("classes/<str:class_id>/archive/", views.class_archive, name="class_archive"),
    path("classes/<str:class_id>/table/", views.class_table, name="class_table"),
    path("classes/<str:class_id>/table.csv", views.class_table_csv, name="class_table_csv"),
    path("classes/<str:class_id>/students/add/", views.students_add, name="students_add"),
    path("classes/<str:class_id>/students/<str:student_id>/", views.student_show, name="student_show"),
    path("classes/<str:class_id>/students/<str:student_id>/reset/", views.student_reset, name="student_reset"),
    path("classes/<str:class_id>/students/<str:student_id>/move/", views.student_move, name="student_move"),
    path("classes/<str:class_id>/students/<str:student_id>/remove/", views.student_remove, name="student_remove"),
    path("classes/<str:class_id>/students/<str:student_id>/erase/", views.student_erase, name="student_erase"),
    path("classes/<str:class_id>/students/<str:student_id>/progress.csv", views.student_report_csv,
         name="student_report_csv"),
    path("classes/<str:class_id>/students/<str:student_id>/export.json", views.student_export, {"fmt": "json"},
         name="student_export_json"),
    path("classes/<str:class_id>/students/<str:student_id>/export.csv", views.student_export, {"fmt": "csv"},
         name="student_export_csv"),
    path("classes/<str:class_id>/homework/new/", views.assignment_new, name="assignment_new"),
    path("classes/<str:class_id>/homework/<str:assignment_id>/delete/", views.assignment_delete,
         name="assignment_delete"),
    path("classes/<str:class_id>/homework/review/", views.review_mistakes, name="review_mistakes"),
    path("homework/<str:assignment_id>/", views.homework_show, name="homework"),
    path("join/", views.join_start, name="join"),
    path("join/<str:code>/", views.join_class, name="join_class"),
    path("join/<str:code>/quick/", views.quick_sign_in, name="quick_sign_in"),
]

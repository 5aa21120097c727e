"""Who may see what in the classroom. Every class page goes through `taught_class`: a class the
visitor does not teach is a 404, as if it did not exist (staff included: the school, not the
site, decides who sees its students)."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from tutorials.classroom.models import Classroom
from tutorials.classroom.selectors import class_taught


def taught_class(request: HttpRequest, class_id: str, *, owner_only: bool = False) -> Classroom:
    """The class if the signed-in visitor teaches it; with `owner_only`, a co-teacher is refused
    (403: they know the class, but only the teacher who made it may do this)."""
    classroom = class_taught(request.user, class_id)
    if classroom is None:
        raise Http404("No such class")
    if owner_only and classroom.owner_id != request.user.pk:
        raise PermissionDenied(_("Only the teacher who made this class can do this."))
    return classroom


def is_owner(request: HttpRequest, classroom: Classroom) -> bool:
    return classroom.owner_id == request.user.pk

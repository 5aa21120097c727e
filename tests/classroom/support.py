"""Helpers for the classroom tests: teachers, classes and students made through the services."""
from __future__ import annotations

import itertools

from django.contrib.auth.models import User
from django.test import Client

from tutorials.classroom.models import Classroom
from tutorials.classroom.services import classroom_create, membership_join, teacher_enable


def teacher(username: str = "tina") -> User:
    user = User.objects.create_user(username, password="a-long-password-1")
    teacher_enable(user=user)
    return user


def learner(username: str = "leo") -> User:
    return User.objects.create_user(username, password="a-long-password-1")


_teachers = itertools.count(1)


def a_class(owner: User | None = None, name: str = "5B") -> Classroom:
    """A class of `owner`'s (by default of a new teacher's)."""
    return classroom_create(owner=owner or teacher(f"teacher{next(_teachers)}"), name=name, description="Tuesdays")


def student_of(classroom: Classroom, username: str = "stu", real_name: str = "Stella Rossi") -> User:
    user = learner(username)
    membership_join(classroom=classroom, user=user, real_name=real_name)
    return user


def client_of(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client

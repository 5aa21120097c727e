"""Reads compiled once (tutorials.core.prepared): each prepared read of the site gives what the
plain QuerySet gives for the same values, found or not, and runs as one statement."""
from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tutorials.core.learners import Learner, _owned_read, _Shape
from tutorials.core.prepared import PreparedInsert, PreparedUpdate, prepared
from tutorials.lessons.models import Lesson, LessonProgress, Step
from tutorials.lessons.views import step_at
from tutorials.puzzles.models import LearnerRating, Puzzle, PuzzleAttempt
from tutorials.puzzles.views import puzzle_at
from tutorials.tables.models import Table
from tutorials.tables.views import table_at

pytestmark = pytest.mark.django_db


def fields(rows: list) -> list[dict]:
    """Every column of every row, and of the rows select_related brought along."""
    def of(row):
        values = {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}
        for name, related in row._state.fields_cache.items():
            values[name] = of(related) if related is not None else None
        return values
    return [of(row) for row in rows]


def same_as_the_queryset(read, *values) -> list:
    with CaptureQueriesContext(connection) as queries:
        rows = read(*values)
    assert len(queries) == 1
    expected = list(read.queryset(*values))
    if rows and not hasattr(rows[0], "_meta"):  # a single column
        assert rows == expected
        return rows
    assert fields(rows) == fields(expected)
    assert [type(row) for row in rows] == [type(row) for row in expected]
    return rows


@pytest.fixture
def tables():
    user = get_user_model().objects.create_user("owner")
    return [Table.objects.create(game=game, rules_text="-", seed="s", state_text="x", owner=owner, anon_key=key)
            for game, owner, key in [("scopa", user, ""), ("stoppa", None, "k1"), ("scopa", None, "k2")]]


def test_a_table_by_its_address(tables):
    for table in tables:
        for game in ("scopa", "stoppa", "nothing"):
            for address in (table.public_id, str(table.public_id), table.public_id.hex):
                rows = same_as_the_queryset(table_at, address, game)
                assert [t.pk for t in rows] == ([table.pk] if table.game == game else [])
    assert same_as_the_queryset(table_at, uuid.uuid4(), "scopa") == []
    assert table_at.first(tables[0].public_id, "scopa").pk == tables[0].pk
    assert table_at.first(uuid.uuid4(), "scopa") is None


def test_an_address_that_is_no_uuid_is_refused_as_the_queryset_refuses_it():
    for bad in ("x", "12", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"):
        with pytest.raises(ValueError):
            table_at(bad, "scopa")


def test_a_lesson_step_with_its_lesson_and_step_count(db):
    call_command("sync_content", verbosity=0)
    lesson = Lesson.objects.filter(retired=False).order_by("pk").first()
    count = Step.objects.filter(lesson=lesson).count()
    for number in (1, count, count + 1, 0, -3):
        rows = same_as_the_queryset(step_at, lesson.game, lesson.slug, number)
        assert len(rows) == (1 if 1 <= number <= count else 0)
        if rows:
            with CaptureQueriesContext(connection) as queries:
                assert rows[0].lesson.pk == lesson.pk  # brought along: no query
                assert rows[0].lesson_steps == count
            assert len(queries) == 0
    assert same_as_the_queryset(step_at, "stoppa" if lesson.game != "stoppa" else "scopa", lesson.slug, 1) == []
    assert same_as_the_queryset(step_at, lesson.game, lesson.slug + "-not", 1) == []
    Lesson.objects.filter(pk=lesson.pk).update(retired=True)
    assert same_as_the_queryset(step_at, lesson.game, lesson.slug, 1) == []


def test_a_puzzle_of_a_game(puzzles_stored):
    puzzle = puzzles_stored
    for pk, game, found in [(puzzle.pk, puzzle.game, True), (puzzle.pk, "stoppa", False), (puzzle.pk + 999, puzzle.game, False)]:
        rows = same_as_the_queryset(puzzle_at, pk, game)
        assert [p.pk for p in rows] == ([puzzle.pk] if found else [])


def test_an_id_no_column_can_hold_finds_nothing_and_raises_nothing(puzzles_stored):
    for huge in (2**63, -(2**63) - 1, 10**30):
        assert puzzle_at(huge, "scopa") == []


@pytest.fixture
def puzzles_stored(shipped_specs):
    from tutorials.puzzles.services import puzzles_store

    puzzles_store(game="scopa", specs=shipped_specs[:2])
    return Puzzle.objects.order_by("pk").first()


@pytest.mark.parametrize("lock", [False, True])
def test_a_learners_own_row_signed_in_or_not(lock):
    call_command("sync_content", verbosity=0)
    first, second = Lesson.objects.order_by("pk")[:2]
    alice, bob = (get_user_model().objects.create_user(name) for name in ("alice", "bob"))
    mine = LessonProgress.objects.create(user=alice, lesson=first, step=3)
    LessonProgress.objects.create(user=bob, lesson=first, step=4)
    theirs = LessonProgress.objects.create(anon_key="anon-1", lesson=first, step=5)
    LearnerRating.objects.create(anon_key="anon-1", game="scopa")
    with transaction.atomic():
        for user, key, lesson, expected in [(alice, "", first, mine), (None, "anon-1", first, theirs),
                                            (alice, "", second, None), (None, "anon-2", first, None)]:
            read = _owned_read(_Shape(LessonProgress, ("lesson",), (), user is not None, lock, ("pk",), 1, (), ""))
            rows = same_as_the_queryset(read, lesson.pk, user.pk if user else key)
            assert [r.pk for r in rows] == ([expected.pk] if expected else [])
        rating = _owned_read(_Shape(LearnerRating, ("game",), (), False, lock, ("pk",), 1, (), ""))
        assert len(same_as_the_queryset(rating, "scopa", "anon-1")) == 1
        assert same_as_the_queryset(rating, "stoppa", "anon-1") == []
        # and through Learner.row, which creates the row a learner does not have yet
        assert Learner(alice).row(LessonProgress, lock=lock, lesson=first).pk == mine.pk
        made = Learner(None, "anon-3").row(LessonProgress, lock=lock, lesson=second)
        assert (made.anon_key, made.lesson_id, made.user_id) == ("anon-3", second.pk, None)
        assert Learner(None, "anon-3").row(LessonProgress, lock=lock, lesson=second).pk == made.pk


def test_a_value_is_a_parameter_never_part_of_the_sql(tables):
    assert table_at(tables[0].public_id, "scopa' OR '1'='1") == []  # as SQL it would find the table
    assert table_at(tables[0].public_id, "scopa") != []


def test_an_argument_that_is_not_a_plain_parameter_is_refused():
    @prepared(str)
    def by_length(name):
        return Table.objects.filter(game__startswith=name)  # the marker becomes "name%": not found again

    with pytest.raises(TypeError, match="not a plain parameter"):
        by_length("sco")


def test_the_wrong_number_of_values_is_refused(tables):
    with pytest.raises(TypeError):
        table_at(tables[0].public_id)


def test_a_learners_rows_of_every_shape_the_site_reads():
    """Constants, order, limit, rows brought along and a single column, as the plain QuerySet."""
    call_command("sync_content", verbosity=0)
    lessons = list(Lesson.objects.order_by("pk")[:4])
    user = get_user_model().objects.create_user("emma")
    for n, lesson in enumerate(lessons):
        LessonProgress.objects.create(user=user, lesson=lesson, step=n + 1, completed=n % 2 == 0)
        LessonProgress.objects.create(anon_key="anon-9", lesson=lesson, step=n + 2, completed=n == 3)
    Lesson.objects.filter(pk=lessons[1].pk).update(retired=True)
    for learner, signed_in, who in [(Learner(user), True, user.pk), (Learner(None, "anon-9"), False, "anon-9"),
                                    (Learner(None, "nobody"), False, "nobody")]:
        for kwargs in [dict(order=("-updated", "pk"), limit=1, related=("lesson",)),
                       dict(order=("-step",)), dict(order=("pk",), flat="step"), dict(order=("pk",), flat="lesson_id")]:
            constants = (("completed", False), ("lesson__retired", False))
            shape = _Shape(LessonProgress, (), constants, signed_in, False, kwargs["order"], kwargs.get("limit"),
                           kwargs.get("related", ()), kwargs.get("flat", ""))
            got = learner.rows(LessonProgress, completed=False, lesson__retired=False, **kwargs)
            expected = list(_owned_read(shape).queryset(who))
            if kwargs.get("flat"):
                assert got == expected
            else:
                assert fields(got) == fields(expected)
            owner = {"user": user} if signed_in else {"user__isnull": True, "anon_key": who}
            plain = LessonProgress.objects.filter(completed=False, lesson__retired=False, **owner)
            assert len(got) == min(plain.count(), kwargs.get("limit") or 99)


MOVE = PreparedUpdate(Table, ("state_text", "log", "ply", "finished", "outcome", "updated", "hands"), where=("pk", "ply"))


def _row(table: Table) -> dict:
    values = Table.objects.filter(pk=table.pk).values("state_text", "log", "ply", "finished", "outcome", "updated", "hands")
    return values.get()


def test_an_update_writes_what_the_querysets_update_writes(tables):
    """The same values saved both ways read back the same: JSON with accents, a date, numbers."""
    mine, theirs = tables[0], tables[2]
    changes = {"state_text": "ply 1", "log": [{"seat": 0, "text": {"it": "Settebello è preso"}}], "ply": 1,
               "finished": True, "outcome": {"en": "won"}, "updated": timezone.now(), "hands": 2}
    assert MOVE(changes, pk=mine.pk, ply=0) == 1
    assert Table.objects.filter(pk=theirs.pk, ply=0).update(**changes) == 1
    assert _row(mine) == _row(theirs)
    assert _row(mine)["log"] == changes["log"] and _row(mine)["updated"] == changes["updated"]


def test_an_update_where_the_row_has_moved_on_changes_nothing(tables):
    table = tables[1]
    before = _row(table)
    assert MOVE({**before, "state_text": "late", "ply": 5}, pk=table.pk, ply=3) == 0
    assert MOVE({**before, "state_text": "late", "ply": 5}, pk=table.pk + 1000, ply=0) == 0
    assert _row(table) == before


def test_an_update_of_other_fields_is_refused(tables):
    with pytest.raises(TypeError):
        MOVE({"state_text": "x"}, pk=tables[0].pk, ply=0)
    with pytest.raises(TypeError):
        MOVE(_row(tables[0]), pk=tables[0].pk)


# -- PreparedInsert: the rows an answer writes -------------------------------------------------
INSERT_ATTEMPT = PreparedInsert(PuzzleAttempt)


def _attempt(puzzle: Puzzle, **fields) -> PuzzleAttempt:
    values = {"anon_key": "k1", "number": 0, "answer": "7D", "correct": True, "loss": 0.0, "rated": True,
              "rating_before": 1500.0, "rating_after": 1512.5, **fields}
    return PuzzleAttempt(puzzle=puzzle, **values)


def _columns(row) -> dict:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if not f.primary_key}


def test_an_insert_writes_what_save_writes(puzzles_stored):
    """The same attempt written both ways reads back the same (the time of `created` aside, which
    each takes as it is written), and the instance reads as saved."""
    puzzle = Puzzle.objects.first()
    mine, theirs = _attempt(puzzle, anon_key="mine"), _attempt(puzzle, anon_key="theirs")
    with CaptureQueriesContext(connection) as queries:
        assert INSERT_ATTEMPT(mine) is True
    assert len(queries) == 1
    theirs.save()
    assert mine.pk is not None and mine.pk != theirs.pk and not mine._state.adding
    stored, saved = PuzzleAttempt.objects.get(pk=mine.pk), PuzzleAttempt.objects.get(pk=theirs.pk)
    assert {**_columns(stored), "anon_key": "", "created": None} == {**_columns(saved), "anon_key": "", "created": None}
    assert stored.created == mine.created and abs((stored.created - saved.created).total_seconds()) < 60
    assert _columns(stored) == _columns(mine)


def test_an_insert_the_constraints_refuse_writes_nothing_and_the_transaction_goes_on(puzzles_stored):
    """A second first attempt of one learner at one puzzle (a conditional unique constraint, for
    anonymous learners and for accounts): no row, no error, and the transaction is still usable
    (on PostgreSQL a failed statement would have spoiled it)."""
    puzzle = Puzzle.objects.first()
    user = get_user_model().objects.create_user("ada")
    with transaction.atomic():
        assert INSERT_ATTEMPT(_attempt(puzzle)) is True
        assert INSERT_ATTEMPT(_attempt(puzzle, user=user, anon_key="")) is True
        again, again_signed_in = _attempt(puzzle, answer="1C"), _attempt(puzzle, user=user, anon_key="", answer="1C")
        assert INSERT_ATTEMPT(again) is False and INSERT_ATTEMPT(again_signed_in) is False
        assert again.pk is None and again._state.adding
        assert INSERT_ATTEMPT(_attempt(puzzle, number=1, rated=False)) is True
        assert PuzzleAttempt.objects.filter(puzzle=puzzle).count() == 3
    assert set(PuzzleAttempt.objects.values_list("answer", flat=True)) == {"7D"}


def test_an_insert_of_another_model_is_refused(puzzles_stored):
    with pytest.raises(TypeError):
        INSERT_ATTEMPT(LearnerRating(anon_key="k1", game="scopa"))


@prepared(str)
def tables_as_dicts(game):
    return Table.objects.filter(game=game).order_by("pk").values("pk", "game")


@prepared(str)
def tables_as_tuples(game):
    return Table.objects.filter(game=game).order_by("pk").values_list("pk", "seed")


def test_a_read_of_another_shape_runs_through_the_querysets_own_iterable(tables):
    """Dicts (values()) are no shape the quick path makes: the QuerySet's iterable makes them."""
    assert tables_as_dicts._compile().rows is None and tables_as_tuples._compile().rows is not None
    for read in (tables_as_dicts, tables_as_tuples):
        for game in ("scopa", "stoppa", "nothing"):
            with CaptureQueriesContext(connection) as queries:
                rows = read(game)
            assert len(queries) == 1 and rows == list(read.queryset(game))
    assert [row["game"] for row in tables_as_dicts("scopa")] == ["scopa", "scopa"]

"""Live sessions, without HTTP: the state machine, joining, answers (judged by the engine, once
each, refused after the deadline), scoring by value lost, the review queue after the reveal."""
from __future__ import annotations

import random

import pytest

from tests.conftest import starter_specs
from tests.live.support import T0, at, join, make_session, move, wrong_answer
from tutorials.live import codes, questions, scoring, selectors, services
from tutorials.live.models import FINISHED, LOBBY, QUESTION, REVEAL, LiveAnswer, LiveQuestion
from tutorials.puzzles.models import ReviewCard


def current(session) -> LiveQuestion:
    session.refresh_from_db()
    return session.questions.get(number=session.current)


def middle_verdict(question: LiveQuestion) -> dict | None:
    """An answer neither best nor worst, if the question has one."""
    verdicts = question.spec["verdicts"]
    return verdicts[1] if len(verdicts) > 2 and 0 < verdicts[1]["loss"] < verdicts[-1]["loss"] else None


# -- codes ----------------------------------------------------------------------------------------
def test_pins_are_seven_digits_and_read_as_typed():
    pins = {codes.pin() for _ in range(200)}
    assert all(len(p) == 7 and p.isdigit() for p in pins) and len(pins) > 190
    assert codes.normal_pin(" 123 45-67 ") == "1234567"
    for bad in ("123456", "12345678", "12a4567", "１２３４５６７", ""):
        assert codes.normal_pin(bad) == ""


def test_nicknames_are_generated_never_free_text():
    offered = codes.nickname_choices(taken={"Brave Otter"}, count=8)
    assert len(offered) == 8 and "Brave Otter" not in offered
    assert all(codes.is_nickname(n) for n in offered)
    for bad in ("brave otter", "Brave Dragon", "Rude Word", "Brave Otter 1", "Brave Otter 100", "<b>Brave</b> Otter"):
        assert not codes.is_nickname(bad)
    assert codes.is_nickname("Brave Otter 7")


def test_a_full_room_is_offered_numbered_names():
    taken = {f"{a} {n}" for a in codes.ADJECTIVES for n in codes.NOUNS}
    offered = codes.nickname_choices(taken)
    assert len(offered) == codes.OFFERED and all(codes.is_nickname(n) and n not in taken for n in offered)


def test_an_open_pin_is_never_given_twice(host, bank, monkeypatch):
    first = make_session(host, bank["stoppa"][:1])
    draws = iter([first.pin, first.pin, "7654321"])
    monkeypatch.setattr(codes, "pin", lambda: next(draws))
    second = make_session(host, bank["stoppa"][:1])
    assert second.pin == "7654321"


# -- scoring ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("loss", "worst", "ms", "speed", "streak", "bonus", "expected"), [
    (0.0, 2.0, 9000, False, 1, False, 1000),   # best: full, whatever the time
    (0.5, 2.0, 100, False, 0, False, 750),      # a quarter of the worst loss: three quarters
    (2.0, 2.0, 100, False, 0, False, 0),        # the worst option: nothing
    (0.0, 0.0, 100, False, 1, False, 1000),
    (0.0, 2.0, 0, True, 1, False, 1000),        # speed mode: at once, full
    (0.0, 2.0, 30000, True, 1, False, 500),     # speed mode: at the bell, half
    (0.5, 2.0, 15000, True, 0, False, 562),     # 750 x 0.75
    (0.0, 2.0, 100, False, 3, True, 1200),      # third best in a row: two steps of bonus
    (0.0, 2.0, 100, False, 3, False, 1000),     # bonus off (the default)
    (0.0, 2.0, 100, False, 30, True, 1500),     # the bonus is capped
    (0.5, 2.0, 100, False, 0, True, 750),       # no bonus for a miss
])
def test_points_by_value_lost(loss, worst, ms, speed, streak, bonus, expected):
    assert scoring.points(loss=loss, worst=worst, ms=ms, limit_ms=30000, speed=speed,
                          streak=streak, streak_bonus=bonus) == expected


# -- the state machine -----------------------------------------------------------------------------
def test_the_host_moves_the_session_through_its_questions(session):
    assert session.state == LOBBY
    s = move(session, "start")
    assert (s.state, s.current, s.started, s.deadline) == (QUESTION, 0, T0, at(30))
    with pytest.raises(services.Refused):
        move(session, "next")  # reveal first
    assert move(session, "reveal", at(5)).state == REVEAL
    s = move(session, "next", at(10))
    assert (s.state, s.current, s.deadline) == (QUESTION, 1, at(40))
    move(session, "reveal", at(20))
    move(session, "next", at(25))
    move(session, "reveal", at(30))
    s = move(session, "next", at(35))
    assert s.state == FINISHED and s.finished == at(35)


def test_a_move_from_an_out_of_date_page_changes_nothing(session):
    move(session, "start")
    session.refresh_from_db()
    seen = session.version
    services.host_move(session=session, move="reveal", seen=seen, now=at(1))
    again = services.host_move(session=session, move="reveal", seen=seen, now=at(2))  # a double click
    assert (again.state, again.version) == (REVEAL, seen + 1)
    services.host_move(session=session, move="next", seen=seen + 1, now=at(3))
    skipped = services.host_move(session=session, move="next", seen=seen + 1, now=at(4))
    assert (skipped.state, skipped.current) == (QUESTION, 1)  # not two questions on


def test_finish_early_and_the_lobby_lock(session):
    move(session, "lock")
    with pytest.raises(services.Refused):
        join(session, "Brave Otter")
    move(session, "unlock")
    join(session, "Brave Otter")
    move(session, "start")
    assert move(session, "finish", at(3)).state == FINISHED
    with pytest.raises(services.Refused):
        join(session, "Calm Tiger")


def test_unknown_moves_and_names_are_refused(session):
    with pytest.raises(services.LiveError):
        move(session, "explode")
    with pytest.raises(services.LiveError):
        join(session, "Dragon Slayer")
    join(session, "Brave Otter")
    with pytest.raises(services.Refused):
        join(session, "Brave Otter")


# -- answers ----------------------------------------------------------------------------------------
def test_the_best_answer_scores_full_and_a_retry_never_counts_twice(session):
    ana, bo = join(session, "Brave Otter"), join(session, "Calm Tiger")
    move(session, "start")
    q = current(session)
    first = services.answer_record(player=ana, number=0, answer=q.spec["solution"], now=at(4))
    assert first.counted and first.answer.best and first.answer.points == scoring.FULL and first.answer.ms == 4000
    retry = services.answer_record(player=ana, number=0, answer=wrong_answer(q), now=at(5))
    assert not retry.counted and retry.answer.pk == first.answer.pk
    services.answer_record(player=bo, number=0, answer=wrong_answer(q), now=at(6))
    ana.refresh_from_db()
    bo.refresh_from_db()
    assert (ana.score, ana.time_ms, bo.score) == (scoring.FULL, 4000, 0)
    assert LiveAnswer.objects.count() == 2


def test_an_answer_in_between_scores_by_how_close_it_comes(host, bank):
    for p in bank["scopa"]:
        s = make_session(host, [p])
        q = s.questions.get()
        middle = middle_verdict(q)
        if middle:
            break
    else:
        pytest.skip("no Scopa puzzle with three differently valued plays")
    player = join(s, "Brave Otter")
    move(s, "start")
    result = services.answer_record(player=player, number=0, answer=middle["answer"], now=at(1))
    worst = q.spec["verdicts"][-1]["loss"]
    assert result.answer.points == round(1000 * (1 - middle["loss"] / worst))
    assert 0 < result.answer.points < 1000 and not result.answer.best


def test_an_answer_after_the_deadline_is_refused_with_a_message(session, settings):
    settings.LIVE_ANSWER_GRACE = 1.0
    ana, bo = join(session, "Brave Otter"), join(session, "Calm Tiger")
    move(session, "start")
    q = current(session)
    assert services.answer_record(player=ana, number=0, answer=q.spec["solution"], now=at(30.9)).counted
    with pytest.raises(services.Refused, match="Time was up"):
        services.answer_record(player=bo, number=0, answer=q.spec["solution"], now=at(31.1))
    assert not LiveAnswer.objects.filter(player=bo).exists()


def test_answers_to_a_closed_question_or_from_a_removed_player_are_refused(session):
    ana, bo, cy = join(session, "Brave Otter"), join(session, "Calm Tiger"), join(session, "Kind Panda")
    move(session, "start")
    q = current(session)
    services.answer_record(player=ana, number=0, answer=q.spec["solution"], now=at(1))
    services.player_remove(session=session, player_id=cy.pk)
    with pytest.raises(services.Refused, match="removed"):
        services.answer_record(player=cy, number=0, answer=q.spec["solution"], now=at(2))
    move(session, "reveal", at(3))
    with pytest.raises(services.Refused, match="closed"):
        services.answer_record(player=bo, number=0, answer=q.spec["solution"], now=at(4))
    assert services.answer_record(player=ana, number=0, answer="anything", now=at(4)).counted is False
    with pytest.raises(services.LiveError):
        services.answer_record(player=bo, number=7, answer="x", now=at(4))


def test_an_answer_that_is_not_one_of_the_options_is_refused(session):
    ana = join(session, "Brave Otter")
    move(session, "start")
    for bad in ("", "11X", "stand", "7Dx9S+9S"):
        with pytest.raises(services.LiveError):
            services.answer_record(player=ana, number=0, answer=bad, now=at(1))
    assert not LiveAnswer.objects.exists()


def test_speed_breaks_ties_only_and_the_speed_mode_scores_it(host, bank):
    for mode, fast_wins_points in (("value", False), ("speed", True)):
        s = make_session(host, bank["stoppa"][:1], scoring_mode=mode)
        fast, slow = join(s, "Brave Otter"), join(s, "Calm Tiger")
        move(s, "start")
        q = current(s)
        services.answer_record(player=slow, number=0, answer=q.spec["solution"], now=at(20))
        services.answer_record(player=fast, number=0, answer=q.spec["solution"], now=at(2))
        fast.refresh_from_db()
        slow.refresh_from_db()
        assert (fast.score > slow.score) is fast_wins_points
        s.refresh_from_db()
        board = selectors.standings(s)
        assert [b.nickname for b in board] == ["Brave Otter", "Calm Tiger"]
        assert board[1].rank == 2


def test_the_streak_bonus_is_off_by_default_and_counts_best_answers_in_a_row(host, bank):
    puzzles = bank["stoppa"][:3]
    for bonus, expected in ((False, 3000), (True, 3000 + 100 + 200)):
        s = make_session(host, puzzles, streak_bonus=bonus)
        p = join(s, "Brave Otter")
        move(s, "start")
        for n in range(3):
            services.answer_record(player=p, number=n, answer=current(s).spec["solution"], now=at(1))
            move(s, "reveal", at(2))
            move(s, "next", at(3))
        p.refresh_from_db()
        assert (p.score, p.streak) == (expected, 3)


def test_everyone_answered_reveals_at_once(session, django_capture_on_commit_callbacks):
    ana, bo = join(session, "Brave Otter"), join(session, "Calm Tiger")
    move(session, "start")
    q = current(session)
    with django_capture_on_commit_callbacks(execute=True):
        services.answer_record(player=ana, number=0, answer=q.spec["solution"], now=at(1))
    session.refresh_from_db()
    assert session.state == QUESTION
    with django_capture_on_commit_callbacks(execute=True):
        services.answer_record(player=bo, number=0, answer=wrong_answer(q), now=at(2))
    session.refresh_from_db()
    assert session.state == REVEAL


def test_a_question_past_its_deadline_is_closed_by_the_next_poll(session, settings):
    settings.LIVE_ANSWER_GRACE = 1.0
    move(session, "start")
    services.close_if_due(session.pk, now=at(30.5))
    session.refresh_from_db()
    assert session.state == QUESTION
    services.close_if_due(session.pk, now=at(31.5))
    session.refresh_from_db()
    assert session.state == REVEAL


# -- after: the review queue ---------------------------------------------------------------------------
def test_mistakes_join_each_players_review_queue_at_the_reveal_not_before(session, host):
    ana, bo = join(session, "Brave Otter", "key-ana"), join(session, "Calm Tiger", "key-bo")
    host_player = services.player_join(session=session, nickname="Kind Panda", user=host)
    move(session, "start")
    q = current(session)
    services.answer_record(player=ana, number=0, answer=q.spec["solution"], now=at(1))
    services.answer_record(player=bo, number=0, answer=wrong_answer(q), now=at(2))
    services.answer_record(player=host_player, number=0, answer=wrong_answer(q), now=at(3))
    assert not ReviewCard.objects.exists()  # a card now would tell Bo that he missed it
    move(session, "reveal", at(4))
    cards = ReviewCard.objects.filter(puzzle=q.puzzle)
    assert {(c.user_id, c.anon_key) for c in cards} == {(None, "key-bo"), (host.pk, "")}
    assert all(c.lapses == 1 for c in cards)


# -- questions --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["scopa", "settemezzo", "stoppa", "saltacavallo"])
def test_a_typed_position_is_judged_by_the_games_puzzle_machinery(db, game):
    spec = starter_specs(game)[0]
    draft = questions.typed(game=game, variant=_variant_of(game, spec), position=spec.position)
    assert draft.spec == spec.to_dict() and draft.puzzle is None


def _variant_of(game: str, spec) -> str:
    from tutorials.puzzles.registry import PUZZLE_GAMES
    info = PUZZLE_GAMES[game]
    return next(v for v in info.variants if info.rules(v).to_text() == spec.rules_text)


def test_a_typed_position_that_cannot_be_read_or_has_no_clear_answer_is_refused(db):
    with pytest.raises(questions.BadQuestions, match="cannot be read"):
        questions.typed(game="stoppa", variant="P4", position="7D 6D | two | 5 | 1")
    with pytest.raises(questions.BadQuestions, match="no clearly best"):  # a punto of 55: nothing to weigh
        questions.typed(game="stoppa", variant="P4", position="7D,6D,1D | 1 | 4 | 2")
    with pytest.raises(questions.BadQuestions):
        questions.typed(game="poker", variant="P4", position="-")


def test_a_set_by_theme_and_rating_and_puzzles_picked_by_number(bank):
    stoppa = bank["stoppa"]
    ratings = sorted(p.rating for p in stoppa)
    chosen = questions.bank_set(game="stoppa", theme="pot_odds", rating_min=ratings[0], rating_max=ratings[3],
                                count=3, rng=random.Random(1))
    assert len(chosen) == 3 and all(ratings[0] <= d.puzzle.rating <= ratings[3] for d in chosen)
    assert all("pot_odds" in d.puzzle.themes for d in chosen)
    with pytest.raises(questions.BadQuestions):
        questions.bank_set(game="stoppa", theme="pot_odds", rating_min=3000, rating_max=4000)
    picked = questions.picked([stoppa[2].pk, bank["scopa"][0].pk])
    assert [d.puzzle for d in picked] == [stoppa[2], bank["scopa"][0]]
    with pytest.raises(questions.BadQuestions, match="999999"):
        questions.picked([999999])


def test_the_buttons_come_in_an_order_that_says_nothing_of_their_worth(session):
    for q in session.questions.all():
        options = questions.answer_options(q)
        answers = [o.answer for o in options]
        assert answers == sorted(v["answer"] for v in q.spec["verdicts"])
    scopa = session.questions.get(number=0)
    assert all(o.card is not None for o in questions.answer_options(scopa))


def test_a_signed_in_account_is_in_a_session_once(session, other_user):
    """From a second device (no token in its browser's session) it is back in as its player."""
    first = services.player_join(session=session, nickname="Brave Otter", user=other_user)
    again = services.player_join(session=session, nickname="Calm Tiger", user=other_user)
    assert again.pk == first.pk and again.nickname == "Brave Otter"
    assert session.players.count() == 1

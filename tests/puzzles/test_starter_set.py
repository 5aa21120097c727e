"""The shipped starter set: every puzzle re-verified by the engine, well-formed, and loadable."""
import random

import pytest
from django.core.management import call_command

from neapolitan.cards import SETTEBELLO
from neapolitan.scopa import Play, PlayerView, Rules
from neapolitan.scopa.proof import ALL_DEALS, ENUMERATE_UP_TO, KNOWN, SAMPLED, count_deals
from neapolitan.scopa.puzzles import MIN_CONFIDENCE, MIN_GAP, RACE_KIND, verify
from neapolitan.scopa.races import LOST, OPEN, WON, race
from tests.conftest import starter_specs
from tutorials.puzzles.files import shipped_files
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.registry import KINDS, THEMES

VARIANTS = ("SCOPA_2P", "SCOPONE_SCIENTIFICO")


def test_the_starter_set_has_300_puzzles_of_scopa_and_scopone(shipped_specs):
    assert [p.name for p in shipped_files()] == [
        "scopa_starter.jsonl", "settemezzo_starter.jsonl", "stoppa_starter.jsonl", "saltacavallo_starter.jsonl"]
    assert len(shipped_specs) >= 300
    variants = {Rules.from_text(s.rules_text).variant for s in shipped_specs}
    assert variants == set(VARIANTS)
    assert len({(s.rules_text, s.position) for s in shipped_specs}) == len(shipped_specs)


def plays(specs: list) -> list:
    """The puzzles whose answer is a play (the others are card-counting questions)."""
    return [s for s in specs if not s.kind.startswith(RACE_KIND)]


def test_the_card_counting_questions_are_right_and_balanced(shipped_specs):
    races = [s for s in shipped_specs if s.kind.startswith(RACE_KIND)]
    assert len(races) >= 60 and all(verify(s) for s in races)
    for spec in races:
        assert spec.solution == race(spec.view(), spec.kind.removeprefix(RACE_KIND))
        assert [v.answer for v in spec.verdicts][0] == spec.solution and spec.themes == ("card_counting",)
    answers = {(s.kind, s.solution) for s in races}
    assert {a for _k, a in answers} == {WON, OPEN, LOST}


RECOMPUTED = 16  # puzzles recomputed from scratch on every run; `make verify-puzzles` does them all


def test_a_fixed_random_sample_of_the_shipped_puzzles_is_recomputed_from_scratch(shipped_specs):
    sample = random.Random("starter-sample").sample(shipped_specs, RECOMPUTED)
    assert {s.method for s in sample} == {KNOWN, ALL_DEALS, SAMPLED}  # every kind of proof
    failed = [s.position for s in sample if not verify(s)]
    assert failed == []


def test_every_shipped_puzzle_states_a_proof_that_meets_the_rule(shipped_specs):
    """Exact over every deal when there are few enough to count (one, when every card is known);
    otherwise sampled, with the 99% bound on the lead clearing the margin."""
    for spec in plays(shipped_specs):
        possible = count_deals(spec.view())
        assert spec.deals == possible
        if possible == 1:
            assert spec.method == KNOWN and spec.exact and spec.samples == 1
        elif possible <= ENUMERATE_UP_TO:
            assert spec.method == ALL_DEALS and spec.samples == possible and not spec.exact
        else:
            assert spec.method == SAMPLED and 32 <= spec.samples < possible and not spec.exact
        lead = spec.verdicts[0].value - spec.verdicts[1].value
        assert spec.gap_bound >= MIN_GAP and spec.confidence >= MIN_CONFIDENCE
        assert lead >= spec.gap_bound - 2e-3  # exact: equal (both rounded); sampled: the bound is below


def test_themes_follow_what_the_answer_does(shipped_specs):
    for spec in plays(shipped_specs):
        view = spec.view()
        best = Play.parse(spec.solution)
        others = [Play.parse(v.answer) for v in spec.verdicts[1:]]
        assert spec.themes, spec.position
        if "settebello" in spec.themes:
            assert SETTEBELLO in (best.card, *best.captured) or any(p.card is SETTEBELLO for p in others)
        if "partner_play" in spec.themes:
            assert view.rules.players == 4
        sweeps = bool(best.captured) and len(best.captured) == len(view.table)
        if sweeps:
            assert "leave_no_sweep" not in spec.themes
        if "leave_no_sweep" in spec.themes:
            assert spec.verdicts[0].scopa_risk < 0.5 <= max(v.scopa_risk for v in spec.verdicts[1:])
    scopone = [s for s in shipped_specs if s.rules().players == 4]
    assert 0 < sum("partner_play" in s.themes for s in scopone) < len(scopone)


def test_every_shipped_puzzle_is_well_formed(shipped_specs):
    for spec in plays(shipped_specs):
        view = PlayerView.from_text(spec.position, Rules.from_text(spec.rules_text))
        assert view.to_text() == spec.position
        assert {str(p) for p in view.legal_actions()} == {v.answer for v in spec.verdicts}
        assert spec.solution == spec.verdicts[0].answer and spec.verdicts[0].loss == 0
        assert spec.verdicts[1].loss > 0  # a unique solution
        best = spec.verdicts[0].value
        for verdict in spec.verdicts:
            assert verdict.loss == pytest.approx(best - verdict.value, abs=2e-3)  # both rounded
            assert spec.explain(verdict) and 0 <= verdict.scopa_risk <= 1
        assert spec.kind in KINDS and set(spec.themes) <= set(THEMES) and spec.question


@pytest.mark.django_db
def test_load_puzzles_loads_every_starter_set_once(shipped_specs, capsys):
    others = {game: starter_specs(game) for game in ("settemezzo", "stoppa", "saltacavallo")}
    call_command("load_puzzles")
    assert Puzzle.objects.filter(game="scopa").count() == len(shipped_specs)
    for game, specs in others.items():
        assert Puzzle.objects.filter(game=game).count() == len(specs) >= 200
    call_command("load_puzzles")
    assert Puzzle.objects.count() == len(shipped_specs) + sum(map(len, others.values()))
    assert "0 new, 0 updated" in capsys.readouterr().out

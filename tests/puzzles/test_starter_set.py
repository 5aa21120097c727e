"""The shipped starter set: every puzzle re-verified by the engine, well-formed, and loadable."""
import pytest
from django.core.management import call_command

from neapolitan.scopa import PlayerView, Rules
from neapolitan.scopa.puzzles import verify
from tutorials.puzzles.files import shipped_files
from tutorials.puzzles.models import Puzzle
from tutorials.puzzles.registry import KINDS, THEMES

VARIANTS = ("SCOPA_2P", "SCOPONE_SCIENTIFICO")


def test_the_starter_set_has_300_puzzles_of_scopa_and_scopone(shipped_specs):
    assert [p.name for p in shipped_files()] == ["scopa_starter.jsonl"]
    assert len(shipped_specs) >= 300
    variants = {Rules.from_text(s.rules_text).variant for s in shipped_specs}
    assert variants == set(VARIANTS)
    assert len({(s.rules_text, s.position) for s in shipped_specs}) == len(shipped_specs)


def test_every_shipped_puzzle_is_verified_by_the_engine(shipped_specs):
    failed = [s.position for s in shipped_specs if not verify(s)]
    assert failed == []


def test_every_shipped_puzzle_is_well_formed(shipped_specs):
    for spec in shipped_specs:
        view = PlayerView.from_text(spec.position, Rules.from_text(spec.rules_text))
        assert view.to_text() == spec.position
        assert {str(p) for p in view.legal_actions()} == {v.answer for v in spec.verdicts}
        assert spec.solution == spec.verdicts[0].answer and spec.verdicts[0].loss == 0
        assert spec.verdicts[1].loss > 0  # a unique solution
        best = spec.verdicts[0].value
        for verdict in spec.verdicts:
            assert verdict.loss == pytest.approx(best - verdict.value, abs=2e-3)  # both rounded
            assert verdict.explanation and 0 <= verdict.scopa_risk <= 1
        assert spec.kind in KINDS and set(spec.themes) <= set(THEMES) and spec.question


@pytest.mark.django_db
def test_load_puzzles_loads_the_starter_set_once(shipped_specs, capsys):
    call_command("load_puzzles")
    assert Puzzle.objects.count() == len(shipped_specs)
    call_command("load_puzzles")
    assert Puzzle.objects.count() == len(shipped_specs)
    assert "0 new, 0 updated" in capsys.readouterr().out

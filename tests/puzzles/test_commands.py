"""`generate_puzzles` and `load_puzzles`: progress on stderr, files or database, messages on misuse."""
import io
import json

import pytest
from django.core.management import CommandError, call_command

from neapolitan.scopa.puzzles import PuzzleSpec, verify
from tutorials.puzzles.files import shipped_files
from tutorials.puzzles.models import Puzzle

pytestmark = pytest.mark.django_db


def test_generate_into_a_file_then_load_it(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "scopa_test.jsonl"
    call_command("generate_puzzles", game="scopa", count=3, seed="cmd", output=path, stdout=out, stderr=err)
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and "Wrote 3 puzzles" in out.getvalue()
    assert "3/3 SCOPA_2P puzzles" in err.getvalue()  # the progress bar
    specs = [PuzzleSpec.from_dict(json.loads(line)) for line in lines]
    assert all(verify(spec) for spec in specs)
    err = io.StringIO()
    call_command("load_puzzles", str(path), stdout=io.StringIO(), stderr=err)
    assert Puzzle.objects.count() == 3 and "3/3 puzzles" in err.getvalue()


def test_generate_into_the_database_is_reproducible(tmp_path):
    call_command("generate_puzzles", game="scopa", count=2, seed="cmd", stdout=io.StringIO(), stderr=io.StringIO())
    positions = set(Puzzle.objects.values_list("position", flat=True))
    call_command("generate_puzzles", game="scopa", count=2, seed="cmd", stdout=io.StringIO(), stderr=io.StringIO())
    assert set(Puzzle.objects.values_list("position", flat=True)) == positions and len(positions) == 2


@pytest.mark.parametrize(("options", "message"), [
    ({"game": "scopa", "count": 2, "seed": "x", "variant": "QUINDICI"}, "come in SCOPA_2P"),
    ({"game": "scopa", "count": 0, "seed": "x"}, "at least 1"),
])
def test_generate_explains_misuse(options, message):
    with pytest.raises(CommandError, match=message):
        call_command("generate_puzzles", stdout=io.StringIO(), stderr=io.StringIO(), **options)


def test_load_explains_a_bad_file(tmp_path):
    bad = tmp_path / "scopa_bad.jsonl"
    bad.write_text('{"rules_text": "SCOPA_2P"}\n')
    with pytest.raises(CommandError, match="scopa_bad.jsonl line 1"):
        call_command("load_puzzles", str(bad), stdout=io.StringIO(), stderr=io.StringIO())
    with pytest.raises(CommandError, match="No puzzle file"):
        call_command("load_puzzles", str(tmp_path / "missing.jsonl"))
    nameless = tmp_path / "puzzles.jsonl"
    nameless.write_text("")
    with pytest.raises(CommandError, match="<game>_<set>.jsonl"):
        call_command("load_puzzles", str(nameless))


def test_verify_puzzles_recomputes_each_and_names_those_that_differ(tmp_path, shipped_specs):
    known = [s for s in shipped_specs if s.method == "known"][:2]
    path = tmp_path / "scopa_check.jsonl"
    path.write_text("".join(json.dumps(s.to_dict()) + "\n" for s in known))
    out, err = io.StringIO(), io.StringIO()
    call_command("verify_puzzles", str(path), jobs=1, stdout=out, stderr=err)
    assert "All 2 puzzles recomputed" in out.getvalue() and "2/2 puzzles" in err.getvalue()
    tampered = {**known[1].to_dict(), "solution": known[1].verdicts[1].answer}
    path.write_text(json.dumps(known[0].to_dict()) + "\n" + json.dumps(tampered) + "\n")
    with pytest.raises(CommandError, match=r"(?s)1 of 2 puzzles differ.*scopa_check.jsonl line 2"):
        call_command("verify_puzzles", str(path), jobs=1, stdout=io.StringIO(), stderr=io.StringIO())


def test_load_puzzles_writes_a_line_per_file_to_a_log():
    """Not a terminal (a log): a summary line per file, no bar redrawn hundreds of times."""
    err, out = io.StringIO(), io.StringIO()
    call_command("load_puzzles", stdout=out, stderr=err)
    lines = err.getvalue().splitlines()
    assert "\r" not in err.getvalue()
    assert [line.split(" · ")[0] for line in lines] == [
        f"{n}/{n} puzzles from {name}" for n, name in
        ((len(path.read_text().splitlines()), path.name) for path in shipped_files())]
    assert "Puzzles:" in out.getvalue()

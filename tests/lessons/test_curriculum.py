"""The Scopa curriculum is complete: enough lessons, enough steps where the learner acts."""
from tutorials.lessons.content import read_all
from tutorials.lessons.steps import STEP_KINDS

ORDER = [
    "the-deck", "playing-and-trailing", "capturing-a-single-card", "capturing-a-sum",
    "single-card-priority", "the-scopa", "end-of-the-hand", "carte-denari-settebello", "the-primiera",
    "scoring-a-whole-hand", "three-players-and-pairs", "scopone-scientifico", "scopa-a-quindici",
    "assi-re-bello-and-bonuses", "playing-well",
]


def test_scopa_curriculum_has_its_lessons_in_order():
    scopa = sorted((lesson for lesson in read_all() if lesson.game == "scopa"), key=lambda lesson: lesson.order)
    assert [lesson.slug for lesson in scopa] == ORDER


def test_scopa_curriculum_has_at_least_fifty_interactive_steps():
    steps = [s for lesson in read_all() if lesson.game == "scopa" for s in lesson.steps]
    interactive = [s for s in steps if STEP_KINDS[s["kind"]].interactive]
    assert len(interactive) >= 50
    kinds = {s["kind"] for s in interactive}
    assert {"capture", "sweep", "primiera", "points", "choice"} <= kinds

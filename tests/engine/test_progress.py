"""Long commands show progress: a bar redrawn in place on a terminal, a few plain lines in a log
(issue 17: `load_puzzles` wrote 400 progress lines into a log that is not a terminal)."""
import io

from neapolitan.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_quick_job_writes_one_line_to_a_log():
    log = io.StringIO()
    bar = Progress(400, "puzzles from scopa_starter.jsonl", log)
    for done in range(401):
        bar.update(done)
    bar.finish()
    assert "\r" not in log.getvalue()
    assert log.getvalue().splitlines() == ["400/400 puzzles from scopa_starter.jsonl · 0 s"]


def test_a_long_job_writes_a_line_every_half_minute_to_a_log():
    log = io.StringIO()
    bar = Progress(100, "deals", log, clock=Clock(step=10.0))  # ten seconds a deal
    for done in range(1, 101):
        bar.update(done, "so far +0.1")
    bar.finish()
    lines = log.getvalue().splitlines()
    assert 30 <= len(lines) <= 36  # about 1000 s of work: one line per 30 s, and the last
    assert lines[0].startswith("3/100 deals, so far +0.1 · ")
    assert lines[-1].startswith("100/100 deals, so far +0.1")


def test_a_terminal_gets_a_bar_redrawn_in_place():
    screen = Terminal()
    bar = Progress(4, "files", screen, width=8)
    for done in range(5):
        bar.update(done)
    bar.finish()
    text = screen.getvalue()
    assert text.startswith("\r[        ] 0/4 files") and "\r[########] 4/4 files" in text
    assert text.endswith("\n") and text.count("\n") == 1

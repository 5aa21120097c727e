"""The garbage collector is set for serving where the site serves (tutorials/core/collector.py)."""
import gc
import os
import subprocess
import sys
from pathlib import Path

from tutorials.core.collector import OLDER, YOUNG, tune_for_serving

ROOT = Path(__file__).resolve().parents[2]


def test_the_server_process_waits_longer_between_collections_and_sets_its_start_aside():
    code = "import gc, tutorials.wsgi; print(gc.get_threshold(), gc.get_freeze_count() > 10_000)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutorials.settings.test"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == [f"({YOUNG},", f"{OLDER},", f"{OLDER})", "True"]


def test_tuning_keeps_cycles_collectable():
    before = gc.get_threshold()
    try:
        tune_for_serving()
        assert gc.get_threshold() == (YOUNG, OLDER, OLDER) and gc.isenabled()
        cycle = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1  # a cycle is still found when the collector runs
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

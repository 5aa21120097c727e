"""The arena's compiled solver for the Scopone games (`arena_solver.c`), for measuring against
`search-v1`, whose exact solves of Scopone Scientifico take minutes of Python a decision.

It gives the values `neapolitan.scopa.search.searched_values` gives (tests check them against
each other), built with the machine's C compiler on first use into a cache folder. The site never
uses it; where the rules are not those it covers, or there is no C compiler, `play_values` is the
Python solver.
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from neapolitan.cards import mask_of
from neapolitan.scopa.actions import Play
from neapolitan.scopa.rules import Rules
from neapolitan.scopa.search import searched_values
from neapolitan.scopa.state import HandState

SOURCE = Path(__file__).with_name("arena_solver.c")
COVERED = ("SCOPONE_SCIENTIFICO", "SCOPONE")


class NoCompiler(RuntimeError):
    """The compiled solver cannot be built here."""


def covers(rules: Rules) -> bool:
    """The compiled solver plays by these rules: a Scopone game with every option at its default."""
    return rules.variant in COVERED and rules == Rules(rules.variant)


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL:
    """The compiled solver, built once per version of its source (raises NoCompiler)."""
    source = SOURCE.read_bytes()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "neapolitan-tutorials"
    built = cache / f"arena_solver-{hashlib.sha256(source).hexdigest()[:16]}.so"
    if not built.exists():
        compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
        if not compiler:
            raise NoCompiler("the arena's compiled solver needs a C compiler (cc or gcc, or set CC)")
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as work:  # then moved into place whole
            partial = Path(work) / built.name
            done = subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(partial), str(SOURCE)],
                                  capture_output=True, text=True)
            if done.returncode:
                raise NoCompiler(f"{compiler} could not build {SOURCE.name}:\n{done.stderr}")
            partial.replace(built)
    lib = ctypes.CDLL(str(built))
    u64s, ints = ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int)
    lib.play_values.restype = ctypes.c_long
    lib.play_values.argtypes = [u64s, ctypes.c_uint64, u64s, ints, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                ctypes.c_int, ctypes.c_int, ints, u64s, ctypes.POINTER(ctypes.c_double)]
    return lib


def compiled_values(state: HandState, side: int, plies: int | None = None) -> dict[Play, float]:
    """`searched_values`, computed by the compiled solver (the state's rules must be covered)."""
    if not covers(state.rules) or state.stock:
        raise ValueError(f"the compiled solver does not cover {state.rules.name}")
    plays = state.legal_actions()
    count = len(plays)
    out = (ctypes.c_double * count)()
    searched = library().play_values(
        (ctypes.c_uint64 * 4)(*(mask_of(hand) for hand in state.hands)), mask_of(state.table),
        (ctypes.c_uint64 * 2)(*state.piles), (ctypes.c_int * 2)(*state.scope), state.to_move,
        -1 if state.last_capturer is None else state.last_capturer, side, plies or 0, count,
        (ctypes.c_int * count)(*(play.card.index for play in plays)),
        (ctypes.c_uint64 * count)(*(play.mask for play in plays)), out,
    )
    if searched < 0:
        raise RuntimeError(f"the compiled solver failed ({searched})")
    if plies is None:  # exact: margins are whole points, as the Python solver gives them
        return {play: int(value) for play, value in zip(plays, out, strict=True)}
    return dict(zip(plays, out, strict=True))


def play_values(state: HandState, side: int, plies: int | None = None) -> dict[Play, float]:
    """`searched_values` by the compiled solver where it covers the rules and can be built, else by
    the Python one."""
    if covers(state.rules) and not state.stock and _buildable():
        return compiled_values(state, side, plies)
    return searched_values(state, side, plies)


@lru_cache(maxsize=1)
def _buildable() -> bool:
    """Whether the compiled solver can be had here (saying once why not)."""
    try:
        library()
    except NoCompiler as error:
        print(f"{error}: searching in Python instead, which takes minutes a decision", file=sys.stderr)
        return False
    return True

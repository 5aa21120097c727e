"""The engine is pure Python: no module of `neapolitan` imports Django or the site."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "neapolitan"
MODULES = sorted(ENGINE.rglob("*.py"))
FORBIDDEN = ("django", "tutorials", "django_htmx", "template_partials")


def _imported_names(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_engine_has_modules():
    assert len(MODULES) >= 8


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_module_never_imports_django(path):
    bad = [n for n in _imported_names(path) if n.split(".")[0] in FORBIDDEN]
    assert bad == [], f"{path.name} imports {bad}"


def test_importing_the_whole_engine_loads_no_django():
    modules = [
        "neapolitan." + ".".join(p.relative_to(ENGINE).with_suffix("").parts)
        for p in MODULES if p.name != "__init__.py"
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'tutorials')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent)
    assert out.stdout.strip() == "[]"

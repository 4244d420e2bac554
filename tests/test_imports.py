"""The engine stays light: importing a game loads no sympy, pandas, ipywidgets or matplotlib."""
import json
import subprocess
import sys

import pytest

HEAVY = ("sympy", "pandas", "ipywidgets", "matplotlib")


def loaded_after(statement):
    """The heavy top-level packages in sys.modules after running ``statement`` in a fresh Python."""
    probe = f"import sys, json\n{statement}\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1])) & set(HEAVY)


@pytest.mark.parametrize("statement", [
    "import cardlib.twentyfive",
    "import cardlib",
    "from cardlib import GAMES; GAMES['twentyfive'].Game(players=3).new(seed=1)",
    "import cardlib.core",
    "import cardlib.twentyfive.rules, cardlib.twentyfive.bots, cardlib.twentyfive.inference",
])
def test_the_engine_imports_nothing_heavy(statement):
    assert loaded_after(statement) == set()


def test_the_probe_sees_a_heavy_import():
    # The probe itself can fail: importing the tournament module does load pandas.
    assert "pandas" in loaded_after("import cardlib.core.tournament")

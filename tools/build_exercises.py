"""Write the student copies of the exercises from their solutions.

    python tools/build_exercises.py          # writes exercises/NN_game.ipynb
    python tools/build_exercises.py --check  # exits 1 if a student copy is out of date

In ``exercises/solutions/NN_game.ipynb`` the answer cells carry the tag ``solution``. In the
student copy each such cell keeps its comments and the names it assigns, each set to ``...``;
everything else is copied as it is, without outputs (relative links adjusted for the
folder above).
"""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "exercises" / "solutions"
BANNER = ("*This is the student copy, written by `tools/build_exercises.py` from "
          "`exercises/solutions/`. Replace each `...` with your answer and run the check below it.*")


def blank(source: str) -> str:
    """A solution cell's student version: its comments, and ``name = ...`` for each assignment.

    >>> print(blank("# How many pairs?\\nanswer = pair_count([10] * 5)"))
    # How many pairs?
    answer = ...
    >>> print(blank("SEED, RUNS = 7, 20_000"))  # a name a line: "(SEED, RUNS) = ..." could not run
    SEED = ...
    RUNS = ...
    """
    lines = [line for line in source.splitlines() if line.lstrip().startswith("#")]
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                lines.extend(f"{ast.unparse(name)} = ..." for name in names)
    return "\n".join(lines)


def relink(markdown: str) -> str:
    """Links written from exercises/solutions/ made right for the copy one folder up.

    >>> relink("[the lesson](../../notebooks/01_twenty_five.ipynb)")
    '[the lesson](../notebooks/01_twenty_five.ipynb)'
    """
    return markdown.replace("](../../", "](../")


def student_copy(solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The student notebook made from a solution notebook."""
    cells = [nbformat.v4.new_markdown_cell(BANNER)]
    for cell in solution.cells:
        if cell.cell_type == "code":
            tags = cell.get("metadata", {}).get("tags", [])
            source = blank(cell.source) if "solution" in tags else cell.source
            cells.append(nbformat.v4.new_code_cell(source, metadata={"tags": [t for t in tags if t != "solution"]}))
        else:
            cells.append(nbformat.v4.new_markdown_cell(relink(cell.source)))
    notebook = nbformat.v4.new_notebook(cells=cells, metadata=solution.metadata)
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index}"  # stable ids keep rebuilt copies byte-identical
    return notebook


def render(notebook: nbformat.NotebookNode) -> str:
    """The notebook as the text written to disk."""
    return nbformat.writes(notebook) + "\n"


def build(check: bool = False) -> list[Path]:
    """Write (or, with ``check``, compare) every student copy; the paths that were out of date."""
    stale = []
    for path in sorted(SOLUTIONS.glob("*.ipynb")):
        target = ROOT / "exercises" / path.name
        text = render(student_copy(nbformat.read(path, as_version=4)))
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            stale.append(target)
            if not check:
                target.write_text(text, encoding="utf-8")
    return stale


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the student copies of the exercises.")
    parser.add_argument("--check", action="store_true", help="only report copies that are out of date")
    args = parser.parse_args()
    stale = build(check=args.check)
    for path in stale:
        print(("out of date: " if args.check else "wrote ") + str(path.relative_to(ROOT)))
    if args.check and stale:
        sys.exit(1)


if __name__ == "__main__":
    main()

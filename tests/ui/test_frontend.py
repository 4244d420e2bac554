"""cardlib's light page frontend (frontend/ built into the cardlib Voila template): the committed bundle
is the one its sources build, and it carries what cardlib's pages ask of it (no network, no npm needed here)."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
TEMPLATE = ROOT / "cardlib" / "ui" / "jupyter" / "voila" / "templates" / "cardlib"
STATIC = TEMPLATE / "static"


def source_hash(folder: Path = FRONTEND) -> str:
    """frontend/build.mjs's sourceHash: sha256 over src/'s files (sorted, each as path NUL bytes NUL), then the build
    script, package.json and the lock."""
    files = sorted(path.relative_to(folder).as_posix() for path in (folder / "src").rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for name in [*files, "build.mjs", "package.json", "package-lock.json"]:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
    return digest.hexdigest()


def header(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("\n", 1)[0]


@pytest.mark.parametrize("built", ["cardlib-page.js", "cardlib-page.css"])
def test_the_committed_bundle_was_built_from_the_sources_as_they_are(built):
    found = re.search(r"sha256 of src/, build\.mjs, package\.json and package-lock\.json: ([0-9a-f]{64})", header(STATIC / built))
    assert found, f"{built} has no source hash in its first line: rebuild it with `make frontend`"
    assert found.group(1) == source_hash(), (f"frontend/src, build.mjs or package*.json changed since {built} was built: "
                                             f"run `make frontend` and commit the bundle")


def test_the_source_hash_changes_with_any_source_file(tmp_path):
    copy = tmp_path / "frontend"
    (copy / "src").mkdir(parents=True)
    for path in (FRONTEND / "src").iterdir():
        (copy / "src" / path.name).write_bytes(path.read_bytes())
    for name in ("build.mjs", "package.json", "package-lock.json"):
        (copy / name).write_bytes((FRONTEND / name).read_bytes())
    assert source_hash(copy) == source_hash()
    (copy / "src" / "index.js").write_text((FRONTEND / "src" / "index.js").read_text() + "\n// changed\n")
    assert source_hash(copy) != source_hash()


def test_every_icon_cardlib_names_is_drawn_by_the_light_page():
    named = set()
    for path in (ROOT / "cardlib").rglob("*.py"):
        named |= set(re.findall(r"""icon=["']([a-z0-9-]+)["']""", path.read_text(encoding="utf-8")))
    assert named, "no icon= found: the search is broken"
    css = (STATIC / "cardlib-page.css").read_text(encoding="utf-8")
    missing = [icon for icon in sorted(named) if f".fa-{icon}:before" not in css]
    assert not missing, f"icons without a rule in frontend/src/page.css: {missing}"


def test_the_page_loads_its_bundle_and_the_bundle_its_font_beside_the_licences():
    page = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    assert 'cardlib-page.js"></script>' in page and 'cardlib-page.css"' in page
    assert "voila_setup_labextensions" not in page.replace("{#", "\0").split("\0")[0]  # Voila's bundle not loaded
    css = (STATIC / "cardlib-page.css").read_text(encoding="utf-8")
    assert re.search(r'url\("?\./fa-solid-900\.woff2"?\)', css) and (STATIC / "fa-solid-900.woff2").stat().st_size > 10_000
    notices = (STATIC / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    for package in ("@jupyter-widgets/controls", "@jupyterlab/services", "@lumino/widgets", "backbone", "jquery",
                    "@fortawesome/fontawesome-free"):
        assert f"\n{package} " in notices, package
    assert "No licence file" not in notices
    assert "https://" not in css  # nothing from the internet


@pytest.mark.parametrize("command", [["app", "loop"], ["class"]])
def test_cardlib_app_and_class_serve_the_light_page_unless_told_voila(command):
    from cardlib.cli import parser
    from cardlib.serving import voila_options
    from cardlib.ui.launch import with_frontend

    for argv, template in ((command, "cardlib"), ([*command, "--frontend", "voila"], "cardlib-voila")):
        args = parser().parse_args(argv)
        options = with_frontend(voila_options(), args.frontend)
        assert [o for o in options if o.startswith("--template=")] == [f"--template={template}"]
        assert (TEMPLATE.parent / template / "index.html.j2").exists()
    with pytest.raises(SystemExit):
        parser().parse_args([*command, "--frontend", "jupyterlab"])

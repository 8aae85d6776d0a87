"""The sdist and the wheel as PyPI, pip and pipx get them: built from a copy of the repository's
files (as a fresh clone has them), installed into a fresh virtual environment, played from a
folder outside the repository.

The quick tests check the configuration (everything the game reads at run time is package
data); the slow ones build (``python -m build``: the sdist, then the wheel from the sdist, with
the mypyc compile) and install (the dependencies from pip's cache or PyPI, pinned by
``build/constraints.txt``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from fnmatch import fnmatch
from pathlib import Path

import pytest

from game import resources
from game.solver import native

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "game"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
FACE_WHITE = (255, 254, 251)
"""The paper of the card art's faces (assets/make_cards.py)."""
RUN_TIME_DATA = ("assets", "locale")
"""The package's folders of files the game reads at run time (no Python in them)."""


def package_data_globs() -> list[str]:
    return list(PYPROJECT["tool"]["setuptools"]["package-data"]["game"])


def run_time_files() -> list[str]:
    """Every file under the run-time data folders, relative to the package (``.mo`` files are
    made by the build from the ``.po`` beside them)."""
    files = [p for folder in RUN_TIME_DATA for p in (PACKAGE / folder).rglob("*") if p.is_file()]
    return sorted(p.relative_to(PACKAGE).as_posix() for p in files if "__pycache__" not in p.parts)


def test_the_card_art_lives_inside_the_package() -> None:
    art = resources.asset_path("cards", "classic", "AS.svg")
    assert art.is_file()
    assert art.resolve().is_relative_to(PACKAGE), f"{art} is outside the game package: a wheel leaves it out"


def test_package_data_covers_every_file_the_game_reads_at_run_time() -> None:
    files = run_time_files()
    assert sum(f.endswith(".svg") for f in files) >= 2 * 53
    missed = [f for f in files if not any(fnmatch(f, glob) for glob in package_data_globs())]
    assert not missed, f"not package data, so not in the wheel: {missed[:5]}"


def test_make_cards_writes_into_the_package() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_cards_out", ROOT / "assets" / "make_cards.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    assert module.OUT == PACKAGE / "assets" / "cards"


def test_the_licence_is_declared_as_an_spdx_expression_with_its_file() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "GPL-3.0-or-later"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    assert "END OF TERMS AND CONDITIONS" in text and len(text) > 30000
    # PEP 639's license / license-files keys need setuptools 77 or later.
    assert any(r.replace(" ", "").startswith("setuptools>=77") for r in PYPROJECT["build-system"]["requires"])


# ----------------------------------------------------------------------------- built and installed


def tracked_files() -> list[str]:
    """The repository's files as a fresh clone has them (tracked, plus new ones not ignored)."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [name for name in out.splitlines() if (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel ``python -m build`` makes from a clean copy of the repository."""
    if shutil.which("git") is None:
        pytest.skip("git is needed to list the repository's files")
    top = tmp_path_factory.mktemp("wheel")
    source = top / "source"
    for name in tracked_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    env = dict(os.environ)
    env.pop(native.PURE_ENV, None)
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(top / "dist"), str(source)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=900,
    )
    (sdist,) = (top / "dist").glob("*.tar.gz")
    (wheel,) = (top / "dist").glob("*.whl")
    return {"top": top, "sdist": sdist, "wheel": wheel}


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_sdist_holds_what_the_wheel_is_built_from(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    wanted = {"LICENSE", "pyproject.toml", "setup.py", "README.md", "assets/make_cards.py"}
    wanted |= {f"game/solver/{name}.py" for name in native.COMPILED}
    wanted |= {f"game/solver/{name}.c" for name in native.C_MODULES}
    wanted |= {f"game/{f}" for f in run_time_files() if not f.endswith(".mo")}
    assert not wanted - names, sorted(wanted - names)[:10]
    assert not any(name.endswith((".so", ".pyd")) for name in names)


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_wheel_carries_art_translations_licence_and_compiled_solver(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        (metadata,) = (n for n in names if n.endswith(".dist-info/METADATA"))
        meta = wheel.read(metadata).decode("utf-8")
        (licence,) = (n for n in names if n.endswith(".dist-info/licenses/LICENSE"))
        assert wheel.read(licence) == (ROOT / "LICENSE").read_bytes()
    assert "License-Expression: GPL-3.0-or-later" in meta
    for path in run_time_files():
        if path.endswith((".po", ".pot")):
            continue
        assert f"game/{path}" in names, path
    for language in ("de", "fr", "es", "it", "pt_BR", "ru"):
        assert f"game/locale/{language}/LC_MESSAGES/solitaire.mo" in names
    assert any(n.startswith(f"{native.GROUP}__mypyc.") for n in names), "the solver was not compiled"


FRAME = """
import argparse, os, sys
import pygame
import game
from game.app import App
from game.resources import asset_path
args = argparse.Namespace(variant="kansas", deal=3, fullscreen=False, window=(800, 600),
                          autoplay=False, exit_when_done=False, data_dir=sys.argv[2])
app = App(args, speed="off")
for _ in range(5):
    app.step()
pygame.image.save(pygame.display.get_surface(), sys.argv[1])
print(game.__file__)
print(asset_path("cards", "classic", "AS.svg"))
pygame.quit()
"""
"""Kansas deal 3's opening table, rendered by whichever ``game`` the Python running it imports."""


def render_frame(python: Path, out: Path, cwd: Path, env: dict[str, str]) -> list[str]:
    proc = subprocess.run(
        [str(python), "-c", FRAME, str(out), str(cwd / "frame-data")],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.split()


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_wheel_installed_in_a_fresh_venv_plays_from_another_folder(built: dict[str, Path]) -> None:
    import pygame

    top = built["top"]
    venv = top / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python, solitaire = venv / "bin" / "python", venv / "bin" / "solitaire"
    constraints = ROOT / "build" / "constraints.txt"
    install = [str(python), "-m", "pip", "install", "-q", "-c", str(constraints), str(built["wheel"])]
    subprocess.run(install, check=True, capture_output=True, timeout=900)

    elsewhere = top / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_SPEED="off")
    env.update(PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop(native.PURE_ENV, None)
    env.pop("SOLITAIRE_DATA_DIR", None)
    data = elsewhere / "data"
    args = [str(solitaire), "--variant", "kansas", "--deal", "3", "--autoplay", "--exit-when-done"]
    proc = subprocess.run(
        [*args, "--data-dir", str(data)], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "kansas deal 3" in proc.stdout
    assert "missing card art" not in proc.stderr and "Traceback" not in proc.stderr
    assert data.is_dir() and any(data.iterdir()), "--data-dir: nothing saved there"
    env["SOLITAIRE_DATA_DIR"] = str(data)  # for the runs below: never the user's own folder

    version = subprocess.run([str(solitaire), "--version"], cwd=elsewhere, env=env, capture_output=True)
    assert b"License: GPL-3.0-or-later" in version.stdout
    assert b"Solver: compiled with mypyc" in version.stdout, version.stdout

    # The table drawn by the installed game is the table the repository's game draws: the
    # same card art, found inside the installed package.
    installed, art = render_frame(python, elsewhere / "installed.png", elsewhere, env)
    assert Path(installed).is_relative_to(venv) and Path(art).is_relative_to(venv), (installed, art)
    here, _ = render_frame(Path(sys.executable), elsewhere / "source.png", elsewhere, env)
    assert Path(here).is_relative_to(ROOT)
    frames = [pygame.image.load(str(elsewhere / f"{name}.png")) for name in ("installed", "source")]
    table = pygame.Rect(0, 40, 800, 520)  # the top bar and the status line (timing) left out
    pixels = [pygame.image.tobytes(f.subsurface(table), "RGB") for f in frames]
    assert pixels[0] == pixels[1]
    face = [tuple(frames[0].get_at((x, y)))[:3] for x in range(80, 160, 4) for y in range(320, 420, 4)]
    assert face.count(FACE_WHITE) > len(face) // 2, "no card face where Kansas deal 3's reserve card lies"

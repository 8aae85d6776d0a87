"""build/wine.py's own logic, without Wine: its options, when a prefix is current, the screenshot
check, what it copies and installs; and the Windows settings it relies on (X utf8, the pins)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.build_scripts import load

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


@pytest.fixture(scope="module")
def wine() -> ModuleType:
    return load("wine")


def test_the_prefix_lives_outside_the_source_tree(wine: ModuleType) -> None:
    # A prefix's dosdevices/z: links to /, and setuptools follows links listing the project's
    # files: with the prefix in build/wine/, ``pip install -e .`` ran for over an hour.
    assert not wine.DEFAULT_CACHE.resolve().is_relative_to(ROOT.resolve())


def test_options(wine: ModuleType) -> None:
    plain = wine.parse_args([])
    assert not plain.smoke and not plain.fresh and plain.display is None
    assert plain.cache == wine.DEFAULT_CACHE
    args = wine.parse_args(["--smoke", "--fresh", "--cache", "/tmp/c", "--display", "42"])
    assert args.smoke and args.fresh and args.cache == Path("/tmp/c") and args.display == 42
    with pytest.raises(SystemExit):
        wine.parse_args(["--display", "x"])


def test_a_prefix_is_current_only_for_the_same_python_pins_and_wine(wine: ModuleType, tmp_path: Path) -> None:
    key = wine.prefix_key("pygame-ce==2.5.8\n", "wine-8.0")
    assert key == wine.prefix_key("pygame-ce==2.5.8\n", "wine-8.0")
    assert key != wine.prefix_key("pygame-ce==2.5.9\n", "wine-8.0")
    assert key != wine.prefix_key("pygame-ce==2.5.8\n", "wine-9.0")
    assert not wine.prefix_current(tmp_path, key)  # never finished: no stamp
    (tmp_path / "solitaire-stamp").write_text(key + "\n", encoding="utf-8")
    assert wine.prefix_current(tmp_path, key)
    assert not wine.prefix_current(tmp_path, wine.prefix_key("other\n", "wine-8.0"))


def _image(width: int, height: int, felt: float, cards: float) -> bytes:
    """RGB bytes: ``felt`` of the pixels felt green, ``cards`` card white, the rest black."""
    pixels = width * height
    n_felt, n_cards = int(pixels * felt), int(pixels * cards)
    return (
        bytes((30, 100, 60)) * n_felt
        + bytes((250, 250, 250)) * n_cards
        + bytes(3) * (pixels - n_felt - n_cards)
    )


def test_the_screenshot_check_wants_felt_and_cards(wine: ModuleType) -> None:
    assert wine.table_problem(_image(200, 150, 0.7, 0.15)) is None
    black = wine.table_problem(_image(200, 150, 0.0, 0.0))
    assert black is not None and "no table" in black
    no_cards = wine.table_problem(_image(200, 150, 0.9, 0.0))
    assert no_cards is not None and "no cards" in no_cards
    white = wine.table_problem(bytes((255, 255, 255)) * 30000)
    assert white is not None and "no table" in white
    assert wine.table_problem(b"") == "the screenshot is empty"


def test_the_screenshot_check_reads_a_png(wine: ModuleType, tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    table = pygame.Surface((320, 200))
    table.fill((30, 100, 60))
    for x in range(10, 300, 60):
        table.fill((255, 255, 255), pygame.Rect(x, 20, 45, 70))
    pygame.image.save(table, str(tmp_path / "table.png"))
    assert wine.screenshot_problem(tmp_path / "table.png") is None
    pygame.image.save(pygame.Surface((320, 200)), str(tmp_path / "black.png"))
    assert "no table" in wine.screenshot_problem(tmp_path / "black.png")
    assert "no screenshot" in wine.screenshot_problem(tmp_path / "missing.png")


def test_missing_tools_are_named_with_their_packages(wine: ModuleType) -> None:
    assert wine.missing_tools(lambda tool: f"/usr/bin/{tool}") == []
    missing = wine.missing_tools(lambda tool: None if tool in ("wine", "Xvfb") else "/x")
    assert missing == ["wine", "Xvfb"]
    assert {wine.TOOLS[t] for t in missing} <= set(wine.APT_PACKAGES)


def test_windows_paths_are_on_drive_z(wine: ModuleType) -> None:
    assert wine.windows_path(Path("/work/a b/c.txt")) == r"Z:\work\a b\c.txt"


def test_the_copy_leaves_out_builds_caches_and_compiled_modules(
    wine: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = tmp_path / "tree"
    for name in ("game/cli.py", "game/x.cpython-311-x86_64-linux-gnu.so", ".venv/bin/python", "dist/a",
                 "build/work/cache", "build/wine/prefix/x", "build/build.py", ".git/HEAD"):  # fmt: skip
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text("x", encoding="utf-8")
    monkeypatch.setattr(wine, "ROOT", tree)
    dest = tmp_path / "copy"
    (dest / "build" / "work").mkdir(parents=True)
    (dest / "build" / "work" / "kept").write_text("PyInstaller's cache", encoding="utf-8")
    (dest / "stale.py").write_text("gone from the tree", encoding="utf-8")
    wine.copy_tree(dest)
    found = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    assert found == ["build/build.py", "build/work/kept", "game/cli.py"]


def test_the_windows_only_dependencies_are_named_and_pinned(wine: ModuleType) -> None:
    assert {"pefile", "pywin32-ctypes"} <= set(wine.REQUIREMENTS)
    lines = (BUILD / "constraints.txt").read_text(encoding="utf-8").splitlines()
    for name in ("pefile", "pywin32-ctypes"):
        pin = [line for line in lines if line.startswith(f"{name}==")]
        assert len(pin) == 1 and pin[0].endswith("; sys_platform == 'win32'")
    build = load("build")
    assert "pefile" not in build.pinned() or sys.platform == "win32"  # checked only on Windows


@pytest.mark.slow  # renders the spec three times, making the icons each time
def test_the_windows_executables_write_utf8(wine: ModuleType) -> None:
    """PyInstaller's X utf8 in both Windows executables (a frozen app ignores PYTHONUTF8), not
    elsewhere: Linux and macOS keep the locale's encoding."""
    build = load("build")

    def options(target: str) -> list[list[str]]:
        calls, _ = build.render_spec(target)
        return [
            [o[0] for arg in args if isinstance(arg, list) for o in arg if len(o) == 3 and o[2] == "OPTION"]
            for kind, args, _ in calls
            if kind == "EXE"
        ]

    assert options("windows") == [["X utf8"], ["X utf8"]]
    assert options("linux") == [[], []]
    assert options("macos") == [[], []]


def _fake_wine(tmp_path: Path, script: str) -> dict[str, str]:
    """An environment whose ``wine`` is ``script`` (a shell script)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "wine").write_text("#!/bin/sh\n" + script, encoding="utf-8")
    (folder / "wine").chmod(0o755)
    return dict(os.environ, PATH=f"{folder}{os.pathsep}{os.environ['PATH']}")


def test_wine_programs_get_no_file_as_a_standard_handle(
    wine: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Wine 8's Python breaks when a standard handle is a regular file: /dev/null and pipes only."""
    script = '[ -p /dev/stdout ] && echo "out pipe"\n[ -f /dev/stdin ] || echo "in not a file"\necho "$@"\n'
    env = _fake_wine(tmp_path, script + "exit 3\n")
    proc = wine.run_wine(["python.exe", "-V"], env, tmp_path, 30, "tag:")
    assert proc.returncode == 3
    assert proc.stdout.splitlines() == ["out pipe", "in not a file", "python.exe -V"]
    assert "tag: python.exe -V" in capsys.readouterr().out


def test_a_silent_hang_under_wine_times_out(wine: ModuleType, tmp_path: Path) -> None:
    env = _fake_wine(tmp_path, "exec sleep 60\n")
    proc = wine.run_wine(["hang.exe"], env, tmp_path, 1, "tag:")
    assert proc.returncode != 0 and "timed out after 1 s" in proc.stdout


def test_local_app_data_is_the_users_not_public(wine: ModuleType, tmp_path: Path) -> None:
    assert wine.local_app_data(tmp_path) is None
    for user in ("Public", "root"):
        (tmp_path / "drive_c" / "users" / user / "AppData" / "Local").mkdir(parents=True)
    assert wine.local_app_data(tmp_path) == tmp_path / "drive_c" / "users" / "root" / "AppData" / "Local"


def test_the_build_backend_is_the_one_pyproject_asks_for(wine: ModuleType, tmp_path: Path) -> None:
    """The Windows Python brings setuptools 72; the project's licence metadata needs 77."""
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[build-system]\nrequires = ["setuptools>=77", "wheel", "Babel==2.18.0"]\n')
    assert wine.backend_requirements(pyproject) == ["setuptools>=77", "wheel"]
    assert any(r.startswith("setuptools") for r in wine.backend_requirements())


def _stand_in(tmp_path: Path, version: str) -> Path:
    """A stand-in for a built executable: every smoke check's expected output, exit 0, except
    its first autoplay, which then ends as Wine 8 ended one exit in a few: its fault line and status 5."""
    expected = [f"solitaire {version}", "kansas", "Freecells:", "bakers-game deal 1:", "deal 5"]
    expected += [f"{v} deal " for v in ("lady-jane", "bakers-game", "kansas", "aunt-mary", "seahaven")]
    faulted = tmp_path / "faulted"
    exe = tmp_path / "solitaire"
    exe.write_text(
        f"""#!{sys.executable}
import os, pathlib, sys
args = sys.argv[1:]
pathlib.Path(os.environ["SOLITAIRE_DATA_DIR"]).mkdir(parents=True, exist_ok=True)
if "--data-dir" in args:
    pathlib.Path(args[args.index("--data-dir") + 1]).mkdir(parents=True, exist_ok=True)
if "nope" in args:
    sys.exit(2)
if "--speech" in args:  # the speech smoke's transcript (build/speech_smoke.py)
    pathlib.Path(os.environ["SOLITAIRE_SPEECH_LOG"]).write_text("Baker's Game, deal 5.\\n", encoding="utf-8")
print({" ".join(expected)!r})
if "--autoplay" in args and not pathlib.Path({str(faulted)!r}).exists():
    pathlib.Path({str(faulted)!r}).touch()
    sys.stdout.flush()
    print("wine: Unhandled page fault on execute access to 0000000259D937EA", file=sys.stderr)
    sys.exit(5)
""",
        encoding="utf-8",
    )
    exe.chmod(0o755)
    return exe


@pytest.mark.skipif(sys.platform == "win32", reason="a script as the stand-in executable")
def test_a_run_that_crashes_at_exit_fails_the_smoke_and_is_not_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = load("build")
    monkeypatch.setattr(build, "shipped_languages", lambda: ["de"])
    monkeypatch.setattr(build, "translated_help", lambda language: False)
    failures = build.smoke(_stand_in(tmp_path, build.version()))
    assert len(failures) == 1, failures
    assert "LANGUAGE=de --variant kansas --deal 3 --autoplay --exit-when-done: exit 5" in failures[0]
    assert "Unhandled page fault" in failures[0]


def test_ci_runs_the_windows_build_under_wine_and_installs_wine() -> None:
    """Issue 32's contract: .ci/run runs ``build/wine.py --smoke`` (not only mentions it)."""
    commands = [
        line.split("#", 1)[0].strip()
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    ]
    assert ".venv/bin/python build/wine.py --smoke" in commands
    assert any("need+=(wine wine64)" in line for line in commands)

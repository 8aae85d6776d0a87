"""Where the saved data lives: one folder, chosen once at start.

In order of precedence: the folder given on the command line (``--data-dir DIR``), the
environment variable ``SOLITAIRE_DATA_DIR`` (tests and a portable install use it), and the
platform's user data folder for the app "solitaire" (``~/.local/share/solitaire`` on Linux,
``~/Library/Application Support/solitaire`` on macOS, ``%LOCALAPPDATA%\\solitaire`` on
Windows).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from game.i18n import N_, _

APP_NAME = "solitaire"
ENV_VAR = "SOLITAIRE_DATA_DIR"
DB_NAME = "solitaire.sqlite3"
DATA_DIR_HELP = N_(
    "folder for settings, statistics and saved games (default: ${variable} or the user data folder)"
)
"""The help text of the ``--data-dir DIR`` option, shown as ``_(DATA_DIR_HELP).format(variable=ENV_VAR)``."""


def data_dir(
    explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None
) -> Path:
    """The data folder: ``explicit`` if given, else ``$SOLITAIRE_DATA_DIR``, else the platform's.

    The folder may not exist yet; ``~`` is expanded. An empty value counts as not given.
    Raises ``NotADataFolder`` when ``~user`` names no user.
    """
    env = os.environ if environ is None else environ
    chosen = os.fspath(explicit) if explicit else env.get(ENV_VAR, "")
    if chosen:
        return expand(chosen)
    import platformdirs  # only here: the command line names the folder before its window

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class NotADataFolder(OSError):
    """A data folder that cannot even be named (``~nosuchuser/solitaire``)."""


def expand(text: str) -> Path:
    """``text`` as a path with ``~`` expanded, or ``NotADataFolder`` saying why not."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # "Could not determine home directory"
        home = text.split("/", 1)[0].split(os.sep, 1)[0]
        raise NotADataFolder(
            _("{folder} is not a home folder on this computer").format(folder=repr(home))
        ) from None


def database_path(folder: Path) -> Path:
    """The database file inside the data folder."""
    return folder / DB_NAME


def prepare_folder(folder: Path) -> None:
    """Create ``folder`` if missing and check a file can be written in it.

    Raises ``OSError`` (with the reason from the system) when it cannot: a read-only or
    missing-and-uncreatable folder, or a path that runs through a file.
    """
    # The player's own: a folder the game makes is theirs alone (0700); one that exists is
    # left as it is (it may be shared on purpose, or be the folder given on the command line).
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    # Try it rather than ask os.access: permissions, read-only mounts and root all differ.
    # (Not with tempfile: its import, with shutil's, costs ~2 ms of the first table frame.)
    name = folder / f".write-test-{os.getpid()}-{os.urandom(6).hex()}"
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.close(fd)
    os.unlink(name)

"""Print one of README.md's commands (``test``, ``build`` or ``play``) for this system.

    python .ci/readme_command.py test

The workflows run the README's commands, so the two never drift apart (``.ci/run`` reads the
test command the same way). On Windows, where a virtual environment keeps its programs in
``.venv/Scripts/`` and Python is ``python``, the command is adjusted as the README tells players.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_command(name: str, text: str) -> str:
    """The ``sh`` block after README's ``<!-- NAME-command -->`` marker."""
    found = re.search(rf"<!-- {re.escape(name)}-command -->\s*```sh\n(.*?)\n```", text, re.S)
    if not found:
        raise SystemExit(f"readme_command: no {name}-command block in README.md")
    return found[1].strip()


def for_windows(command: str) -> str:
    """``command`` as run in Git's bash on Windows."""
    return re.sub(r"\bpython3\b", "python", command).replace(".venv/bin/", ".venv/Scripts/")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python .ci/readme_command.py test|build|play", file=sys.stderr)
        return 2
    command = readme_command(argv[0], README.read_text(encoding="utf-8"))
    print(for_windows(command) if sys.platform == "win32" else command)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

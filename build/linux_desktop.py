"""The Linux desktop files: the applications-menu entry, the AppStream metainfo and the hicolor
icons, named by the application's ID (``game.desktop.APP_ID``), with the translations of their
words taken from the catalogs; and ``install.sh``, which puts them into a player's home folder.

    python build/linux_desktop.py PREFIX [ICON_DIR]

writes ``PREFIX/share/applications/<id>.desktop``, ``PREFIX/share/metainfo/<id>.metainfo.xml``
and ``PREFIX/share/icons/hicolor/<N>x<N>/apps/<id>.png`` (16 to 512 px, rendered by
``build/icon.py`` into ICON_DIR, default ``build/work/icon``). ``build/build.py`` stages them into
the Linux tarball (under ``share/``, beside ``install.sh``); the Flatpak manifest installs them
into ``/app``. The templates are ``build/linux/<id>.desktop`` and ``build/linux/<id>.metainfo.xml``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script: game/ (desktop.py, i18n_tools.py) from here

from game import desktop, i18n_tools  # noqa: E402

APP_ID = desktop.APP_ID
LINUX = ROOT / "build" / "linux"
DESKTOP_TEMPLATE = LINUX / f"{APP_ID}.desktop"
METAINFO_TEMPLATE = LINUX / f"{APP_ID}.metainfo.xml"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
"""The hicolor sizes installed (build/icon.py renders each as ``solitaire-<N>.png``)."""


def version() -> str:
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if not found:
        raise SystemExit("linux_desktop: no __version__ in game/__init__.py")
    return found[1]


def translations(locale_root: Path | None = None) -> dict[str, dict[str, str]]:
    """English text -> language -> translation, for the desktop entry's messages
    (``game.desktop``), from every catalog in ``locale_root`` (fuzzy ones left out)."""
    found: dict[str, dict[str, str]] = {}
    for po in i18n_tools.catalog_paths(locale_root or i18n_tools.LOCALE):
        language = i18n_tools.language_of(po)
        for message in i18n_tools.messages(i18n_tools.read(po, language)):
            if (
                isinstance(message.id, str)
                and message.context == desktop.CONTEXT
                and message.string
                and not message.fuzzy
            ):
                found.setdefault(message.id, {})[language] = " ".join(str(message.string).split())
    return found


def desktop_entry(locale_root: Path | None = None) -> str:
    """The entry with the version filled in and, after each key ``game.desktop`` marks for
    translation, one ``Key[language]=`` line per catalog that translates it."""
    words = translations(locale_root)
    lines = []
    for line in DESKTOP_TEMPLATE.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        lines.append(line)
        if key in desktop.ENTRY:
            for language, text in sorted(words.get(value, {}).items()):
                lines.append(f"{key}[{language}]={text}")
    return "\n".join(lines).replace("{version}", version()) + "\n"


def metainfo(locale_root: Path | None = None) -> str:
    """The metainfo with, after its English name and summary, one element per language that
    translates them (``xml:lang``), and each language's keywords after the English ones."""
    words = translations(locale_root)
    out = []
    for line in METAINFO_TEMPLATE.read_text(encoding="utf-8").splitlines():
        out.append(line)
        tag = re.fullmatch(r"(\s*)<(name|summary)>([^<]*)</\2>", line)
        if tag and tag[1] == "  ":  # the component's own, not the developer's
            indent, name, english = tag.groups()
            for language, text in sorted(words.get(english, {}).items()):
                out.append(f'{indent}<{name} xml:lang="{language}">{escape(text)}</{name}>')
        if line.strip() == "</keywords>":
            out.pop()
            english_keywords = desktop.KEYWORDS
            for language, text in sorted(words.get(english_keywords, {}).items()):
                for keyword in filter(None, (k.strip() for k in text.split(";"))):
                    out.append(f'    <keyword xml:lang="{language}">{escape(keyword)}</keyword>')
            out.append(line)
    return "\n".join(out) + "\n"


def stage(prefix: Path, icon_dir: Path) -> list[Path]:
    """Write the entry, the metainfo and the icons under ``prefix/share``; returns the files."""
    share = prefix / "share"
    files = {
        share / "applications" / f"{APP_ID}.desktop": desktop_entry().encode("utf-8"),
        share / "metainfo" / f"{APP_ID}.metainfo.xml": metainfo().encode("utf-8"),
    }
    for size in ICON_SIZES:
        png = icon_dir / f"solitaire-{size}.png"
        files[share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = png.read_bytes()
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return sorted(files)


INSTALL_SH = r"""#!/bin/sh
# Put Solitaire into your applications menu and a 'solitaire' command into ~/.local/bin, for you
# alone (no root needed), the way the XDG specifications say: the menu entry, the AppStream
# metainfo and the icons go under $XDG_DATA_HOME (default ~/.local/share).
#   ./install.sh              install (again: replaces what an earlier install wrote)
#   ./install.sh --uninstall  remove all of it
set -eu
app_id=@APP_ID@
here=$(cd "$(dirname "$0")" && pwd -P)
data=${XDG_DATA_HOME:-$HOME/.local/share}
case $data in /*) ;; *) data=$HOME/.local/share ;; esac  # the spec: a relative path is invalid
bin=$HOME/.local/bin
sizes="@SIZES@"

# The menus' index of the entries (shared by all of them: rewritten, never removed). No icon
# cache: desktops read a home folder's icons without one, and a stale one would hide new icons.
refresh() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data/applications" 2>/dev/null || true
    fi
}

if [ "${1-}" = "--uninstall" ]; then
    rm -f "$data/applications/$app_id.desktop" "$data/metainfo/$app_id.metainfo.xml"
    for size in $sizes; do
        rm -f "$data/icons/hicolor/${size}x$size/apps/$app_id.png"
    done
    # The command only if it is ours (a link to this folder's solitaire).
    if [ -L "$bin/solitaire" ] && [ "$(readlink "$bin/solitaire")" = "$here/solitaire" ]; then
        rm -f "$bin/solitaire"
    fi
    refresh
    echo "Uninstalled: the menu entry, its icons and the 'solitaire' command are gone."
    exit 0
elif [ $# -gt 0 ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi

case $here in
*'
'*) echo "install.sh: a folder name with a line break cannot go into a menu entry; move the folder" >&2
    exit 1 ;;
esac

# Exec= is a command line in double quotes, where \ " ` $ take a backslash, and % is doubled;
# the value is then a string, whose every \ is doubled again (the Desktop Entry specification).
exec_path=$(printf '%s\n' "$here/solitaire" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')
try_path=$(printf '%s\n' "$here/solitaire" | sed -e 's/\\/\\\\/g')

mkdir -p "$bin" "$data/applications" "$data/metainfo"
ln -sfn "$here/solitaire" "$bin/solitaire"
for size in $sizes; do
    mkdir -p "$data/icons/hicolor/${size}x$size/apps"
    cp "$here/share/icons/hicolor/${size}x$size/apps/$app_id.png" "$data/icons/hicolor/${size}x$size/apps/"
done
cp "$here/share/metainfo/$app_id.metainfo.xml" "$data/metainfo/"
EXEC_LINE="Exec=\"$exec_path\"" TRY_LINE="TryExec=$try_path" awk '
    /^Exec=/ { print ENVIRON["EXEC_LINE"]; next }
    /^TryExec=/ { print ENVIRON["TRY_LINE"]; next }
    { print }
' "$here/share/applications/$app_id.desktop" > "$data/applications/$app_id.desktop"
refresh
echo "Installed: run 'solitaire' or pick Solitaire from the applications menu."
"""


def install_sh() -> str:
    """The tarball's install.sh, for this application ID and these icon sizes."""
    return INSTALL_SH.replace("@APP_ID@", APP_ID).replace("@SIZES@", " ".join(map(str, ICON_SIZES)))


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    icon_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "build" / "work" / "icon"
    if not (icon_dir / "solitaire-512.png").is_file():
        sys.path.insert(0, str(ROOT / "build"))
        import icon

        icon.make_icons(icon_dir)
    for path in stage(Path(argv[0]), icon_dir):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

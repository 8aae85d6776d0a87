"""The words of the Linux applications-menu entry (``build/linux/<APP_ID>.desktop``) and of the
AppStream metainfo (its name and summary), marked here so the extraction puts them into the
template: the build writes each language's translation into the entry as ``Name[de]=…`` and into
the metainfo as ``<name xml:lang="de">`` (``build/linux_desktop.py``). The game never shows them."""

from __future__ import annotations

from game.i18n import NP_

APP_ID = "io.github.solitaire_five.solitaire"
"""The application's ID (reverse DNS): the name of its desktop entry, icon, AppStream metainfo
and Flatpak manifest (build/linux/), and its window's class, by which a desktop matches the
window to the entry. Four parts, as Flathub wants for a project hosted on GitHub
(``io.github.<owner>.<name>``), the owner's dash written as an underscore, as Flathub's rules for
IDs ask (a dash is not allowed in a D-Bus name's parts Flatpak makes from the ID); all lower case,
which ``appstreamcli validate --pedantic`` asks. The macOS bundle identifier is the same with the
dash, which Apple allows, and no underscore, which it does not (``build/release_info.py``)."""

CONTEXT = "desktop entry"
"""The messages' context: the menu entry's words are translated apart from the game's own."""

# Translators: the program's name in the applications menu (the window title stays "Solitaire")
NAME = NP_("desktop entry", "Solitaire")
# Translators: the kind of program, shown under its name in some applications menus
GENERIC_NAME = NP_("desktop entry", "Patience card games")
# Translators: the applications menu's tooltip; {version} is the game's version number
COMMENT = NP_(
    "desktop entry", "Lady Jane, Baker's Game, Kansas, Aunt Mary and Seahaven Towers (version {version})"
)
# Translators: words the applications menu's search finds the game by: keep the semicolons,
# one after each word, and add your language's usual words for these card games
KEYWORDS = NP_("desktop entry", "solitaire;patience;cards;freecell;")

ENTRY = {"Name": NAME, "GenericName": GENERIC_NAME, "Comment": COMMENT, "Keywords": KEYWORDS}
"""The entry's translated keys and their English values (the template's lines)."""

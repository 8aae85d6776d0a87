"""The catalogs' tools, for translators, the install and the tests: one command per step.

    python -m game.i18n_tools extract        # the messages of game/ -> game/locale/solitaire.pot
    python -m game.i18n_tools init LANG      # a new language: game/locale/LANG/LC_MESSAGES/solitaire.po
    python -m game.i18n_tools update         # every .po takes the .pot's new and changed messages
    python -m game.i18n_tools compile        # every .po -> solitaire.mo beside it (the install does it)
    python -m game.i18n_tools check          # every .po complete, nothing fuzzy, placeholders kept

``extract`` is Babel's extraction with ``babel.cfg`` (which files), the keywords below and the
``# Translators:`` comments; the same as::

    pybabel extract -F babel.cfg --no-default-keywords -k _ -k N_ -k ngettext:1,2 \\
        -k pgettext:1c,2 -k npgettext:1c,2,3 -k NP_:1c,2 --add-comments=Translators: \\
        --sort-output -o game/locale/solitaire.pot game

except that the template is written without line numbers and is left untouched when no message
changed, so it changes only when the messages do.

Only the standard library and Babel (imported where used): ``setup.py`` loads this file by its
path before the game's dependencies are installed, and nothing here may import pygame.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

DOMAIN = "solitaire"
"""The gettext domain (``game.i18n.DOMAIN``; repeated so this file imports nothing of the game)."""

GAME = Path(__file__).resolve().parent
LOCALE = GAME / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
MAPPING = GAME.parent / "babel.cfg"

KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "NP_": ((1, "c"), 2),
}
"""The functions of ``game.i18n`` whose arguments are messages (Babel's keyword specs:
``(1, "c")`` is the context)."""

COMMENT_TAG = "Translators:"
"""A comment starting so on the line above a message goes into the template for translators."""

WIDTH = 76
"""Line width of the written catalogs."""

AUTHORS = "the Solitaire authors"
HEADER = """\
# The messages of Solitaire, for translators. Written by
# `python -m game.i18n_tools extract`: never edit this file by hand.
# A new language: `python -m game.i18n_tools init LANG` (README,
# "Translating")."""

MessageKey = tuple[str | None, str | tuple[str, ...]]
"""A message as the code names it: (context, id), the id ``(singular, plural)`` when counted."""


# --------------------------------------------------------------------------- reading and writing


def catalog_paths(root: Path | None = None) -> list[Path]:
    """Every language's catalog, ``root/<language>/LC_MESSAGES/solitaire.po`` (default: the
    game's, ``LOCALE``), sorted."""
    return sorted((root or LOCALE).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def language_of(po: Path) -> str:
    """``de`` for ``.../de/LC_MESSAGES/solitaire.po``."""
    return po.parent.parent.name


def read(path: Path, language: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a Babel catalog."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` sorted, without line numbers (a moved line changes no file)."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=True, include_lineno=False, ignore_obsolete=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def keys(catalog: Catalog) -> set[MessageKey]:
    """The messages of ``catalog`` (not its header)."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def messages(catalog: Catalog) -> Iterator[Message]:
    """The messages of ``catalog`` without its header entry."""
    return (m for m in catalog if m.id)


# --------------------------------------------------------------------------- extract


def mapping() -> list[tuple[str, str]]:
    """``babel.cfg``'s patterns: which files are read and with which extractor."""
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as handle:
        method_map, _options = parse_mapping_cfg(handle, str(MAPPING))  # type: ignore[no-untyped-call]
    return list(method_map)


def extract(source: Path | None = None) -> Catalog:
    """Every message marked in ``source`` (``game/``), as the template catalog."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(
        domain=DOMAIN, project="Solitaire", copyright_holder=AUTHORS, header_comment=HEADER, fuzzy=False
    )
    source = source or GAME
    found = extract_from_dir(str(source), mapping(), keywords=KEYWORDS, comment_tags=(COMMENT_TAG,))
    for filename, lineno, message, comments, context in found:
        location = (f"{source.name}/{Path(filename).as_posix()}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def write_template(catalog: Catalog, path: Path | None = None) -> bool:
    """Write the template unless its messages, comments and files are those already there (the
    creation date alone changes no file); whether it was written."""
    path = path or TEMPLATE
    if path.exists() and _digest(read(path)) == _digest(catalog):
        return False
    write(path, catalog)
    return True


def _digest(catalog: Catalog) -> list[tuple[Any, ...]]:
    return sorted(
        # Comments by their words: the written file wraps a long comment over several lines.
        (repr(m.context), repr(m.id), " ".join(m.auto_comments).split(), sorted({n for n, _ in m.locations}))
        for m in messages(catalog)
    )


# --------------------------------------------------------------------------- init and update


def init(language: str, root: Path | None = None, template: Path | None = None) -> Path:
    """A new, empty catalog for ``language`` from the template; refuses to overwrite one."""
    from babel.core import Locale
    from babel.messages.catalog import Catalog

    po = (root or LOCALE) / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        raise SystemExit(f"i18n_tools: {po} exists already (update it instead)")
    catalog = Catalog(
        locale=Locale.parse(language),
        domain=DOMAIN,
        project="Solitaire",
        copyright_holder=AUTHORS,
        fuzzy=False,
    )
    catalog.update(read(template or TEMPLATE))
    write(po, catalog)
    return po


def update(root: Path | None = None, template: Path | None = None) -> list[Path]:
    """Bring every catalog under ``root`` up to the template: new messages added untranslated,
    changed ones marked fuzzy (with the earlier text), gone ones kept as obsolete."""
    pot = read(template or TEMPLATE)
    changed = []
    for po in catalog_paths(root):
        catalog = read(po, language_of(po))
        before = po.read_bytes()
        catalog.update(pot, update_creation_date=False)
        write(po, catalog)
        if po.read_bytes() != before:
            changed.append(po)
    return changed


# --------------------------------------------------------------------------- compile


def compiled_path(po: Path) -> Path:
    return po.with_suffix(".mo")


def is_current(po: Path) -> bool:
    """Whether ``po`` has a ``.mo`` beside it at least as new as itself."""
    mo = compiled_path(po)
    return mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime


def compile_catalog(po: Path, mo: Path | None = None) -> Path:
    """``po`` compiled to ``mo`` (default: beside it); fuzzy messages are left out (English)."""
    from babel.messages.mofile import write_mo

    mo = mo or compiled_path(po)
    out = io.BytesIO()
    write_mo(out, read(po, language_of(po)), use_fuzzy=False)
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(out.getvalue())
    return mo


def compile_all(root: Path | None = None, force: bool = False) -> list[Path]:
    """Compile every catalog under ``root`` whose ``.mo`` is missing or older (all with
    ``force``); returns the ``.mo`` files written."""
    return [compile_catalog(po) for po in catalog_paths(root) if force or not is_current(po)]


# --------------------------------------------------------------------------- check


def placeholders(text: str) -> set[str] | None:
    """The named fields of a ``str.format`` text (``{moves}``); None when the braces are not
    a valid format (a ``{`` alone)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def problems(po: Path, template: Path | None = None) -> list[str]:
    """What is wrong with the catalog ``po`` against the template, one line each; empty when it
    is complete and every translation is usable."""
    language = language_of(po)
    catalog = read(po, language)
    wanted = keys(read(template or TEMPLATE))
    found: list[str] = list(_plural_problems(catalog, language))
    have = {key: m for m in messages(catalog) for key in [_key(m)]}
    for key in sorted(wanted - set(have), key=repr):
        found.append(f"{language}: missing (run update): {_show(key)}")
    for key in sorted(set(have) - wanted, key=repr):
        found.append(f"{language}: no longer in the template (run update): {_show(key)}")
    for key, message in sorted(have.items(), key=lambda item: repr(item[0])):
        if key in wanted:
            found.extend(f"{language}: {line}: {_show(key)}" for line in _message_problems(message, catalog))
    return found


def _key(message: Message) -> MessageKey:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def _show(key: MessageKey) -> str:
    context, msgid = key
    text = msgid if isinstance(msgid, str) else msgid[0]
    return f"{context + ' | ' if context else ''}{text!r}"


def _forms(message: Message) -> list[str]:
    if isinstance(message.string, str):
        return [message.string]
    return list(message.string or ())


def _message_problems(message: Message, catalog: Catalog) -> Iterator[str]:
    forms = _forms(message)
    if message.fuzzy:
        yield "fuzzy (check the translation, then remove the fuzzy flag)"
    if not all(forms):  # Babel gives a counted message as many forms as the language has
        yield "untranslated"
        return
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    sources = [placeholders(text) for text in ids]
    if any(fields is None for fields in sources):
        return  # braces that are not format fields: the code does not format this message
    every = set().union(*(fields for fields in sources if fields is not None))
    required = set.intersection(*(fields for fields in sources if fields is not None))
    for form in forms:  # an English singular that leaves out the count lets each form leave it out
        fields = placeholders(form)
        if fields is None:
            yield f"unbalanced braces in {form!r}"
        elif fields - every:
            yield f"unknown placeholder {sorted(fields - every)} in {form!r} (the game would crash)"
        elif required - fields:
            yield f"placeholder {sorted(required - fields)} left out of {form!r}"


def _plural_problems(catalog: Catalog, language: str) -> Iterator[str]:
    """The catalog's Plural-Forms header is the language's and a valid expression."""
    from babel.messages.plurals import get_plural

    if catalog.fuzzy:
        yield f"{language}: its header is marked fuzzy (remove the flag once it is filled in)"
    if str(catalog.locale) != language:
        yield f"{language}: its Language header says {catalog.locale}"
    expected = get_plural(language)
    if catalog.num_plurals != expected.num_plurals:
        yield f"{language}: nplurals={catalog.num_plurals}, the language has {expected.num_plurals}"
    try:
        rule = gettext.c2py(catalog.plural_expr)
    except (ValueError, SyntaxError) as error:
        yield f"{language}: Plural-Forms expression {catalog.plural_expr!r} is invalid ({error})"
        return
    bad = sorted({n for n in range(1000) if not 0 <= rule(n) < catalog.num_plurals})
    if bad:
        yield f"{language}: Plural-Forms picks a form it does not have for n = {bad[:5]}"


# --------------------------------------------------------------------------- command line


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.i18n_tools", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="the messages of game/ into game/locale/solitaire.pot")
    commands.add_parser("init", help="a new language's catalog from the template").add_argument("language")
    commands.add_parser("update", help="every catalog takes the template's messages")
    compile_ = commands.add_parser("compile", help="every catalog to a .mo beside it")
    compile_.add_argument("--force", action="store_true", help="also the catalogs whose .mo is current")
    commands.add_parser("check", help="every catalog complete and usable")
    args = parser.parse_args(None if argv is None else list(argv))
    if args.command == "extract":
        catalog = extract()
        written = write_template(catalog)
        state = "written" if written else "unchanged"
        print(f"{TEMPLATE.relative_to(GAME.parent)}: {len(keys(catalog))} messages ({state})")
    elif args.command == "init":
        print(f"{init(args.language).relative_to(GAME.parent)}: translate it, then compile and check")
    elif args.command == "update":
        for po in update():
            print(f"updated {po.relative_to(GAME.parent)}")
    elif args.command == "compile":
        for mo in compile_all(force=args.force):
            print(f"compiled {mo.relative_to(GAME.parent)}")
    else:
        found = [line for po in catalog_paths() for line in problems(po)]
        count = len(catalog_paths())
        print("\n".join(found) if found else f"{count} catalogs complete" if count else "no catalogs yet")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

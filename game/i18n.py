"""The player's language: gettext catalogs, picked from the system or from the settings.

Every string a player sees goes through this module's functions:

- ``_("New game")`` for a plain message;
- ``ngettext("{count} card", "{count} cards", n).format(count=n)`` for anything counted;
- ``pgettext("button", "Deal")`` where one English word has two meanings;
- ``N_("Statistics")`` marks a message kept in a module-level constant; translate it with
  ``_()`` where it is shown, so a language switched in the menu shows at once;
  ``NP_("game name", "Kansas")`` is the same with a context (shown with ``pgettext``).

Placeholders are named (``{moves}``), never positional, so a translation may reorder them.

The catalogs live in ``game/locale/<language>/LC_MESSAGES/solitaire.po`` beside the template
``game/locale/solitaire.pot``; the install compiles each ``.po`` to a ``.mo`` next to it. The
languages offered are the catalogs found there, so adding a language is one new ``.po`` file.

The lookups read the current catalog on every call and cost a dictionary lookup; nothing here
imports pygame or Babel, so the module is cheap enough for the first window.
"""

from __future__ import annotations

import datetime
import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "solitaire"
"""The gettext domain: the catalogs are ``solitaire.po`` / ``solitaire.mo``."""

SOURCE_LANGUAGE = "en"
"""The language the messages are written in (no catalog needed)."""

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the system's language, in its order of precedence."""

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE


def locale_dir() -> Path:
    """The folder holding one sub-folder per language (``de/LC_MESSAGES/solitaire.mo``)."""
    from game.resources import base_dir

    frozen = base_dir() / "game" / "locale"
    return frozen if frozen.is_dir() else Path(__file__).resolve().parent / "locale"


def available_languages() -> list[str]:
    """The languages with a compiled catalog, sorted, English (the source) first."""
    found = sorted(p.parent.parent.name for p in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [SOURCE_LANGUAGE, *(code for code in found if code != SOURCE_LANGUAGE)]


def system_languages() -> list[str]:
    """The languages the system asks for, best first, as gettext reads them from the
    environment (``LANGUAGE`` may list several, ``pt_BR:pt``); empty when none is set."""
    for name in _ENVIRONMENT:
        value = os.environ.get(name)
        if value:
            return [_normalise(code) for code in value.split(":") if code]
    return _platform_languages()


def _platform_languages() -> list[str]:
    """The user's UI language from the ``locale`` module, for systems (Windows, macOS) that
    do not put it in the environment."""
    import locale

    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    return [_normalise(code)] if code else []


def _normalise(code: str) -> str:
    """``pt_BR.UTF-8`` → ``pt_BR``; ``de_DE@euro`` → ``de_DE``; ``C``/``POSIX`` → ``en``."""
    code = code.split(".")[0].split("@")[0].replace("-", "_")
    return SOURCE_LANGUAGE if code in ("C", "POSIX", "") else code


def resolve(wanted: list[str]) -> str:
    """The first of ``wanted`` we have a catalog for, trying ``de_DE`` then ``de``; English
    when none matches."""
    have = set(available_languages())
    for code in wanted:
        for candidate in (code, code.split("_")[0]):
            if candidate in have:
                return candidate
            if candidate == SOURCE_LANGUAGE:
                return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def set_language(code: str | None) -> str:
    """Switch every later lookup to ``code`` (``None`` or ``"system"``: the system's choice);
    returns the language now in use. An unknown code falls back like the system does."""
    global _translations, _language
    wanted = system_languages() if code in (None, "", "system") else [code]
    language = resolve(wanted)
    if language == SOURCE_LANGUAGE:
        _translations = _gettext.NullTranslations()
    else:
        _translations = _gettext.translation(DOMAIN, locale_dir(), [language], fallback=True)
    _language = language
    return language


def current_language() -> str:
    """The language in use now (``"en"`` when untranslated)."""
    return _language


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the player's language (some languages have
    three or more forms); format the count in yourself: ``.format(count=n)``."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (``pgettext("button", "Deal")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within a context."""
    return _translations.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (a constant shown later)."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` within a context: mark ``message`` as meant in ``context`` (a game's name,
    ``NP_("game name", "Kansas")``); translate it with ``pgettext(context, CONST)`` where shown."""
    del context
    return message


def _babel_locale() -> str:
    """The current language as Babel names it (``pt_BR``, ``de``)."""
    return _language


def format_number(value: int) -> str:
    """A whole number with the language's digit grouping (``12,345`` / ``12.345``)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_babel_locale()))


def format_percent(fraction: float) -> str:
    """``0.25`` as the language writes a percentage (``25%``, ``25 %``, ``25 %``)."""
    from babel.numbers import format_percent as babel_percent

    return str(babel_percent(fraction, locale=_babel_locale()))


def format_date(when: datetime.date | datetime.datetime) -> str:
    """A date in the language's medium form (``Nov 25, 2026`` / ``25.11.2026``)."""
    from babel.dates import format_date as babel_date

    return str(babel_date(when, format="medium", locale=_babel_locale()))


def language_name(code: str) -> str:
    """A language's name in that language (``Deutsch``, ``русский``), capitalised."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def format_day(when: datetime.date) -> str:
    """A day and month, short, as the language writes them (``Nov 25`` / ``25. Nov.``): a
    chart's labels."""
    from babel.dates import format_skeleton

    return str(format_skeleton("MMMd", when, locale=_babel_locale()))


def format_list(items: list[str]) -> str:
    """``items`` joined as the language lists things (``a, b and c`` / ``a, b et c``)."""
    from babel.lists import format_list as babel_list

    return str(babel_list(items, locale=_babel_locale()))

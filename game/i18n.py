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

import gettext as _gettext
import os
import sys
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import datetime

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
    """The languages with a compiled catalog that Babel knows (it writes their numbers, dates
    and names: a catalog folder such as ``xx`` or ``tlh`` is not offered), sorted, English (the
    source) first."""
    found = sorted(p.parent.parent.name for p in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [SOURCE_LANGUAGE, *(code for code in found if code != SOURCE_LANGUAGE and babel_knows(code))]


_babel_data: list[Path] | None = None


def babel_knows(code: str) -> bool:
    """Whether Babel has locale data for ``code``: looked up as its file (``locale-data/de.dat``
    beside Babel's modules, frozen or not) without importing Babel (~7 ms of the first window)."""
    global _babel_data
    if _babel_data is None:
        import importlib.util

        spec = importlib.util.find_spec("babel")
        _babel_data = [
            Path(place) / "locale-data" for place in (spec and spec.submodule_search_locations) or []
        ]
    return code.isidentifier() and any((folder / f"{code}.dat").is_file() for folder in _babel_data)


def system_languages() -> list[str]:
    """The languages the system asks for, best first, as gettext reads them from the
    environment (``LANGUAGE`` may list several, ``pt_BR:pt``); empty when none is set."""
    for name in _ENVIRONMENT:
        value = os.environ.get(name)
        if value:
            return [_normalise(code) for code in value.split(":") if code]
    return _platform_languages()


def _platform_languages() -> list[str]:
    """The user's UI languages, best first, on systems that do not put them in the environment:
    Windows' display languages, macOS's preferred languages (System Settings, Language &
    Region); else, or when those cannot be read, the ``locale`` module's."""
    found: list[str] = []
    if sys.platform == "win32":
        found = _windows_languages()
    elif sys.platform == "darwin":
        found = _macos_languages()
    return found or _locale_module_language()


def _locale_module_language() -> list[str]:
    import locale

    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    return [_normalise(code)] if code else []


MUI_LANGUAGE_NAME = 0x8
"""GetUserPreferredUILanguages' flag for names (``de-DE``) rather than numbers."""


def _kernel32() -> Any:
    import ctypes

    return getattr(ctypes, "windll").kernel32  # noqa: B009 (windll exists on Windows only)


def _windows_languages() -> list[str]:
    """Windows' display languages in the user's order (GetUserPreferredUILanguages), else the
    one display language (GetUserDefaultUILanguage) named as ``locale.windows_locale`` names it."""
    import ctypes
    import locale

    try:
        kernel32 = _kernel32()
        count, size = ctypes.c_ulong(0), ctypes.c_ulong(0)
        preferred = kernel32.GetUserPreferredUILanguages
        if preferred(MUI_LANGUAGE_NAME, ctypes.byref(count), None, ctypes.byref(size)):
            names = ctypes.create_unicode_buffer(size.value)
            if preferred(MUI_LANGUAGE_NAME, ctypes.byref(count), names, ctypes.byref(size)):
                found = [_normalise(n) for n in ctypes.wstring_at(names, size.value).split("\0") if n]
                if found:
                    return found
        code = locale.windows_locale.get(kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError, ValueError):
        return []
    return [_normalise(code)] if code else []


CORE_FOUNDATION = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation"
UTF8 = 0x08000100
"""CoreFoundation's kCFStringEncodingUTF8."""


def _core_foundation() -> Any:
    import ctypes

    return ctypes.CDLL(CORE_FOUNDATION)


def _macos_languages() -> list[str]:
    """macOS's preferred languages (CFLocaleCopyPreferredLanguages: ``de-DE``, ``pt-BR``,
    ``zh-Hans-CN``), best first; ``defaults read -g AppleLanguages`` when CoreFoundation cannot
    be loaded."""
    import ctypes

    try:
        cf = _core_foundation()
    except OSError:
        return _apple_languages_default()
    cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
    cf.CFArrayGetCount.argtypes, cf.CFArrayGetCount.restype = [ctypes.c_void_p], ctypes.c_long
    cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
    cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
    cf.CFStringGetCString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_long, ctypes.c_uint32]
    cf.CFStringGetCString.restype = ctypes.c_bool
    cf.CFRelease.argtypes = [ctypes.c_void_p]
    array = cf.CFLocaleCopyPreferredLanguages()
    if not array:
        return []
    found = []
    try:
        for index in range(cf.CFArrayGetCount(array)):
            text = ctypes.create_string_buffer(64)
            if cf.CFStringGetCString(cf.CFArrayGetValueAtIndex(array, index), text, 64, UTF8):
                found.append(_normalise(text.value.decode("utf-8")))
    finally:
        cf.CFRelease(array)
    return found


def _apple_languages_default() -> list[str]:
    """The ``AppleLanguages`` list from ``defaults`` (``(\n    "de-DE",\n    en\n)``)."""
    import subprocess

    try:
        out = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True, timeout=2
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    names = (line.strip().strip(",").strip('"') for line in out.splitlines())
    return [_normalise(name) for name in names if name not in ("(", ")", "")]


def _normalise(code: str) -> str:
    """``pt_BR.UTF-8`` → ``pt_BR``; ``de_DE@euro`` → ``de_DE``; ``C``/``POSIX`` → ``en``."""
    code = code.split(".")[0].split("@")[0].replace("-", "_")
    return SOURCE_LANGUAGE if code in ("C", "POSIX", "") else code


def resolve(wanted: list[str]) -> str:
    """The first of ``wanted`` we have a catalog for: ``pt_BR`` itself, else its language
    ``pt``, else another country's catalog of that language (``pt_PT`` gets ``pt_BR`` rather than
    English); English when none matches (or when English comes first)."""
    have = available_languages()
    for code in wanted:
        base = code.split("_")[0]
        for candidate in (code, base):
            if candidate in have:
                return candidate
            if candidate == SOURCE_LANGUAGE:
                return SOURCE_LANGUAGE
        sibling = next((other for other in have if other.split("_")[0] == base), None)
        if sibling:
            return sibling
    return SOURCE_LANGUAGE


def set_language(code: str | None) -> str:
    """Switch every later lookup to ``code`` (``None`` or ``"system"``: the system's choice);
    returns the language now in use. An unknown code falls back like the system does."""
    global _translations, _language
    wanted = system_languages() if code in (None, "", "system") else [code]
    language = resolve(wanted)
    _translations = _catalog(language)
    _language = SOURCE_LANGUAGE if type(_translations) is _gettext.NullTranslations else language
    _fits.clear()
    return _language


def _catalog(language: str) -> _gettext.NullTranslations:
    """The catalog of ``language``; none (English) when it is English or its ``.mo`` file
    cannot be read (empty, cut short, not a catalog at all: any error gettext meets)."""
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, locale_dir(), [language], fallback=True)
    except Exception:  # struct.error, OSError, UnicodeError, ValueError, ...: any of them
        return _gettext.NullTranslations()


def current_language() -> str:
    """The language in use now (``"en"`` when untranslated)."""
    return _language


_fits: dict[tuple[str, str], bool] = {}
"""Per (English, translation) seen: whether the translation can stand in for the English."""


def _checked(translated: str, *english: str) -> str:
    """``translated``, or the English (the last of ``english`` for a plural) when it names a
    placeholder the English does not have or is not a format string at all (a lone ``{``):
    ``.format`` would raise ``KeyError`` or ``ValueError`` where it is shown."""
    if translated in english:
        return translated
    key = (english[0], translated)
    fits = _fits.get(key)
    if fits is None:
        allowed = set().union(*(_placeholders(e) or set() for e in english))
        found = _placeholders(translated)
        fits = _fits[key] = found is not None and found <= allowed
    return translated if fits else english[-1]


def _placeholders(text: str) -> set[str] | None:
    """The names of the ``{placeholders}`` in ``text``; ``None`` if it is no format string."""
    try:
        fields = [field for _text, field, _spec, _conversion in Formatter().parse(text) if field is not None]
    except ValueError:
        return None
    return {field.split(".")[0].split("[")[0] for field in fields}


def _(message: str) -> str:
    """``message`` in the player's language (in English when its translation is unusable)."""
    return _checked(_translations.gettext(message), message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the player's language (some languages have
    three or more forms); format the count in yourself: ``.format(count=n)``."""
    english = singular if n == 1 else plural
    return _checked(_translations.ngettext(singular, plural, n), singular, plural, english)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (``pgettext("button", "Deal")``)."""
    return _checked(_translations.pgettext(context, message), message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within a context."""
    english = singular if n == 1 else plural
    return _checked(_translations.npgettext(context, singular, plural, n), singular, plural, english)


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
    if _language == SOURCE_LANGUAGE:
        # English's pattern (#,##0) written out: loading Babel and its locale data for the
        # table's move count cost ~6 ms of the first table frame (a test checks it agrees).
        return f"{value:,}"
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


def format_list(items: list[str], style: Literal["standard", "or"] = "standard") -> str:
    """``items`` joined as the language lists things (``a, b and c`` / ``a, b et c``); with
    ``style="or"``, as alternatives (``a or b`` / ``a ou b``)."""
    from babel.lists import format_list as babel_list

    return str(babel_list(items, style=style, locale=_babel_locale()))

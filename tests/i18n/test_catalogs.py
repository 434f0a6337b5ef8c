"""The catalogs: the template holds every marked message, and every language's catalog
translates each one with the same ``{fields}`` and the plural forms its language has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from cogs.common.i18n import DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
KEYWORDS = {**DEFAULT_KEYWORDS, "locale_str": None}
"""What ``pybabel extract -k locale_str`` looks for (README, "Translating")."""
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def template() -> Catalog:
    with TEMPLATE.open("rb") as pot:
        return read_po(pot)


def problems(catalog: Catalog, lang: str, messages: Catalog) -> list[str]:
    """What ``catalog`` (the catalog of ``lang``) lacks or gets wrong for ``messages``."""
    forms = get_plural(lang).num_plurals
    found = []
    for message in messages:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        translated = catalog.get(message.id, message.context)
        strings = (
            list(translated.string) if translated and isinstance(translated.string, tuple)
            else [translated.string] if translated else []
        )
        if translated is None or translated.fuzzy or not all(strings):
            found.append(f"untranslated: {key!r}")
            continue
        if isinstance(message.id, tuple) and len(strings) != forms:
            found.append(f"{len(strings)} plural forms, {lang} has {forms}: {key!r}")
        plural = isinstance(message.id, tuple)
        wanted = set().union(*(fields(part) for part in (message.id if plural else (key,))))
        # A plural form may leave out its count ("one point"), never another field.
        least = wanted - {"count"} if plural else wanted
        for string in strings:
            if not least <= fields(string) <= wanted:
                found.append(f"fields {sorted(fields(string))} for {sorted(wanted)}: {key!r}")
    return found


def test_the_template_holds_every_marked_message():
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    extracted = {  # each message with its context: the same words may mean two things
        (message[2] if isinstance(message[2], str) else message[2][0], message[4])
        for message in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS
        )
    }
    held = {
        (m.id[0] if isinstance(m.id, tuple) else m.id, m.context) for m in template() if m.id
    }
    assert extracted - held == set(), "run pybabel extract (README, Translating)"
    assert held - extracted == set(), "the template holds messages the code no longer has"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_is_translated_with_its_fields(lang: str):
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        pytest.skip(f"the {lang} catalog is not written yet ({path.relative_to(ROOT)})")
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    assert problems(catalog, lang, template()) == []


def _catalog(lang: str, messages: dict[object, object]) -> Catalog:
    catalog = Catalog(locale=lang)
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    return catalog


def test_the_check_finds_missing_fields_plural_forms_and_untranslated_messages(tmp_path):
    """The check itself, on a small catalog written the way pybabel writes one."""
    wanted = _catalog("es", {
        "{name} resigned.": "",
        ("{count} point", "{count} points"): ("", ""),
        "Board": "",
    })
    written = _catalog("es", {
        "{name} resigned.": "{nombre} abandonó.",
        ("{count} point", "{count} points"): ("{count} punto",),
    })
    path = tmp_path / "messages.po"
    with path.open("wb") as po:
        write_po(po, written)
    with path.open("rb") as po:
        found = problems(read_po(po, locale="es"), "es", wanted)
    assert found == [
        "fields ['nombre'] for ['name']: '{name} resigned.'",
        "untranslated: '{count} point'",
        "untranslated: 'Board'",
    ]
    good = _catalog("es", {
        "{name} resigned.": "{name} abandonó.",
        # Spanish has three forms: one, many ("1.000.000 de puntos"), other.
        ("{count} point", "{count} points"): ("{count} punto", "{count} de puntos",
                                              "{count} puntos"),
        "Board": "Tablero",
    })
    assert problems(good, "es", wanted) == []

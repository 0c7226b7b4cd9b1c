"""The translation catalogs (issue 29, docs/translation.md): up to date with the sources, complete, faithful.

Every message id of the sources has a simplified and a traditional translation, none fuzzy; no translation loses or
adds a placeholder; the traditional catalog is OpenCC's conversion of the simplified one but for the reviewer's
overrides, each of which still names a message; the compiled ``.mo`` and the pages' JSON say what the ``.po`` say.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lifeboat.i18n import _, catalog, ngettext, pgettext, using_language

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("catalogs_tool", ROOT / "tools" / "catalogs.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)  # type: ignore[union-attr]

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def read(lang: str):
    with tool.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain="lifeboat")


def placeholders(text: str) -> list[str]:
    return sorted(set(PLACEHOLDER.findall(text)))


def test_catalog_files_are_what_the_tool_writes_now() -> None:
    assert tool.stale() == [], "run: python tools/catalogs.py (docs/translation.md)"


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    problems = []
    messages = [m for m in read(lang) if m.id]
    assert len(messages) >= len([m for m in tool.extract() if m.id])
    for m in messages:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            problems.append(f"not translated: {ids[0]!r}")
            continue
        for s in strings:
            if placeholders(s) != placeholders(ids[-1]) and placeholders(s) != placeholders(ids[0]):
                problems.append(f"placeholders differ: {ids[0]!r} -> {s!r}")
    assert problems == []


def test_traditional_is_the_conversion_but_for_overrides() -> None:
    simplified, traditional = read("zh_Hans"), read("zh_Hant")
    converted = tool.converted_traditional(simplified)
    overridden = {(m.id, m.context) for m in tool._read(tool.overrides_path(), "zh_Hant") if m.id}
    ids = {(m.id, m.context) for m in simplified if m.id}
    assert overridden <= ids, "an override names a message the catalog no longer has"
    for m in traditional:
        if m.id:
            assert m.string == converted.get(m.id, context=m.context).string


def test_the_engine_reads_the_compiled_catalogs() -> None:
    with using_language("zh_Hans"):
        assert pgettext("character", "The Captain") == "船长"
        assert pgettext("card", "Flare Gun") == "信号枪"
    with using_language("zh-TW"):
        assert pgettext("character", "The Captain") == "船長"
    assert pgettext("character", "The Captain") == "The Captain"
    for lang in ("zh_Hans", "zh_Hant"):
        ours = {m.id if isinstance(m.id, str) else m.id[0] for m in read(lang) if m.id and not m.context}
        js = json.loads((tool.JSON_DIR / f"{lang}.json").read_text(encoding="utf-8"))
        assert ours <= set(js)
        assert catalog(lang).gettext  # the .mo is found
    assert _("Pass") == "Pass" and ngettext("{n} card", "{n} cards", 2) == "{n} cards"


def test_each_name_of_the_card_data_is_its_simplified_catalog_name() -> None:
    """Issue 29: the data's first Chinese name of Mrs. Wong was the traditional 黃夫人 while the catalog said 黄夫人;
    the catalog keeps a translation once written, so the two must be kept the same by hand: this says when not."""
    from lifeboat.cards import CHARACTERS
    from lifeboat.i18n import data_name

    differ = [(context, en, zh) for context, en, zh in tool._card_names()
              if zh and read("zh_Hans").get(en, context=context).string != zh]
    assert differ == []
    wong = CHARACTERS["mrs_wong"]
    assert wong.zh[0] == "黄夫人"
    with using_language("zh_Hans"):
        assert data_name("character", wong.en, wong.zh) == "黄夫人"
    with using_language("zh_Hant"):
        assert data_name("character", wong.en, wong.zh) == "黃夫人"  # OpenCC's s2twp of the simplified name

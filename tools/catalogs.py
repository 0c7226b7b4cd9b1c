"""The translation catalogs' one tool (issue 29; docs/translation.md says when to run what).

    python tools/catalogs.py          # all: extract, update zh_Hans, convert to zh_Hant, compile, export JSON
    python tools/catalogs.py check    # exit 1, naming each file, if any step would change one (CI's test too)

Sources: every ``_("…")``, ``ngettext("…", "…", n)`` and ``N_("…")`` of ``lifeboat/`` and ``cli/``, every
``LifeboatI18n.t("…")`` and ``.tn("…", "…", n)`` of the pages' JavaScript (``lifeboat/web``), and the bundled card
data's character and provision names (message context ``character`` / ``card``; their simplified Chinese is the
card data's first ``zh`` name, which this tool writes into the catalog). The simplified catalog
``lifeboat/locale/zh_Hans/LC_MESSAGES/lifeboat.po`` is the one people translate; the traditional one is generated
from it with OpenCC (``s2twp``: Taiwan's standard characters and everyday words, 檔案, 連結, 預設, 伺服器, not a
character-by-character 文件, 鏈接, 默認, 服務器; the game's own words stay the rule texts', :data:`GAME_WORDS`),
except the entries a reviewer wrote in ``lifeboat/locale/zh_Hant/overrides.po``. The ``.mo`` files (read by
:mod:`lifeboat.i18n`) and the pages' JSON (``lifeboat/web/static/locale/<lang>.json``, read by ``i18n.js``) are compiled from the two ``.po`` and kept
in the repository, so the wheel needs neither Babel nor OpenCC. Development only (the ``test`` extra).
"""

from __future__ import annotations

import gettext
import io
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "lifeboat" / "locale"
JSON_DIR = ROOT / "lifeboat" / "web" / "static" / "locale"
DOMAIN = "lifeboat"
OPENCC_CONFIG = "s2twp"
GAME_WORDS = {"擴充套件": "擴充", "訊號槍": "信號槍"}
"""What ``s2twp``'s phrase table makes of the game's own words, and the words a Taiwanese table uses: an expansion
(扩展) is a 擴充, not a software add-on (擴充套件); the Flare Gun (信号枪) keeps the rule texts' 信號槍."""
WIDTH = 120
METHODS = [("lifeboat/**.py", "python"), ("cli/**.py", "python"), ("lifeboat/web/**.js", "javascript")]
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "NP_": ((1, "c"), 2), "t": None, "tn": (1, 2)}
FIXED_DATE = datetime(2025, 1, 1, tzinfo=timezone.utc)
SKIP_DIRS = (".venv", "tests", "tools", "bench", "docs", "journal", "node_modules")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def overrides_path() -> Path:
    return LOCALE / "zh_Hant" / "overrides.po"


def _new_catalog(locale: str | None) -> Catalog:
    # fixed dates and team: the files change only when a message does
    return Catalog(locale=locale, domain=DOMAIN, project="lifeboat", version="1", charset="utf-8", fuzzy=False,
                   header_comment="# The game lifeboat's messages (docs/translation.md).",
                   creation_date=FIXED_DATE, revision_date=FIXED_DATE, last_translator="lifeboat",
                   language_team="lifeboat", msgid_bugs_address="")


def _card_names() -> list[tuple[str, str, str]]:
    """(context, English name, simplified Chinese name) of every bundled character and provision face."""
    from lifeboat.cards import CHARACTERS, FACES

    return ([("character", c.en, c.zh[0] if c.zh else "") for c in CHARACTERS.values()]
            + [("card", f.en, f.zh[0] if f.zh else "") for f in FACES.values()])


def _card_texts() -> list[tuple[str, str]]:
    """(context, English text) of every bundled character's ability and provision face's text (translated by hand
    in the simplified catalog; the pages show them: lifeboat.views.catalog.printed_texts)."""
    from lifeboat.cards import BUNDLED
    from lifeboat.views.catalog import printed_texts

    return [(context, text) for (context, _id), text in printed_texts(BUNDLED.raw).items()]


def _cli_help_texts() -> list[str]:
    """The help texts of the ``lifeboat`` command, its commands and their parameters (the docstrings and the
    ``help=`` of cli/app.py and cli/app_lessons.py), as Typer hands them to the help page: cli/usage.py translates
    them when it is formatted."""
    from typer.main import get_command

    from cli.app import app

    texts: list[str] = []

    def walk(command: Any) -> None:
        texts.extend(t for t in [command.help, *(getattr(p, "help", None) for p in command.params)] if t)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(get_command(app))
    return list(dict.fromkeys(texts))


def extract() -> Catalog:
    """The template: every message of the sources (locations relative to the repository), then the card names."""
    template = _new_catalog(None)
    found = extract_from_dir(ROOT, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                             directory_filter=lambda d: not any(part in SKIP_DIRS for part in Path(d).parts))
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for context, en, _zh in _card_names():
        template.add(en, None, [("lifeboat/data/cards.json", 0)], context=context)
    for context, text in _card_texts():
        template.add(text, None, [("lifeboat/data/cards.json", 0)], context=context)
    for text in _cli_help_texts():
        if text not in template:
            template.add(text, None, [("cli/app.py", 0)])
    return template


def _read(path: Path, locale: str) -> Catalog:
    if not path.exists():
        return _new_catalog(locale)
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, omit_header=False, ignore_obsolete=True, sort_output=False,
             include_lineno=False)
    return out.getvalue()


def updated_simplified(template: Catalog) -> Catalog:
    """zh_Hans.po merged with the template (new messages empty, gone ones dropped, renamed ones fuzzy); a card
    name not translated yet gets the card data's first Chinese name."""
    catalog = _read(po_path("zh_Hans"), "zh_Hans")
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
    for context, en, zh in _card_names():
        if zh and (m := catalog.get(en, context=context)) is not None and not m.string:
            m.string = zh
            m.flags.discard("fuzzy")
    return catalog


def converted_traditional(simplified: Catalog) -> Catalog:
    """zh_Hant: every simplified translation through OpenCC, a reviewer's override winning for its entry."""
    import opencc

    phrases = opencc.OpenCC(OPENCC_CONFIG).convert

    def convert(text: str) -> str:
        text = phrases(text)
        for made, meant in GAME_WORDS.items():
            text = text.replace(made, meant)
        return text
    overrides = _read(overrides_path(), "zh_Hant")
    out = _new_catalog("zh_Hant")
    for m in simplified:
        if not m.id:
            continue
        chosen = overrides.get(m.id, context=m.context)
        if chosen is not None and chosen.string:
            string = chosen.string
        elif isinstance(m.string, (tuple, list)):
            string = tuple(convert(s) for s in m.string)
        else:
            string = convert(m.string) if m.string else m.string
        out.add(m.id, string, m.locations, flags=m.flags, auto_comments=m.auto_comments, context=m.context)
    return out


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def json_bytes(catalog: Catalog) -> bytes:
    """The pages' catalog: ``{msgid: msgstr}`` (a plural's id is its singular, its value the list of forms; a
    context's id is ``context + "\\x04" + msgid`` as gettext's); only translated, non-fuzzy messages."""
    out: dict[str, object] = {}
    for m in catalog:
        if not m.id or m.fuzzy or not m.string or (isinstance(m.string, tuple) and not all(m.string)):
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        if m.context:
            key = f"{m.context}\x04{key}"
        out[key] = list(m.string) if isinstance(m.string, tuple) else m.string
    return (json.dumps(out, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode("utf-8")


TO_SIMPLIFIED = ROOT / "lifeboat" / "data" / "traditional.json"
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def traditional_bytes(simplified: Catalog) -> bytes:
    """``lifeboat/data/traditional.json``: ``{traditional character: simplified character}`` for every character
    of the simplified catalog and of the notation's own words (``lifeboat/notation/*.py``, the card data's names)
    whose traditional form (OpenCC ``s2tw``, one character at a time) differs, so that a line typed in 繁體 reads
    as its simplified twin (:func:`lifeboat.notation.tokens._norm`: 勞倫夫人, 搶劫, 指南針). Only where OpenCC's
    ``t2s`` takes the traditional form back to that character: one that is also written in simplified text (著) is
    left as it is."""
    import opencc

    convert, back = opencc.OpenCC("s2tw").convert, opencc.OpenCC("t2s").convert
    text = [s for m in simplified if m.id for s in ((m.string,) if isinstance(m.string, str) else m.string or ())]
    text += [f.read_text(encoding="utf-8") for f in sorted((ROOT / "lifeboat" / "notation").glob("*.py"))]
    text.append((ROOT / "lifeboat" / "data" / "cards.json").read_text(encoding="utf-8"))
    found = set(_HAN.findall("".join(text)))
    chars = sorted(found | {back(ch) for ch in found if len(back(ch)) == 1})  # 國 of 法國佬 (card data): 国 too
    # t2s gives one character back: two simplified characters of one traditional form cannot both be kept
    out = {t: ch for ch in chars if len(t := convert(ch)) == 1 and t != ch and back(t) == ch}
    return (json.dumps(out, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode("utf-8")


def outputs() -> dict[Path, bytes]:
    """Every file the tool writes, with the bytes it would write now."""
    simplified = updated_simplified(extract())
    traditional = converted_traditional(simplified)
    files: dict[Path, bytes] = {}
    for lang, catalog in (("zh_Hans", simplified), ("zh_Hant", traditional)):
        files[po_path(lang)] = _po_bytes(catalog)
        files[mo_path(lang)] = mo_bytes(catalog)
        files[JSON_DIR / f"{lang}.json"] = json_bytes(catalog)
    files[TO_SIMPLIFIED] = traditional_bytes(simplified)
    return files


def _meaning(path: Path, data: bytes) -> object:
    """What a file says, without the Babel version that wrote it: a ``.mo``'s messages, a ``.po``'s lines but
    ``Generated-By``, a JSON file's bytes."""
    if path.suffix == ".mo":
        messages = dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # noqa: SLF001 - the parsed messages
        messages.pop("", None)
        return messages
    if path.suffix == ".po":
        return [line for line in data.splitlines() if not line.startswith(b'"Generated-By: ')]
    return data


def stale() -> list[str]:
    """The files (relative to the repository) that say something else than what the tool would write now."""
    return [str(p.relative_to(ROOT)) for p, data in outputs().items()
            if not p.exists() or _meaning(p, p.read_bytes()) != _meaning(p, data)]


def main(argv: list[str]) -> int:
    if argv[1:] == ["check"]:
        bad = stale()
        for name in bad:
            print(f"{name}: out of date; run python tools/catalogs.py (docs/translation.md)", file=sys.stderr)
        return 1 if bad else 0
    if argv[1:]:
        print("usage: python tools/catalogs.py [check]", file=sys.stderr)
        return 2
    for path, data in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or _meaning(path, path.read_bytes()) != _meaning(path, data):
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

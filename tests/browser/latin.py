"""The no-Latin check of issue 29: every word a reader sees on a page in Chinese is Chinese, except the words that
are not ours to translate: player names, rule ids (``SETUP-1``), notation a person types (``captain: row``), the
product's own name (Lifeboat, lifeboat) and addresses (the links a page shows). The language picker names each
language in itself ("English" is how an English reader finds theirs) and is left out too.

:func:`latin_words` runs in the page: the visible text of every element (text nodes only, not ``<script>``, not a
hidden box), the placeholders and the buttons' values, split into words; it returns the Latin words that are none
of the allowed ones, each with the text it was found in (to say where)."""

from __future__ import annotations

import re

RULE_ID = r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+[a-z]?"

# In the page: [word, the text it stood in] for every Latin word in visible text, placeholders and titles that
# `allowed` (a regex source) does not match whole.
LATIN_WORDS = """([allowed, skip]) => {
  const ok = new RegExp('^(?:' + allowed + ')$', 'i');
  const out = [];
  const seen = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden' || e.hidden) return false;
      if (e.matches(skip)) return false;
    }
    return true;
  };
  const check = (text, where) => {
    for (const w of text.match(/[A-Za-z][A-Za-z0-9_'’.-]*/g) || []) {
      const word = w.replace(/[.'’-]+$/, '');
      if (!ok.test(word)) out.push([word, where.slice(0, 120)]);
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !n.textContent.trim() || !seen(el)) continue;
    check(n.textContent, n.textContent);
  }
  for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
    if (!seen(el)) continue;
    for (const a of ['placeholder', 'title', 'aria-label']) if (el.getAttribute(a)) check(el.getAttribute(a), a + ': ' + el.getAttribute(a));
  }
  check(document.title, 'title: ' + document.title);
  return out;
}"""


def allowed(*words: str) -> str:
    """The regex source of the words allowed on a page: the given ones (player names, notation), rule ids, the
    product's name."""
    return "|".join([RULE_ID, "lifeboat", *(re.escape(w) for w in words)])


def latin_words(pg, *words: str, skip: str = "a[href], select.lb-lang, .lb-notation") -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The Latin words on ``pg`` that are none of ``words`` (see the module's docstring), with where they stand."""
    return pg.evaluate(LATIN_WORDS, [allowed(*words), skip])

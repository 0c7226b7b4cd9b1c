"""Issue 29: the start page and the seat page in the reader's own language, chosen per person: English, 简体中文 or
繁體中文, remembered in the browser (localStorage), the browser's languages (navigator.languages) deciding until
then; and no Latin word on a Chinese page but names, rule ids, typed notation and the product's name."""

from __future__ import annotations

from tests.browser.conftest import live_seat, shot
from tests.browser.latin import latin_words
from tests.web.conftest import Server, new_game, server  # noqa: F401 - the fixture

# what a person types on the start page: the placeholders' names and bot kinds (notation of the form)
START_TYPED = ("Ann", "Bob", "Cy", "Dee", "NAME", "heuristic", "search")


def start_page(browser, server: Server, locale: str, width: int = 1280):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors  # type: ignore[attr-defined]
    pg.goto(server.base + "/")
    pg.wait_for_selector("select.lb-lang")
    return ctx, pg


def test_the_start_page_speaks_the_browsers_language_and_remembers_a_choice(server: Server, browser) -> None:  # noqa: F811
    ctx, pg = start_page(browser, server, "zh-CN")
    try:
        assert pg.eval_on_selector("select.lb-lang", "s => s.value") == "zh_Hans"
        assert pg.inner_text("#sv-start-title") == "开一桌"
        assert pg.inner_text("#sv-deal") == "发牌"
        assert pg.evaluate("() => document.documentElement.lang") == "zh-Hans"
        assert latin_words(pg, *START_TYPED) == []
        # a refused deal: the server's words in the page's language, the rule id kept
        pg.fill("#sv-players", "Ann, Bob")
        pg.click("#sv-deal")
        pg.wait_for_selector("#sv-notice[data-kind=error]")
        assert pg.inner_text("#sv-notice") == ("没有发牌：基础游戏需要4到6名玩家，现有2名 [SETUP-1]。"
                                              "请修改上面的玩家或机器人，再按发牌。")
        assert latin_words(pg, *START_TYPED) == []
        shot(pg, "start-zh-desktop")
        # 繁體中文, chosen: the page redraws at once, the notice too, and the choice outlives a reload
        pg.select_option("select.lb-lang", "zh_Hant")
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hant'")
        assert pg.inner_text("#sv-start-title") == "開一桌"
        assert pg.inner_text("#sv-notice").startswith("沒有發牌：")
        pg.reload()
        pg.wait_for_selector("select.lb-lang")
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hant'")
        assert pg.inner_text("#sv-deal") == "發牌"
        assert latin_words(pg, *START_TYPED) == []
        # English chosen by a Chinese browser: English it stays
        pg.select_option("select.lb-lang", "en")
        pg.wait_for_function("() => document.documentElement.lang === 'en'")
        pg.reload()
        pg.wait_for_selector("select.lb-lang")
        assert pg.inner_text("#sv-start-title") == "Start a table"
        assert pg.errors == []  # type: ignore[attr-defined]
    finally:
        ctx.close()


def test_an_english_or_other_browser_gets_english_and_a_taiwan_one_traditional(server: Server, browser) -> None:  # noqa: F811
    for locale, lang, title in (("en-GB", "en", "Start a table"), ("fr-FR", "en", "Start a table"),
                                ("zh-TW", "zh_Hant", "開一桌")):
        ctx, pg = start_page(browser, server, locale)
        try:
            assert pg.eval_on_selector("select.lb-lang", "s => s.value") == lang
            assert pg.inner_text("#sv-start-title") == title
        finally:
            ctx.close()


def test_a_chinese_start_page_with_its_links_fits_a_phone(server: Server, browser) -> None:  # noqa: F811
    ctx, pg = start_page(browser, server, "zh-CN", width=390)
    try:
        pg.fill("#sv-players", "Ann, Bob, Cy, Dee")
        pg.fill("#sv-bots", "Cy, Dee")
        pg.click("#sv-deal")
        pg.wait_for_selector("#sv-links h2")
        assert pg.inner_text("#sv-links h2").endswith("为Ann、Bob、Cy、Dee发的牌局")
        assert "裁判：" in pg.inner_text("#sv-links") and "观众：" in pg.inner_text("#sv-links")
        assert latin_words(pg, *START_TYPED) == []
        assert pg.evaluate("() => document.body.scrollWidth <= document.documentElement.clientWidth")
        shot(pg, "start-zh-390")
    finally:
        ctx.close()


# notation a person types, shown as an example in the seat page's box
SEAT_TYPED = ("row", "mug", "kid", "hand", "pass")

# every box that matters on a phone: none wider than the window, none holding more than its width (the table's
# own scroll box, .sv-table, scrolls sideways on purpose and is measured by its content not sticking out of the page)
OVERFLOW = """() => {
  const W = document.documentElement.clientWidth, out = [];
  if (document.body.scrollWidth > W) out.push('body ' + document.body.scrollWidth + ' > ' + W);
  for (const e of document.querySelectorAll('.sv-top, .sv-turn, .sv-choice, .sv-seat, .sv-handbox, .sv-notice, .sv-line, '
                                            + '.sv-story-box, .sv-story li, .sv-table, .lb-seat, .lb-card, select.lb-lang')) {
    const r = e.getBoundingClientRect();
    if (!r.width) continue;
    if (r.right > W + 0.5) out.push(e.className + ' ends at ' + Math.round(r.right) + ' > ' + W);
    if (getComputedStyle(e).overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1)
      out.push(e.className + ' holds ' + e.scrollWidth + ' in ' + e.clientWidth);
  }
  return out;
}"""


def seat_page(browser, link: str, locale: str, width: int):  # type: ignore[no-untyped-def]
    ctx, pg = live_seat(browser, link, locale, width)
    pg.wait_for_function("() => document.documentElement.lang !== 'en' && /[\\u4e00-\\u9fff]/.test("
                         "document.getElementById('sv-ask').textContent)")
    return ctx, pg


def play_some(pg, players: list[str], decisions: int, name: str) -> None:  # type: ignore[no-untyped-def]
    """Decide ``decisions`` times on ``pg`` (the first button each time, once it is this seat's turn), checking the
    page after each: no Latin word but the allowed ones, nothing wider than the phone; screenshots on the way."""
    for i in range(decisions):
        pg.wait_for_function("() => window.lifeboatPage.decisions.length > 0", timeout=20000)
        pg.wait_for_timeout(100)  # drawn
        assert latin_words(pg, *players, *SEAT_TYPED) == [], f"decision {i}"
        assert pg.evaluate(OVERFLOW) == [], f"decision {i}"
        if i in (0, decisions - 1):
            shot(pg, f"{name}-{i}")
        seq = pg.evaluate("() => window.lifeboatPage.seq")
        # the first legal decision, typed as its line of notation (the page's own box for a line)
        line = pg.evaluate("() => window.lifeboatPage.decisions[0].line")
        pg.evaluate("() => { const d = document.querySelector('details#sv-expert'); if (d) d.open = true; }")
        pg.fill("#sv-line-text", line)
        pg.press("#sv-line-text", "Enter")
        pg.wait_for_function(f"() => window.lifeboatPage.seq > {seq}")
    assert pg.errors == []  # type: ignore[attr-defined]


def test_a_chinese_seat_page_says_no_latin_word_and_fits_a_phone(server: Server, browser) -> None:  # noqa: F811
    players = ["Ann", "Bob", "Cy", "Dee"]
    g = new_game(server, players, bots=["Bob", "Cy", "Dee"], seed=41)
    ctx, pg = seat_page(browser, g["links"]["Ann"], "zh-CN", 390)
    try:
        assert pg.eval_on_selector("select.lb-lang", "s => s.value") == "zh_Hans"
        play_some(pg, players, 6, "seat-zh-390")
    finally:
        ctx.close()


def test_a_seat_page_switched_to_traditional_reads_the_game_again_in_it(server: Server, browser) -> None:  # noqa: F811
    players = ["Ann", "Bob", "Cy", "Dee"]
    g = new_game(server, players, bots=["Bob", "Cy", "Dee"], seed=42)
    ctx, pg = seat_page(browser, g["links"]["Ann"], "zh-CN", 1280)
    try:
        story = pg.evaluate("() => window.lifeboatPage.story.join('\\n')")
        pg.select_option("select.lb-lang", "zh_Hant")
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hant'")
        pg.wait_for_function("(before) => window.lifeboatPage.story.join('\\n') !== before", arg=story)
        pg.wait_for_selector("#sv-conn[data-state=live]")
        told = pg.evaluate("() => window.lifeboatPage.story.join('\\n')")
        assert "發" in told and "发" not in told  # the story read again, in traditional characters
        play_some(pg, players, 3, "seat-zh-hant-desktop")
        # the choice is this browser's: a reload keeps it, and English is one choice away
        pg.reload()
        pg.wait_for_function("() => document.documentElement.lang === 'zh-Hant'")
        pg.select_option("select.lb-lang", "en")
        pg.wait_for_function("() => document.documentElement.lang === 'en' && window.lifeboatPage.story.length && "
                             "!/[\\u4e00-\\u9fff]/.test(window.lifeboatPage.story.join(' '))")
    finally:
        ctx.close()


def test_a_link_that_opens_no_game_says_so_in_the_readers_language(server: Server, browser) -> None:  # noqa: F811
    """SERVE-1 on a Chinese phone: the 404 can come back before the page's catalog, and the page then spoke English
    (a new user's finding: an old link after `lifeboat links --reissue`); now it says it again once the words came."""
    g = new_game(server, ["Ann", "Bob", "Cy", "Dee"], bots=["Bob", "Cy", "Dee"], seed=4)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")
    try:
        pg = ctx.new_page()
        pg.goto(g["links"]["Ann"].split("#")[0] + "#not-a-token")
        pg.wait_for_selector("#sv-conn[data-state=gone]")
        pg.wait_for_function("() => document.title === '救生艇 · 牌桌'", polling=30, timeout=15000)
        assert pg.inner_text("#sv-notice").startswith("这个链接在这里打不开任何游戏。")
        assert pg.inner_text("#sv-conn") == "未提供" or not latin_words(pg.inner_text("#sv-conn"))
        assert not pg.is_visible("#sv-who") and not pg.is_visible("#sv-sound") and not pg.is_visible("#sv-board")
        shot(pg, "seat-not-served-zh-phone")
    finally:
        ctx.close()

/* The pages' words in the reader's language (issue 29): one gettext catalog serves Python and the browser.
 *
 * Every sentence a page writes goes through t(msgid, params): msgid is the whole English sentence with named
 * placeholders ('{who} gave Water to {whom}.'), params fills them. tn(singular, plural, n, params) picks the plural
 * form. The catalog of the page's language (exported from lifeboat/locale's .po files as JSON) is looked up first;
 * a message it lacks stays English. Loaded before every other script of a page.
 *
 * The language is each reader's own: English, 简体中文 or 繁體中文, chosen on the page (picker()) and remembered in
 * this browser (localStorage 'lifeboat-lang'); until chosen, the browser's languages (navigator.languages) decide.
 * The server writes a page's story and table lines in the language the page asks for (?lang=, docs/serve.md).
 */
(function () {
  'use strict';

  var catalogs = {};   // lang -> {msgid: msgstr or [forms]}
  var lang = 'en';
  var KEY = 'lifeboat-lang';
  // each language named in itself, so a reader finds their own whatever the page shows now
  var LANGS = [['en', 'English'], ['zh_Hans', '简体中文'], ['zh_Hant', '繁體中文']];
  var HTML_LANG = { en: 'en', zh_Hans: 'zh-Hans', zh_Hant: 'zh-Hant' };

  function fill(text, params) {
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  }

  function t(msgid, params) {
    var cat = catalogs[lang];
    var found = cat && cat[msgid];
    if (Array.isArray(found)) found = found[0];
    return fill(found || msgid, params);
  }

  function tn(singular, plural, n, params) {
    var cat = catalogs[lang];
    var found = cat && cat[singular];
    var text = Array.isArray(found) ? found[0] : (n === 1 ? singular : plural);  // Chinese has one form
    var p = Object.assign({ n: n }, params || {});
    return fill(text, p);
  }

  /* One of 'en', 'zh_Hans', 'zh_Hant' for a language tag as browsers write it (as lifeboat.i18n.normalize):
   * zh, zh-CN, zh-Hans → zh_Hans; zh-TW, zh-HK, zh-MO, zh-Hant → zh_Hant; anything else → en. */
  function normalize(tag) {
    var t = String(tag || '').replace(/-/g, '_').toLowerCase();
    if (t.indexOf('zh') !== 0) return 'en';
    return /^zh_(tw|hk|mo|hant)/.test(t) ? 'zh_Hant' : 'zh_Hans';
  }

  function known(l) { return LANGS.some(function (x) { return x[0] === l; }); }

  /* The reader's language: the one chosen in this browser, else the first English or Chinese of the browser's
   * languages, else English. */
  function preferred() {
    var kept = null;
    try { kept = localStorage.getItem(KEY); } catch (e) { /* storage refused (a private window): not kept */ }
    if (kept === 'zh') kept = 'zh_Hans';  // what the first toggle kept
    if (known(kept)) return kept;
    var tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length; i++) {
      var tag = String(tags[i] || '').toLowerCase();
      if (tag.indexOf('zh') === 0 || tag.indexOf('en') === 0) return normalize(tag);
    }
    return 'en';
  }

  /* Use language l (its catalog fetched once, from this server); resolves when the page may draw in it. A catalog
   * that cannot be fetched leaves the page English rather than half translated. */
  function use(l) {
    l = known(l) ? l : 'en';
    var ready = (l === 'en' || catalogs[l]) ? Promise.resolve() :
      fetch('/static/locale/' + l + '.json', { cache: 'no-store' })
        .then(function (res) { if (!res.ok) throw new Error(String(res.status)); return res.json(); })
        .then(function (cat) { catalogs[l] = cat; });
    return ready.then(function () { lang = l; }, function () { lang = 'en'; })
      .then(function () { document.documentElement.lang = HTML_LANG[lang]; return lang; });
  }

  /* A <select> of the three languages, set to the one in use; choosing keeps it in this browser, loads it, then
   * calls onChange(lang). */
  function picker(onChange) {
    var sel = document.createElement('select');
    sel.className = 'lb-lang';
    sel.setAttribute('aria-label', 'Language · 语言 · 語言');
    LANGS.forEach(function (x) {
      var o = document.createElement('option');
      o.value = x[0]; o.textContent = x[1]; o.lang = HTML_LANG[x[0]];
      sel.appendChild(o);
    });
    sel.value = lang;
    sel.addEventListener('change', function () {
      try { localStorage.setItem(KEY, sel.value); } catch (e) { /* not kept: this page still switches */ }
      use(sel.value).then(function (l) { sel.value = l; if (onChange) onChange(l); });
    });
    return sel;
  }

  window.LifeboatI18n = {
    t: t,
    tn: tn,
    lang: function () { return lang; },
    setLang: function (l) { lang = l; },
    addCatalog: function (l, messages) { catalogs[l] = messages; },
    has: function (l) { return Object.prototype.hasOwnProperty.call(catalogs, l); },
    has: function (l) { return Object.prototype.hasOwnProperty.call(catalogs, l); },
    normalize: normalize,
    preferred: preferred,
    use: use,
    picker: picker,
    languages: LANGS,
  };
})();

/* The pages' words in the reader's language (issue 29): one gettext catalog serves Python and the browser.
 *
 * Every sentence a page writes goes through t(msgid, params): msgid is the whole English sentence with named
 * placeholders ('{who} gave Water to {whom}.'), params fills them. tn(singular, plural, n, params) picks the plural
 * form. The catalog of the page's language (exported from lifeboat/locale's .po files as JSON) is looked up first;
 * a message it lacks stays English. Loaded before every other script of a page.
 */
(function () {
  'use strict';

  var catalogs = {};   // lang -> {msgid: msgstr or [forms]}
  var lang = 'en';

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

  window.LifeboatI18n = {
    t: t,
    tn: tn,
    lang: function () { return lang; },
    setLang: function (l) { lang = l; },
    addCatalog: function (l, messages) { catalogs[l] = messages; },
  };
})();

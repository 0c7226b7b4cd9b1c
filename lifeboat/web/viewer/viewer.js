/* Lifeboat table viewer: draws one audience's view of the table (a msgspec-encoded lifeboat.views TableView:
 * public, seat or referee) into a container, and steps through a replay document. No framework, no build step,
 * no network: every card is drawn here (HTML, CSS and inline SVG).
 *
 * Entry points (global `LifeboatViewer`), documented in lifeboat/web/viewer/README.md:
 *   LifeboatViewer.renderTable(container, view, catalog, options)   -> draws the table; returns the container
 *   LifeboatViewer.replay(container, doc)                           -> a stepping replay; returns a controller
 *   LifeboatViewer.card(catalog, cardId, options)                   -> one card element (null id: a card back)
 */
(function (global) {
  'use strict';

  var SVG_NS = 'http://www.w3.org/2000/svg';

  // The words of the table in the reader's language when i18n.js is loaded (a replay file and the served pages
  // load it), else English.
  function t(msg, params) {
    var I = global.LifeboatI18n;
    if (I) return I.t(msg, params);
    return msg.replace(/\{(\w+)\}/g, function (w, k) { return params && k in params ? String(params[k]) : w; });
  }

  // A character's or a card's Chinese name: the card data's (simplified); in 繁體中文, or where the card data has
  // none, the catalog's (context 'character' or 'card', as lifeboat.i18n.data_name), else the card data's.
  function localZh(context, en, zh) {
    var I = global.LifeboatI18n, lang = I && I.lang ? I.lang() : 'en';
    if (lang === 'zh_Hant' || (lang !== 'en' && !zh)) {
      var key = context + '\u0004' + en, found = I.t(key);
      if (found !== key) return found;
    }
    return zh;
  }

  // ---- small DOM helpers --------------------------------------------------------------------------------------

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === 'text') node.textContent = String(v);
        else if (k === 'cls') node.className = v;
        else node.setAttribute(k, v === true ? '' : String(v));
      });
    }
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }

  function svg(paths, cls, label) {
    var s = document.createElementNS(SVG_NS, 'svg');
    s.setAttribute('viewBox', '0 0 24 24');
    s.setAttribute('class', cls || 'lb-icon');
    s.setAttribute('aria-hidden', label ? 'false' : 'true');
    if (label) { s.setAttribute('role', 'img'); s.setAttribute('aria-label', label); }
    paths.forEach(function (p) {
      var node = document.createElementNS(SVG_NS, p[0]);
      Object.keys(p[1]).forEach(function (k) { node.setAttribute(k, p[1][k]); });
      s.appendChild(node);
    });
    return s;
  }

  // ---- icons (24x24, drawn by us) -----------------------------------------------------------------------------

  var P = function (d, extra) { var a = { d: d }; if (extra) Object.keys(extra).forEach(function (k) { a[k] = extra[k]; }); return ['path', a]; };
  var C = function (cx, cy, r, extra) { var a = { cx: cx, cy: cy, r: r }; if (extra) Object.keys(extra).forEach(function (k) { a[k] = extra[k]; }); return ['circle', a]; };
  var LINE = { fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  var ICONS = {
    water: [P('M12 2.5C9 7 5.5 10.5 5.5 14.5a6.5 6.5 0 0 0 13 0C18.5 10.5 15 7 12 2.5z')],
    cash: [P('M2 6h20v12H2z', LINE), C(12, 12, 3, LINE), P('M5 9v6M19 9v6', LINE)],
    jewels: [P('M6 3h12l4 6-10 12L2 9z'), P('M2 9h20M9 3l3 18M15 3l-3 18', { fill: 'none', stroke: '#fff', 'stroke-width': 0.8 })],
    painting: [P('M3 4h18v16H3z', LINE), P('M5 17l5-6 4 4 2-2 3 4z'), C(16, 8, 1.6)],
    medical_kit: [P('M3 6h18v14H3z', LINE), P('M10 9h4v3h3v4h-3v3h-4v-3H7v-4h3z')],
    oar: [P('M4 20L15 9', LINE), P('M14 10c1-4 3-7 6-8 1 3-1 6-5 8z')],
    blackjack: [P('M5 19l9-9', LINE), C(16, 8, 4.5)],
    knife: [P('M3 21l5-5', LINE), P('M7 17L19 3c2 3 1 7-3 10l-6 6z')],
    gaffing_hook: [P('M12 2v12a4 4 0 1 1-8 0', LINE), P('M10 2h4', LINE)],
    flare_gun: [P('M3 7h15v5H9l-1 7H4l1-7H3z'), P('M18 8h3v3h-3z')],
    chum: [P('M5 8h14l-2 13H7z'), P('M5 8c0-4 14-4 14 0', LINE)],
    life_preserver: [C(12, 12, 8, { fill: 'none', stroke: 'currentColor', 'stroke-width': 4 }), P('M12 4v3M12 17v3M4 12h3M17 12h3', { stroke: '#fff', 'stroke-width': 2.5 })],
    compass: [C(12, 12, 9, LINE), P('M12 5l3 7-3 7-3-7z')],
    parasol: [P('M2 12a10 9 0 0 1 20 0z'), P('M12 12v7a2 2 0 0 1-4 0', LINE)],
    cannibalism: [P('M6 6l12 12', { fill: 'none', stroke: 'currentColor', 'stroke-width': 3, 'stroke-linecap': 'round' }), C(5, 6, 2), C(6, 4, 2), C(18, 20, 2), C(20, 18, 2)],
    firewater: [P('M10 2h4v5l2 3v12H8V10l2-3z')],
    nav: [C(12, 12, 9, LINE), P('M12 3v18M3 12h18', LINE)],
    oars: [P('M3 21L14 10', LINE), P('M13 11c1-4 3-7 7-9 1 4-1 7-5 9z'), P('M21 21L10 10', LINE), P('M11 11c-1-4-3-7-7-9-1 4 1 7 5 9z')],
    fight: [P('M4 4l11 11M20 4L9 15', LINE), P('M13 17l4 4M11 17l-4 4', LINE)],
    gull: [P('M2 10c3-3 6-3 10 1 4-4 7-4 10-1-3 0-6 1-10 5-4-4-7-5-10-5z')],
    heart: [P('M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11z')],
    cross: [P('M5 5l14 14M19 5L5 19', { fill: 'none', stroke: 'currentColor', 'stroke-width': 3.5, 'stroke-linecap': 'round' })],
    wave: [P('M2 14c3-3 5-3 7 0s5 3 7 0 4-3 6 0', LINE)]
  };

  function icon(name, cls, label) { return svg(ICONS[name] || ICONS.nav, cls, label); }

  // ---- names --------------------------------------------------------------------------------------------------

  function charNames(catalog, id) {
    var c = catalog && catalog.characters && catalog.characters[id];
    return c ? { en: c.en, zh: localZh('character', c.en, (c.zh && c.zh[0]) || '') } : { en: String(id), zh: '' };
  }

  function nameNode(catalog, id, lang) {
    var n = charNames(catalog, id);
    if (lang === 'zh' && n.zh) return el('span', { cls: 'lb-name', lang: 'zh' }, n.zh);
    return el('span', { cls: 'lb-name' }, n.en, n.zh ? el('span', { cls: 'lb-zh', lang: 'zh' }, n.zh) : null);
  }

  function plainName(catalog, id, lang) {
    var n = charNames(catalog, id);
    return lang === 'zh' && n.zh ? n.zh : n.en;
  }

  // ---- cards --------------------------------------------------------------------------------------------------

  /* What a card id shows: a provision instance "painting-3", a provision face "water" or "painting(2)" (a card the
   * audience does not hold, VIEW-FACE-1), a navigation card "nav-28", a placeholder "?p3" (a recorded game's card
   * nobody named), or null (a hidden card: drawn as a back). */
  function cardInfo(catalog, id, navigation) {
    if (id === null || id === undefined) return { kind: 'hidden' };
    if (id.charAt(0) === '?') return { kind: 'unknown', id: id };
    if (/^nav-/.test(id)) {
      var facts = navigation && navigation[id];
      var no = facts ? facts.print_no : id.replace(/^nav-[cl]?/, '');
      return { kind: 'navigation', id: id, no: no, facts: facts || null };
    }
    var m = /^([a-z_]+)(?:-(\d+)|\((\d+)\))?$/.exec(id) || [];
    var faceId = m[1];
    var n = m[2] ? parseInt(m[2], 10) : null;
    var face = faceId && catalog && catalog.faces && catalog.faces[faceId];
    if (!face) return { kind: 'unknown', id: id };
    var value = null, points = face.points || [];
    if (face.kind === 'treasure') {
      if (faceId === 'jewels') value = 'set';
      else if (n !== null) value = points[n - 1] !== undefined ? points[n - 1] : null;
      else if (m[3]) value = parseInt(m[3], 10);  // a face with its printed value: "painting(2)"
      else if (points.length && points.every(function (p) { return p === points[0]; })) value = points[0];
    }
    return { kind: 'provision', id: id, face: faceId, n: n, en: face.en, zh: localZh('card', face.en, (face.zh && face.zh[0]) || ''),
             cardKind: face.kind, weapon: face.weapon, value: value };
  }

  function navFactsNode(catalog, facts, lang) {
    var body = el('div', { cls: 'lb-nav-facts' });
    function who(ids, label, cls) {
      if (!ids || !ids.length) return;
      body.appendChild(el('div', { cls: 'lb-nav-line ' + cls },
        el('span', { cls: 'lb-nav-label' }, label),
        ids.map(function (c) { return el('span', { cls: 'lb-chip', 'data-character': c }, plainName(catalog, c, lang)); })));
    }
    who(facts.overboard, t('overboard'), 'lb-nav-overboard');
    who(facts.thirsty, t('thirsty'), 'lb-nav-thirsty');
    var icons = el('div', { cls: 'lb-nav-icons' });
    // said in words, not by the icon alone ('rowers' read as who rows, not who is thirsty)
    if (facts.rowers_thirsty) icons.appendChild(el('span', { cls: 'lb-nav-icon', title: t('rowers thirsty') }, icon('oars'), t('rowers thirsty')));
    if (facts.fighters_thirsty) icons.appendChild(el('span', { cls: 'lb-nav-icon', title: t('fighters thirsty') }, icon('fight'), t('fighters thirsty')));
    if (facts.bird) icons.appendChild(el('span', { cls: 'lb-nav-icon lb-bird' + (facts.bird < 0 ? ' lb-bird-off' : ''), title: facts.bird > 0 ? t('seagull +1') : t('seagull −1') },
      icon('gull'), facts.bird > 0 ? t('seagull +1') : t('seagull −1')));
    if (icons.childNodes.length) body.appendChild(icons);
    if (!body.childNodes.length) body.appendChild(el('div', { cls: 'lb-nav-line' }, t('no effect')));
    return body;
  }

  /* One card element. options: {lang, navigation (id -> facts), small (bool)}. */
  function card(catalog, id, options) {
    var o = options || {};
    var info = cardInfo(catalog, id, o.navigation);
    var cls = 'lb-card' + (o.small ? ' lb-card-small' : '');
    if (info.kind === 'hidden') return el('div', { cls: cls + ' lb-card-back', title: t('a hidden card') }, icon('wave', 'lb-icon lb-back-icon'));
    if (info.kind === 'unknown') return el('div', { cls: cls + ' lb-card-unknown', 'data-card': info.id, title: t('an unknown card') }, '?');
    if (info.kind === 'navigation') {
      var nav = el('div', { cls: cls + ' lb-card-nav', 'data-card': info.id, title: info.facts ? info.facts.text : t('Navigation {n}', { n: info.no }) },
        el('div', { cls: 'lb-card-head' }, icon('nav'), el('span', { cls: 'lb-card-title' }, t('Navigation {n}', { n: info.no }))));
      if (info.facts && !o.small) nav.appendChild(navFactsNode(catalog, info.facts, o.lang));
      return nav;
    }
    var title = o.lang === 'zh' && info.zh ? info.zh : info.en;
    var node = el('div', { cls: cls + ' lb-card-' + info.cardKind + ' lb-face-' + info.face, 'data-card': info.id, 'data-face': info.face, title: o.lang === 'zh' ? title : info.en + (info.zh ? ' ' + info.zh : '') },
      el('div', { cls: 'lb-card-art' }, icon(info.face, 'lb-icon lb-card-icon')),
      el('div', { cls: 'lb-card-title' }, title));
    if (info.value !== null && info.value !== undefined) node.appendChild(el('div', { cls: 'lb-card-value', title: t('points') }, info.value === 'set' ? '\u2666' : String(info.value)));
    if (info.weapon) node.appendChild(el('div', { cls: 'lb-card-value lb-weapon', title: t('fight strength') }, '+' + info.weapon));
    return node;
  }

  function cardRow(catalog, ids, options, cls) {
    var row = el('div', { cls: 'lb-cards' + (cls ? ' ' + cls : '') });
    (ids || []).forEach(function (id) { row.appendChild(card(catalog, id, options)); });
    if (!ids || !ids.length) row.appendChild(el('span', { cls: 'lb-empty' }, '\u2014'));
    return row;
  }

  // ---- the table ----------------------------------------------------------------------------------------------

  function seagulls(n) {
    var box = el('div', { cls: 'lb-seagulls', 'data-seagulls': n, title: t('{n} of 4 seagulls', { n: n }) });
    for (var i = 0; i < 4; i++) box.appendChild(icon('gull', 'lb-icon lb-gull' + (i < n ? ' lb-gull-on' : '')));
    return box;
  }

  function wounds(count, size) {
    var box = el('div', { cls: 'lb-wounds', 'data-wounds': count, title: t('{count} of {size} wounds', { count: count, size: size }) });
    for (var i = 0; i < size; i++) box.appendChild(el('span', { cls: 'lb-pip' + (i < count ? ' lb-pip-on' : '') }));
    if (count > size) box.appendChild(el('span', { cls: 'lb-over' }, '+' + (count - size)));
    return box;
  }

  function secretsOf(view) {
    var out = {};
    var list = (view.reveal && view.reveal.secrets) || view.secrets || [];
    list.forEach(function (s) { out[s.character] = s; });
    if (view.view === 'seat' && view.viewer) out[view.viewer] = { character: view.viewer, hand: view.hand, love: view.love, hate: view.hate };
    return out;
  }

  function loveHate(catalog, s, lang) {
    return el('div', { cls: 'lb-lovehate' },
      el('span', { cls: 'lb-love', 'data-love': s.love, title: t('LOVE') }, icon('heart'), t('LOVE') + ' ', nameNode(catalog, s.love, lang)),
      el('span', { cls: 'lb-hate', 'data-hate': s.hate, title: t('HATE') }, icon('cross'), t('HATE') + ' ', nameNode(catalog, s.hate, lang)));
  }

  // LIQUID-1, WONG-1: who drank (or shared) Firewater this round, once per drink: +3 in fights, one more thirst
  function drankMarker(view, ch) {
    var n = (view.drank || []).filter(function (c) { return c === ch.character; }).length;
    if (!n) return null;
    return el('span', { cls: 'lb-marker lb-drank', title: t('drank Firewater this round: +3 size in fights, one more thirst') },
      icon('firewater'), n > 1 ? t('drank \u00d7{n}', { n: n }) : t('drank'));
  }

  function seatNode(catalog, view, ch, secrets, o) {
    var cat = catalog.characters && catalog.characters[ch.character];
    var waiting = (view.waiting_for || []).indexOf(ch.character) >= 0;
    var me = view.view === 'seat' && view.viewer === ch.character;
    var node = el('div', { cls: 'lb-seat lb-' + ch.status + (waiting ? ' lb-waiting' : '') + (me ? ' lb-me' : ''),
      'data-character': ch.character, 'data-seat': ch.seat === null ? '' : ch.seat, 'data-status': ch.status, 'data-wounds': ch.wounds });
    var markers = el('div', { cls: 'lb-markers' },
      ch.rowed ? el('span', { cls: 'lb-marker lb-rowed', title: t('rowed this round') }, icon('oars'), t('rowed')) : null,
      ch.fought ? el('span', { cls: 'lb-marker lb-fought', title: t('fought this round') }, icon('fight'), t('fought')) : null,
      drankMarker(view, ch),
      view.parasol_holder === ch.character ? el('span', { cls: 'lb-marker', title: t('open parasol') }, icon('parasol'), t('parasol')) : null);
    node.appendChild(el('div', { cls: 'lb-seat-head' },
      el('span', { cls: 'lb-seat-no', title: t('seat from the bow') }, ch.seat === null ? '\u2013' : String(ch.seat + 1)),
      el('div', { cls: 'lb-who' }, nameNode(catalog, ch.character, o.lang), el('span', { cls: 'lb-player' }, ch.player + (me ? ' ' + t('(you)') : ''))),
      el('div', { cls: 'lb-stats' },
        el('span', { cls: 'lb-size', title: t('size') }, t('size {n}', { n: ch.size })),
        cat ? el('span', { cls: 'lb-survival', title: t('survival value') }, t('survival {n}', { n: cat.survival })) : null)));
    node.appendChild(el('div', { cls: 'lb-seat-body' },
      wounds(ch.wounds, ch.size),
      el('span', { cls: 'lb-status' }, ({ conscious: t('conscious'), unconscious: t('unconscious'), dead: t('dead'), lost_at_sea: t('lost at sea') })[ch.status] || ch.status.replace(/_/g, ' ')),
      markers,
      el('span', { cls: 'lb-handsize', 'data-hand-size': ch.hand_size, title: t('cards in hand') }, el('span', { cls: 'lb-minicard' }), '\u00d7' + ch.hand_size)));
    if (ch.face_up && ch.face_up.length) node.appendChild(el('div', { cls: 'lb-faceup' }, el('span', { cls: 'lb-label' }, t('face up')), cardRow(catalog, ch.face_up, { lang: o.lang, navigation: o.navigation, small: true })));
    var s = secrets[ch.character];
    if (s && !me) {
      node.appendChild(el('div', { cls: 'lb-secret' }, el('span', { cls: 'lb-label' }, t('hand')),
        cardRow(catalog, s.hand, { lang: o.lang, small: true }, 'lb-secret-hand'), loveHate(catalog, s, o.lang)));
    }
    return node;
  }

  function boat(catalog, view, secrets, o) {
    var hull = el('div', { cls: 'lb-boat', 'aria-label': t('the boat, bow first') },
      el('div', { cls: 'lb-bow' }, el('span', {}, t('bow'))));
    var inBoat = view.characters.filter(function (c) { return c.seat !== null; });
    var lost = view.characters.filter(function (c) { return c.seat === null; });
    var seats = el('div', { cls: 'lb-seats' });
    inBoat.forEach(function (ch) { seats.appendChild(seatNode(catalog, view, ch, secrets, o)); });
    hull.appendChild(seats);
    hull.appendChild(el('div', { cls: 'lb-stern' }, el('span', {}, t('stern'))));
    var box = el('div', { cls: 'lb-boat-wrap' }, hull);
    if (lost.length) {
      var sea = el('div', { cls: 'lb-sea' }, el('h3', {}, icon('wave'), ' ' + t('lost at sea')));
      lost.forEach(function (ch) { sea.appendChild(seatNode(catalog, view, ch, secrets, o)); });
      box.appendChild(sea);
    }
    return box;
  }

  /* The open fight (view.fight, FIGHT-3): each side's members with what each brings, and the side's strength, as
   * the server computed them (lifeboat.views.fight; public facts only). */
  function fightPanel(catalog, view, o) {
    var f = view.fight;
    var panel = section(t('Fight'), 'lb-fight');
    function side(label, members, total, cls, note) {
      var box = el('div', { cls: 'lb-fight-side ' + cls, 'data-strength': total },
        el('div', { cls: 'lb-fight-head' }, el('b', {}, t('{side}: strength {n}', { side: label, n: total })), note ? ' ' + note : ''));
      var list = el('ul', { cls: 'lb-fight-members' });
      members.forEach(function (m) {
        var parts = [t('size {n}', { n: m.size })];
        if (m.weapons) parts.push(t('weapons {n}', { n: m.weapons }));
        if (m.firewater) parts.push(t('Firewater {n}', { n: m.firewater }));
        list.appendChild(el('li', { 'data-character': m.character }, plainName(catalog, m.character, o.lang) +
          (view.view === 'seat' && view.viewer === m.character ? ' ' + t('(you)') : '') + ': ' + parts.join(' + ') +
          (parts.length > 1 ? ' = ' + m.strength : '')));
      });
      box.appendChild(list);
      return box;
    }
    panel.appendChild(side(t('Attackers'), f.attackers, f.attack, 'lb-attackers', ''));
    panel.appendChild(side(t('Defenders'), f.defenders, f.defence, 'lb-defenders', t('(they win a tie)')));
    return panel;
  }

  function section(title, cls) { return el('section', { cls: 'lb-panel ' + (cls || '') }, el('h3', {}, title)); }

  function scores(catalog, reveal, lang) {
    var tbl = el('table', { cls: 'lb-scores' }, el('thead', {}, el('tr', {},
      [t('player'), t('character'), t('survival'), t('treasure'), t('love'), t('hate'), t('total')].map(function (h) { return el('th', {}, h); }))));
    var body = el('tbody');
    reveal.scores.forEach(function (s) {
      body.appendChild(el('tr', { cls: reveal.winners.indexOf(s.player) >= 0 ? 'lb-winner' : '' },
        el('td', {}, s.player + (reveal.winners.indexOf(s.player) >= 0 ? ' \u2605' : '')), el('td', {}, plainName(catalog, s.character, lang)),
        [s.survival, s.treasure, s.love, s.hate, s.total].map(function (v) { return el('td', { cls: 'lb-num' }, String(v)); })));
    });
    tbl.appendChild(body);
    return tbl;
  }

  /* Draw `view` (a TableView as JSON: public, seat or referee) into `container`, replacing what was there.
   * catalog: lifeboat.views.catalog.public_catalog(); options: {lang: 'en'|'zh', navigation: {navId: facts},
   * compact: true to leave out the bar, the boat and the hand (a page that draws them itself: the seat page)}. */
  function renderTable(container, view, catalog, options) {
    var o = { lang: (options && options.lang) || 'en', navigation: (options && options.navigation) || {},
              compact: !!(options && options.compact) };
    catalog = catalog || {};
    var secrets = secretsOf(view);
    var root = el('div', { cls: 'lb-table' + (o.compact ? ' lb-compact' : ''), 'data-view': view.view, 'data-round': view.round });
    if (!o.compact) root.appendChild(el('div', { cls: 'lb-bar' },
      el('span', { cls: 'lb-round' }, t('Round {n}', { n: view.round })),
      seagulls(view.seagulls),
      el('span', { cls: 'lb-deck', title: t('provisions deck') }, t('provisions') + ' ', el('b', { 'data-deck': 'provisions' }, String(view.provisions_deck))),
      el('span', { cls: 'lb-deck', title: t('navigation deck') }, t('navigation') + ' ', el('b', { 'data-deck': 'navigation' }, String(view.navigation_deck)))));
    if (!o.compact) root.appendChild(el('div', { cls: 'lb-now' + (view.over ? ' lb-over-now' : '') }, el('b', {}, t('Now:') + ' '), view.offer ? view.step.text + ' ' + view.offer.text : view.step.text));
    if (view.fight) root.appendChild(fightPanel(catalog, view, o));
    var cols = el('div', { cls: 'lb-cols' });
    if (!o.compact) cols.appendChild(boat(catalog, view, secrets, o));
    var side = el('div', { cls: 'lb-side' });
    if (view.view === 'seat' && !o.compact) {
      var mine = section(t('Your hand'), 'lb-you');
      mine.appendChild(el('div', { cls: 'lb-you-who' }, t('You are') + ' ', nameNode(catalog, view.viewer, o.lang), ' (' + view.player + ')'));
      mine.appendChild(cardRow(catalog, view.hand, o, 'lb-hand'));
      mine.appendChild(loveHate(catalog, { love: view.love, hate: view.hate }, o.lang));
      side.appendChild(mine);
    }
    if (view.in_play && view.in_play.length) {
      var inPlay = section(t('Navigation card'), 'lb-inplay');
      inPlay.appendChild(cardRow(catalog, view.in_play, o));
      side.appendChild(inPlay);
    }
    if (view.row_stack && view.row_stack.length) {
      var stack = section(t('Row stack ({n})', { n: view.row_stack.length }), 'lb-rowstack');
      stack.appendChild(cardRow(catalog, view.row_stack, o));
      side.appendChild(stack);
    }
    if (view.offer) {
      var offer = section(t('Trade offer'), 'lb-offer');
      offer.appendChild(el('p', {}, view.offer.text));
      offer.appendChild(el('div', { cls: 'lb-offer-give' }, el('span', { cls: 'lb-label' }, t('gives')), cardRow(catalog, view.offer.give, { lang: o.lang, small: true })));
      side.appendChild(offer);
    }
    var discard = section(t('Discard pile ({n})', { n: (view.discard || []).length }), 'lb-discard');
    discard.appendChild(cardRow(catalog, view.discard || [], { lang: o.lang, navigation: o.navigation, small: true }));  // every card its count says
    side.appendChild(discard);
    if (view.view === 'referee') {
      var ref = section(t('Referee: the decks'), 'lb-referee');
      ref.appendChild(el('div', { cls: 'lb-label' }, t('provisions deck, top first')));
      ref.appendChild(cardRow(catalog, view.provisions, { lang: o.lang, small: true }));
      ref.appendChild(el('div', { cls: 'lb-label' }, t('navigation deck (unseen part, then the bottom)')));
      ref.appendChild(cardRow(catalog, (view.navigation_unseen || []).concat(view.navigation_bottom || []), { lang: o.lang, small: true }));
      side.appendChild(ref);
    }
    if (view.reveal) {
      var end = section(t('Scores'), 'lb-end');
      end.appendChild(scores(catalog, view.reveal, o.lang));
      (view.reveal.notes || []).forEach(function (n) {  // SCORE-2: why a player scores as they do
        end.appendChild(el('p', { cls: 'lb-score-note', 'data-player': n.player }, n.text));
      });
      side.appendChild(end);
    }
    if (view.memory && view.memory.length) {
      var mem = section(t('You remember'), 'lb-memory');
      var list = el('ul');
      view.memory.slice(-10).forEach(function (m) { list.appendChild(el('li', {}, m.round ? t('round {n}: {text}', { n: m.round, text: m.text }) : t('the deal: {text}', { text: m.text }))); });
      mem.appendChild(list);
      side.appendChild(mem);
    }
    cols.appendChild(side);
    root.appendChild(cols);
    container.replaceChildren(root);
    return container;
  }

  global.LifeboatViewer = global.LifeboatViewer || {};
  var V = global.LifeboatViewer;
  V.renderTable = renderTable;
  V.card = card;
  V.cardInfo = cardInfo;
  V.icon = icon;
  V.el = el;
  V.plainName = plainName;
  V.navFacts = navFactsNode;
})(typeof window !== 'undefined' ? window : this);

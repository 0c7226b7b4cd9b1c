/* The seat page's board (issue 28): the whole boat on the first screen of a phone (every character with wounds,
 * status, markers, hand size and face-up cards), the seat's hand with its LOVE and HATE, the cards the step shows
 * this seat (the navigation cards it rowed or chooses from, the provisions it keeps one of), and the sheet a tap on
 * a card or a character opens: what it is, what it does (the game's own card data: /api/games/{game}/names, a
 * table's printing via --cards too) and what the seat may do with it or to them.
 *
 * Entry points (global LifeboatSeatBoard; S is the page's state, window.lifeboatPage):
 *   drawBoard(S), drawHand(S), drawDrawn(S), openCard(S, id), openCharacter(S, id), closeInfo(), cardText(S, id)
 * Every word goes through LifeboatI18n.t (docs/translation.md); card and ability texts through the catalogs'
 * contexts "card text" and "ability" (a printing's own words that the catalog lacks stay as printed).
 */
(function () {
  'use strict';

  var t = function (m, p) { return window.LifeboatI18n.t(m, p); };
  var $ = function (id) { return document.getElementById(id); };
  var V = function () { return window.LifeboatViewer; };

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = text;
    return n;
  }

  /* A printed text in the reader's language: the catalog's translation under its context, else as printed. */
  function printed(context, text) {
    if (!text) return '';
    var key = context + '\u0004' + text;
    var found = t(key);
    return found === key ? text : found;
  }

  function zh(S) { return S.lang !== 'en'; }

  function charName(S, id) {
    var c = S.catalog && S.catalog.characters && S.catalog.characters[id];
    if (!c) return id;
    if (!zh(S)) return c.en;
    var key = 'character\u0004' + c.en, named = t(key);  // the catalog's (traditional too), else the card data's
    return named !== key ? named : (c.zh && c.zh.length ? c.zh[0] : c.en);
  }

  function nameNode(S, id) {
    var c = S.catalog && S.catalog.characters && S.catalog.characters[id];
    var span = el('span', 'lb-name', charName(S, id));
    if (!zh(S) && c && c.zh && c.zh.length) {
      var small = el('span', 'lb-zh', c.zh[0]);
      small.lang = 'zh';
      span.appendChild(small);
    }
    return span;
  }

  var STATUS = function (s) {
    return { conscious: t('conscious'), unconscious: t('unconscious'), dead: t('dead') }[s] || s;
  };

  function card(S, id, small) {
    var node = V().card(S.catalog, id, { lang: zh(S) ? 'zh' : 'en', navigation: S.navigation, small: !!small });
    if (id) {
      node.setAttribute('role', 'button');
      node.tabIndex = 0;
    }
    return node;
  }

  function pips(count, size) {
    var box = el('span', 'lb-wounds sv-pips');
    box.dataset.wounds = String(count);
    box.title = t('{n} of {size} wounds', { n: count, size: size });
    for (var i = 0; i < size; i++) box.appendChild(el('span', 'lb-pip' + (i < count ? ' lb-pip-on' : '')));
    if (count > size) box.appendChild(el('span', 'lb-over', '+' + (count - size)));
    return box;
  }

  function markers(S, ch) {
    var v = S.view, out = [];
    if (ch.rowed) out.push(t('rowed'));
    if (ch.fought) out.push(t('fought'));
    if ((v.drank || []).indexOf(ch.character) >= 0) out.push(t('drank Firewater'));
    if (v.parasol_holder === ch.character) out.push(t('parasol open'));
    return out;
  }

  function seatRow(S, ch) {
    var v = S.view, cat = S.catalog && S.catalog.characters && S.catalog.characters[ch.character];
    var me = v.view === 'seat' && v.viewer === ch.character;
    var waiting = (v.waiting_for || []).indexOf(ch.character) >= 0;
    var row = el('div', 'lb-seat sv-seat lb-' + ch.status + (waiting ? ' lb-waiting' : '') + (me ? ' lb-me' : ''));
    row.dataset.character = ch.character;
    row.dataset.status = ch.status;
    row.dataset.wounds = String(ch.wounds);
    row.setAttribute('role', 'button');
    row.tabIndex = 0;
    var head = el('div', 'sv-seat-head');
    head.appendChild(el('span', 'lb-seat-no', ch.seat === null ? '\u2013' : String(ch.seat + 1)));
    var who = el('span', 'lb-who');
    who.appendChild(nameNode(S, ch.character));
    who.appendChild(el('span', 'lb-player', me ? t('{player} (you)', { player: ch.player }) : ch.player));
    head.appendChild(who);
    row.appendChild(head);
    var body = el('div', 'sv-seat-body');
    body.appendChild(pips(ch.wounds, ch.size));
    body.appendChild(el('span', 'lb-status', STATUS(ch.status)));
    var hand = el('span', 'lb-handsize', t('hand {n}', { n: ch.hand_size }));
    hand.dataset.handSize = String(ch.hand_size);
    body.appendChild(hand);
    markers(S, ch).forEach(function (m) { body.appendChild(el('span', 'lb-marker', m)); });
    body.appendChild(el('span', 'lb-stats', t('size {size} · survival {survival}',
      { size: ch.size, survival: cat ? cat.survival : '?' })));
    row.appendChild(body);
    if (ch.face_up && ch.face_up.length) {
      var up = el('div', 'lb-cards sv-faceup');
      ch.face_up.forEach(function (id) { up.appendChild(card(S, id, true)); });
      row.appendChild(up);
    }
    return row;
  }

  function drawBoard(S) {
    var v = S.view, box = $('sv-board');
    box.textContent = '';
    var bar = el('div', 'sv-bar');
    bar.appendChild(el('b', 'lb-round', t('Round {n}', { n: v.round })));
    var gulls = el('span', 'lb-seagulls sv-gulls', t('seagulls {n} of 4', { n: v.seagulls }));
    gulls.dataset.seagulls = String(v.seagulls);
    bar.appendChild(gulls);
    bar.appendChild(el('span', 'sv-decks', t('decks: provisions {p} · navigation {n}',
      { p: v.provisions_deck, n: v.navigation_deck })));
    box.appendChild(bar);
    if (v.fight) {
      var f = v.fight, fight = el('div', 'sv-fightline');
      fight.textContent = t('Fight: attackers {attack} against defenders {defence} (defenders win a tie)',
        { attack: f.attack, defence: f.defence });
      box.appendChild(fight);
    }
    var seats = el('div', 'sv-seats');
    seats.setAttribute('aria-label', t('The boat, bow first'));
    var inBoat = v.characters.filter(function (c) { return c.seat !== null; });
    inBoat.sort(function (a, b) { return a.seat - b.seat; });
    inBoat.concat(v.characters.filter(function (c) { return c.seat === null; }))
      .forEach(function (ch) { seats.appendChild(seatRow(S, ch)); });
    box.appendChild(seats);
  }

  function loveHate(S, which, id) {
    var span = el('span', 'sv-' + which);
    span.dataset[which] = id;
    span.dataset.character = id;
    span.setAttribute('role', 'button');
    span.tabIndex = 0;
    span.textContent = which === 'love' ? t('LOVE {name}', { name: charName(S, id) })
      : t('HATE {name}', { name: charName(S, id) });
    return span;
  }

  function drawHand(S) {
    var v = S.view, box = $('sv-hand');
    box.textContent = '';
    box.hidden = v.view !== 'seat';
    if (box.hidden) return;
    var head = el('div', 'sv-hand-head');
    head.appendChild(el('b', null, t('Your hand')));
    if (v.love) head.appendChild(loveHate(S, 'love', v.love));
    if (v.hate) head.appendChild(loveHate(S, 'hate', v.hate));
    box.appendChild(head);
    var row = el('div', 'lb-cards lb-hand sv-hand');
    (v.hand || []).forEach(function (id) { row.appendChild(card(S, id, true)); });
    if (!(v.hand || []).length) row.appendChild(el('span', 'lb-empty', t('no cards')));
    box.appendChild(row);
  }

  /* The cards the open step shows this seat only: the navigation cards it rowed up (ROW-1), the row stack it
   * chooses from as the navigator (NAV-1), the provisions it keeps one of (PROV). Only this seat's view holds
   * their ids, so another seat's page draws nothing here. */
  function drawDrawn(S) {
    var v = S.view, box = $('sv-drawn'), data = v.step.data || {}, ids = [], head = '';
    if (v.view === 'seat' && !v.over && v.waiting_for.indexOf(v.viewer) >= 0) {
      if (v.step.kind === 'row_place' && data.rower === v.viewer) {
        ids = data.drawn || [];
        head = t('The cards you drew (only you see them):');
      } else if (v.step.kind === 'navigator_choice' && data.navigator === v.viewer) {
        ids = v.row_stack || [];
        head = t('The row stack (hidden from the table; you and whoever put a card there know them):');
      } else if (data.offered && data.offered.length && data.picker === v.viewer) {
        ids = data.offered;
        head = t('The cards you keep one of (tap one to read it):');
      }
    }
    ids = ids.filter(function (id) { return typeof id === 'string' && id; });
    box.textContent = '';
    box.hidden = !ids.length;
    if (box.hidden) return;
    box.appendChild(el('h3', 'sv-drawn-head', head));
    var cards = el('div', 'lb-cards sv-drawn-cards');
    ids.forEach(function (id) { cards.appendChild(card(S, id, false)); });
    box.appendChild(cards);
  }

  // ---- the sheet a tap opens --------------------------------------------------------------------------------

  /* What a provision face or navigation card says, in words: its kind, its value, its printed text. */
  function cardText(S, id) {
    var info = V().cardInfo(S.catalog, id, S.navigation), lines = [];
    if (info.kind === 'navigation') {
      lines.push(info.facts ? info.facts.text : t('A navigation card: who goes overboard, who is thirsty, seagulls.'));
      return lines;
    }
    if (info.kind !== 'provision') return [t('A card nobody at the table may see.')];
    var face = S.catalog.faces[info.face] || {};
    if (face.kind === 'weapon') lines.push(t('Weapon: +{n} in a fight once face up.', { n: face.weapon }));
    if (face.kind === 'treasure') {
      if (info.face === 'jewels') {
        var j = S.catalog.jewel_set_points || {};
        lines.push(t('Treasure: jewels score as a set, {one} for one, {two} for two, {three} for three.',
          { one: j['1'], two: j['2'], three: j['3'] }));
      } else if (info.value !== null && info.value !== undefined) {
        lines.push(window.LifeboatI18n.tn('Treasure: {n} point at the end of the game.',
                                          'Treasure: {n} points at the end of the game.', info.value));
      } else {
        lines.push(t('Treasure: points at the end of the game.'));
      }
    }
    if (face.text) lines.push(printed('card text', face.text));
    if (!lines.length) lines.push(t('No effect of its own.'));
    return lines;
  }

  function openSheet(S, title, lines, acts) {
    var body = $('sv-info-body');
    body.textContent = '';
    body.appendChild(el('h3', 'sv-info-title', title));
    lines.forEach(function (line) {
      if (typeof line === 'string') body.appendChild(el('p', 'sv-info-text', line)); else body.appendChild(line);
    });
    var box = $('sv-info-acts');
    box.textContent = '';
    if (acts.length) {
      box.appendChild(el('p', 'sv-info-may', t('What you may do:')));
      acts.forEach(function (a) {
        var b = el('button', 'sv-choice sv-info-act', a.label);
        b.type = 'button';
        b.dataset.indexes = a.indexes.join(' ');
        b.onclick = function () { closeInfo(); window.LifeboatSeatDecide.choose(S, a.entry); };
        box.appendChild(b);
      });
    } else if (S.view.view === 'seat' && !S.view.over) {
      box.appendChild(el('p', 'sv-info-may', t('Nothing you may do with it now.')));
    }
    $('sv-info-close').textContent = t('Close');
    $('sv-info').hidden = false;
    $('sv-info-close').focus();
  }

  function closeInfo() { $('sv-info').hidden = true; }

  function openCard(S, id) {
    var info = V().cardInfo(S.catalog, id, S.navigation);
    var title = info.kind === 'navigation' ? t('Navigation card {n}', { n: info.no })
      : info.kind === 'provision' ? (zh(S) ? printed('card', info.en) === info.en && info.zh ? info.zh : printed('card', info.en)
        : info.en + (info.zh ? ' ' + info.zh : '')) : t('A card');
    var lines = [];
    if (info.kind === 'navigation' && info.facts) lines.push(V().navFacts(S.catalog, info.facts, zh(S) ? 'zh' : 'en'));
    lines = lines.concat(cardText(S, id));
    var acts = window.LifeboatSeatDecide.about(S, function (d) { return (d.cards || []).indexOf(id) >= 0; });
    openSheet(S, title, lines, acts);
  }

  function openCharacter(S, id) {
    var v = S.view, ch = v.characters.filter(function (c) { return c.character === id; })[0];
    var cat = (S.catalog && S.catalog.characters && S.catalog.characters[id]) || {};
    var lines = [];
    if (ch) {
      lines.push(t('Played by {player}; {status}, {wounds} of {size} wounds; {n} cards in hand.',
        { player: ch.player, status: STATUS(ch.status), wounds: ch.wounds, size: ch.size, n: ch.hand_size }));
    }
    lines.push(t('Size {size} (fight strength and wounds to fall unconscious); survival {survival} points.',
      { size: cat.size, survival: cat.survival }));
    lines.push(cat.ability ? t('Ability: {text}', { text: printed('ability', cat.ability) }) : t('No special ability.'));
    var acts = window.LifeboatSeatDecide.about(S, function (d) { return d.target === id; });
    openSheet(S, charName(S, id) + (ch ? ' · ' + ch.player : ''), lines, acts);
  }

  /* One listener for every card and character the page draws: a tap opens its sheet. */
  function wire(S, root) {
    root.addEventListener('click', function (ev) {
      var c = ev.target.closest('[data-card]');
      if (c && root.contains(c) && c.dataset.card) { openCard(S, c.dataset.card); return; }
      var who = ev.target.closest('[data-character]');
      if (who && root.contains(who) && S.catalog) openCharacter(S, who.dataset.character);
    });
    root.addEventListener('keydown', function (ev) {
      if ((ev.key === 'Enter' || ev.key === ' ') && ev.target.getAttribute('role') === 'button') {
        ev.preventDefault();
        ev.target.click();
      }
    });
  }

  window.LifeboatSeatBoard = {
    drawBoard: drawBoard, drawHand: drawHand, drawDrawn: drawDrawn, openCard: openCard,
    openCharacter: openCharacter, closeInfo: closeInfo, cardText: cardText, charName: charName, wire: wire,
  };
})();

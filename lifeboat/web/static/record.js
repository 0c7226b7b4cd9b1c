/* The record page: a recorded game (lifeboat record GAME --serve) on the scribe's phone or tablet.
 *
 * The link's #fragment is the token, sent only in the Authorization header. GET /api/record gives the desk's view
 * (lifeboat.service.game.desk.DeskView): the next thing the table must do, who must act, the open window and who
 * may still act, the public table (drawn by LifeboatViewer.renderTable: seats, fight tallies), the story, and every
 * line that may be recorded now: choices (one tap) and picks (a few taps: a card turned face up, the deal's
 * characters, the names at the end). POST /api/record {op: line|close|undo} records; a refusal says its rule and
 * changes nothing. The view is read again every few seconds, so lines typed at the terminal show up here.
 */
(function () {
  'use strict';

  var token = location.hash.replace(/^#/, '');
  try { token = decodeURIComponent(token); } catch (e) { /* an invalid link: refused as such */ }
  if (!/^[\x20-\x7e]*$/.test(token)) token = '';
  var I18n = window.LifeboatI18n;
  var t = function (m, p) { return I18n.t(m, p); };
  var $ = function (id) { return document.getElementById(id); };
  // lang: the scribe's language (issue 29: chosen on the page, remembered in this browser, else the browser's)
  var S = { view: null, catalog: null, busy: false, picked: {}, sent: 0, lang: I18n.preferred() };
  window.lifeboatRecord = S;  // for people debugging and for the browser tests: what the page holds

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'cls') node.className = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* A printed name in the scribe's language: the catalog's translation under its context (traditional too), else
   * the card data's own Chinese name, else as printed. */
  function printed(context, en, zh) {
    if (S.lang === 'en') return en;
    var key = context + '\u0004' + en, found = t(key);
    return found !== key ? found : (zh && zh.length ? zh[0] : en);
  }

  function name(id) {
    if (id === 'chance') return t('Chance');
    if (id === 'recorder') return t('The recorder');
    if (id === 'everyone') return t('Everyone left');
    var c = S.catalog && S.catalog.characters && S.catalog.characters[id];
    return c ? printed('character', c.en, c.zh) : id;
  }

  function api(method, body) {
    var init = { method: method, headers: { Authorization: 'Bearer ' + token } };
    if (body) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch('/api/record?lang=' + encodeURIComponent(S.lang), init).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; });
    });
  }

  function notice(text, kind) {
    var n = $('rc-notice');
    n.textContent = text || '';
    n.dataset.kind = kind || '';
    if (text && n.scrollIntoView) n.scrollIntoView({ block: 'nearest' });  // on a phone: in sight, not below
  }

  function conn(state) {
    var c = $('rc-conn');
    c.dataset.state = state;
    c.textContent = state === 'live' ? t('connected') : state === 'offline' ? t('no answer from the recorder')
      : t('connecting…');
  }

  // ---- drawing ------------------------------------------------------------------------------------------------

  function draw() {
    var v = S.view;
    if (!v) return;
    $('rc-round').textContent = v.over ? t('The game is over') : t('Round {n}', { n: v.round });
    $('rc-next').textContent = v.next;
    var left = v.over && v.to_show.length ? t('Still to show: {cards}', { cards: v.to_show.join('; ') }) : '';
    var waiting = v.waiting.map(name).join(t(', '));
    $('rc-waiting').textContent = left || (waiting ? t('Waiting for: {who}', { who: waiting }) : '');
    var win = $('rc-window');
    win.hidden = !v.window;
    if (v.window) {
      win.textContent = t('A window is open: {who} may still act.', { who: v.may_act.map(name).join(t(', ')) });
    }
    drawChoices(v);
    drawPicks(v);
    $('rc-undo').disabled = S.busy;
    window.LifeboatViewer.renderTable($('rc-table'), v.table, S.catalog, { lang: S.lang === 'en' ? 'en' : 'zh', navigation: v.navigation });
    var story = $('rc-story');
    story.textContent = '';
    v.story.forEach(function (line) { story.appendChild(el('li', {}, line)); });
    story.scrollTop = story.scrollHeight;
  }

  function drawChoices(v) {
    var box = $('rc-choices');
    box.textContent = '';
    var groups = {};
    var order = [];
    v.choices.forEach(function (c) {
      if (!groups[c.who]) { groups[c.who] = []; order.push(c.who); }
      groups[c.who].push(c);
    });
    order.forEach(function (who) {
      var g = el('div', { cls: 'rc-group', 'data-who': who });
      g.appendChild(el('h3', {}, name(who)));
      var row = el('div', { cls: 'rc-buttons' });
      groups[who].forEach(function (c) {
        // the decision in words (the seat pages' describer), its line of notation beneath for the expert
        var b = el('button', { type: 'button', cls: 'rc-choice', 'data-line': c.line },
          c.line === 'close' ? t('Close: everyone left passes') : (c.text || c.line));
        if (c.text && c.line !== 'close') b.appendChild(el('small', { cls: 'rc-line' }, c.line));
        b.disabled = S.busy;
        b.addEventListener('click', function () { send(c.line === 'close' ? 'close' : 'line', c.line); });
        row.appendChild(b);
      });
      g.appendChild(row);
      box.appendChild(g);
    });
  }

  function fill(template, words) {
    return template.replace(/\{(\d+)\}/g, function (_, i) { return words[+i]; });
  }

  function wordLabel(word) {
    var faces = S.catalog && S.catalog.faces;
    var m = /^([a-z_]+)\((\d+)\)$/.exec(word);
    if (m && faces && faces[m[1]]) return printed('card', faces[m[1]].en, faces[m[1]].zh) + ' (' + m[2] + ')';
    if (faces && faces[word]) return printed('card', faces[word].en, faces[word].zh);
    return word;
  }

  function drawPicks(v) {
    var box = $('rc-picks');
    box.textContent = '';
    var picks = v.over ? v.picks.slice(0, 1) : v.picks;  // at the end, one card at a time: the list stays short
    if (v.over && v.picks.length > 1) {
      box.appendChild(el('div', { cls: 'rc-waiting' }, t('{n} to name; one at a time.', { n: v.picks.length })));
    }
    picks.forEach(function (p, pi) {
      var key = pi + '|' + p.template;
      var words = S.picked[key] || (S.picked[key] = []);
      var panel = el('div', { cls: 'rc-pick', 'data-template': p.template });
      panel.appendChild(el('h3', {}, p.label));
      p.slots.forEach(function (slot, si) {
        var part = el('div', { cls: 'rc-slot' });
        part.appendChild(el('div', { cls: 'rc-slot-label' }, slot.label));
        var row = el('div', { cls: 'rc-buttons' });
        slot.options.forEach(function (word) {
          var taken = slot.distinct && words.indexOf(word) >= 0 && words[si] !== word;
          var b = el('button', { type: 'button', cls: 'rc-option', 'aria-pressed': String(words[si] === word),
                                 'data-word': word }, wordLabel(word));
          b.disabled = S.busy || taken;
          b.addEventListener('click', function () {
            words[si] = word;
            var done = p.slots.every(function (_, i) { return words[i] !== undefined; });
            if (done && p.slots.length === 1) { S.picked[key] = []; send('line', fill(p.template, words)); return; }
            draw();
          });
          row.appendChild(b);
        });
        part.appendChild(row);
        panel.appendChild(part);
      });
      if (p.slots.length > 1) {
        var ready = p.slots.every(function (_, i) { return words[i] !== undefined; });
        var rec = el('button', { type: 'button', cls: 'rc-record' },
          ready ? t('Record: {line}', { line: fill(p.template, words) }) : t('Tap one in each row'));
        rec.disabled = S.busy || !ready;
        rec.addEventListener('click', function () { S.picked[key] = []; send('line', fill(p.template, words)); });
        panel.appendChild(rec);
      }
      box.appendChild(panel);
    });
  }

  // ---- acting -------------------------------------------------------------------------------------------------

  function send(op, line) {
    if (S.busy) return;
    S.busy = true;
    draw();
    api('POST', { op: op, line: line || '' }).then(function (res) {
      S.busy = false;
      if (res.ok) {
        S.view = res.body.view;
        S.sent += 1;
        S.picked = {};
        notice(res.body.said.length ? res.body.said[res.body.said.length - 1] : '', 'said');
        if (op === 'line') $('rc-line-text').value = '';
      } else {
        var e = res.body.error || {};
        var more = e.candidates && e.candidates.length ? ' — ' + t('type one of: {lines}',
          { lines: e.candidates.join(' | ') }) : '';
        notice(t('Refused [{rule}] {message} (nothing was recorded)', { rule: e.rule, message: e.message }) + more,
          'error');
      }
      conn('live');
      draw();
    }).catch(function () {
      S.busy = false;
      conn('offline');
      notice(t('The recorder did not answer: nothing was recorded; try again.'), 'error');
      draw();
    });
  }

  function refresh() {
    if (S.busy || document.hidden) return;
    api('GET').then(function (res) {
      if (!res.ok) {
        notice(t('This link is not valid: open the link lifeboat record printed.'), 'error');
        return;
      }
      if (!S.view || res.body.seq !== S.view.seq) { S.view = res.body; draw(); }
      conn('live');
    }).catch(function () { conn('offline'); });
  }

  /* The page's own words (again after another language is chosen). */
  function words() {
    $('rc-send').textContent = t('Record');
    $('rc-undo').textContent = t('Undo the last line');
    $('rc-story-head').textContent = t('Story');
    $('rc-line-text').placeholder = t('or type a line, e.g. kid: mug lauren hand');
  }

  function start() {
    var picker = I18n.picker(function (lang) {  // another language: the words at once, the desk's lines in it next
      S.lang = lang;
      words();
      conn($('rc-conn').dataset.state);
      S.view = null;
      refresh();
    });
    picker.id = 'rc-lang';
    $('rc-conn').after(picker);
    words();
    conn('connecting');
    $('rc-line').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var text = $('rc-line-text').value.trim();
      if (text) send(text === 'close' ? 'close' : text === 'undo' ? 'undo' : 'line', text);
    });
    $('rc-undo').addEventListener('click', function () { send('undo'); });
    fetch('/api/names', { headers: { Authorization: 'Bearer ' + token } }).then(function (r) { return r.json(); })
      .then(function (cat) {
        S.catalog = cat;
        return I18n.use(S.lang).then(function (lang) { S.lang = lang; picker.value = lang; words(); });
      })
      .then(function () { refresh(); setInterval(refresh, 3000); })
      .catch(function () { conn('offline'); });
  }

  start();
})();

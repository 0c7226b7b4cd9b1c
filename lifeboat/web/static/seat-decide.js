/* The seat page's decisions as verb, then object (issue 28): at most eight choices at a time, each a button.
 *
 * The server sends every legal decision with its words from the one describer (lifeboat.views.decisions:
 * verb group, verb_text, target, cards, label, text). This module groups them: first the verbs open to the seat
 * (Row, Change seats, Mug, Offer, a card's use, Pass / End your action; more than seven verbs fold the cards'
 * uses under "Play a card"); a verb with several objects then shows its targets (a character, when the objects
 * are many and aim at several) and its cards; more than eight of anything page with "More". Identical cards
 * (alike in face, points and place) make one choice, as `play` lists them once.
 *
 * No accidental commits: a chosen decision is shown whole (its sentence) with Confirm and Cancel, and only the
 * second, deliberate tap on Confirm sends it. Only a Pass in a window (PROC-1), which changes nothing at the
 * table, goes at one tap.
 *
 * Entry points (global LifeboatSeatDecide): draw(S), choose(S, entry), about(S, test) -> [{label, indexes,
 * entry}], entries(S). Every button carries data-indexes: the indexes (in S.decisions) of the decisions it leads to.
 */
(function () {
  'use strict';

  var t = function (m, p) { return window.LifeboatI18n.t(m, p); };
  var $ = function (id) { return document.getElementById(id); };
  var MAX = 8;            // choices shown at once (with Back: nine buttons at most)
  var FOLD_OVER = 7;      // more verbs than this: the cards' uses fold under one
  var CORE = { keep: 1, choose: 1, place: 1, consent: 1, refuse: 1, accept: 1, decline: 1, compass: 1,
               no_compass: 1, share: 1, no_share: 1, object: 1, row: 1, swap: 1, mug: 1, offer: 1, join: 1,
               pass: 1, end: 1 };
  var ONE_TAP = { pass: 1 };

  var P = { seq: -1, key: '', path: [], page: 0, confirm: null };

  /* The decisions open to the seat, as one string: a newer table that leaves them as they were (another seat
   * answered the same window) keeps the choice half made, so the button under the finger stays where it was. */
  function choicesKey(S) { return JSON.stringify(S.decisions.map(function (d) { return d.command; })); }

  /* A decision's command with each provision instance named by what tells it apart in the rules: its face, its
   * points and where it lies. Instances alike in all three make the same decision. */
  function sameCards(S, command) {
    var v = S.view, faces = S.catalog && S.catalog.faces;
    function where(id) {
      if (v.hand && v.hand.indexOf(id) >= 0) return 'hand';
      for (var i = 0; i < (v.characters || []).length; i++) {
        if ((v.characters[i].face_up || []).indexOf(id) >= 0) return 'up:' + v.characters[i].character;
      }
      return 'other';
    }
    return JSON.stringify(command, function (k, val) {
      var m = typeof val === 'string' ? /^([a-z_]+)-(\d+)$/.exec(val) : null;
      var face = m && faces && faces[m[1]];
      return face ? m[1] + ':' + face.points[Number(m[2]) - 1] + ':' + where(val) : val;
    });
  }

  /* The decisions, one entry per distinct choice: {d, index, indexes}. */
  function entries(S) {
    var out = [], byKey = {};
    S.decisions.forEach(function (d, i) {
      var key = sameCards(S, d.command), e = byKey[key];
      if (e) {
        e.indexes.push(i);
        if (d.line.length < e.d.line.length) { e.d = d; e.index = i; }
        return;
      }
      e = byKey[key] = { d: d, index: i, indexes: [i] };
      out.push(e);
    });
    return out;
  }

  function leaf(e) { return { leaf: e, label: e.d.label || e.d.text || e.d.line, indexes: e.indexes.slice() }; }

  function branch(label, children, cls) {
    var idx = [];
    children.forEach(function (c) { idx = idx.concat(c.indexes); });
    return { label: label, children: children, indexes: idx, cls: cls || '' };
  }

  /* A verb's objects: by target first when they are many and aim at several characters. */
  function objects(S, list) {
    if (list.length <= MAX) return list.map(leaf);
    var targets = [], byTarget = {};
    list.forEach(function (e) {
      var k = e.d.target || '';
      if (!byTarget[k]) { byTarget[k] = []; targets.push(k); }
      byTarget[k].push(e);
    });
    if (targets.length < 2) return list.map(leaf);
    return targets.map(function (k) {
      if (!k) return branch(t('Other'), byTarget[k].map(leaf));
      if (byTarget[k].length === 1) return leaf(byTarget[k][0]);
      return branch(window.LifeboatSeatBoard.charName(S, k), byTarget[k].map(leaf), 'sv-target');
    });
  }

  function verbNode(S, verb, list) {
    if (list.length === 1) {
      var one = leaf(list[0]);
      one.verb = verb;
      return one;
    }
    var b = branch(t(list[0].d.verb_text || verb), objects(S, list), 'sv-verb');
    b.verb = verb;
    return b;
  }

  /* The top level: one node per verb (the server's order: answers first, Pass and End your action last). */
  function tree(S) {
    var verbs = [], byVerb = {};
    entries(S).forEach(function (e) {
      var verb = e.d.verb || 'other';
      if (!byVerb[verb]) { byVerb[verb] = []; verbs.push(verb); }
      byVerb[verb].push(e);
    });
    verbs.sort(function (a, b) { return (a === 'pass' || a === 'end') - (b === 'pass' || b === 'end'); });
    var nodes = verbs.map(function (v) { return verbNode(S, v, byVerb[v]); });
    if (nodes.length > FOLD_OVER) {
      var core = nodes.filter(function (n) { return CORE[n.verb]; });
      var cards = nodes.filter(function (n) { return !CORE[n.verb]; });
      var last = core.filter(function (n) { return n.verb === 'pass' || n.verb === 'end'; });
      core = core.filter(function (n) { return last.indexOf(n) < 0; });
      nodes = core.concat(cards.length ? [branch(t('Play a card'), cards, 'sv-verb')] : [], last);
    }
    return branch('', nodes);
  }

  function level(root) {
    var node = root;
    for (var i = 0; i < P.path.length; i++) {
      var next = node.children && node.children[P.path[i]];
      if (!next || !next.children) { P.path = P.path.slice(0, i); break; }
      node = next;
    }
    return node;
  }

  function button(label, cls, indexes, onclick) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'sv-choice ' + (cls || '');
    b.textContent = label;
    b.dataset.indexes = indexes.join(' ');
    b.onclick = onclick;
    return b;
  }

  /* Choose one decision (from the panel or a card's sheet): a Pass goes at once, anything else asks to confirm. */
  function choose(S, e) {
    if (ONE_TAP[e.d.verb] && S.view.step && /fight|window|objection/.test(S.view.step.kind)) {
      window.LifeboatSeat.send({ command: e.d.command }, e.d.label || e.d.text);
      return;
    }
    P.confirm = e;
    draw(S);
    var c = document.querySelector('#sv-decide .sv-confirm');
    if (c) c.scrollIntoView({ block: 'nearest' });
  }

  function drawConfirm(S, box) {
    var e = P.confirm;
    var say = document.createElement('p');
    say.className = 'sv-confirm-text';
    say.textContent = e.d.text || e.d.label;
    box.appendChild(say);
    var row = document.createElement('div');
    row.className = 'sv-choices';
    row.appendChild(button(t('Confirm: {what}', { what: e.d.label || e.d.text }), 'sv-confirm', e.indexes, function () {
      P.confirm = null;
      window.LifeboatSeat.send({ command: e.d.command }, e.d.label || e.d.text);
    }));
    row.appendChild(button(t('Cancel'), 'sv-back', [], function () { P.confirm = null; draw(S); }));
    box.appendChild(row);
  }

  function draw(S) {
    var box = $('sv-decide');
    if (P.seq !== S.seq) {
      var key = choicesKey(S);
      if (key !== P.key) { P.path = []; P.page = 0; P.confirm = null; }
      P.seq = S.seq; P.key = key;
    }
    box.textContent = '';
    if (!S.decisions.length) return;
    if (P.confirm) { drawConfirm(S, box); return; }
    var root = tree(S), node = level(root), kids = node.children;
    var head = document.createElement('div');
    head.className = 'sv-decide-head';
    head.textContent = P.path.length ? node.label : t('What will you do?');
    box.appendChild(head);
    var row = document.createElement('div');
    row.className = 'sv-choices';
    var pages = kids.length > MAX ? Math.ceil(kids.length / (MAX - 1)) : 1;
    var page = Math.min(P.page, pages - 1);
    var shown = pages > 1 ? kids.slice(page * (MAX - 1), (page + 1) * (MAX - 1)) : kids;
    shown.forEach(function (n) {
      var i = kids.indexOf(n);
      var cls = (n.cls || '') + (n.verb === 'pass' || n.verb === 'end' ? ' sv-pass' : '') + (n.children ? ' sv-more' : '');
      row.appendChild(button(n.label + (n.children ? ' \u2026' : ''), cls, n.indexes, function () {
        if (n.children) { P.path = P.path.concat([i]); P.page = 0; draw(S); } else choose(S, n.leaf);
      }));
    });
    if (pages > 1) {
      var rest = [];
      kids.forEach(function (n) { if (shown.indexOf(n) < 0) rest = rest.concat(n.indexes); });
      row.appendChild(button(t('More ({page} of {pages})', { page: page + 1, pages: pages }), 'sv-page', rest,
        function () { P.page = (page + 1) % pages; draw(S); }));
    }
    if (P.path.length) {
      row.appendChild(button(t('Back'), 'sv-back', [], function () { P.path = P.path.slice(0, -1); P.page = 0; draw(S); }));
    }
    box.appendChild(row);
  }

  /* The decisions a card's or a character's sheet offers: those passing test(d), one per distinct choice. */
  function about(S, test) {
    return entries(S).filter(function (e) {  // alike cards: any of the decisions the choice stands for
      return e.indexes.some(function (i) { return test(S.decisions[i]); });
    })
      .map(function (e) { return { label: e.d.label || e.d.text, indexes: e.indexes, entry: e }; });
  }

  window.LifeboatSeatDecide = { draw: draw, choose: choose, about: about, entries: entries,
                                reset: function () { P.seq = -1; P.key = ''; } };
})();

/* Lifeboat replay stepper: steps through a replay document (written by service, see lifeboat/web/viewer/README.md) with
 * buttons and keys, draws the table of each step with LifeboatViewer.renderTable, and keeps the step in the page
 * address (#seq=57) so a step can be linked. Needs viewer.js first.
 *
 *   var ctl = LifeboatViewer.replay(container, doc[, {address: false}]);  // address false: leave the page's
 *                                                                          // address (#fragment) alone
 *   ctl.go(index) · ctl.next() · ctl.back() · ctl.toSeq(57) · ctl.toRound(3) · ctl.nextNavigation() · ctl.index()
 *   LifeboatViewer.fitLines(list)  // trim a scrolled list so no line is cut at its top; the last (or the
 *                                   // first .lb-current) line's step ends at its foot
 *
 * Keys: ArrowRight / ArrowLeft step, Home / End, PageDown / PageUp next / previous round, "n" next navigation.
 */
(function (global) {
  'use strict';
  var V = global.LifeboatViewer;
  var el = V.el;

  function stepIndexForSeq(steps, seq) {
    var best = 0;
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].first <= seq) best = i;
      if (steps[i].first <= seq && seq <= steps[i].seq) return i;
    }
    return best;
  }

  function perspectiveLabel(doc) {
    var p = doc.perspective || {};
    if (p.kind === 'seat') return 'as ' + V.plainName(doc.catalog, p.character, 'en') + ' (' + p.player + ')';
    if (p.kind === 'referee') return 'as the referee: every secret is shown';
    return 'as a spectator (public)';
  }

  function noteNode(n) {
    var who = n.audience === 'public' ? 'note' : n.audience === 'referee' ? 'note for the referee' : 'note for ' + n.label;
    return el('div', { cls: 'lb-note lb-note-' + n.audience, 'data-audience': n.audience, 'data-at': n.at },
      el('span', { cls: 'lb-note-who' }, who), el('span', { cls: 'lb-note-text' }, n.text));
  }

  function lineNode(step, line, current) {
    return el('li', { cls: 'lb-line lb-ev-' + line.type + (current ? ' lb-current' : ''), 'data-seq': step.seq }, line.text);
  }

  // The story box shows whole lines: the current step's lines end at its foot (the newest in sight) and the box is
  // trimmed to the lines it shows, so none is cut in half at its top; a step longer than the box opens at its own
  // first line instead. A view edge sits 1 px into the gap between two lines (sub-pixel layout cuts no text).
  function fitLines(list) {
    list.style.maxHeight = '';
    var room = list.clientHeight, end = list.scrollHeight;
    if (end <= room) return;
    var base = list.getBoundingClientRect().top - list.scrollTop;
    var lines = Array.prototype.map.call(list.children, function (li) {
      var r = li.getBoundingClientRect();
      return { top: r.top - base, bottom: r.bottom - base, current: li.classList.contains('lb-current') };
    });
    var k = 0;
    while (!lines[k].current && k < lines.length - 1) k++;  // the current step's first line
    var top, bottom = end;
    if (end - (lines[k].top - 1) <= room) {  // the step fits: show as many earlier lines as fit whole
      k = 0;
      while (end - (lines[k].top - 1) > room) k++;
      top = lines[k].top - 1;
    } else {  // open at the step's first line; the box ends below the last line that fits whole
      top = lines[k].top - 1;
      for (var j = k; j < lines.length && lines[j].bottom + 1 - top <= room; j++) bottom = lines[j].bottom + 1;
      if (bottom === end) bottom = top + room;  // even the first line alone does not fit: leave the box's height
    }
    list.style.maxHeight = (bottom - top) + 'px';
    list.scrollTop = top;
  }

  function replay(container, doc, options) {
    var useAddress = !(options && options.address === false);  // a served page keeps its token in the #fragment
    var steps = doc.steps || [];
    var catalog = doc.catalog || {};
    var lang = 'en';
    var i = 0;
    var rounds = [];
    steps.forEach(function (s, k) { if (rounds.indexOf(s.round) < 0) rounds.push(s.round); s._k = k; });

    var title = el('h1', { cls: 'lb-title' }, doc.title || 'Lifeboat replay', el('small', { cls: 'lb-perspective' }, perspectiveLabel(doc)));
    var btn = function (label, name, aria) { return el('button', { type: 'button', cls: 'lb-btn', 'data-action': name, 'aria-label': aria, title: aria }, label); };
    var first = btn('\u00ab', 'first', 'first step (Home)');
    var back = btn('\u25c0', 'back', 'back (Left arrow)');
    var next = btn('\u25b6', 'next', 'next (Right arrow)');
    var last = btn('\u00bb', 'last', 'last step (End)');
    var navBtn = btn('next navigation', 'next-navigation', 'jump to the next navigation card (n)');
    var where = el('span', { cls: 'lb-where', 'aria-live': 'polite' });
    var roundSel = el('select', { cls: 'lb-round-select', 'aria-label': 'jump to a round' });
    rounds.forEach(function (r) { roundSel.appendChild(el('option', { value: r }, r === 0 ? 'setup' : 'round ' + r)); });
    var seqInput = el('input', { type: 'number', cls: 'lb-seq-input', min: steps.length ? steps[0].first : 0, max: steps.length ? steps[steps.length - 1].seq : 0, 'aria-label': 'jump to a commit number (seq)', placeholder: 'seq' });
    var seqGo = btn('go', 'go-seq', 'jump to that seq');
    var link = el('a', { cls: 'lb-link', href: '#', title: 'a link to this step' }, 'link');
    var langBtn = btn('\u4e2d\u6587', 'lang', 'names in Chinese / English');
    var bar = el('nav', { cls: 'lb-controls' },
      el('div', { cls: 'lb-step-btns' }, first, back, where, next, last),
      el('div', { cls: 'lb-jumps' }, roundSel, navBtn, el('span', { cls: 'lb-seq-jump' }, seqInput, seqGo), link, langBtn));
    var story = el('section', { cls: 'lb-story', 'aria-label': 'what happened' });
    var table = el('div', { cls: 'lb-table-box' });
    var page = el('div', { cls: 'lb-replay' }, title, bar, el('div', { cls: 'lb-replay-main' }, story, table));
    container.replaceChildren(page);

    function drawStory(step) {
      story.replaceChildren();
      story.appendChild(el('h2', { cls: 'lb-step-title' }, step.seq === step.first ? 'seq ' + step.seq : 'seq ' + step.first + '\u2013' + step.seq,
        step.actor ? el('span', { cls: 'lb-actor' }, ' \u00b7 ' + step.actor) : null));
      var list = el('ol', { cls: 'lb-lines' });
      var from = i;
      while (from > 0 && steps[from - 1].round === step.round && i - from < 12) from--;
      for (var k = from; k <= i; k++) steps[k].lines.forEach(function (line) { list.appendChild(lineNode(steps[k], line, k === i)); });
      story.appendChild(list);
      fitLines(list);
      if (step.navigation && Object.keys(step.navigation).length) {
        var navs = el('div', { cls: 'lb-step-navs' });
        Object.keys(step.navigation).forEach(function (id) { navs.appendChild(V.card(catalog, id, { lang: lang, navigation: step.navigation })); });
        story.appendChild(el('div', { cls: 'lb-panel' }, el('h3', {}, 'Navigation cards named here'), navs));
      }
      if (step.notes && step.notes.length) {
        var notes = el('div', { cls: 'lb-notes' });
        step.notes.forEach(function (n) { notes.appendChild(noteNode(n)); });
        story.appendChild(notes);
      }
      if (step.alternatives && step.alternatives.length) {
        var alt = el('details', { cls: 'lb-alternatives', open: true },
          el('summary', {}, 'What else ' + (step.decider_label || 'the player') + ' could have done (' + step.alternatives.length + ')'));
        var ul = el('ul');
        step.alternatives.forEach(function (a) { ul.appendChild(el('li', { cls: a.chosen ? 'lb-chosen' : '' }, a.text + (a.chosen ? '  \u2190 chosen' : ''))); });
        alt.appendChild(ul);
        story.appendChild(alt);
      }
    }

    function draw() {
      if (!steps.length) { story.replaceChildren(el('p', {}, 'No commits to step through.')); return; }
      var step = steps[i];
      where.textContent = (i + 1) + ' / ' + steps.length;
      where.setAttribute('data-seq', step.seq);
      roundSel.value = String(step.round);
      seqInput.value = step.seq;
      back.disabled = i === 0; first.disabled = i === 0;
      next.disabled = i === steps.length - 1; last.disabled = i === steps.length - 1;
      drawStory(step);
      V.renderTable(table, step.table, catalog, { lang: lang, navigation: step.navigation });
      var hash = '#seq=' + step.seq;
      link.setAttribute('href', hash);
      if (useAddress && global.location && global.location.hash !== hash && global.history && global.history.replaceState) {
        try { global.history.replaceState(null, '', hash); } catch (e) { /* a file: page may refuse; the link still works */ }
      }
      page.setAttribute('data-seq', step.seq);
      page.setAttribute('data-index', i);
    }

    function go(k) { i = Math.max(0, Math.min(steps.length - 1, k)); draw(); return i; }
    function toSeq(seq) { return go(stepIndexForSeq(steps, seq)); }
    function toRound(r) {
      for (var k = 0; k < steps.length; k++) if (steps[k].round === r) return go(k);
      return i;
    }
    function nextNavigation() {
      for (var k = i + 1; k < steps.length; k++) if (steps[k].navigation_card) return go(k);
      return i;
    }
    function roundStep(dir) {
      var r = steps[i].round;
      if (dir > 0) { for (var k = i + 1; k < steps.length; k++) if (steps[k].round !== r) return go(k); return go(steps.length - 1); }
      for (var j = i - 1; j >= 0; j--) if (steps[j].round !== r) return toRound(steps[j].round);
      return go(0);
    }
    function fromHash() {
      var m = /seq=(\d+)/.exec((global.location && global.location.hash) || '');
      if (m) toSeq(parseInt(m[1], 10));
    }

    bar.addEventListener('click', function (ev) {
      var b = ev.target.closest('button');
      if (!b) return;
      var a = b.getAttribute('data-action');
      if (a === 'first') go(0);
      else if (a === 'back') go(i - 1);
      else if (a === 'next') go(i + 1);
      else if (a === 'last') go(steps.length - 1);
      else if (a === 'next-navigation') nextNavigation();
      else if (a === 'go-seq' && seqInput.value !== '') toSeq(parseInt(seqInput.value, 10));
      else if (a === 'lang') { lang = lang === 'en' ? 'zh' : 'en'; b.textContent = lang === 'en' ? '\u4e2d\u6587' : 'English'; draw(); }
    });
    roundSel.addEventListener('change', function () { toRound(parseInt(roundSel.value, 10)); });
    seqInput.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); toSeq(parseInt(seqInput.value, 10)); } });
    if (useAddress) global.addEventListener('hashchange', fromHash);
    else link.hidden = true;
    global.addEventListener('resize', function () { var l = story.querySelector('.lb-lines'); if (l) fitLines(l); });  // lines re-wrap
    document.addEventListener('keydown', function (ev) {
      var t = ev.target && ev.target.tagName;
      if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA' || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var k = ev.key;
      if (k === 'ArrowRight') go(i + 1);
      else if (k === 'ArrowLeft') go(i - 1);
      else if (k === 'Home') go(0);
      else if (k === 'End') go(steps.length - 1);
      else if (k === 'PageDown') roundStep(1);
      else if (k === 'PageUp') roundStep(-1);
      else if (k === 'n') nextNavigation();
      else return;
      ev.preventDefault();
    });

    var m0 = useAddress && /seq=(\d+)/.exec((global.location && global.location.hash) || '');
    if (m0) toSeq(parseInt(m0[1], 10)); else draw();
    return { go: go, next: function () { return go(i + 1); }, back: function () { return go(i - 1); }, toSeq: toSeq,
             toRound: toRound, nextNavigation: nextNavigation, index: function () { return i; } };
  }

  V.replay = replay;
  V.fitLines = fitLines;  // the live seat page's story box too (its newest line is its last)
})(typeof window !== 'undefined' ? window : this);

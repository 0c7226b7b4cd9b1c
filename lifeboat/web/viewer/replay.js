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
 * Keys: ArrowRight / ArrowLeft step, Home / End, PageDown / PageUp next / previous round, "n" next navigation,
 * "]" / "[" the next / previous note. A study panel lists the moves by round (with the analysis marks: ?! an
 * inaccuracy, ? a mistake, ?? a blunder) and the notes; a quiz (doc.quiz) stops before each question.
 */
(function (global) {
  'use strict';
  var V = global.LifeboatViewer;
  var el = V.el;
  // Every word through the catalogs when i18n.js is loaded (the replay file inlines it), else English.
  function t(msg, params) {
    var I = global.LifeboatI18n;
    if (I) return I.t(msg, params);
    return msg.replace(/\{(\w+)\}/g, function (w, k) { return params && k in params ? String(params[k]) : w; });
  }
  var GLYPH = { inaccuracy: '?!', mistake: '?', blunder: '??' };

  function stepIndexForSeq(steps, seq) {
    var best = 0;
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].first <= seq) best = i;
      if (steps[i].first <= seq && seq <= steps[i].seq) return i;
    }
    return best;
  }

  function perspectiveLabel(doc, lang) {
    var p = doc.perspective || {};
    if (p.kind === 'seat') return t('as {character} ({player})', { character: V.plainName(doc.catalog, p.character, lang || 'en'), player: p.player });
    if (p.kind === 'referee') return t('as the referee: every secret is shown');
    return t('as a spectator (public)');
  }

  function noteNode(n) {
    var who = n.audience === 'public' ? t('note') : n.audience === 'referee' ? t('note for the referee') : t('note for {who}', { who: n.label });
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

  // A document with its words in several languages (doc.texts[lang]: the title, each step's lines, alternatives
  // and decider, the analysis) takes the words of `l`; a language it lacks leaves it as it is.
  function useTexts(doc, l) {
    var w = doc.texts && doc.texts[l];
    if (!w) return;
    doc.title = w.title;
    doc.analysis = w.analysis;
    (doc.steps || []).forEach(function (s, k) {
      var t = w.steps[k];
      if (!t) return;
      s.lines.forEach(function (line, n) { if (t[0][n] !== undefined) line.text = t[0][n]; });
      (s.alternatives || []).forEach(function (a, n) { if (t[1][n] !== undefined) a.text = t[1][n]; });
      if (t[2]) s.decider_label = t[2];
      if (t[3] !== undefined && s.table && s.table.step) s.table.step.text = t[3];
      (s.notes || []).forEach(function (n, k) { if (t[4] && t[4][k] !== undefined) n.label = t[4][k]; });
    });
  }

  function replay(container, doc, options) {
    var useAddress = !(options && options.address === false);  // a served page keeps its token in the #fragment
    if (global.LifeboatI18n) useTexts(doc, global.LifeboatI18n.lang());
    var steps = doc.steps || [];
    var catalog = doc.catalog || {};
    var analysis = doc.analysis || {};
    var lang = (options && options.lang) || (global.LifeboatI18n && global.LifeboatI18n.lang() !== 'en' ? 'zh' : 'en');
    var i = 0;
    var rounds = [];
    steps.forEach(function (s, k) { if (rounds.indexOf(s.round) < 0) rounds.push(s.round); s._k = k; });
    // Quiz (doc.quiz: the seqs asked, in order): nothing past the question is drawn before it is answered; the
    // document holds the later steps, but `limit` keeps every list, key and button from rendering them.
    var quiz = doc.quiz ? { seqs: doc.quiz.slice(), q: 0, answered: false, answer: null } : null;
    var limit = steps.length - 1;

    function judgedIn(step) {  // the analysis of the decisions this step holds (usually one)
      var out = [];
      for (var q = step.first; q <= step.seq; q++) if (analysis[q]) out.push(analysis[q]);
      return out;
    }

    var title = el('h1', { cls: 'lb-title' }, doc.title || t('Lifeboat replay'), el('small', { cls: 'lb-perspective' }, perspectiveLabel(doc, lang)));
    var btn = function (label, name, aria) { return el('button', { type: 'button', cls: 'lb-btn', 'data-action': name, 'aria-label': aria, title: aria }, label); };
    var first = btn('\u00ab', 'first', t('first step (Home)'));
    var back = btn('\u25c0', 'back', t('back (Left arrow)'));
    var next = btn('\u25b6', 'next', t('next (Right arrow)'));
    var last = btn('\u00bb', 'last', t('last step (End)'));
    var navBtn = btn(t('next navigation'), 'next-navigation', t('jump to the next navigation card (n)'));
    var where = el('span', { cls: 'lb-where', 'aria-live': 'polite' });
    var roundSel = el('select', { cls: 'lb-round-select', 'aria-label': t('jump to a round') });
    rounds.forEach(function (r) { roundSel.appendChild(el('option', { value: r }, r === 0 ? t('setup') : t('round {n}', { n: r }))); });
    var seqInput = el('input', { type: 'number', cls: 'lb-seq-input', min: steps.length ? steps[0].first : 0, max: steps.length ? steps[steps.length - 1].seq : 0, 'aria-label': t('jump to a commit number (seq)'), placeholder: t('seq') });
    var seqGo = btn(t('go'), 'go-seq', t('jump to that seq'));
    var link = el('a', { cls: 'lb-link', href: '#', title: t('a link to this step') }, t('link'));
    var langSel = el('select', { cls: 'lb-lang-select', 'aria-label': t('language') },
      el('option', { value: 'en' }, 'English'), el('option', { value: 'zh_Hans' }, '\u7b80\u4f53'), el('option', { value: 'zh_Hant' }, '\u7e41\u9ad4'));
    var bar = el('nav', { cls: 'lb-controls' },
      el('div', { cls: 'lb-step-btns' }, first, back, where, next, last),
      el('div', { cls: 'lb-jumps' }, roundSel, navBtn, el('span', { cls: 'lb-seq-jump' }, seqInput, seqGo), link, langSel));
    var story = el('section', { cls: 'lb-story', 'aria-label': t('what happened') });
    var table = el('div', { cls: 'lb-table-box' });
    var quizBox = el('section', { cls: 'lb-quiz', 'aria-live': 'polite' });
    var study = el('aside', { cls: 'lb-study', 'aria-label': t('moves and notes') });
    var page = el('div', { cls: 'lb-replay' + (quiz ? ' lb-quiz-page' : '') }, title, bar, quiz ? quizBox : null,
      el('div', { cls: 'lb-replay-main' }, story, table), study);
    container.replaceChildren(page);

    function analysisNode(step) {
      var found = judgedIn(step);
      if (!found.length) return null;
      var box = el('div', { cls: 'lb-analysis' });
      found.forEach(function (a) {
        if (a.forced) { box.appendChild(el('p', { cls: 'lb-analysis-forced' }, t('Analysis: a forced decision (one sensible option).'))); return; }
        if (!a.options.length) { box.appendChild(el('p', { cls: 'lb-analysis-forced' }, t('Analysis: not judged (no table agrees with what the seat saw).'))); return; }
        box.appendChild(el('p', { cls: 'lb-analysis-mark', 'data-mark': a.mark || 'none' },
          a.mark ? a.mark_text : t('Analysis: no better option found (loss {loss} points).', { loss: a.loss.toFixed(1) })));
        var ul = el('ul', { cls: 'lb-analysis-options' });
        a.options.forEach(function (o) {
          ul.appendChild(el('li', { cls: (o.chosen ? 'lb-chosen ' : '') + (o.best ? 'lb-best' : '') },
            t('{option}: expected {score} points, win chance {win}', { option: o.text, score: o.score.toFixed(1), win: Math.round(o.win * 100) + '%' }),
            o.chosen ? el('span', { cls: 'lb-tag' }, ' \u2190 ' + t('chosen')) : null,
            o.best ? el('span', { cls: 'lb-tag' }, ' \u2605 ' + t('best')) : null));
        });
        box.appendChild(ul);
      });
      return box;
    }

    function drawStory(step) {
      story.replaceChildren();
      // the actor: a player's name, or chance, the recorder, the system (words of the reader's language)
      var actor = { chance: t('chance'), system: t('system'), recorder: t('recorder') }[step.actor] || step.actor;
      story.appendChild(el('h2', { cls: 'lb-step-title' }, step.seq === step.first ? t('seq {seq}', { seq: step.seq }) :
        t('seq {first}–{seq}', { first: step.first, seq: step.seq }),
        step.actor ? el('span', { cls: 'lb-actor' }, ' \u00b7 ' + actor) : null));
      var list = el('ol', { cls: 'lb-lines' });
      var from = i;
      while (from > 0 && steps[from - 1].round === step.round && i - from < 12) from--;
      for (var k = from; k <= i; k++) steps[k].lines.forEach(function (line) { list.appendChild(lineNode(steps[k], line, k === i)); });
      story.appendChild(list);
      fitLines(list);
      if (step.navigation && Object.keys(step.navigation).length) {
        var navs = el('div', { cls: 'lb-step-navs' });
        Object.keys(step.navigation).forEach(function (id) { navs.appendChild(V.card(catalog, id, { lang: lang, navigation: step.navigation })); });
        story.appendChild(el('div', { cls: 'lb-panel' }, el('h3', {}, t('Navigation cards named here')), navs));
      }
      if (step.notes && step.notes.length) {
        var notes = el('div', { cls: 'lb-notes' });
        step.notes.forEach(function (n) { notes.appendChild(noteNode(n)); });
        story.appendChild(notes);
      }
      var judged = analysisNode(step);
      if (judged) story.appendChild(judged);
      if (step.alternatives && step.alternatives.length) {
        var alt = el('details', { cls: 'lb-alternatives', open: true },
          el('summary', {}, t('What else {who} could have done ({n})', { who: step.decider_label || t('the player'), n: step.alternatives.length })));
        var ul = el('ul');
        step.alternatives.forEach(function (a) { ul.appendChild(el('li', { cls: a.chosen ? 'lb-chosen' : '' }, a.text + (a.chosen ? '  \u2190 ' + t('chosen') : ''))); });
        alt.appendChild(ul);
        story.appendChild(alt);
      }
    }

    // The move list (by round, the decisions, their analysis marks) and the notes, up to `limit` only.
    function drawStudy() {
      study.replaceChildren();
      var moves = el('nav', { cls: 'lb-moves', 'aria-label': t('moves by round') });
      moves.appendChild(el('h3', {}, t('Moves')));
      var round = null, ol = null;
      for (var k = 0; k <= limit; k++) {
        var s = steps[k];
        if (!s.decider && s.actor === 'chance') continue;
        if (s.round !== round) {
          round = s.round;
          moves.appendChild(el('h4', { cls: 'lb-moves-round' }, round === 0 ? t('setup') : t('round {n}', { n: round })));
          ol = el('ol', { cls: 'lb-move-list' });
          moves.appendChild(ol);
        }
        var marks = judgedIn(s).filter(function (a) { return a.mark; });
        var mark = marks.length ? marks[0] : null;
        var text = s.lines.length ? s.lines[0].text : '';
        ol.appendChild(el('li', {}, el('button', { type: 'button', cls: 'lb-move' + (k === i ? ' lb-move-current' : ''), 'data-index': k, 'data-seq': s.seq },
          el('span', { cls: 'lb-move-seq' }, String(s.seq)), ' ', text,
          mark ? el('span', { cls: 'lb-move-mark lb-mark-' + mark.mark, title: mark.mark_name, 'data-mark': mark.mark }, ' ' + GLYPH[mark.mark]) : null)));
      }
      var notes = el('div', { cls: 'lb-note-index' }, el('h3', {}, t('Notes ([ previous, ] next)')));
      var nl = el('ol', { cls: 'lb-note-list' });
      noteSteps().forEach(function (k) {
        steps[k].notes.forEach(function (n) {
          nl.appendChild(el('li', {}, el('button', { type: 'button', cls: 'lb-note-jump' + (k === i ? ' lb-move-current' : ''), 'data-index': k, 'data-seq': steps[k].seq },
            el('span', { cls: 'lb-move-seq' }, String(n.at)), ' ', n.text)));
        });
      });
      if (!nl.children.length) nl.appendChild(el('li', { cls: 'lb-empty' }, t('no notes for this reader')));
      notes.appendChild(nl);
      study.appendChild(moves);
      study.appendChild(notes);
      Array.prototype.forEach.call(study.querySelectorAll('.lb-move-current'), function (cur) {  // in its own box only
        var box = cur.closest('.lb-moves, .lb-note-index');
        box.scrollTop = Math.max(0, cur.offsetTop - box.offsetTop - box.clientHeight / 2);
      });
    }

    function noteSteps() {
      var out = [];
      for (var k = 0; k <= limit; k++) if (steps[k].notes && steps[k].notes.length) out.push(k);
      return out;
    }
    function nextNote(dir) {
      var ks = noteSteps();
      if (dir > 0) { for (var a = 0; a < ks.length; a++) if (ks[a] > i) return go(ks[a]); }
      else { for (var b = ks.length - 1; b >= 0; b--) if (ks[b] < i) return go(ks[b]); }
      return i;
    }

    // The analysis's word on the reader's answer (issue 31): the best it found, or its points against the best,
    // or, for an answer it did not weigh (not among its options), that it did not and what the best was.
    function quizVerdict(found, mine) {
      var a = found.filter(function (x) { return !x.forced && x.options.length; })[0];
      var best = a && a.options.filter(function (o) { return o.best; })[0];
      if (!best || !mine) return null;
      var pct = function (o) { return Math.round(o.win * 100) + '%'; };
      var same = a.options.filter(function (o) { return o.text === mine.text; })[0];
      if (!same) return t('The analysis did not weigh your answer (it is not among the options it compared); the best it found was {best} (expected {score} points, win chance {win}).', { best: best.text, score: best.score.toFixed(1), win: pct(best) });
      if (same.best) return t('Your answer is the best the analysis found (expected {score} points, win chance {win}).', { score: same.score.toFixed(1), win: pct(same) });
      return t('Your answer: expected {score} points, win chance {win}; {loss} points fewer on average than the best, {best}.', { score: same.score.toFixed(1), win: pct(same), loss: (best.score - same.score).toFixed(1), best: best.text });
    }

    function drawQuiz() {
      if (!quiz) return;
      quizBox.replaceChildren();
      if (quiz.q >= quiz.seqs.length) { quizBox.appendChild(el('p', { cls: 'lb-quiz-done' }, t('The quiz is over: step freely through the whole game.'))); return; }
      var seq = quiz.seqs[quiz.q];
      var step = steps[stepIndexForSeq(steps, seq)];
      var head = t('Question {n} of {total} (seq {seq})', { n: quiz.q + 1, total: quiz.seqs.length, seq: seq });
      if (!quiz.answered && i < limit) {
        // the table shows an earlier moment (after "Next question", the game goes on from the last answer): the
        // options wait until the page stands just before the question, where they are asked
        quizBox.appendChild(el('h2', { cls: 'lb-quiz-title' }, head));
        quizBox.appendChild(el('p', { cls: 'lb-quiz-ask' }, t('Step forward to the question, or go straight to it.'),
          ' ', el('button', { type: 'button', cls: 'lb-btn lb-quiz-goto', 'data-action': 'quiz-goto' }, t('Go to the question'))));
        return;
      }
      if (!quiz.answered) {
        quizBox.appendChild(el('h2', { cls: 'lb-quiz-title' }, head));
        quizBox.appendChild(el('p', { cls: 'lb-quiz-ask' }, t('What would you do?')));
        // the usual options first; the gifts and the reveals (seldom the point) folded below, whatever was chosen
        var ul = el('ul', { cls: 'lb-quiz-options' });
        var more = el('ul', { cls: 'lb-quiz-options' });
        (step.alternatives || []).forEach(function (a, n) {
          var item = el('li', {}, el('button', { type: 'button', cls: 'lb-btn lb-quiz-option', 'data-option': n }, a.text));
          (a.verb === 'offer' || a.verb === 'reveal' ? more : ul).appendChild(item);
        });
        quizBox.appendChild(ul);
        if (more.children.length) {
          quizBox.appendChild(el('details', { cls: 'lb-quiz-more' },
            el('summary', {}, t('Give a card away or reveal one ({n})', { n: more.children.length })), more));
        }
        return;
      }
      var chosen = (step.alternatives || []).filter(function (a) { return a.chosen; })[0];
      var mine = (step.alternatives || [])[quiz.answer];
      quizBox.appendChild(el('h2', { cls: 'lb-quiz-title' }, head));
      quizBox.appendChild(el('p', { cls: 'lb-quiz-yours' }, t('Your answer: {answer}', { answer: mine ? mine.text : '' })));
      quizBox.appendChild(el('p', { cls: 'lb-quiz-actual' }, t('{who} chose: {choice}', { who: step.decider_label || t('the player'), choice: chosen ? chosen.text : '' }),
        chosen && mine && chosen.text === mine.text ? el('strong', {}, ' \u2713 ' + t('the same')) : null));
      var verdict = quizVerdict(judgedIn(step), mine);
      if (verdict) quizBox.appendChild(el('p', { cls: 'lb-quiz-verdict' }, verdict));
      var judged = analysisNode(step);
      if (judged) quizBox.appendChild(judged);
      (step.notes || []).forEach(function (n) { quizBox.appendChild(noteNode(n)); });
      quizBox.appendChild(el('button', { type: 'button', cls: 'lb-btn lb-quiz-next', 'data-action': 'quiz-next' },
        quiz.q + 1 < quiz.seqs.length ? t('Next question') : t('Finish the quiz')));
    }

    function setQuizLimit() {
      if (!quiz || quiz.q >= quiz.seqs.length) { limit = steps.length - 1; return; }
      var k = stepIndexForSeq(steps, quiz.seqs[quiz.q]);
      limit = quiz.answered ? k : Math.max(0, k - 1);
    }

    function draw() {
      if (!steps.length) { story.replaceChildren(el('p', {}, t('No commits to step through.'))); return; }
      var step = steps[i];
      where.textContent = (i + 1) + ' / ' + steps.length;
      where.setAttribute('data-seq', step.seq);
      roundSel.value = String(step.round);
      seqInput.value = step.seq;
      back.disabled = i === 0; first.disabled = i === 0;
      next.disabled = i >= limit; last.disabled = i >= limit;
      Array.prototype.forEach.call(roundSel.options, function (o) { o.disabled = !steps.some(function (s, k) { return k <= limit && String(s.round) === o.value; }); });
      drawStory(step);
      V.renderTable(table, step.table, catalog, { lang: lang, navigation: step.navigation });
      drawStudy();
      drawQuiz();
      var hash = '#seq=' + step.seq;
      link.setAttribute('href', hash);
      if (useAddress && !quiz && global.location && global.location.hash !== hash && global.history && global.history.replaceState) {
        try { global.history.replaceState(null, '', hash); } catch (e) { /* a file: page may refuse; the link still works */ }
      }
      page.setAttribute('data-seq', step.seq);
      page.setAttribute('data-index', i);
      page.setAttribute('data-limit', limit);
    }

    function go(k) { i = Math.max(0, Math.min(limit, k)); draw(); return i; }
    function toSeq(seq) { return go(stepIndexForSeq(steps, seq)); }
    function toRound(r) {
      for (var k = 0; k <= limit; k++) if (steps[k].round === r) return go(k);
      return i;
    }
    function nextNavigation() {
      for (var k = i + 1; k <= limit; k++) if (steps[k].navigation_card) return go(k);
      return i;
    }
    function roundStep(dir) {
      var r = steps[i].round;
      if (dir > 0) { for (var k = i + 1; k <= limit; k++) if (steps[k].round !== r) return go(k); return go(limit); }
      for (var j = i - 1; j >= 0; j--) if (steps[j].round !== r) return toRound(steps[j].round);
      return go(0);
    }
    function fromHash() {
      var m = /seq=(\d+)/.exec((global.location && global.location.hash) || '');
      if (m) toSeq(parseInt(m[1], 10));
    }
    function answer(n) {
      if (!quiz || quiz.answered || i < limit) return;  // asked only where the question stands
      quiz.answered = true; quiz.answer = n;
      setQuizLimit();
      go(stepIndexForSeq(steps, quiz.seqs[quiz.q]));
    }
    function nextQuestion() {
      if (!quiz || !quiz.answered) return;
      quiz.q += 1; quiz.answered = false; quiz.answer = null;
      setQuizLimit();
      go(i + 1);
    }
    function setLang(l) {
      if (global.LifeboatI18n) global.LifeboatI18n.setLang(l);
      try { global.localStorage.setItem('lifeboat-lang', l); } catch (e) { /* a file: page may have no storage */ }
      if (options && options.relabel) options.relabel(l);
      lang = l === 'en' ? 'en' : 'zh';
      replay(container, doc, Object.assign({}, options || {}, { lang: lang, start: i, quizState: quiz }));
    }

    page.addEventListener('click', function (ev) {
      var b = ev.target.closest('button');
      if (!b) return;
      if (b.hasAttribute('data-index')) { go(parseInt(b.getAttribute('data-index'), 10)); return; }
      if (b.hasAttribute('data-option')) { answer(parseInt(b.getAttribute('data-option'), 10)); return; }
      var a = b.getAttribute('data-action');
      if (a === 'first') go(0);
      else if (a === 'back') go(i - 1);
      else if (a === 'next') go(i + 1);
      else if (a === 'last') go(limit);
      else if (a === 'next-navigation') nextNavigation();
      else if (a === 'go-seq' && seqInput.value !== '') toSeq(parseInt(seqInput.value, 10));
      else if (a === 'quiz-next') nextQuestion();
      else if (a === 'quiz-goto') go(limit);
    });
    langSel.value = global.LifeboatI18n ? global.LifeboatI18n.lang() : 'en';
    langSel.addEventListener('change', function () { setLang(langSel.value); });
    roundSel.addEventListener('change', function () { toRound(parseInt(roundSel.value, 10)); });
    seqInput.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); toSeq(parseInt(seqInput.value, 10)); } });
    if (useAddress && !quiz) global.addEventListener('hashchange', fromHash);
    else link.hidden = true;
    if (!global.LifeboatI18n) langSel.hidden = true;
    global.addEventListener('resize', function () { var l = story.querySelector('.lb-lines'); if (l) fitLines(l); });  // lines re-wrap
    if (container._lbKeys) document.removeEventListener('keydown', container._lbKeys);
    container._lbKeys = function (ev) {
      var t = ev.target && ev.target.tagName;
      if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA' || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var k = ev.key;
      if (k === 'ArrowRight') go(i + 1);
      else if (k === 'ArrowLeft') go(i - 1);
      else if (k === 'Home') go(0);
      else if (k === 'End') go(limit);
      else if (k === 'PageDown') roundStep(1);
      else if (k === 'PageUp') roundStep(-1);
      else if (k === 'n') nextNavigation();
      else if (k === ']') nextNote(1);
      else if (k === '[') nextNote(-1);
      else return;
      ev.preventDefault();
    };
    document.addEventListener('keydown', container._lbKeys);

    if (options && options.quizState) quiz = options.quizState;
    setQuizLimit();
    var m0 = useAddress && !quiz && /seq=(\d+)/.exec((global.location && global.location.hash) || '');
    if (options && typeof options.start === 'number') go(options.start);
    else if (m0) toSeq(parseInt(m0[1], 10));
    else go(quiz ? limit : 0);
    return { go: go, next: function () { return go(i + 1); }, back: function () { return go(i - 1); }, toSeq: toSeq,
             toRound: toRound, nextNavigation: nextNavigation, nextNote: nextNote, answer: answer,
             nextQuestion: nextQuestion, index: function () { return i; }, limit: function () { return limit; } };
  }

  V.replay = replay;
  V.fitLines = fitLines;  // the live seat page's story box too (its newest line is its last)
})(typeof window !== 'undefined' ? window : this);

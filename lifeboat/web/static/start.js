/* The start page: deal a new game and show its links (shown once; the server keeps only their hashes).
 *
 * A refused deal says so inside the form, with what to do, and deals nothing; the links of a game dealt before
 * stay below it, in their own box headed with that game's players and time, so nobody takes them for the new one.
 * Every word is the reader's language's (LifeboatI18n: English, 简体中文 or 繁體中文, chosen at the top right). */
(function () {
  'use strict';
  var I18n = window.LifeboatI18n;
  var t = I18n.t;
  var $ = function (id) { return document.getElementById(id); };
  var form = $('sv-new');
  var notice = $('sv-notice');
  var out = $('sv-links');
  var shown = null;  // the links on the page and their game's players and time, redrawn in a new language
  var said = null;   // the notice's words: a function, so a new language says it again in that language

  function names(text) { return text.split(/[,，、]/).map(function (s) { return s.trim(); }).filter(Boolean); }
  function say(words, kind) {
    said = words;
    notice.textContent = words ? words() : '';
    notice.dataset.kind = kind || '';
  }
  function refused(why) {
    var earlier = !out.hidden;
    say(function () {
      return earlier ? t('No game was dealt: {why} The links below are still those of the game dealt before.', { why: why() })
        : t('No game was dealt: {why}', { why: why() });
    }, 'error');
  }

  function drawWords() {
    document.title = t('Lifeboat · start a table');
    $('sv-start-title').textContent = t('Start a table');
    $('sv-players-label').textContent = t('Players (4 to 6, comma-separated)');
    $('sv-bots-label').textContent = t('Played by bots (names from the list, comma-separated; NAME=heuristic or ' +
      'NAME=search for a stronger bot)');
    $('sv-deal').textContent = t('Deal');
    $('sv-start-help').textContent = t('Each player opens their own link, on their own phone. A link is shown only ' +
      'once: copy them now. The spectator link shows the public table; the referee link shows everything.');
    if (said) notice.textContent = said();
    if (shown) show(shown.links, shown.players, shown.time);
  }

  function show(links, players, time) {
    shown = { links: links, players: players, time: time };
    out.textContent = '';
    var head = document.createElement('h2');
    head.textContent = t('The game dealt at {time} for {players}', { time: time, players: players.join(t(', ')) });
    out.appendChild(head);
    var list = document.createElement('ul');
    Object.keys(links).forEach(function (name) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = links[name]; a.textContent = links[name]; a.rel = 'noreferrer'; a.target = '_blank';
      var who = name === 'referee' ? t('the referee') : name === 'spectator' ? t('spectator') : name;
      li.appendChild(document.createTextNode(t('{who}: ', { who: who })));
      li.appendChild(a);
      list.appendChild(li);
    });
    out.appendChild(list);
    out.hidden = false;
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    say(function () { return t('Dealing…'); }, 'busy');
    var players = names($('sv-players').value);
    var body = { players: players, bots: names($('sv-bots').value) };
    var lang = I18n.lang();  // the server's refusals in the reader's language
    fetch('/api/games?lang=' + encodeURIComponent(lang), { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                           body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (data) { return [res.status, data]; }); })
      .then(function (r) {
        if (r[0] !== 201) {
          var e = r[1].error || {};
          refused(function () {
            return t('{message} [{rule}]. Correct the players or the bots above and press Deal again.',
                     { message: e.message, rule: e.rule });
          });
          return;
        }
        say(null);
        var now = new Date();
        var time = String(now.getHours()).padStart(2, '0') + ':' + String(now.getMinutes()).padStart(2, '0');
        show(r[1].links, players, time);
      })
      .catch(function () {
        refused(function () { return t('the server did not answer. Check that it still runs, then press Deal again.'); });
      });
  });

  I18n.use(I18n.preferred()).then(function () {
    $('sv-lang-box').appendChild(I18n.picker(drawWords));
    drawWords();
  });
})();

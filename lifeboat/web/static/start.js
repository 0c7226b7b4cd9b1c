/* The start page: deal a new game and show its links (shown once; the server keeps only their hashes).
 *
 * A refused deal says so inside the form, with what to do, and deals nothing; the links of a game dealt before
 * stay below it, in their own box headed with that game's players and time, so nobody takes them for the new one. */
(function () {
  'use strict';
  var form = document.getElementById('sv-new');
  var notice = document.getElementById('sv-notice');
  var out = document.getElementById('sv-links');
  function names(text) { return text.split(',').map(function (s) { return s.trim(); }).filter(Boolean); }
  function say(text, kind) { notice.textContent = text; notice.dataset.kind = kind || ''; }
  function refused(text) {
    var earlier = out.hidden ? '' : ' The links below are still those of the game dealt before.';
    say('No game was dealt: ' + text + earlier, 'error');
  }
  function show(links, players) {
    out.textContent = '';
    var head = document.createElement('h2');
    var now = new Date();
    var time = String(now.getHours()).padStart(2, '0') + ':' + String(now.getMinutes()).padStart(2, '0');
    head.textContent = 'The game dealt at ' + time + ' for ' + players.join(', ');
    out.appendChild(head);
    var list = document.createElement('ul');
    Object.keys(links).forEach(function (name) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = links[name]; a.textContent = links[name]; a.rel = 'noreferrer'; a.target = '_blank';
      li.appendChild(document.createTextNode(name + ': '));
      li.appendChild(a);
      list.appendChild(li);
    });
    out.appendChild(list);
    out.hidden = false;
  }
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    say('Dealing…', 'busy');
    var players = names(document.getElementById('sv-players').value);
    var body = { players: players, bots: names(document.getElementById('sv-bots').value) };
    fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (data) { return [res.status, data]; }); })
      .then(function (r) {
        if (r[0] !== 201) {
          var e = r[1].error || {};
          refused(e.message + ' [' + e.rule + ']. Correct the players or the bots above and press Deal again.');
          return;
        }
        say('');
        show(r[1].links, players);
      })
      .catch(function () { refused('the server did not answer. Check that it still runs, then press Deal again.'); });
  });
})();

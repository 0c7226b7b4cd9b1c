/* The start page: deal a new game and show its links (shown once; the server keeps only their hashes). */
(function () {
  'use strict';
  var form = document.getElementById('sv-new');
  var notice = document.getElementById('sv-notice');
  var out = document.getElementById('sv-links');
  function names(text) { return text.split(',').map(function (s) { return s.trim(); }).filter(Boolean); }
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    notice.textContent = '';
    var body = { players: names(document.getElementById('sv-players').value),
                 bots: names(document.getElementById('sv-bots').value) };
    fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (data) { return [res.status, data]; }); })
      .then(function (r) {
        if (r[0] !== 201) { notice.textContent = '[' + r[1].error.rule + '] ' + r[1].error.message; return; }
        out.textContent = '';
        var list = document.createElement('ul');
        Object.keys(r[1].links).forEach(function (name) {
          var li = document.createElement('li');
          var a = document.createElement('a');
          a.href = r[1].links[name]; a.textContent = r[1].links[name]; a.rel = 'noreferrer'; a.target = '_blank';
          li.appendChild(document.createTextNode(name + ': '));
          li.appendChild(a);
          list.appendChild(li);
        });
        out.appendChild(list);
      })
      .catch(function () { notice.textContent = 'The server did not answer.'; });
  });
})();

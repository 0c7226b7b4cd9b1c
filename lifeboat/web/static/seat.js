/* A live table page: a seat's (or the spectator's, or the referee's) own view, kept up to date by the server's
 * event stream, with the seat's legal decisions as buttons and a box for a line of notation.
 *
 * The link's #fragment is the token; it is sent only in the Authorization header (never in a URL). The table is
 * drawn by LifeboatViewer.renderTable (lifeboat/web/viewer). Every message the server pushes is this audience's own:
 * {seq, audience, events: [{seq, text, ...}], view, decisions: [{line, command}], navigation: {id: facts}}.
 * The page keeps the last seq it saw and, when the stream breaks, reconnects from there (catch-up). A server
 * whose game is behind that seq (its file was restored or cut) answers 409 SERVE-9: the page then forgets what it
 * held and reads the game again from seq 0, saying so.
 */
(function () {
  'use strict';

  var parts = location.pathname.split('/');
  var game = parts[parts.length - 1];
  var token = location.hash.replace(/^#/, '');
  try { token = decodeURIComponent(token); } catch (e) { /* '%' cut off a link: the raw text, refused as invalid */ }
  if (!/^[\x20-\x7e]*$/.test(token)) token = '';  // a header takes no other character: an invalid link, not an error
  var api = '/api/games/' + encodeURIComponent(game);
  var auth = { Authorization: 'Bearer ' + token };
  var $ = function (id) { return document.getElementById(id); };

  var S = { seq: 0, view: null, decisions: [], navigation: {}, story: [], catalog: null,
            lang: localStorage.getItem('lifeboat-lang') || 'en', abort: null, busy: false, fatal: false };
  window.lifeboatPage = S; // for people debugging and for the browser tests: what the page holds

  var WINDOWS = { fight: 1, overboard_window: 1, thirst_window: 1, cannibalism_objection: 1 };

  function charName(id) {
    var c = S.catalog && S.catalog.characters && S.catalog.characters[id];
    if (!c) return id;
    return S.lang === 'zh' && c.zh && c.zh.length ? c.zh[0] : c.en;
  }

  function setConn(state, text) {
    var el = $('sv-conn');
    el.dataset.state = state;
    el.textContent = text;
  }

  // A notice about a past moment (the server did not answer; SERVE-9's reload) goes once a later decision reaches
  // the page: it then shows the table as it is ('now': from the seq on screen; 'next': from the reload's seq).
  var staleAt = -1, staleNext = false;

  function notice(text, kind, stale) {
    var el = $('sv-notice');
    el.textContent = text || '';
    el.dataset.kind = kind || '';
    staleAt = stale === 'now' ? S.seq : -1;
    staleNext = stale === 'next';
  }

  // ---- drawing ------------------------------------------------------------------------------------------------

  function drawWho() {
    var v = S.view;
    if (!v) return;
    var who = v.view === 'seat' ? charName(v.viewer) + ' · ' + v.player
      : v.view === 'referee' ? 'Referee (sees everything)' : 'Spectator';
    $('sv-who').textContent = who;
    $('sv-lang').textContent = S.lang === 'zh' ? 'English' : '中文';
  }

  function drawTurn() {
    var v = S.view;
    var mine = v.view === 'seat' && v.waiting_for.indexOf(v.viewer) >= 0;
    $('sv-turn').dataset.mine = mine ? 'yes' : 'no';
    $('sv-step').textContent = v.over ? 'The game is over.' : (v.step.text + (v.offer ? ' ' + v.offer.text : ''));
    var waiting = v.waiting_for.map(charName);
    var label = WINDOWS[v.step.kind] ? 'May still act or pass: ' : 'Waiting for: ';
    $('sv-waiting').textContent = v.over || !waiting.length ? '' : label + waiting.join(', ');
    drawDrawn();
    var box = $('sv-decisions');
    box.textContent = '';
    var shown = {};
    S.decisions.forEach(function (d, i) {
      var key = sameCards(d.command), line = d.line;
      if (shown[key]) {  // an identical card: one button, with the shorter line ('keep water', not 'keep water-5')
        shown[key].dataset.indexes += ' ' + i;
        if (line.length < shown[key].dataset.line.length) {
          shown[key].textContent = buttonText(d);
          shown[key].dataset.line = line;
          shown[key].dataset.index = String(i);
          shown[key].onclick = function () { send({ command: d.command }, buttonText(d)); };
        }
        return;
      }
      var b = document.createElement('button');
      shown[key] = b;
      b.type = 'button';
      b.className = 'sv-decision' + (d.command.type === 'pass' ? ' sv-pass' : '');
      b.textContent = buttonText(d);
      b.dataset.line = d.line;
      b.dataset.index = String(i);
      b.dataset.indexes = String(i);  // every decision this button stands for
      b.onclick = function () { send({ command: d.command }, buttonText(d)); };
      box.appendChild(b);
    });
    $('sv-line').hidden = v.view !== 'seat' || v.over;
    $('sv-replay-btn').hidden = !v.over;
  }

  // ---- navigation cards named by their number, with what they do (ROW-1, NAV-1) ---------------------------------

  function navName(id) {
    var info = window.LifeboatViewer ? window.LifeboatViewer.cardInfo(S.catalog, id, S.navigation) : { no: id };
    return (S.lang === 'zh' ? '航海 ' : 'Navigation ') + info.no;
  }

  /* What a decision's button says: what it does, as the one describer words it on the server
   * (lifeboat.views.decisions: 'Give Water to the Captain (one thirst less for them)'); the line of notation is kept
   * in data-line. The button still sends the command itself. */
  function buttonText(d) {
    return d.text || d.line.replace(/^[^:]*:\s*/, '');
  }

  /* The navigation cards this seat's decision is about, each with its number and what it does (its facts come in
   * the message's navigation, NAV-3): the cards the seat rowed up (ROW-1), or the row stack it chooses from as the
   * navigator (NAV-1). Only this seat's own view holds their ids (the step's drawn cards are 'owner:rower'), so
   * another seat's page, and the public's, draw nothing here. */
  function drawDrawn() {
    var v = S.view, box = $('sv-drawn'), V = window.LifeboatViewer, data = v.step.data || {}, ids = [], head = '';
    if (v.view === 'seat' && !v.over && v.waiting_for.indexOf(v.viewer) >= 0) {
      if (v.step.kind === 'row_place' && data.rower === v.viewer) {
        ids = data.drawn || [];
        head = 'The cards you drew (only you see them):';
      } else if (v.step.kind === 'navigator_choice' && data.navigator === v.viewer) {
        ids = v.row_stack || [];
        head = 'The row stack (hidden from the table; you and whoever put a card there know them):';
      }
    }
    ids = ids.filter(function (id) { return typeof id === 'string' && /^nav-/.test(id); });
    box.textContent = '';
    box.hidden = !ids.length || !V;
    if (box.hidden) return;
    box.appendChild(V.el('h3', { cls: 'sv-drawn-head' }, head));
    var cards = V.el('div', { cls: 'lb-cards sv-drawn-cards' });
    ids.forEach(function (id) { cards.appendChild(V.card(S.catalog, id, { lang: S.lang, navigation: S.navigation })); });
    box.appendChild(cards);
  }

  /* A decision's command with each provision instance named by what tells it apart in the rules: its face, its
   * points (a painting's value) and where it lies (the offer, a hand, a character's face-up cards). Instances alike
   * in all three make the same decision, so the page shows one button for them, as `play` lists them once. */
  function sameCards(command) {
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

  // ---- the replay of a finished game (SERVE-7): the same stepper as replay --html, the address left alone ----

  var replayShown = false, replayLoaded = false;
  function toggleReplay() {
    var btn = $('sv-replay-btn');
    replayShown = !replayShown;
    $('sv-replay').hidden = !replayShown;
    $('sv-table').hidden = replayShown;
    document.querySelector('.sv-story-box').hidden = replayShown;
    btn.textContent = replayShown ? 'Back to the table' : 'Step through the game (as you saw it)';
    if (!replayShown || replayLoaded) return;
    replayLoaded = true;
    $('sv-replay').textContent = 'Loading the replay…';
    fetch(api + '/replay', { headers: auth, cache: 'no-store' })
      .then(function (res) { return res.json().then(function (data) { return { ok: res.ok, data: data }; }); })
      .then(function (r) {
        if (!r.ok) { replayLoaded = false; $('sv-replay').textContent = (r.data.error || {}).message || 'No replay.'; return; }
        window.LifeboatViewer.replay($('sv-replay'), r.data, { address: false });
      })
      .catch(function () { replayLoaded = false; $('sv-replay').textContent = 'The server did not answer; try again.'; });
  }

  function drawTable() {
    var box = $('sv-table');
    if (window.LifeboatViewer && S.catalog) {
      window.LifeboatViewer.renderTable(box, S.view, S.catalog, { lang: S.lang, navigation: S.navigation });
    } else {
      box.textContent = 'Round ' + S.view.round + ' · seq ' + S.seq;
    }
  }

  function drawStory(fresh) {
    var list = $('sv-story');
    if (fresh) list.textContent = '';
    for (var i = list.children.length; i < S.story.length; i++) {
      var li = document.createElement('li');
      li.textContent = S.story[i] || '';
      li.dataset.seq = String(i);
      list.appendChild(li);
    }
    list.scrollTop = list.scrollHeight; // the newest line in sight
    // and no line cut in half at the box's top (as the replay's story box): the box ends at the newest line and is
    // trimmed to the whole lines above it
    if (window.LifeboatViewer && window.LifeboatViewer.fitLines) window.LifeboatViewer.fitLines(list);
  }

  function draw(fresh) {
    if (!S.view) return;
    document.body.dataset.seq = String(S.seq);
    document.body.dataset.over = S.view.over ? 'yes' : 'no';
    drawWho();
    drawTurn();
    drawTable();
    drawStory(fresh);
  }

  // ---- messages -----------------------------------------------------------------------------------------------

  function apply(msg) {
    if (msg.seq < S.seq) return; // an old message (a second stream after a reconnect): the page never goes back
    if (staleAt >= 0 && msg.seq > staleAt) notice('');
    if (staleNext) { staleAt = msg.seq; staleNext = false; }
    var fresh = msg.events.length && msg.events[0].seq === 0;
    var endedNow = msg.view.over && !(S.view && S.view.over) && !fresh;
    if (fresh) S.story = [];
    msg.events.forEach(function (ev) { S.story[ev.seq] = ev.text; });
    S.seq = msg.seq;
    S.view = msg.view;
    S.decisions = msg.decisions;
    S.navigation = msg.navigation;
    S.storyComplete = !msg.view.over || fresh;
    draw(fresh);
    // END-2: the end reveals what was hidden; the story told live still hides it, so read it once more from the
    // start (every page of the game, every tab, then tells the same story as a page opened after the end)
    if (endedNow) refresh(0);
  }

  function refresh(since) {
    return fetch(api + '/state?since=' + (since === undefined ? S.seq : since), { headers: auth, cache: 'no-store' })
      .then(function (res) {
        if (res.status === 409) return res.json().then(function (d) { if (diverged(d)) return refresh(0); });
        return res.ok ? res.json().then(apply) : null;
      });
  }

  // SERVE-9: the server's game is behind the seq this page saw (the host restored or cut the game's file), so
  // what the page holds continues no story the server has: forget it (true: read again from 0)
  function diverged(body) {
    var e = (body && body.error) || {};
    if (e.rule !== 'SERVE-9' || S.seq === 0) return false;
    S.seq = 0;
    S.view = null;
    S.story = [];
    S.decisions = [];
    S.navigation = {};
    notice('The server holds this game only up to seq ' + e.seq + ', behind what this page showed (its file was ' +
           'restored or cut): the page now shows the game as the server has it. [SERVE-9]', 'conflict', 'next');
    return true;
  }


  function send(body, line) {
    if (S.busy) return;
    S.busy = true;
    body.expected_seq = S.seq;
    notice('Sending: ' + line.replace(/^[^:]*:\s*/, '') + '…', 'busy');
    fetch(api + '/decisions', { method: 'POST', headers: Object.assign({ 'Content-Type': 'application/json' }, auth),
                                body: JSON.stringify(body) })
      .then(function (res) {
        return res.json().then(function (data) {
          if (res.ok) { notice(''); $('sv-line-text').value = ''; return null; }
          if (res.status === 404) { notServed(); return null; }
          var e = data.error || {};
          if (res.status === 409) {
            notice('Someone else decided first, so the table changed; it is up to date now: decide again. [' + e.rule + ']', 'conflict');
            return refresh();
          }
          notice('Refused [' + e.rule + '] ' + e.message, 'error');
          return null;
        });
      })
      .catch(function () { notice('The server did not answer; your decision may not have arrived.', 'error', 'now'); })
      .then(function () { S.busy = false; });
  }

  /* SERVE-1: the server answers 404 for this link (an unknown game and a wrong token look alike, so the page cannot
   * tell which): the server was restarted without the game's file, or the link is old or cut short. Said calmly,
   * with what to do; a page that showed the game keeps the table and the story as they last were, without the
   * decisions, which can no longer be sent. */
  function notServed() {
    S.fatal = true;
    disconnect();
    setConn('gone', 'not served');
    S.decisions = [];
    if (S.view) {
      draw(false);
      $('sv-waiting').textContent = '';
      $('sv-turn').dataset.mine = 'no';  // nothing can be decided here now
      notice('This game is no longer served here: the server was restarted without it, or the host stopped ' +
             'serving it. The table below is as you last saw it. To go on, ask the host to serve the game again, ' +
             'then reload this page.', 'gone');
    } else {
      notice('No game opens with this link here. The game may not be served now (the server was restarted ' +
             'without it), or the link is old or was cut short (everything after the # belongs to it). Ask the ' +
             'host for your link, and open it whole.', 'gone');
      document.querySelector('.sv-story-box').hidden = true;
    }
    $('sv-line').hidden = true;
  }

  // ---- the event stream (text/event-stream read with fetch, so the token stays in a header) -----------------

  function handleChunk(chunk) { // true when the chunk was a message (not a keepalive)
    var data = [];
    chunk.split('\n').forEach(function (line) {
      if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
    });
    if (data.length) apply(JSON.parse(data.join('\n')));
    return data.length > 0;
  }

  function connect() {
    if (S.fatal || !navigator.onLine) return;
    var ctrl = new AbortController();
    S.abort = ctrl;
    setConn('connecting', 'connecting…');
    fetch(api + '/events?since=' + S.seq, { headers: auth, cache: 'no-store', signal: ctrl.signal })
      .then(function (res) {
        if (res.status === 404) { notServed(); return null; }
        if (res.status === 409) {
          return res.json().then(function (d) {
            if (!diverged(d)) throw new Error('HTTP 409');
            if (S.abort === ctrl) connect(); // from seq 0 now
          });
        }
        if (!res.ok || !res.body) throw new Error('HTTP ' + res.status);
        // 'live' only once the stream's first message (the catch-up) is drawn: the headers alone arrive before
        // it, and a page called live then still showed an empty header and table
        var drawn = false;
        var reader = res.body.getReader();
        var decoder = new TextDecoder();
        var buf = '';
        function pump() {
          return reader.read().then(function (r) {
            if (r.done) throw new Error('closed');
            buf += decoder.decode(r.value, { stream: true });
            var i;
            while ((i = buf.indexOf('\n\n')) >= 0) {
              if (handleChunk(buf.slice(0, i)) && !drawn) { drawn = true; setConn('live', 'live'); }
              buf = buf.slice(i + 2);
            }
            return pump();
          });
        }
        return pump();
      })
      .catch(function () {
        if (S.abort !== ctrl || S.fatal) return; // replaced on purpose (offline, or a newer stream)
        setConn('reconnecting', 'reconnecting…');
        setTimeout(function () { if (S.abort === ctrl) connect(); }, 1000);
      });
  }

  function disconnect() {
    var ctrl = S.abort;
    S.abort = null;
    if (ctrl) ctrl.abort();
  }

  window.addEventListener('offline', function () { disconnect(); setConn('offline', 'offline'); });
  window.addEventListener('online', function () { disconnect(); connect(); });

  $('sv-line').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var line = $('sv-line-text').value.trim();
    if (line) send({ line: line }, line);
  });
  $('sv-replay-btn').addEventListener('click', toggleReplay);
  window.addEventListener('resize', function () {  // the story's lines re-wrap: trim its box again
    if (window.LifeboatViewer && window.LifeboatViewer.fitLines) window.LifeboatViewer.fitLines($('sv-story'));
  });
  $('sv-lang').addEventListener('click', function () {
    S.lang = S.lang === 'zh' ? 'en' : 'zh';
    localStorage.setItem('lifeboat-lang', S.lang);
    draw(false);
  });

  fetch(api + '/names', { cache: 'no-store', headers: auth })  // the game's own card data (CARD-3)
    .then(function (res) { return res.ok ? res : fetch('/api/names', { cache: 'no-store' }); })
    .then(function (res) { return res.json(); })
    .then(function (catalog) { S.catalog = catalog; draw(false); })
    .catch(function () { /* names are a nicety: the table still draws with ids */ });
  connect();
})();

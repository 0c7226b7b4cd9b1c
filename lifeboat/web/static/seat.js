/* A live table page: a seat's (or the spectator's, or the referee's) own view, kept up to date by the server's
 * event stream (issue 28: a table four friends can play on with their phones).
 *
 * A seat's first screen is the board: one line saying what is asked and of whom, the whole boat
 * (seat-board.js), the seat's hand, then its decisions as verb, then object, each confirmed by a second tap
 * (seat-decide.js); the story since the seat last acted, newest first, with the whole story a tap away; a field
 * for a line of notation for experts. The title and icon say when it is the seat's turn (seat-alert.js). The
 * spectator's and the referee's pages draw the whole table with LifeboatViewer.renderTable (lifeboat/web/viewer).
 *
 * The link's #fragment is the token; it is sent only in the Authorization header (never in a URL). Every message
 * the server pushes is this audience's own: {seq, audience, events: [{seq, text, type, data}], view,
 * decisions: [{line, command, text, label, verb, verb_text, target, cards}], navigation: {id: facts}}. The page
 * keeps the last seq it saw and, when the stream breaks, reconnects from there (catch-up). A server whose game is
 * behind that seq (its file was restored or cut) answers 409 SERVE-9: the page then forgets what it held and reads
 * the game again from seq 0, saying so. Every word goes through LifeboatI18n.t (docs/translation.md).
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
  var t = function (m, p) { return window.LifeboatI18n.t(m, p); };
  var B = window.LifeboatSeatBoard, D = window.LifeboatSeatDecide, A = window.LifeboatSeatAlert;

  var I18n = window.LifeboatI18n;
  var S = { seq: 0, view: null, decisions: [], navigation: {}, story: [], events: [], catalog: null,
            lang: I18n.preferred(), abort: null, busy: false, fatal: false, fullStory: false };
  // what the server writes in (issue 29): every request says the page's language ('en', 'zh_Hans', 'zh_Hant')
  function inLang(url) { return url + (url.indexOf('?') >= 0 ? '&' : '?') + 'lang=' + encodeURIComponent(S.lang); }
  // the table's drawing (viewer.js) knows English and Chinese names
  function viewerLang() { return S.lang === 'en' ? 'en' : 'zh'; }
  window.lifeboatPage = S; // for people debugging and for the browser tests: what the page holds

  var WINDOWS = { fight: 1, overboard_window: 1, thirst_window: 1, cannibalism_objection: 1 };
  // events that record a seat's own decision (its data.character): the story strip starts at the seat's last one
  var DECISIONS = { provision_kept: 1, did_nothing: 1, rowed: 1, rowed_cards_placed: 1, seat_change_declared: 1,
    mug_declared: 1, answered: 1, fight_joined: 1, passed: 1, card_revealed: 1, flare_gun_fired: 1,
    parasol_opened: 1, medical_kit_used: 1, trade_offered: 1, compass_used: 1, navigation_card_chosen: 1,
    life_preserver_thrown: 1, chum_expended: 1, water_given: 1, cannibalism_declared: 1, objected_to_cannibalism: 1,
    firewater_drunk: 1, firewater_share_answered: 1 };
  var RECENT = 5;

  function charName(id) { return B.charName(S, id); }

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

  function isSeat() { return S.view && S.view.view === 'seat'; }

  function mine() {
    var v = S.view;
    return !!(v && isSeat() && !v.over && S.decisions.length && v.waiting_for.indexOf(v.viewer) >= 0);
  }

  function whoText() {
    var v = S.view;
    if (!v) return '';
    return v.view === 'seat' ? charName(v.viewer) + ' · ' + v.player
      : v.view === 'referee' ? t('Referee (sees everything)') : t('Spectator');
  }

  var CONN = { connecting: 'connecting…', live: 'live', reconnecting: 'reconnecting…', offline: 'offline',
               gone: 'not served', closed: 'host stopped' };  // (each is a t('…') elsewhere: in the catalogs)

  function drawChrome() {
    $('sv-who').textContent = whoText();
    var conn = $('sv-conn');
    if (CONN[conn.dataset.state]) conn.textContent = t(CONN[conn.dataset.state]);  // a language chosen since
    $('sv-sound').textContent = A.soundOn() ? t('Sound on') : t('Sound off');
    $('sv-sound').setAttribute('aria-pressed', A.soundOn() ? 'true' : 'false');
    $('sv-sound').hidden = !isSeat();
    $('sv-expert-label').textContent = t('Type a line of notation');
    $('sv-line-text').setAttribute('aria-label', t('Your decision as a line of notation'));
    $('sv-line-send').textContent = t('Send');
    $('sv-story-head').textContent = isSeat() ? t('Since your last move (newest first)') : t('Story (newest first)');
    $('sv-info-close').textContent = t('Close');
    $('sv-orders-head').textContent = t('In fights, overboard and thirst windows');
    $('sv-order-none').textContent = t('ask me each time');
    $('sv-order-windows').textContent = t('pass for me in every window');
    $('sv-order-until').textContent = t('pass for me until something changes for me');
    $('sv-orders').hidden = !isSeat() || !S.view || S.view.over || S.fatal;
    $('sv-order').value = S.order || '';
  }

  /* SERVE-13: the seat's standing order, kept by the server (which passes for it from the public table only,
   * so nobody learns from it what the seat holds). */
  function order(kind) {
    var init = { headers: auth, cache: 'no-store' };
    if (kind !== undefined) {
      init = { method: 'POST', headers: Object.assign({ 'Content-Type': 'application/json' }, auth),
               body: JSON.stringify({ order: kind || null }) };
    }
    return fetch(api + '/orders', init)
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) { if (data) { S.order = data.order || ''; drawChrome(); } })
      .catch(function () { /* the select shows what the server last said */ });
  }

  /* A step whose own text already tells this seat it is its turn ("Your action.", 轮到你行动。): the ask line is that
   * text alone, not "Your turn: Your action." (轮到你了：轮到你行动。). */
  function saysYourTurn(v) {
    return v.step.kind === 'action_turn' && !!v.step.data && v.step.data.actor === v.viewer;
  }

  /* One line: what is asked, and of whom. */
  function drawAsk() {
    var v = S.view, ask = $('sv-ask'), step = v.step.text + (v.offer ? ' ' + v.offer.text : '');
    var who = v.waiting_for.map(charName).join(t(', '));
    var me = mine();
    ask.dataset.mine = me ? 'yes' : 'no';
    $('sv-turn').dataset.mine = me ? 'yes' : 'no';
    if (v.over) ask.textContent = t('The game is over.');
    else if (me && saysYourTurn(v)) ask.textContent = step;  // "Your action." needs no "Your turn:" before it
    else if (me) ask.textContent = t('Your turn: {step}', { step: step });
    else if (!who) ask.textContent = step;
    else if (WINDOWS[v.step.kind]) ask.textContent = t('{step} · may still act or pass: {who}', { step: step, who: who });
    else ask.textContent = t('{step} · waiting for {who}', { step: step, who: who });
    A.update(me, isSeat() ? charName(v.viewer) : whoText());
  }

  function drawTurn() {
    var v = S.view;
    B.drawDrawn(S);
    D.draw(S);
    $('sv-expert').hidden = !isSeat() || v.over;
    $('sv-replay-btn').hidden = !v.over;
    $('sv-replay-btn').textContent = replayShown ? t('Back to the table') : t('Step through the game (as you saw it)');
    $('sv-turn').hidden = !isSeat() && !v.over;
  }

  // ---- the replay of a finished game (SERVE-7): the same stepper as replay --html, the address left alone ----

  var replayShown = false, replayLoaded = false;
  function toggleReplay() {
    replayShown = !replayShown;
    $('sv-replay').hidden = !replayShown;
    $('sv-table').hidden = replayShown;
    document.querySelector('.sv-col-board').hidden = replayShown;
    document.querySelector('.sv-story-box').hidden = replayShown;
    $('sv-replay-btn').textContent = replayShown ? t('Back to the table') : t('Step through the game (as you saw it)');
    if (!replayShown || replayLoaded) return;
    replayLoaded = true;
    $('sv-replay').textContent = t('Loading the replay…');
    fetch(inLang(api + '/replay'), { headers: auth, cache: 'no-store' })
      .then(function (res) { return res.json().then(function (data) { return { ok: res.ok, data: data }; }); })
      .then(function (r) {
        if (!r.ok) { replayLoaded = false; $('sv-replay').textContent = (r.data.error || {}).message || t('No replay.'); return; }
        window.LifeboatViewer.replay($('sv-replay'), r.data, { address: false });
      })
      .catch(function () { replayLoaded = false; $('sv-replay').textContent = t('The server did not answer; try again.'); });
  }

  function drawTable() {
    var box = $('sv-table');
    if (!window.LifeboatViewer || !S.catalog) {
      box.textContent = t('Round {n}', { n: S.view.round });
      return;
    }
    var opts = { lang: viewerLang(), navigation: S.navigation, compact: isSeat() };
    window.LifeboatViewer.renderTable(box, S.view, S.catalog, opts);
    if (isSeat()) {
      B.drawBoard(S);
      B.drawHand(S);
    } else {
      $('sv-board').textContent = '';
      $('sv-hand').textContent = '';
      $('sv-hand').hidden = true;
    }
  }

  /* The index of the first event of the story strip: the seat's own last decision (the strip begins with it and
   * what it caused), or 0. */
  function recentStart() {
    var v = S.view, me = v && v.viewer;
    for (var i = S.events.length - 1; i >= 0; i--) {
      var ev = S.events[i];
      if (!ev) continue;
      if (DECISIONS[ev.type] && ev.character === me) return i;
      if ((ev.type === 'trade_declined' || ev.type === 'trade_completed') && ev.to === me) return i;
    }
    return 0;
  }

  function storyLine(i) {
    var li = document.createElement('li');
    li.textContent = S.story[i] || '';
    li.dataset.seq = String(i);
    li.value = i + 1;
    return li;
  }

  function drawStory() {
    var recent = $('sv-recent'), full = $('sv-story');
    recent.textContent = '';
    var start = isSeat() ? recentStart() : Math.max(0, S.story.length - RECENT);
    var from = Math.max(start, S.story.length - RECENT);
    for (var i = S.story.length - 1; i >= from; i--) recent.appendChild(storyLine(i));
    var hiddenOlder = from - start;
    if (hiddenOlder > 0) {
      var more = document.createElement('li');
      more.className = 'sv-older';
      more.textContent = t('… and {n} more since then (whole story below)', { n: hiddenOlder });
      recent.appendChild(more);
    }
    if (!recent.children.length) recent.appendChild(Object.assign(document.createElement('li'), {
      className: 'sv-older', textContent: t('Nothing yet.') }));
    // the whole story, newest first (drawn only while open: a long game has hundreds of lines)
    full.hidden = !S.fullStory;
    $('sv-story-toggle').textContent = S.fullStory ? t('Hide the whole story')
      : t('The whole story ({n} lines)', { n: S.story.length });
    full.textContent = '';
    if (S.fullStory) for (var j = S.story.length - 1; j >= 0; j--) full.appendChild(storyLine(j));
  }

  function draw() {
    if (!S.view) return;
    document.body.dataset.seq = String(S.seq);
    document.body.dataset.over = S.view.over ? 'yes' : 'no';
    document.body.dataset.view = S.view.view;
    drawChrome();
    drawAsk();
    drawTable();
    drawTurn();
    drawStory();
  }

  // ---- messages -----------------------------------------------------------------------------------------------

  function apply(msg) {
    if (msg.seq < S.seq) return; // an old message (a second stream after a reconnect): the page never goes back
    if (staleAt >= 0 && msg.seq > staleAt) notice('');
    if (staleNext) { staleAt = msg.seq; staleNext = false; }
    var fresh = msg.events.length && msg.events[0].seq === 0;
    var endedNow = msg.view.over && !(S.view && S.view.over) && !fresh;
    if (fresh) { S.story = []; S.events = []; }
    msg.events.forEach(function (ev) {
      S.story[ev.seq] = ev.text;
      var d = ev.data || {};
      S.events[ev.seq] = { type: ev.type, character: d.character, to: d.to };
    });
    S.seq = msg.seq;
    S.view = msg.view;
    S.decisions = msg.decisions;
    S.navigation = msg.navigation;
    S.storyComplete = !msg.view.over || fresh;
    if (!$('sv-info').hidden) B.closeInfo();  // a sheet of the last table: its choices are gone
    draw();
    if (isSeat() && S.order === 'until_change') order();  // (a spent order shows as spent)
    // END-2: the end reveals what was hidden; the story told live still hides it, so read it once more from the
    // start (every page of the game, every tab, then tells the same story as a page opened after the end)
    if (endedNow) refresh(0);
  }

  function refresh(since) {
    return fetch(inLang(api + '/state?since=' + (since === undefined ? S.seq : since)), { headers: auth, cache: 'no-store' })
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
    S.stopped = false;  // this notice replaces the host's stop (it stays until a later decision)
    S.seq = 0;
    S.view = null;
    S.story = [];
    S.events = [];
    S.decisions = [];
    S.navigation = {};
    notice(t('The server holds this game only up to seq {seq}, behind what this page showed (its file was restored or cut): the page now shows the game as the server has it. [SERVE-9]',
             { seq: e.seq }), 'conflict', 'next');
    return true;
  }

  function send(body, line) {
    if (S.busy) return;
    S.busy = true;
    S.sent = (S.sent || 0) + 1;  // decisions this page sent (the browser tests count them)
    body.expected_seq = S.seq;
    notice(t('Sending: {what}…', { what: line.replace(/^[^:]*:\s*/, '') }), 'busy');
    fetch(inLang(api + '/decisions'), { method: 'POST', headers: Object.assign({ 'Content-Type': 'application/json' }, auth),
                                body: JSON.stringify(body) })
      .then(function (res) {
        return res.json().then(function (data) {
          if (res.ok) { notice(''); $('sv-line-text').value = ''; return null; }
          if (res.status === 404) { notServed(); return null; }
          var e = data.error || {};
          if (res.status === 409 && e.rule === 'SERVE-5') {  // the game ended while this page was behind
            notice(t('The game is over: no decision can be made any more. [SERVE-5]'), 'error');
            return refresh();
          }
          if (res.status === 409) {
            notice(t('Someone else decided first, so the table changed; it is up to date now: decide again. [{rule}]',
                     { rule: e.rule }), 'conflict');
            return refresh();
          }
          if (e.rule === 'SERVE-5' && S.view && S.view.over) {
            notice(t('The game is over: no decision can be made any more. [SERVE-5]'), 'error');
            return null;
          }
          notice(t('Refused [{rule}] {message}', { rule: e.rule, message: e.message }), 'error');
          return null;
        });
      })
      .catch(function () { notice(t('The server did not answer; your decision may not have arrived.'), 'error', 'now'); })
      .then(function () { S.busy = false; });
  }

  /* SERVE-1: the server answers 404 for this link (an unknown game and a wrong token look alike, so the page cannot
   * tell which): the server was restarted without the game's file, or the link is old or cut short. Said calmly,
   * with what to do; a page that showed the game keeps the table and the story as they last were, without the
   * decisions, which can no longer be sent. */
  function notServed() {
    S.fatal = true;
    disconnect();
    setConn('gone', t('not served'));
    S.decisions = [];
    if (S.view) {
      draw();
      $('sv-ask').dataset.mine = 'no';
      $('sv-turn').dataset.mine = 'no';  // nothing can be decided here now
      notice(t('This game is no longer served here: the server was restarted without it, or the host stopped serving it. The table below is as you last saw it. To go on, ask the host to serve the game again, then reload this page.'), 'gone');
    } else {
      notice(t('No game opens with this link here. The game may not be served now (the server was restarted without it), or the link is old or was cut short (everything after the # belongs to it). Ask the host for your link, and open it whole.'), 'gone');
      document.querySelector('.sv-story-box').hidden = true;
      document.title = t('Lifeboat · live table');
      ['sv-who', 'sv-sound', 'sv-ask', 'sv-board', 'sv-hand', 'sv-table'].forEach(function (id) {
        $(id).hidden = true;  // nobody's page: no name, no sound, no empty boxes round the notice
      });
    }
    $('sv-expert').hidden = true;
  }

  // ---- the event stream (text/event-stream read with fetch, so the token stays in a header) -----------------

  function handleChunk(chunk) { // true when the chunk was a message (not a keepalive)
    var data = [], kind = '';
    chunk.split('\n').forEach(function (line) {
      if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
      if (line.indexOf('event:') === 0) kind = line.slice(6).trim();
    });
    if (kind === 'stopping') { hostStopped(); return false; }
    if (data.length) apply(JSON.parse(data.join('\n')));
    return data.length > 0;
  }

  /* The host stopped serve (Ctrl-C): the stream says so before it closes; the page keeps the table and says it. */
  function hostStopped() {
    S.stopped = true;
    setConn('closed', t('host stopped'));
    notice(t('The host stopped the server. Everything decided so far is kept; when the host serves the game again, this page reconnects by itself.'), 'gone');
  }

  function connect() {
    if (S.fatal || !navigator.onLine) return;
    var ctrl = new AbortController();
    S.abort = ctrl;
    if (!S.stopped) setConn('connecting', t('connecting…'));
    fetch(inLang(api + '/events?since=' + S.seq), { headers: auth, cache: 'no-store', signal: ctrl.signal })
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
              if (handleChunk(buf.slice(0, i)) && !drawn) {
                drawn = true;
                if (S.stopped) { S.stopped = false; notice(''); }
                setConn('live', t('live'));
                // SERVE-13: the order the server holds now (a server started again holds none): the page never
                // shows an order that is not passing for the seat
                if (isSeat()) order();
              }
              buf = buf.slice(i + 2);
            }
            return pump();
          });
        }
        return pump();
      })
      .catch(function () {
        if (S.abort !== ctrl || S.fatal) return; // replaced on purpose (offline, or a newer stream)
        if (!S.stopped) setConn('reconnecting', t('reconnecting…'));
        setTimeout(function () { if (S.abort === ctrl) connect(); }, S.stopped ? 3000 : 1000);
      });
  }

  function disconnect() {
    var ctrl = S.abort;
    S.abort = null;
    if (ctrl) ctrl.abort();
  }

  /* Another language chosen (i18n.js's picker, kept in this browser): the page's words at once, then the whole game
   * read again from seq 0 in it (the story, the table's lines and the decisions' words are the server's). */
  function changeLanguage(lang) {
    S.lang = lang;
    D.reset();
    replayLoaded = false;
    if (replayShown) { replayShown = false; toggleReplay(); }
    if (S.view) draw();
    if (S.fatal) return;
    disconnect();
    S.seq = 0;
    connect();
  }

  window.addEventListener('offline', function () { disconnect(); setConn('offline', t('offline')); });
  window.addEventListener('online', function () { disconnect(); connect(); });

  $('sv-line').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var line = $('sv-line-text').value.trim();
    if (line) send({ line: line }, line);
  });
  $('sv-replay-btn').addEventListener('click', toggleReplay);
  $('sv-story-toggle').addEventListener('click', function () { S.fullStory = !S.fullStory; drawStory(); });
  $('sv-sound').addEventListener('click', function () { A.toggleSound(); drawChrome(); });
  $('sv-order').addEventListener('change', function (ev) { order(ev.target.value); });
  $('sv-info-close').addEventListener('click', B.closeInfo);
  $('sv-info').addEventListener('click', function (ev) { if (ev.target === $('sv-info')) B.closeInfo(); });
  document.addEventListener('keydown', function (ev) { if (ev.key === 'Escape') B.closeInfo(); });
  ['sv-board', 'sv-hand', 'sv-drawn', 'sv-table'].forEach(function (id) { B.wire(S, $(id)); });
  var picker = I18n.picker(changeLanguage);
  picker.id = 'sv-lang';
  $('sv-lang').replaceWith(picker);

  window.LifeboatSeat = { send: send, draw: draw };
  I18n.use(S.lang).then(function (lang) {  // the catalog fetched: the page's words in the reader's language
    S.lang = lang;
    picker.value = lang;
    if (S.view) draw();
    else if (S.fatal) notServed();  // a 404 answered before the catalog came: said again in the reader's language
  });
  fetch(api + '/names', { cache: 'no-store', headers: auth })  // the game's own card data (CARD-3)
    .then(function (res) { return res.ok ? res : fetch('/api/names', { cache: 'no-store' }); })
    .then(function (res) { return res.json(); })
    .then(function (catalog) { S.catalog = catalog; draw(); })
    .catch(function () { /* names are a nicety: the table still draws with ids */ });
  connect();
})();

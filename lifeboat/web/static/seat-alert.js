/* Your turn, noticed (issue 28): when a decision is asked of this seat the page's title and icon change, the phone
 * vibrates where the browser allows it, and a short tone plays if the seat turned sound on (off by default; the
 * choice is kept in this browser). All of it happens in this page only, from the seat's own message: nothing is
 * sent, so no other seat can learn of it.
 *
 * Entry points (global LifeboatSeatAlert): update(mine, who), soundOn(), toggleSound() -> bool.
 */
(function () {
  'use strict';

  var t = function (m, p) { return window.LifeboatI18n.t(m, p); };
  var KEY = 'lifeboat-sound';
  var BLANK = 'data:,';
  // a round orange mark: the tab stands out in a row of tabs
  var MARK = 'data:image/svg+xml,' + encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#e07000"/></svg>');
  var was = null;
  var audio = null;

  function soundOn() {
    try { return localStorage.getItem(KEY) === 'on'; } catch (e) { return false; }
  }

  function toggleSound() {
    var on = !soundOn();
    try { localStorage.setItem(KEY, on ? 'on' : 'off'); } catch (e) { /* private mode: for this page only */ }
    if (on) beep();  // a tap is a gesture: the browser lets the tone play, and the seat hears what it chose
    return on;
  }

  function beep() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      var osc = audio.createOscillator(), gain = audio.createGain(), now = audio.currentTime;
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(now);
      osc.stop(now + 0.4);
    } catch (e) { /* no sound here: the title and the icon still say it */ }
  }

  /* Draw the seat's turn: mine is true while a decision is asked of this seat; who names the page's seat. */
  function update(mine, who) {
    document.title = mine ? t('Your turn · {who} · Lifeboat', { who: who }) : t('{who} · Lifeboat', { who: who });
    var icon = document.getElementById('sv-icon');
    if (icon) icon.href = mine ? MARK : BLANK;
    document.body.dataset.turn = mine ? 'yes' : 'no';
    if (mine && was === false) {  // the moment it becomes this seat's turn, not at every redraw
      if (navigator.vibrate) {
        try { navigator.vibrate([120, 80, 120]); } catch (e) { /* not allowed before a tap: fine */ }
      }
      if (soundOn()) beep();
    }
    was = mine;
  }

  window.LifeboatSeatAlert = { update: update, soundOn: soundOn, toggleSound: toggleSound };
})();

// The pages' only script: deadlines in the reader's own time zone with a live countdown, map zoom
// buttons, and the live reading of a nation's orders box. Everything works without it (the server
// writes deadlines in UTC, and reads orders when the form is sent).
(function () {
  'use strict';
  function pad(n) { return n < 10 ? '0' + n : String(n); }
  function left(ms) {
    if (ms <= 0) return 'deadline passed';
    var s = Math.floor(ms / 1000);
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    return (d ? d + 'd ' : '') + pad(h) + 'h ' + pad(m) + 'm ' + pad(s % 60) + 's left';
  }
  function localTimes() {
    var fmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
    var short = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    document.querySelectorAll('time.deadline[datetime], time.when[datetime]').forEach(function (el) {
      var at = new Date(el.getAttribute('datetime'));
      if (!isNaN(at.getTime())) { el.textContent = (el.classList.contains('when') ? short : fmt).format(at); el.title = at.toISOString(); }
    });
  }
  function tick() {
    document.querySelectorAll('.countdown[data-until]').forEach(function (el) {
      var until = Date.parse(el.getAttribute('data-until'));
      if (!isNaN(until)) el.textContent = '(' + left(until - Date.now()) + ')';
    });
  }
  function zoom() {
    document.querySelectorAll('figure.map').forEach(function (fig) {
      var box = fig.querySelector('.zoom'), img = box && box.querySelector('img');
      if (!img) return;
      function set(f) {
        f = Math.max(1, Math.min(6, f));
        box.setAttribute('data-zoom', String(f));
        img.style.width = (f * 100) + '%';
      }
      var inBtn = fig.querySelector('.zoom-in'), outBtn = fig.querySelector('.zoom-out');
      if (inBtn) inBtn.addEventListener('click', function () { set(Number(box.getAttribute('data-zoom')) * 1.5); });
      if (outBtn) outBtn.addEventListener('click', function () { set(Number(box.getAttribute('data-zoom')) / 1.5); });
    });
  }
  // Each line of the box as the server's reader reads it, a moment after typing stops. The form is
  // sent only once what is shown is the reading of what is in the box.
  function liveReading() {
    var form = document.querySelector('form.orders-form');
    var box = form && form.querySelector('textarea[name="orders"]');
    var out = document.querySelector('.readings');
    if (!box || !out) return;
    var shown = null, timer = null, asked = 0;
    function show(text, lines) {
      out.textContent = '';
      lines.forEach(function (r) {
        var li = document.createElement('li');
        li.className = 'reading ' + r.kind;
        li.setAttribute('data-line', String(r.line));
        var at = document.createElement('span');
        at.className = 'line';
        at.textContent = 'Line ' + r.line + ': ';
        li.appendChild(at);
        li.appendChild(document.createTextNode(r.says));
        out.appendChild(li);
      });
      shown = text;
      out.setAttribute('data-read', String(text.length));
    }
    // Resolves to 'shown' (the box's reading is on the page), 'stale' (a later reading was asked
    // for) or 'failed' (nothing could be read; the server reads the orders when they are sent).
    function read() {
      var text = box.value, mine = ++asked;
      var body = new URLSearchParams({ csrf: form.querySelector('input[name="csrf"]').value, orders: text });
      function failed(why) {
        if (mine !== asked) return 'stale';
        out.textContent = why || 'The lines could not be read just now; they are read when sent.';
        shown = null;
        return 'failed';
      }
      return fetch(form.getAttribute('action') + '/read', { method: 'POST', body: body })
        .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
        .then(function (answer) {
          if (mine !== asked) return 'stale';
          if (!answer.ok) return failed(answer.json.error);
          show(text, answer.json.lines);
          return 'shown';
        }, function () { return failed(); });
    }
    box.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { if (box.value !== shown) read(); }, 100);
    });
    form.addEventListener('submit', function (e) {
      if (shown === box.value || !box.value.trim()) return;
      e.preventDefault();
      clearTimeout(timer);
      read().then(function (outcome) {
        if (outcome === 'failed' || (outcome === 'shown' && shown === box.value)) form.submit();
      });
    });
    if (box.value.trim()) read();
  }
  document.addEventListener('DOMContentLoaded', function () {
    liveReading();
    localTimes();
    tick();
    setInterval(tick, 1000);
    zoom();
  });
})();

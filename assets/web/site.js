// The pages' only script: deadlines in the reader's own time zone with a live countdown, map zoom
// buttons, the live reading of a nation's orders box, and ordering by picking on the nation's map.
// Everything but the picking works without it (the server writes deadlines in UTC, and reads
// orders when the form is sent); without it, orders are typed.
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
      var box = fig.querySelector('.zoom');
      if (!box || !box.firstElementChild) return;
      // The picture is looked up at each click: the nation's map is swapped for its inline SVG.
      function set(f) {
        f = Math.max(1, Math.min(6, f));
        box.setAttribute('data-zoom', String(f));
        box.firstElementChild.style.width = (f * 100) + '%';
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
  // The nation's map put into the page as the SVG it is, so its provinces and units (each with its
  // data-province) can be clicked. Calls back with it; leaves the picture as it was if it cannot.
  function inlineMap(then) {
    var img = document.querySelector('figure.map[data-inline="svg"] .zoom img');
    if (!img) return;
    fetch(img.getAttribute('src'), { credentials: 'same-origin' })
      .then(function (res) { return res.ok ? res.text() : Promise.reject(new Error(String(res.status))); })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        if (doc.documentElement.nodeName !== 'svg') return;
        var svg = document.importNode(doc.documentElement, true);
        svg.setAttribute('role', 'img');
        svg.setAttribute('aria-label', img.getAttribute('alt') || 'Map');
        img.replaceWith(svg);
        then(svg);
      }, function () { /* the picture stays; the lists still pick */ });
  }
  // The province a click on the map points at: the province or unit clicked, else (a key-image map,
  // whose provinces are marked by a point at their centre) the nearest centre.
  function provinceAt(svg, e) {
    var hit = e.target.closest && e.target.closest('[data-province]');
    if (hit) return hit.getAttribute('data-province');
    var m = svg.getScreenCTM(), centres = svg.querySelectorAll('circle[data-province]');
    if (!m || !centres.length) return null;
    var p = svg.createSVGPoint();
    p.x = e.clientX; p.y = e.clientY;
    p = p.matrixTransform(m.inverse());
    var best = null, bestD = Infinity;
    centres.forEach(function (c) {
      var d = Math.pow(c.cx.baseVal.value - p.x, 2) + Math.pow(c.cy.baseVal.value - p.y, 2);
      if (d < bestD) { best = c; bestD = d; }
    });
    return best && best.getAttribute('data-province');
  }
  // Ordering by picking: where an order starts (one of the nation's units or provinces) and where it
  // goes, by clicks on the map or the two lists; the orders the game would take there, asked of the
  // server, each a button that adds its line to the box (read live like a typed one).
  function picker() {
    var panel = document.querySelector('.picker[data-choices]');
    var box = document.querySelector('form.orders-form textarea[name="orders"]');
    if (!panel || !box) return;
    var from = panel.querySelector('select[name="pick-from"]'), to = panel.querySelector('select[name="pick-to"]');
    var list = panel.querySelector('.choices'), asked = 0, map = null;
    panel.hidden = false;
    function offers(select, id) { return Array.prototype.some.call(select.options, function (o) { return o.value === id; }); }
    function say(text) { var li = document.createElement('li'); li.textContent = text; list.appendChild(li); }
    function showPicked() {
      if (!map) return;
      map.querySelectorAll('.picked-from, .picked-to').forEach(function (el) { el.classList.remove('picked-from', 'picked-to'); });
      [[from.value, 'picked-from'], [to.value, 'picked-to']].forEach(function (pick) {
        if (pick[0]) map.querySelectorAll('[data-province="' + CSS.escape(pick[0]) + '"]').forEach(function (el) { el.classList.add(pick[1]); });
      });
    }
    function add(line) {
      box.value = box.value.replace(/\s*$/, '') + (box.value.trim() ? '\n' : '') + line + '\n';
      box.dispatchEvent(new Event('input'));
    }
    function ask() {
      var mine = ++asked;
      list.textContent = '';
      showPicked();
      if (!from.value) return;
      var url = panel.getAttribute('data-choices') + '?at=' + encodeURIComponent(from.value) + (to.value ? '&to=' + encodeURIComponent(to.value) : '');
      fetch(url, { credentials: 'same-origin' })
        .then(function (res) { return res.json(); })
        .then(function (json) {
          if (mine !== asked) return;
          if (json.error) return say(json.error);
          if (!json.lines.length) return say(to.value ? 'No order the game would take from there toward there.' : 'No order the game would take there; pick where it should go.');
          json.lines.forEach(function (c) {
            var li = document.createElement('li'), button = document.createElement('button'), says = document.createElement('span');
            button.type = 'button';
            button.className = 'choice';
            button.textContent = 'Add: ' + c.text;
            button.addEventListener('click', function () { add(c.text); });
            says.className = 'muted';
            says.textContent = ' ' + c.says;
            li.appendChild(button);
            li.appendChild(says);
            list.appendChild(li);
          });
        }, function () { if (mine === asked) say('The orders could not be fetched just now; write the order in the box.'); });
    }
    // A click on one of the nation's own places starts an order (or starts it again); any other, or
    // a second one once an order has started, says where it goes.
    function picked(id) {
      if (!id) return;
      if (offers(from, id) && (!from.value || to.value || id === from.value)) { from.value = id; to.value = ''; }
      else if (from.value && offers(to, id)) to.value = id;
      else { list.textContent = ''; return say('Start with one of your units or provinces.'); }
      ask();
    }
    from.addEventListener('change', function () { to.value = ''; ask(); });
    to.addEventListener('change', ask);
    inlineMap(function (svg) {
      map = svg;
      svg.addEventListener('click', function (e) { picked(provinceAt(svg, e)); });
      showPicked();
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    picker();
    liveReading();
    localTimes();
    tick();
    setInterval(tick, 1000);
    zoom();
  });
})();

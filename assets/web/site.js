// The pages' only script: deadlines in the reader's own time zone with a live countdown, and map
// zoom buttons. Everything works without it (the server writes deadlines in UTC).
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
  document.addEventListener('DOMContentLoaded', function () {
    localTimes();
    tick();
    setInterval(tick, 1000);
    zoom();
  });
})();

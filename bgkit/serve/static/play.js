// bgkit serve, a game played from the phones: the server's events say when the table changed, and
// the page's live part is fetched again and put in place (what is being typed is kept). Without
// this script the page still works: a waiting page reloads itself, and the actions are forms.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource || !window.fetch) return;
  var version = Number(live.dataset.version);
  var busy = false, again = false;

  function redraw() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(live.dataset.page, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
      if (!fresh || Number(fresh.dataset.version) < version) return;
      var input = live.querySelector("form.typed input[name=action]");
      var typed = input ? input.value : "", focused = input && input === document.activeElement;
      version = Number(fresh.dataset.version);
      live.innerHTML = fresh.innerHTML;
      live.dataset.version = String(version);
      var now = live.querySelector("form.typed input[name=action]");
      if (now && typed) { now.value = typed; if (focused) now.focus(); }
    }).catch(function () {}).then(function () {
      busy = false;
      if (again) { again = false; redraw(); }
    });
  }

  var source = new EventSource(live.dataset.events);
  source.onmessage = function (message) {
    if (Number(message.data) > version) redraw();
  };
})();

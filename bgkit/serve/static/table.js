// bgkit serve, the sheet: each field is saved as it is typed, and the table's state is asked for
// every two seconds, so every phone sees the others' entries appear. Without this script the
// page still works: Save posts the form and the server answers with the checked page.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet || !window.fetch) return;
  var table = sheet.dataset.table;
  var revision = Number(sheet.dataset.revision);
  var csrf = document.querySelector('meta[name="csrf"]').content;
  var pending = Promise.resolve();

  function key(seat, field) { return seat + ":" + field; }

  function apply(state) {
    if (state.play_id) { window.location.href = "/plays/" + state.play_id; return; }
    if (state.revision < revision) return;  // an answer overtaken by a newer one
    revision = state.revision;
    var errors = {}, applies = {}, missing = {};
    state.errors.forEach(function (e) { errors[key(e.seat === null ? "t" : e.seat, e.field)] = e.value; });
    state.applies.forEach(function (a) { applies[key(a.seat === null ? "t" : a.seat, a.field)] = a.value; });
    state.missing.forEach(function (m) { missing[key(m.seat === null ? "t" : m.seat, m.field)] = true; });
    document.querySelectorAll(".field[data-field]").forEach(function (div) {
      var k = key(div.dataset.seat, div.dataset.field);
      var input = div.querySelector("input, select");
      var typed = div.dataset.field === "name" ? state.names[div.dataset.seat]
        : (div.dataset.seat === "t" ? state.table : state.seats[div.dataset.seat] || {})[div.dataset.field];
      // what is being typed, or still being saved, is not overwritten
      if (input && input !== document.activeElement && !input.dataset.saving && typed !== undefined && input.value !== typed) {
        input.value = typed;
        input.dataset.sent = typed;
      }
      if (k in applies) div.hidden = !applies[k];
      var message = errors[k] || "";
      var p = div.querySelector(".error");
      if (p && p.textContent !== message && !(message === "" && div.classList.contains("todo"))) p.textContent = message;
      div.classList.toggle("bad", !!message);
      if (!missing[k]) div.classList.remove("todo");
    });
    document.querySelectorAll("details.group").forEach(function (group) {  // a group none of whose fields apply
      var shown = Array.prototype.some.call(group.querySelectorAll(".field"), function (div) { return !div.hidden; });
      if (shown && group.hidden) group.open = true;  // it applies now because of what was entered: ask it
      group.hidden = !shown;
    });
    document.querySelectorAll("[data-cell]").forEach(function (td) {
      var parts = td.dataset.cell.split(":"), k = key(parts[0], parts[1]);
      var values = state.seats[parts[0]] || {};
      var shown = applies[k] === false ? "–" : (values[parts[1]] || "");
      if (td.textContent !== shown) td.textContent = shown;
      td.className = errors[k] ? "bad" : (applies[k] === false ? "na" : "");
    });
    document.querySelectorAll("[data-name]").forEach(function (el) {
      var name = state.names[el.dataset.name];
      if (name !== undefined && el.textContent !== name) el.textContent = name;
    });
    Object.keys(state.hints || {}).forEach(function (seat) {
      var hint = document.getElementById("hint-" + seat);
      if (hint) hint.textContent = state.hints[seat];
    });
    var problem = document.getElementById("problem");
    problem.textContent = state.problem || "";
    problem.hidden = !state.problem;
    var status = document.getElementById("status");
    var left = state.missing.length, wrong = state.errors.length;
    status.textContent = state.ready ? "The sheet is complete." :
      left + (left === 1 ? " field" : " fields") + " to fill in" + (wrong ? ", " + wrong + " to correct" : "") + ".";
  }

  function save(input) {
    var div = input.closest(".field");
    var body = JSON.stringify({ seat: div.dataset.seat === "t" ? "table" : div.dataset.seat, field: div.dataset.field, value: input.value });
    input.dataset.saving = (Number(input.dataset.saving || 0) + 1).toString();
    function done() {
      var left = Number(input.dataset.saving) - 1;
      if (left > 0) input.dataset.saving = left.toString(); else delete input.dataset.saving;
    }
    pending = pending.then(function () {
      return fetch("/table/" + table + "/field", {
        method: "POST", credentials: "same-origin", body: body,
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }
      }).then(function (r) { return r.json(); }).then(function (state) {
        done();
        if (state.error) { div.querySelector(".error").textContent = state.error; div.classList.add("bad"); return; }
        apply(state);
      }).catch(function () { done(); });
    });
    return pending;
  }

  // Saved, and so checked, as it is typed (after a pause) and when it is left.
  document.querySelectorAll("[data-autosave]").forEach(function (input) {
    var timer = null;
    input.dataset.sent = input.value;
    function send() {
      clearTimeout(timer);
      if (input.value === input.dataset.sent) return;
      input.dataset.sent = input.value;
      save(input);
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(send, 600); });
    input.addEventListener("change", send);
  });
  // Score and Save wait for the fields still being saved.
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.sent) return;
      event.preventDefault();
      pending.then(function () { form.dataset.sent = "1"; form.submit(); });
    });
  });

  function poll() {
    fetch("/table/" + table + "/state.json", { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (state) { if (state.revision > revision || state.play_id) apply(state); })
      .catch(function () {})
      .then(function () { setTimeout(poll, 2000); });
  }
  setTimeout(poll, 2000);
})();

// The names page: a name new to the history that is close to a known one is asked about as it is
// typed ("did you mean 'Ada'?"). Without this script the server asks when the form is sent.
(function () {
  "use strict";
  var form = document.getElementById("names");
  if (!form || !window.fetch) return;
  var asking = 0;
  form.querySelectorAll("input[id^=name]").forEach(function (input) {
    var timer = null;
    var hint = document.getElementById("hint" + input.id.slice(4));
    function ask() {
      var name = input.value.trim();
      timer = null;
      fetch("/names/hint.json?name=" + encodeURIComponent(name), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          if (input.value.trim() !== name) return;  // typed on since: its own answer follows
          hint.textContent = answer.hint || "";
          input.closest(".field").classList.toggle("todo", !!answer.hint);
        })
        .catch(function () {})
        .then(function () { asking -= 1; });
    }
    input.addEventListener("input", function () {
      if (!timer) asking += 1;  // a name typed is being asked about until its answer is shown
      clearTimeout(timer);
      timer = setTimeout(ask, 400);
    });
  });
  form.addEventListener("submit", function () {
    // every hint already shown on the page: the server need not ask again
    if (asking === 0 && !form.querySelector("input[name=names_checked]")) {
      var seen = document.createElement("input");
      seen.type = "hidden"; seen.name = "names_checked"; seen.value = "1";
      form.appendChild(seen);
    }
  });
})();

// Event page: swaps in the rounds being played when a match of the event changes
// (Server-Sent Events), and suggests entrants' names in the search field. Without
// JavaScript the page has a refresh link and the search is a plain form. A player's
// night page (`/e/{id}/p/{n}`) has the same live area, its own fragment named in it.
(function () {
  var area = document.getElementById("event-live");
  if (area && window.EventSource && window.fetch) {
    // The tag of what the page shows: a (re)connection's "update" costs a 304, not the
    // fragment, when nothing changed meanwhile.
    var tag = area.getAttribute("data-etag");
    var busy = false;
    var again = false;
    var refresh = function () {
      if (busy) { again = true; return; }
      busy = true;
      again = false;
      var headers = tag ? { "If-None-Match": tag } : {};
      fetch(area.getAttribute("data-fragment"), { headers: headers, cache: "no-store" })
        .then(function (response) {
          if (response.status !== 200) return null;
          tag = response.headers.get("ETag") || tag;
          return response.text();
        })
        .then(function (html) { if (html !== null) area.innerHTML = html; })
        .catch(function () {})
        .then(function () {
          busy = false;
          if (again) refresh();
        });
    };
    var listen = function () {
      var source = new EventSource(area.getAttribute("data-events"));
      source.addEventListener("update", refresh);
      // A refused stream (the server is full: 503) is not retried by the browser:
      // ask again later, at a moment of each page's own.
      source.addEventListener("error", function () {
        if (source.readyState === EventSource.CLOSED) {
          setTimeout(listen, 15000 + Math.random() * 15000);
        }
      });
    };
    listen();
  }

  // The names for the search field, read once the field is first used.
  var form = document.getElementById("find-form");
  var field = document.getElementById("find");
  var list = document.getElementById("find-names");
  if (!form || !field || !list || !window.fetch) return;
  var numbers = {};
  var loaded = false;
  field.addEventListener("focus", function () {
    if (loaded) return;
    loaded = true;
    fetch(form.getAttribute("data-names"))
      .then(function (response) { return response.ok ? response.json() : { tables: [] }; })
      .then(function (standings) {
        var seen = document.createDocumentFragment();
        (standings.tables || []).forEach(function (table) {
          table.rows.forEach(function (row) {
            if (numbers[row.name] !== undefined) return;
            numbers[row.name] = row.entrant;
            var option = document.createElement("option");
            option.value = row.name;
            seen.appendChild(option);
          });
        });
        list.appendChild(seen);
      })
      .catch(function () {});
  });
  // A name picked from the suggestions goes straight to the page with it highlighted.
  var go = function () {
    var number = numbers[field.value];
    if (number === undefined) return false;
    window.location.href = form.getAttribute("data-base") + "?highlight=" + number;
    return true;
  };
  field.addEventListener("change", go);
  form.addEventListener("submit", function (event) {
    if (go()) event.preventDefault();
  });
})();

// Live score sheet: swaps in the new sheet whenever the match changes.
// Without JavaScript the page keeps its refresh link.
(function () {
  var live = document.getElementById("live");
  if (!live || !window.EventSource) return;
  var current = document.getElementById("score-sheet");
  var shown = current ? current.getAttribute("data-seq") : null;
  var listen = function () {
    var source = new EventSource(live.getAttribute("data-events"));
    source.addEventListener("update", function (event) {
      if (event.data === shown) return;
      fetch(live.getAttribute("data-sheet"), { headers: { "Accept": "text/html" } })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (!html) return;
          live.innerHTML = html;
          var sheet = document.getElementById("score-sheet");
          shown = sheet ? sheet.getAttribute("data-seq") : event.data;
        });
    });
    // A refused stream (the server is full: 503) is not retried by the browser:
    // ask again later, at a moment of each page's own.
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(listen, 15000 + Math.random() * 15000);
      }
    });
  };
  listen();
})();

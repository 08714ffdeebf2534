// Event page: swaps in the rounds and tables whenever a match of the event changes
// (Server-Sent Events). Without JavaScript the page has a refresh link.
(function () {
  var area = document.getElementById("event-live");
  if (!area || !window.EventSource) return;
  var source = new EventSource(area.getAttribute("data-events"));
  var busy = false;
  source.addEventListener("update", function () {
    if (busy) return;
    busy = true;
    fetch(area.getAttribute("data-fragment"))
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html !== null) area.innerHTML = html; })
      .catch(function () {})
      .then(function () { busy = false; });
  });
})();

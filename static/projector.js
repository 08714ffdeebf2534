// The club room's screen: instead of the meta refresh (kept for browsers without
// script), fetch the next view and swap it in without a reload, fading across. A
// failed fetch (the server restarting, the club's Wi-Fi) tries again at the next turn.
(function () {
  var body = document.body;
  var seconds = parseInt(body.getAttribute("data-seconds"), 10) || 15;

  function swap(html, url) {
    var next = new DOMParser().parseFromString(html, "text/html");
    var view = next.getElementById("projector-view");
    var current = document.getElementById("projector-view");
    if (!view || !current) return;
    body.setAttribute("data-next", next.body.getAttribute("data-next") || url);
    view.classList.add("entering");
    current.replaceWith(view);
    // The next frame starts the fade in; `history` keeps the view for a reload.
    window.requestAnimationFrame(function () { view.classList.remove("entering"); });
    if (window.history && history.replaceState) history.replaceState(null, "", url);
    window.projectorSwaps = (window.projectorSwaps || 0) + 1;
  }

  function turn() {
    var url = body.getAttribute("data-next");
    if (!url) return;
    fetch(url, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) { swap(html, url); })
      .catch(function () {})
      .then(function () { window.setTimeout(turn, seconds * 1000); });
  }

  window.setTimeout(turn, seconds * 1000);
})();

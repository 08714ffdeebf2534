// The bracket on a phone: marks the tab of the round shown, and a sideways swipe moves
// to the next or the previous round. Without JavaScript the tabs are plain links.
(function () {
  var view = document.querySelector(".bracket-view");
  if (!view) return;
  var nav = view.querySelector(".bracket-tabs");
  var tabs = Array.prototype.slice.call(view.querySelectorAll(".bracket-tabs a"));
  if (!nav || !tabs.length) return;
  function shown() {
    var id = decodeURIComponent(location.hash.slice(1));
    var column = id && document.getElementById(id);
    if (!column || !column.classList.contains("bracket-column")) {
      column = view.querySelector(".bracket-column.current");
    }
    if (!column) return -1;
    for (var i = 0; i < tabs.length; i++) {
      if (tabs[i].getAttribute("href") === "#" + column.id) return i;
    }
    return -1;
  }
  function mark() {
    var index = shown();
    tabs.forEach(function (tab, i) {
      if (i === index) tab.setAttribute("aria-current", "true");
      else tab.removeAttribute("aria-current");
    });
  }
  window.addEventListener("hashchange", mark);
  mark();
  var start = null;
  var area = view.querySelector(".bracket-scroll");
  area.addEventListener("touchstart", function (event) {
    var touch = event.changedTouches[0];
    start = { x: touch.clientX, y: touch.clientY };
  }, { passive: true });
  area.addEventListener("touchend", function (event) {
    if (!start || getComputedStyle(nav).display === "none") return;
    var touch = event.changedTouches[0];
    var dx = touch.clientX - start.x;
    var dy = touch.clientY - start.y;
    start = null;
    if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    var next = tabs[shown() + (dx < 0 ? 1 : -1)];
    if (next) location.hash = next.getAttribute("href");
  }, { passive: true });
})();

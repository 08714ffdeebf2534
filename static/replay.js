// Keyboard arrows step through the replay.
(function () {
  document.addEventListener("keydown", function (event) {
    if (event.target && /INPUT|TEXTAREA|SELECT/.test(event.target.tagName)) return;
    var link = null;
    if (event.key === "ArrowLeft") link = document.getElementById("step-prev");
    if (event.key === "ArrowRight") link = document.getElementById("step-next");
    if (link) window.location.href = link.href;
  });
})();

// Referee page: shows the order a comanda gives while it is typed, as cards from
// lowest to highest with equal cards grouped, and names an unknown word before
// anything is saved. The server checks everything again on save.
(function () {
  var input = document.getElementById("comanda");
  var preview = document.getElementById("comanda-preview");
  if (!input || !preview) return;
  var timer = null;

  var suits = preview.getAttribute("data-suits");
  var svg = "http://www.w3.org/2000/svg";

  // A card as the pages draw it (templates/cards.html): rank and suit symbol, its
  // name for screen readers.
  function face(code, name) {
    var box = document.createElement("span");
    box.className = "card-face suit-" + code.slice(-1);
    box.title = name || code;
    var rank = document.createElement("span");
    rank.className = "card-rank";
    rank.setAttribute("aria-hidden", "true");
    rank.textContent = code.slice(0, -1);
    box.appendChild(rank);
    var icon = document.createElementNS(svg, "svg");
    icon.setAttribute("class", "suit-icon");
    icon.setAttribute("aria-hidden", "true");
    var use = document.createElementNS(svg, "use");
    use.setAttribute("href", suits + "#suit-" + code.slice(-1));
    icon.appendChild(use);
    box.appendChild(icon);
    var spoken = document.createElement("span");
    spoken.className = "visually-hidden";
    spoken.textContent = name || code;
    box.appendChild(spoken);
    return box;
  }

  function chips(levels, names) {
    var list = document.createElement("ol");
    list.className = "ranking-levels";
    levels.forEach(function (level, index) {
      var item = document.createElement("li");
      if (suits) {
        level.forEach(function (code, position) {
          item.appendChild(face(code, names && names[index] && names[index][position]));
        });
      } else {
        item.textContent = level.join(" ");
      }
      if (level.length < 4) item.className = "suited";
      list.appendChild(item);
    });
    return list;
  }

  function show() {
    var text = input.value.trim();
    preview.textContent = "";
    preview.className = "comanda-preview";
    if (!text) return;
    var url = input.getAttribute("data-preview") + "?text=" + encodeURIComponent(text);
    var match = input.getAttribute("data-match");
    if (match) url += "&match=" + encodeURIComponent(match);
    fetch(url)
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        preview.textContent = "";
        if (answer.error) {
          preview.className = "comanda-preview error";
          preview.textContent = answer.error;
          return;
        }
        var line = document.createElement("p");
        line.textContent = answer.line;
        preview.appendChild(line);
        preview.appendChild(chips(answer.levels, answer.names));
      })
      .catch(function () { preview.textContent = ""; });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(show, 250);
  });
  show();
})();

// Referee page: without a script a save comes back to `#entry`; with one, the form
// says so (`keep_scroll`) and the page comes back scrolled exactly as it was when
// the referee tapped, so the next hand's buttons are under the same finger.
(function () {
  if (!document.querySelector(".game-referee")) return;
  var key = "segnapunti-referee-scroll";
  var saved = null;
  try {
    saved = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  } catch (e) { saved = null; }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.querySelector("input[name=keep_scroll]")) {
      var keep = document.createElement("input");
      keep.type = "hidden";
      keep.name = "keep_scroll";
      keep.value = "1";
      form.appendChild(keep);
    }
    // Who deals first goes away once answered: that answer comes back at the top.
    var y = form.hasAttribute("data-scroll-top") ? 0 : window.scrollY;
    try { sessionStorage.setItem(key, String(y)); } catch (e) { /* private mode */ }
  });
  // An answer with an anchor (card by card, whose section changes under the thumb)
  // goes where the anchor says.
  if (saved === null || location.search.indexOf("recorded=") < 0 || location.hash) return;
  window.scrollTo(0, Number(saved));
})();

// A vagaresto opened by the referee: its questions (caller, answer, winner) are
// brought onto the screen whole, so they are answered in order without scrolling.
(function () {
  var panel = document.getElementById("vagaresto");
  if (!panel) return;
  var asked = false;
  panel.querySelector("summary").addEventListener("click", function () { asked = true; });
  panel.addEventListener("toggle", function () {
    if (asked && panel.open) panel.scrollIntoView({ block: "nearest" });
    asked = false;
  });
})();

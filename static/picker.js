// Referee page, the card picker: a tap adds the card to the hand in the form (the
// hidden `card` fields) without a round trip, and the page says at once whose turn
// it is and who took each trick, from the ranking's strengths the server put in
// `data-picker`. Nothing is stored until the form is saved, and the server judges
// it then; without this script every tap is a submit that comes back the same.
(function () {
  var root = document.getElementById("picker");
  if (!root) return;
  var data;
  try { data = JSON.parse(root.getAttribute("data-picker")); } catch (e) { return; }
  var store = document.getElementById("picked-cards");
  var grid = document.getElementById("picker-grid");
  var back = document.getElementById("picker-back");
  var buttons = Array.prototype.slice.call(grid.querySelectorAll("button.card-button"));
  var names = {};
  var faces = {};
  buttons.forEach(function (button) {
    names[button.value] = button.getAttribute("data-name");
    faces[button.value] = button.querySelector(".card-face");
  });

  function picked() {
    return Array.prototype.map.call(store.querySelectorAll("input[name=card]"), function (input) {
      return input.value;
    });
  }

  function strength(code) {
    var level = data.strength[code];
    return typeof level === "number" ? level : -1;
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Seats follow each other as the server's `Seat::after` has them; teams are the
  // even and the odd seats.
  function render() {
    var cards = picked();
    var leader = data.leader;
    var won = [0, 0];
    var hand = null;
    var last = "";
    var list = document.getElementById("picker-tricks");
    list.textContent = "";
    for (var start = 0; start < cards.length; start += 4) {
      var trick = cards.slice(start, start + 4);
      var item = element("li");
      item.appendChild(element("span", "picker-trick-title", data.trick + " " + (start / 4 + 1)));
      var plays = element("ol", "picker-plays");
      trick.forEach(function (code, position) {
        var player = leader === null ? "—" : data.names[(leader + position) % 4];
        var play = element("li", "", player + ": ");
        var face = faces[code];
        if (face) {
          play.appendChild(face.cloneNode(true));
          play.appendChild(document.createTextNode(" "));
        }
        play.appendChild(document.createTextNode(names[code] || code));
        plays.appendChild(play);
      });
      item.appendChild(plays);
      if (trick.length === 4 && leader !== null) {
        var best = 0;
        for (var position = 1; position < 4; position++) {
          if (strength(trick[position]) > strength(trick[best])) best = position;
        }
        var winner = (leader + best) % 4;
        last = data.won[winner] + " (" + (names[trick[best]] || trick[best]) + ")";
        item.appendChild(element("p", "trick-winner", last));
        won[winner % 2] += 1;
        if (hand === null && won[winner % 2] === 2) hand = winner % 2;
        leader = winner;
      } else if (trick.length === 4) {
        leader = null;
      }
      list.appendChild(item);
    }
    var full = cards.length >= data.max;
    var turn = "";
    if (full) turn = data.done;
    else if (leader !== null) turn = data.turn[(leader + cards.length % 4) % 4];
    document.getElementById("picker-turn").textContent = turn;
    document.getElementById("picker-last").textContent = last;
    document.getElementById("picker-hand").textContent = hand === null ? "" : data.hand[hand];
    buttons.forEach(function (button) {
      var taken = cards.indexOf(button.value) >= 0;
      button.classList.toggle("picked", taken);
      button.disabled = button.hasAttribute("data-out") || taken || full;
    });
    back.disabled = cards.length === 0;
  }

  grid.addEventListener("click", function (event) {
    var button = event.target.closest("button.card-button");
    if (!button) return;
    event.preventDefault();
    if (button.disabled || picked().length >= data.max) return;
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = "card";
    input.value = button.value;
    store.appendChild(input);
    render();
  });

  back.addEventListener("click", function (event) {
    event.preventDefault();
    var inputs = store.querySelectorAll("input[name=card]");
    if (inputs.length) store.removeChild(inputs[inputs.length - 1]);
    render();
  });
})();

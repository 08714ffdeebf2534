// Referee page without network. A tap made offline (or while earlier taps still
// wait) is kept on the phone, in order, with its submission key and the sequence it
// was based on; the entries are sent one by one when the network is back, and the
// keys make a resend safe. A refusal because someone else recorded meanwhile keeps
// the entries, each to resend or discard. The service worker (/sw.js) keeps the page
// and its files so the page opens again offline. Without this script the forms post
// as plain forms.
(function () {
  var box = document.getElementById("offline");
  if (!box || !window.localStorage || !window.fetch) return;
  var base = box.getAttribute("data-base");
  var storeKey = "segnapunti-offline:" + base;
  var sentKey = "segnapunti-offline-sent:" + base;
  var status = document.getElementById("offline-status");
  var section = document.getElementById("offline-queue");
  var list = document.getElementById("offline-list");
  var conflictBox = document.getElementById("offline-conflict");
  // The match was taken out of its event's draw: its kept hands cannot be resent here,
  // only entered at the table's match now and discarded.
  var outOfDraw = box.hasAttribute("data-out-of-draw");
  var flushing = false;
  var delay = 1000;
  var timer = null;
  var note = "";
  // Whether this page came through the service worker (and so was kept by it): read
  // now, as the worker registered below takes the page over (clients.claim) soon after.
  var cameThroughWorker = !!(navigator.serviceWorker && navigator.serviceWorker.controller);

  function w(name) { return box.getAttribute("data-w-" + name) || ""; }

  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey)) || []; } catch (e) { return []; }
  }

  function save(queue) {
    if (queue.length) localStorage.setItem(storeKey, JSON.stringify(queue));
    else localStorage.removeItem(storeKey);
  }

  // A key of our own for each entry kept: the page's key may be one already used
  // (a copy of the page kept from before a save that did reach the server).
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return "offline-" + Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  function scoringForms() {
    return Array.prototype.filter.call(document.querySelectorAll(".game-referee form"), function (form) {
      return form.querySelector("input[name=expected_seq]") && form.querySelector("input[name=submission_key]");
    });
  }

  function pageSeq() {
    var input = document.querySelector(".game-referee input[name=expected_seq]");
    return input ? Number(input.value) : 0;
  }

  function csrf() {
    var input = document.querySelector("input[name=csrf_token]");
    return input ? input.value : "";
  }

  // The forms ask for the entry after the last one kept, each with a fresh key.
  function advanceForms(seq) {
    scoringForms().forEach(function (form) {
      form.querySelector("input[name=expected_seq]").value = String(seq);
      form.querySelector("input[name=submission_key]").value = newKey();
    });
  }

  function clean(text) { return (text || "").replace(/\s+/g, " ").trim(); }

  // What the tap was, in the page's words: the team a hand went to, or the form's kind.
  function describe(form, submitter) {
    var action = form.getAttribute("action") || "";
    if (/\/undo$/.test(action)) return w("kind-undo");
    if (/\/smazzata$/.test(action)) return w("kind-setup");
    if (/\/tricks$/.test(action)) return w("kind-cards");
    if (/\/json$/.test(action)) return w("kind-json");
    if (/\/correct$/.test(action)) return w("kind-correct");
    var names = submitter && submitter.querySelector(".win-names");
    if (names) return w("won-by") + " " + clean(names.textContent);
    return w("kind-form");
  }

  function clock() {
    var now = new Date();
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return two(now.getHours()) + ":" + two(now.getMinutes());
  }

  function keep(form, submitter) {
    var queue = load();
    var waiting = queue.filter(function (entry) { return entry.state === "waiting"; });
    var seq = waiting.length ? waiting[waiting.length - 1].seq + 1 : pageSeq();
    var pairs = [];
    var data = submitter ? new FormData(form, submitter) : new FormData(form);
    data.forEach(function (value, name) {
      if (["csrf_token", "expected_seq", "submission_key", "keep_scroll"].indexOf(name) < 0) {
        pairs.push([name, String(value)]);
      }
    });
    queue.push({
      action: new URL(form.getAttribute("action"), location.href).pathname,
      pairs: pairs,
      seq: seq,
      key: form.querySelector("input[name=submission_key]").value,
      label: describe(form, submitter),
      at: clock(),
      state: "waiting"
    });
    save(queue);
    // As the page a save brings back: the quick forms empty again (a vagaresto's
    // caller left checked would go with the next tap), the vagaresto closed.
    if (form.id === "quick-form" || form.id === "outcome-form") form.reset();
    var vagaresto = document.getElementById("vagaresto");
    if (vagaresto && form.id === "quick-form") vagaresto.open = false;
    advanceForms(seq + 1);
    // The card picker starts the next hand empty.
    var picked = form.querySelectorAll("#picked-cards input[name=card]");
    if (picked.length) {
      Array.prototype.forEach.call(picked, function (input) { input.remove(); });
      var back = document.getElementById("picker-back");
      if (back) { back.disabled = false; back.click(); }
    }
    render();
    flush();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (scoringForms().indexOf(form) < 0) return;
    // Online with nothing waiting, the form posts as it always does (entries in
    // conflict are set aside: they do not hold the next hand back).
    if (navigator.onLine !== false && !firstWaiting(load())) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(form, event.submitter);
  }, true);

  function item(entry, index) {
    var li = document.createElement("li");
    li.className = "offline-entry offline-" + entry.state;
    var title = document.createElement("span");
    title.className = "offline-what";
    // A waiting entry will be #n; one in conflict has no number until it is sent again.
    var number = entry.state === "waiting" ? "#" + (entry.seq + 1) + " · " : "";
    title.textContent = number + entry.label + " · " + w("tapped-at") + " " + entry.at;
    li.appendChild(title);
    var tag = document.createElement("span");
    tag.className = "tag";
    if (entry.state === "waiting") tag.textContent = w("pending");
    else if (entry.state === "refused") tag.textContent = w("refused") + " " + entry.message;
    else tag.textContent = w("conflict");
    li.appendChild(tag);
    var buttons = [];
    if (entry.state !== "waiting" && !outOfDraw) buttons.push(["resend", w("resend"), "secondary"]);
    var queue = load();
    var last = entry.state === "waiting" && queue.slice(index + 1).every(function (other) { return other.state !== "waiting"; });
    if (entry.state !== "waiting" || (last && !flushing)) {
      buttons.push(["discard", entry.state === "waiting" ? w("take-back") : w("discard"), "secondary"]);
    }
    if (buttons.length) {
      var row = document.createElement("span");
      row.className = "button-row";
      buttons.forEach(function (spec) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = spec[2];
        button.textContent = spec[1];
        button.setAttribute("data-action", spec[0]);
        button.setAttribute("data-index", String(index));
        button.setAttribute("aria-label", spec[1] + " #" + (entry.seq + 1) + " " + entry.label);
        row.appendChild(button);
      });
      li.appendChild(row);
    }
    return li;
  }

  // The waiting entries also head the log, marked as not saved.
  function showInLog(queue) {
    var log = document.querySelector(".game-referee ol.log");
    if (!log) return;
    Array.prototype.forEach.call(log.querySelectorAll("li.log-offline"), function (li) { li.remove(); });
    // Newest first, as the log lists entries; those in conflict are not on their way.
    queue.filter(function (entry) { return entry.state === "waiting"; }).forEach(function (entry) {
      var li = document.createElement("li");
      li.className = "log-offline";
      var index = document.createElement("span");
      index.className = "log-index";
      index.textContent = "#" + (entry.seq + 1);
      li.appendChild(index);
      li.appendChild(document.createTextNode(" " + entry.label + " "));
      var tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = w("pending");
      li.appendChild(tag);
      log.insertBefore(li, log.firstChild);
    });
  }

  // The match as it will be once the waiting taps are stored. The server played the
  // game's one-tap entries ahead (data-ahead, see src/web/games/ahead.rs): the page
  // shows the state its waiting taps lead to, each value they change marked. Any
  // other entry waiting leaves the values as the server sent them, marked as not
  // counting what waits.
  var ahead = null;
  try { ahead = JSON.parse(box.getAttribute("data-ahead") || "null"); } catch (e) { ahead = null; }
  // The entry the page's own forms asked for, before the script moved them on.
  var seqOfPage = pageSeq();
  // Taps stored while this page shows: until it comes back, they still count ahead.
  var sentTaps = [];
  var original = {};
  if (ahead) ahead.ids.forEach(function (id) {
    var element = document.getElementById(id);
    if (element) original[id] = element.textContent;
  });
  var hint = document.getElementById("offline-hint");
  var hintText = hint ? hint.textContent : "";

  // Which of the one-tap entries a waiting entry is (its pairs all and only the
  // tap's, empty fields aside), or -1.
  function tapOf(entry) {
    var filled = entry.pairs.filter(function (pair) { return pair[1] !== ""; });
    for (var t = 0; t < ahead.taps.length; t++) {
      var tap = ahead.taps[t];
      if (entry.action !== base + tap.action || filled.length !== tap.pairs.length) continue;
      var same = tap.pairs.every(function (pair) {
        return filled.some(function (other) { return other[0] === pair[0] && other[1] === pair[1]; });
      });
      if (same) return t;
    }
    return -1;
  }

  // The state the taps lead to from the page's, or -1 when it is not known.
  function stateAfter(taps) {
    var node = 0;
    for (var i = 0; i < taps.length; i++) {
      if (taps[i] < 0) return -1;
      node = node * ahead.taps.length + 1 + taps[i];
      if (node >= ahead.nodes.length || !ahead.nodes[node]) return -1;
    }
    return node;
  }

  function mark(element, text) {
    var span = document.createElement("span");
    span.className = "offline-mark";
    span.textContent = text;
    element.appendChild(document.createTextNode(" "));
    element.appendChild(span);
  }

  function showAhead(queue) {
    if (!ahead) return;
    var waiting = queue.filter(function (entry) { return entry.state === "waiting"; });
    var taps = sentTaps.concat(waiting.map(tapOf));
    // Counted from the page's entry: a queue kept from another copy of the page is not.
    var fromHere = !waiting.length || waiting[0].seq === seqOfPage + sentTaps.length;
    var node = taps.length && fromHere ? stateAfter(taps) : -1;
    var mode = !waiting.length ? "" : node > 0 ? "ahead" : "behind";
    var root = ahead.nodes[0];
    var row = node > 0 ? ahead.nodes[node] : root;
    var teams = { A: false, B: false };
    ahead.ids.forEach(function (id, i) {
      var element = document.getElementById(id);
      if (!element || !(id in original)) return;
      var changed = mode === "ahead" && row[i] !== root[i];
      element.textContent = changed ? ahead.texts[row[i]] : original[id];
      element.classList.toggle("offline-ahead", changed);
      element.classList.toggle("offline-behind", mode === "behind");
      var team = /^(points|games)-([AB])$/.exec(id);
      // The score's marks go under each team's names, not beside its big numbers.
      if (team) teams[team[2]] = teams[team[2]] || changed || mode === "behind";
      else if (changed) mark(element, w("ahead"));
      else if (mode === "behind") mark(element, w("behind"));
    });
    ["A", "B"].forEach(function (team) {
      var card = document.querySelector(".scoreboard .team-" + team);
      if (!card) return;
      var line = card.querySelector(".offline-team-mark");
      if (!teams[team]) { if (line) line.remove(); return; }
      if (!line) {
        line = document.createElement("div");
        line.className = "offline-team-mark";
        card.appendChild(line);
      }
      line.textContent = mode === "ahead" ? w("ahead") : w("behind");
    });
    if (hint) hint.textContent = mode === "ahead" ? w("hint-ahead") : hintText;
  }

  function setStatus(text, link) {
    status.textContent = text;
    if (link) {
      var a = document.createElement("a");
      a.href = "#offline-queue";
      a.textContent = w("see-below");
      status.appendChild(document.createTextNode(" "));
      status.appendChild(a);
    }
  }

  function render() {
    var queue = load();
    list.textContent = "";
    queue.forEach(function (entry, index) { list.appendChild(item(entry, index)); });
    section.hidden = queue.length === 0;
    var troubled = queue.filter(function (entry) { return entry.state !== "waiting"; }).length;
    conflictBox.hidden = troubled === 0;
    document.getElementById("offline-hint").hidden = !firstWaiting(queue);
    showInLog(queue);
    showAhead(queue);
    // The score's undo names an entry already stored, not the ones waiting here.
    // (The buttons' own display would show them through `hidden`.)
    Array.prototype.forEach.call(document.querySelectorAll("#undo-last, #undo"), function (button) {
      button.hidden = !!firstWaiting(queue);
      button.style.display = button.hidden ? "none" : "";
    });
    if (troubled) setStatus(w("conflicts") + " " + troubled + ".", true);
    else if (queue.length) {
      var state = navigator.onLine === false ? w("offline") : flushing ? w("sending") : note || w("sending");
      setStatus(w("waiting") + " " + queue.length + " · " + state, false);
    } else setStatus(note, false);
    box.classList.toggle("has-status", status.textContent !== "");
  }

  function errorOf(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var error = page.getElementById("entry-error");
    return error ? clean(error.textContent) : "";
  }

  function send(entry) {
    var body = new URLSearchParams();
    body.append("csrf_token", csrf());
    body.append("expected_seq", String(entry.seq));
    body.append("submission_key", entry.key);
    entry.pairs.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(entry.action, { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
      if (response.ok && response.redirected && /[?&]recorded=/.test(response.url)) return { stored: response.url };
      if (response.redirected && /\/login/.test(new URL(response.url).pathname)) return { login: true };
      // A copy of the page kept from an earlier session carries an old form token.
      if (response.status === 403) return { forbidden: true };
      if (response.status === 409 || response.status === 422) {
        return response.text().then(function (html) {
          return { refused: response.status, message: errorOf(html) };
        });
      }
      return { retry: true };
    }, function () { return { retry: true }; });
  }

  // The session's form token, read from the page as the server gives it now.
  function freshToken() {
    return fetch(base, { credentials: "same-origin" }).then(function (response) {
      if (response.redirected && /\/login/.test(new URL(response.url).pathname)) {
        note = w("login");
        return true;
      }
      return response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var token = page.querySelector("input[name=csrf_token]");
        if (!token) return false;
        Array.prototype.forEach.call(document.querySelectorAll("input[name=csrf_token]"), function (input) {
          input.value = token.value;
        });
        return false;
      });
    }, function () { return false; });
  }

  function later() {
    clearTimeout(timer);
    note = w("retry");
    timer = setTimeout(flush, delay);
    delay = Math.min(delay * 2, 30000);
    render();
  }

  function firstWaiting(queue) {
    return queue.filter(function (entry) { return entry.state === "waiting"; })[0];
  }

  // Sends the waiting entries in order, stopping at the first that needs the referee.
  function flush() {
    var entry = firstWaiting(load());
    if (flushing || !entry || navigator.onLine === false) return render();
    flushing = true;
    render();
    send(entry).then(function (result) {
      flushing = false;
      if (result.stored) {
        var kept = load().filter(function (other) { return other.key !== entry.key; });
        save(kept);
        if (ahead) sentTaps.push(tapOf(entry));
        // Entries in conflict stay; the page comes back to show what was stored.
        delay = 1000;
        note = "";
        var sent = Number(sessionStorage.getItem(sentKey) || 0) + 1;
        sessionStorage.setItem(sentKey, String(sent));
        // All sent: the page comes back as the server has it now.
        if (!firstWaiting(kept)) return location.replace(result.stored);
        return flush();
      }
      if (result.login) { note = w("login"); return render(); }
      if (result.forbidden) {
        return freshToken().then(function (login) { if (login) render(); else later(); });
      }
      if (result.refused) {
        // This entry and those after it, which counted on it, wait for the referee.
        var marked = load().map(function (other) {
          if (other.key === entry.key && result.refused === 422) {
            other.state = "refused";
            other.message = result.message;
          } else if (other.state === "waiting") other.state = "conflict";
          return other;
        });
        save(marked);
        // The page shows the match as it is now; the entries stay listed.
        return location.reload();
      }
      later();
    });
  }

  // A conflicted entry sent again after the last entry stored, as shown on this page.
  function resend(index) {
    var queue = load();
    var entry = queue[index];
    if (!entry || flushing) return;
    flushing = true;
    entry.seq = pageSeq();
    send(entry).then(function (result) {
      flushing = false;
      if (result.stored) {
        save(load().filter(function (other) { return other.key !== entry.key; }));
        return location.replace(result.stored);
      }
      if (result.refused) {
        var now = load();
        if (now[index]) {
          now[index].state = result.refused === 422 ? "refused" : "conflict";
          now[index].message = result.message;
          save(now);
        }
        return location.reload();
      }
      note = result.login ? w("login") : w("retry");
      render();
    });
  }

  list.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-action]");
    if (!button) return;
    var index = Number(button.getAttribute("data-index"));
    if (button.getAttribute("data-action") === "resend") return resend(index);
    var queue = load();
    var gone = queue.splice(index, 1)[0];
    save(queue);
    // A waiting entry taken back is the last one: the next tap takes its place.
    if (gone && gone.state === "waiting") advanceForms(gone.seq);
    render();
  });

  // Taps the service worker caught when their post found no network: queued in the
  // order they were made, then forgotten by the worker.
  function takeUnsent() {
    if (!window.caches) return Promise.resolve();
    return caches.open("segnapunti-unsent").then(function (cache) {
      return cache.keys().then(function (requests) {
        var mine = requests.filter(function (request) {
          return new URL(request.url).pathname.indexOf(base + "/unsent/") === 0;
        }).sort(function (a, b) { return a.url < b.url ? -1 : 1; });
        return mine.reduce(function (done, request) {
          return done.then(function () {
            return cache.match(request).then(function (response) { return response.json(); })
              .then(keepCaught).then(function () { return cache.delete(request); });
          });
        }, Promise.resolve());
      });
    }).then(function () {
      // The worker answered the post's address with the page: show the page's own.
      if (location.pathname !== base) history.replaceState(null, "", base);
    }, function () { /* nothing caught */ });
  }

  function keepCaught(caught) {
    var params = new URLSearchParams(caught.body);
    var pairs = [];
    params.forEach(function (value, name) {
      if (["csrf_token", "expected_seq", "submission_key", "keep_scroll"].indexOf(name) < 0) pairs.push([name, value]);
    });
    var queue = load();
    var key = params.get("submission_key");
    // The post may have reached the server: its own key makes a resend safe.
    if (!key || queue.some(function (entry) { return entry.key === key; })) return;
    var button = params.get("winner") || params.get("team");
    var named = button && document.querySelector(".game-referee button[value='" + button + "'] .win-names");
    queue.push({
      action: caught.action,
      pairs: pairs,
      seq: Number(params.get("expected_seq")),
      key: key,
      label: named ? w("won-by") + " " + clean(named.textContent) : w("kind-form"),
      at: clock(),
      state: "waiting"
    });
    save(queue);
  }

  // The page's own files and this page, kept for opening offline. A page that came
  // through the service worker was kept by it; any other (the first visit, a forced
  // reload) is kept here, even if the worker controls the page by now.
  function keepShell() {
    if (!("serviceWorker" in navigator) || !window.caches) return;
    var scope = base.replace(/[^/]*$/, "");
    navigator.serviceWorker.register(box.getAttribute("data-sw"), { scope: scope }).then(function () {
      if (navigator.onLine === false) return null;
      var files = Array.prototype.map.call(
        document.querySelectorAll("link[rel=stylesheet], link[rel=icon], script[src]"),
        function (node) { return new URL(node.href || node.src, location.href).pathname; });
      return caches.open("segnapunti-referee").then(function (cache) {
        var page = cameThroughWorker ? Promise.resolve() : cache.add(location.pathname);
        return Promise.all([cache.addAll(files), page]);
      });
    }).then(function () {
      box.setAttribute("data-kept", "yes");
    }, function () { /* no copy kept: the page still works online */ });
  }

  takeUnsent().then(start);

  function start() {
    var waiting = load().filter(function (entry) { return entry.state === "waiting"; });
    if (waiting.length) advanceForms(waiting[waiting.length - 1].seq + 1);
    else if (navigator.onLine === false) advanceForms(pageSeq());
    var sent = sessionStorage.getItem(sentKey);
    if (sent && !waiting.length) {
      note = w("sent") + " " + sent + ".";
      sessionStorage.removeItem(sentKey);
    } else if (navigator.onLine === false && !waiting.length) note = w("saved-copy");
    render();
    window.addEventListener("online", function () { delay = 1000; note = ""; flush(); });
    window.addEventListener("offline", function () { note = ""; render(); });
    flush();
    keepShell();
  }
})();

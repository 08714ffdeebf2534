// The referee page's service worker, registered by static/offline.js for `/score/`
// or `/s/`. A referee page is fetched from the network first and its last copy kept
// for when there is none (never shown while the network answers); the page's files
// have content-hashed names, so a kept copy is always right. A tap whose post finds
// no network is kept for the page (cache `segnapunti-unsent`), which queues it. Logging out clears
// all of this (the server's `Clear-Site-Data`).
var CACHE = "segnapunti-referee";
var UNSENT = "segnapunti-unsent";
// PAGE and ENTRY, the referee's page and the entries it posts, are written here from
// the route table as the script is served (src/web/offline.rs).

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function keptPage(path) {
  return caches.open(CACHE).then(function (cache) { return cache.match(path, { ignoreVary: true, ignoreSearch: true }); }).then(function (hit) {
    return hit || Response.error();
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && request.mode === "navigate" && PAGE.test(url.pathname)) {
    event.respondWith(fetch(request).then(function (response) {
      // Only the page itself: a redirect to the login page or an error is not kept.
      // Awaited: a worker stopped once the page is answered would lose the copy.
      if (response.ok && response.type === "basic" && !response.redirected) {
        var copy = response.clone();
        event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(url.pathname, copy); }));
      }
      return response;
    }, function () { return keptPage(url.pathname); }));
    return;
  }
  if (request.method === "POST" && request.mode === "navigate" && ENTRY.test(url.pathname)) {
    var copy = request.clone();
    event.respondWith(fetch(request).catch(function () {
      return copy.text().then(function (body) {
        var page = url.pathname.replace(/\/[^/]+$/, "");
        var caught = new Response(JSON.stringify({ action: url.pathname, body: body }));
        // Kept for the page to take; the page shown is the last copy of the match.
        return caches.open(UNSENT)
          .then(function (cache) { return cache.put(page + "/unsent/" + Date.now(), caught); })
          .then(function () { return keptPage(page); });
      });
    }));
    return;
  }
  if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  }
});

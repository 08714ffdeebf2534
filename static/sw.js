// The referee page's service worker, registered by static/offline.js for `/score/`
// or `/s/`. A referee page is fetched from the network first and its last copy kept
// for when there is none (never shown while the network answers); the page's files
// have content-hashed names, so a kept copy is always right. A tap whose post finds
// no network goes back to the page, which keeps it (`#unsent=`). Logging out clears
// all of this (the server's `Clear-Site-Data`).
var CACHE = "segnapunti-referee";
var PAGE = /^\/(score|s)\/[^/]+$/;
var ENTRY = /^\/(score|s)\/[^/]+\/(hand|smazzata|tricks|undo|correct|outcome|json)$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function keptPage(path) {
  return caches.open(CACHE).then(function (cache) { return cache.match(path); }).then(function (hit) {
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
      if (response.ok && response.type === "basic" && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { return cache.put(url.pathname, copy); });
      }
      return response;
    }, function () { return keptPage(url.pathname); }));
    return;
  }
  if (request.method === "POST" && request.mode === "navigate" && ENTRY.test(url.pathname)) {
    var copy = request.clone();
    event.respondWith(fetch(request).catch(function () {
      return copy.text().then(function (body) {
        var caught = JSON.stringify({ action: url.pathname, body: body });
        var page = url.pathname.replace(/\/[^/]+$/, "");
        // The fragment never leaves the phone.
        return Response.redirect(page + "#unsent=" + encodeURIComponent(caught), 303);
      });
    }));
    return;
  }
  if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  }
});

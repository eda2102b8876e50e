// Scorepad's service worker, where the origin is secure (https, or this computer): the stylesheet,
// script and icons from the phone, and the last seen page of each open game when the server can't
// be reached. Changes are not kept here: the page's own outbox keeps and sends them, on every origin.
"use strict";
var ASSETS = "scorepad-assets-{{ version }}", PAGES = "scorepad-pages";
var PRECACHE = {{ precache|tojson }};
// Words in every language (the server writes them); each page shown is spoken to in its own.
var WORDS = {{ words|tojson }}, LANG = {{ lang()|tojson }};
var GAME_PAGE = /^\/games\/[\w-]{16,}(\/hands\/new|\/tv)?$/, CHART = /^\/games\/[\w-]{16,}\/chart\.svg$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorepad-assets-") === 0 && name !== ASSETS;   // an old outbox: the page empties it
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function words(text) {
  return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
}

// A game's page kept for when the server can't be reached, marked with when it was kept (the page
// says "Offline - last updated ..." itself).
function keep(path, body) {
  return caches.open(PAGES).then(function (cache) {
    return cache.put(path, new Response(body.replace("<main>", '<main data-kept-at="' + Date.now() + '">'),
                                        {headers: {"Content-Type": "text/html; charset=utf-8"}}));
  });
}

// A page of a game: from the server when it answers (kept for later), else the copy kept.
function gamePage(request, url) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") response.clone().text().then(function (body) { keep(url.pathname, body); });
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(url.pathname); }).then(function (kept) {
      if (kept) return kept;
      var lang = WORDS[LANG] ? LANG : "en";
      return new Response("<!doctype html><html lang=\"" + lang + "\" dir=\"" + (lang === "ps" ? "rtl" : "ltr") +
                          "\"><title>" + words(WORDS[lang].title) + "</title><p>" + words(WORDS[lang].unreached) + "</p></html>",
                          {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
    });
  });
}

// A game's chart: from the server when it answers (kept for later), else the last one kept.
function chartPicture(request, url) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(PAGES).then(function (cache) { cache.put(url.pathname, copy); });
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(url.pathname); })
      .then(function (kept) { return kept || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (PRECACHE.indexOf(url.pathname + url.search) >= 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  } else if (request.mode === "navigate" && GAME_PAGE.test(url.pathname)) {
    event.respondWith(gamePage(request, url));
  } else if (CHART.test(url.pathname)) {
    event.respondWith(chartPicture(request, url));
  }
});

// A page the page itself showed (the answer to a change it sent): kept like one navigated to.
self.addEventListener("message", function (event) {
  var shown = event.data || {}, url = new URL(shown.url || "/", self.location.href);
  if (url.origin === self.location.origin && GAME_PAGE.test(url.pathname) && typeof shown.page === "string") {
    event.waitUntil(keep(url.pathname, shown.page));
  }
});

// Scorepad's service worker: the stylesheet, script and icons from the phone, the last seen
// page of each open game when the server can't be reached, and hands saved meanwhile kept on
// the phone and sent once it answers again - with their version, so the server stores each once.
"use strict";
var ASSETS = "scorepad-assets-{{ version }}", PAGES = "scorepad-pages", OUTBOX = "scorepad-outbox";
var PRECACHE = {{ precache|tojson }};
// Words in every language (the server writes them); each page shown is spoken to in its own.
var WORDS = {{ words|tojson }}, LANG = {{ lang()|tojson }}, SAY = WORDS[LANG];
function speak(page) {
  var found = /<html lang="(\w+)"/.exec(page);
  if (found && WORDS[found[1]]) { LANG = found[1]; SAY = WORDS[LANG]; }
}
function say(text, values) {
  return text.replace(/%\((\w+)\)s/g, function (all, name) { return name in values ? values[name] : all; });
}
var GAME_PAGE = /^\/games\/[\w-]{16,}(\/hands\/new|\/tv)?$/, HAND_POST = /^\/games\/([\w-]{16,})\/hands\/new$/,
    CHART = /^\/games\/[\w-]{16,}\/chart\.svg$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorepad-assets-") === 0 && name !== ASSETS;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function words(text) {
  return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
}

function clock(when) {
  var how = {hour: "2-digit", minute: "2-digit"};
  if (LANG === "ps") { how.numberingSystem = "arabext"; how.calendar = "gregory"; }
  try { return new Date(when).toLocaleTimeString(LANG === "ps" ? "ps-AF" : [], how); }
  catch (e) { return new Date(when).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"}); }
}

// The outbox: hands saved while the server could not be reached, in a cache keyed by number.
function outbox() { return caches.open(OUTBOX); }

function waiting() {
  return outbox().then(function (box) {
    return box.keys().then(function (keys) {
      return Promise.all(keys.map(function (key) {
        return box.match(key).then(function (r) { return r.json(); }).then(function (item) { item.key = key.url; return item; });
      }));
    });
  });
}

function notice(items, game) {
  var mine = items.filter(function (item) { return item.game === game; });
  if (!mine.length) return "";
  return mine.map(function (item) {
    return item.conflict
      ? '<p class="flash" role="alert">' + words(say(SAY.conflict, {time: clock(item.at), reason: item.conflict})) +
        ' <a href="/offline/' + item.id + '">' + words(SAY.again) + '</a></p>'
      : '<p class="flash" role="status">' + words(say(SAY.waiting, {time: clock(item.at)})) + '</p>';
  }).join("");
}

function withNotes(response, game, offlineSince) {
  return Promise.all([response.text(), waiting()]).then(function (both) {
    speak(both[0]);
    var note = (offlineSince ? '<p class="flash" role="status">' + words(say(SAY.offline, {time: clock(offlineSince)})) + '</p>' : "")
      + notice(both[1], game);
    return new Response(both[0].replace("<main>", "<main>" + note), {headers: {"Content-Type": "text/html; charset=utf-8"}});
  });
}

// A page of a game: from the server when it answers (kept for later), else the copy kept.
function gamePage(request, url) {
  var game = url.pathname.split("/")[2];
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      copy.text().then(function (body) {
        caches.open(PAGES).then(function (cache) {
          cache.put(url.pathname, new Response(body, {headers: {"Content-Type": "text/html; charset=utf-8",
                                                                "X-Kept-At": String(Date.now())}}));
        });
      });
      flush();
      return withNotes(response, game, null);
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(url.pathname); }).then(function (kept) {
      if (!kept) return new Response("<!doctype html><html lang=\"" + LANG + "\" dir=\"" + (LANG === "ps" ? "rtl" : "ltr") +
                                     "\"><title>" + words(SAY.title) + "</title><p>" + words(SAY.unreached) + "</p></html>",
                                     {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
      return withNotes(kept.clone(), game, Number(kept.headers.get("X-Kept-At")));
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

// A hand form sent while the server can't be reached: kept on the phone, sent later.
function handPost(request, url) {
  var copy = request.clone();
  return fetch(request).catch(function () {
    return copy.text().then(function (body) {
      var item = {id: String(Date.now()), game: url.pathname.split("/")[2], url: url.pathname, body: body, at: Date.now()};
      return outbox().then(function (box) {
        return box.put("/outbox/" + item.id, new Response(JSON.stringify(item)));
      }).then(function () {
        return Response.redirect("/games/" + item.game, 303);
      });
    });
  });
}

// Send what waits, one at a time. The form carries the version it was made from: a hand already
// stored is recognised by the server ("already saved"), a hand that no longer fits is shown back.
var flushing = null;
function flush() {
  if (flushing) return flushing;
  flushing = waiting().then(function (items) {
    return items.filter(function (item) { return !item.conflict; }).reduce(function (done, item) {
      return done.then(function () {
        return fetch(item.url, {method: "POST", body: item.body, credentials: "same-origin", redirect: "manual",
                                headers: {"Content-Type": "application/x-www-form-urlencoded"}})
          .then(function (response) {
            if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
              return outbox().then(function (box) { return box.delete(item.key); });
            }
            return response.text().then(function (page) {
              var said = (page.match(/class="error"[^>]*>([^<]*)</) || [])[1] || SAY.changed;
              item.conflict = said;
              item.page = page;
              return outbox().then(function (box) { return box.put(item.key, new Response(JSON.stringify(item))); });
            });
          });
      });
    }, Promise.resolve());
  }).catch(function () {}).then(function () { flushing = null; });
  return flushing;
}

// A hand that could not be stored, shown again from the server's answer (its form, what was typed).
function conflictPage(url) {
  var id = url.pathname.split("/")[2];
  return outbox().then(function (box) { return box.match("/outbox/" + id); }).then(function (kept) {
    if (!kept) return Response.redirect("/", 303);
    return kept.json().then(function (item) {
      return outbox().then(function (box) { return box.delete("/outbox/" + id); }).then(function () {
        return new Response(item.page, {headers: {"Content-Type": "text/html; charset=utf-8"}});
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && HAND_POST.test(url.pathname)) {
    event.respondWith(handPost(request, url));
  } else if (request.method !== "GET") {
    return;
  } else if (url.pathname.indexOf("/offline/") === 0) {
    event.respondWith(conflictPage(url));
  } else if (PRECACHE.indexOf(url.pathname + url.search) >= 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  } else if (request.mode === "navigate" && GAME_PAGE.test(url.pathname)) {
    event.respondWith(gamePage(request, url));
  } else if (CHART.test(url.pathname)) {
    event.respondWith(chartPicture(request, url));
  } else if (/\/version$/.test(url.pathname)) {
    event.respondWith(fetch(request).then(function (response) { flush(); return response; }));
  }
});

self.addEventListener("message", function (event) {
  if (event.data === "flush") event.waitUntil(flush());
});

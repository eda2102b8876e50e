// Small enhancements only: every form works without this file.
(function () {
  function checked(fs) {
    var c = fs.querySelector("input:checked");
    return c ? c.value : null;
  }
  function forEach(list, fn) { Array.prototype.forEach.call(list, fn); }
  // Words come from the page (data-* the server wrote in its language), numbers in its digits.
  var pashto = document.documentElement.lang === "ps";
  function digits(n) { return String(n).replace(/\d/g, function (d) { return pashto ? String.fromCharCode(1776 + +d) : d; }); }
  function say(text, values) {
    return String(text || "").replace(/%\((\w+)\)s/g, function (all, k) { return k in values ? digits(values[k]) : all; });
  }
  window.scorepad = {checked: checked, forEach: forEach, say: say};      // for hand.js

  // Saving survives a Wi-Fi drop, on every origin: the page sends each change itself and keeps it
  // on the phone (one entry per form and game version) until the server has answered; the version
  // it carries lets the server store it once however often it is sent.
  function words() { return (document.querySelector("[data-sending]") || {dataset: {}}).dataset; }
  function clock(when) {
    var how = {hour: "2-digit", minute: "2-digit"};       // in Pashto a 24-hour clock: no Latin PM
    if (pashto) { how.numberingSystem = "arabext"; how.calendar = "gregory"; how.hour12 = false; }
    return new Date(when).toLocaleTimeString(pashto ? "ps-AF" : [], how);
  }
  function note(mark, text, after) {
    var p = document.querySelector("[data-note='" + mark + "']"), main = document.querySelector("main");
    if (!text.trim() && !p) return document.createElement("p");   // a page that changes nothing says nothing
    if (!p) {
      p = document.createElement("p");
      p.className = "flash";
      p.setAttribute("role", "status");
      p.dataset.note = mark;
      if (after) after.after(p); else main.prepend(p);
    }
    p.textContent = text;
    return p;
  }
  function gameOf(url) { return (/\/games\/([\w-]{16,})/.exec(new URL(url, location.href).pathname) || [])[1]; }
  var memory = null;                   // the outbox, when the phone won't keep it (private mode, full)
  function outbox() {
    try { return memory || JSON.parse(localStorage.getItem("outbox") || "{}"); } catch (e) { return memory || {}; }
  }
  function keep(key, change) {
    var all = outbox();
    if (change) all[key] = change; else delete all[key];
    try { localStorage.setItem("outbox", JSON.stringify(all)); } catch (e) { memory = all; }
  }
  function keyOf(form) {
    var stamp = form.querySelector("[name=version],[name=key]"), data = new URLSearchParams(new FormData(form));
    data.delete("csrf_token");           // signed anew by another worker or after a restart: not the change
    return form.action + "#" + (stamp ? stamp.value : data);
  }
  function formFor(change) {
    return [].filter.call(document.querySelectorAll("form[method=post]"), function (f) { return keyOf(f) === change.key; })[0];
  }
  // A new-game form gets a new one-time key each time it is opened: opened again (from any link to
  // that game's form) while its game waits to be sent, it takes back the kept key, so a second
  // tap still starts one game.
  function reopened(change) {
    var stamp = document.querySelector("form [name=key]"), key = new URLSearchParams(change.body).get("key");
    if (stamp && key && new URL(stamp.form.action).pathname === new URL(change.url).pathname) {
      stamp.value = key;
      keep(change.key);                           // kept again under this form's own address
      change.url = stamp.form.action;
      keep(change.key = keyOf(stamp.form), change);
      return stamp.form;
    }
  }

  // The answer replaces the page as a plain form post would, from the answer already here (no
  // second trip over the Wi-Fi), and takes the form's place in the history: Back skips it.
  function show(page, url, ok) {
    var doc = new DOMParser().parseFromString(page, "text/html");
    if (!doc.querySelector("main")) return location.assign(url);
    document.title = doc.title;
    document.body.replaceWith(document.adoptNode(doc.body));
    forEach(doc.querySelectorAll("head script[src]"), function (script) {    // the answer's own script (hand.js)
      var src = script.getAttribute("src");
      if (document.querySelector("script[src='" + src + "']")) return;
      var added = document.createElement("script");
      added.src = src;
      document.head.appendChild(added);
    });
    history.replaceState(null, "", url);
    shownAt = Date.now();
    scrollTo(0, 0);
    enhance();
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker && ok) worker.postMessage({url: url, page: page});    // kept for offline, like a page opened
  }
  function timed(url, options, ms) {
    var stop = new AbortController();
    options.signal = stop.signal;
    options.credentials = "same-origin";
    return {done: fetch(url, options), timer: setTimeout(function () { stop.abort(); }, ms)};
  }
  var sending = {};
  function send(change) {
    var key = change.key, kept = outbox()[key];
    if (sending[key] || !kept || kept.at !== change.at || kept.answer) return;   // on its way, answered, tapped anew
    sending[key] = 1;
    var asked = timed(change.url, {method: "POST", body: change.body,
                                   headers: {"Content-Type": "application/x-www-form-urlencoded"}}, 15000);
    return asked.done.then(function (response) {
      // Scorepad's answer settles it; a proxy's 502, a busy 503 or a 429 is no answer yet, nor is a
      // full or read-only disk's 507: its words are shown while the change waits on the phone.
      if (response.status === 507) return response.text().then(function (page) { throw {page: page}; });
      if (response.status >= 500 || response.status === 429) throw response;
      return response.text().then(function (page) { return {response: response, page: page}; });
    }).then(function (got) {
      var now = outbox()[key], here = formFor(change) || gameOf(location.href) === change.game;
      // A refusal read elsewhere stays kept with the server's answer until the player has seen it.
      if (now && now.at === change.at) keep(key, here || got.response.redirected ? null :
        {key: key, at: change.at, game: change.game, answer: got.page, answerUrl: got.response.url});
      heard(true);
      answered(change, got.response, got.page, here);
    }, function (why) {
      var told = why && why.page && new DOMParser().parseFromString(why.page, "text/html").querySelector("main p");
      heard(!!told);
      waiting(change, told && told.textContent);
    }).catch(function () {}).then(function () {
      clearTimeout(asked.timer);
      delete sending[key];
      var now = outbox()[key];
      if (now && now.at !== change.at) send(now);                     // tapped again while this one was away
    });
  }

  // The answer shows where it belongs: in place when the change was made here or is about the game
  // shown; elsewhere a line says it was sent, or offers what the server said when it was refused.
  function answered(change, response, page, here) {
    if (here) return show(page, response.url, response.ok);
    if (response.redirected) return note(change.key, say(words().sent, {time: clock(change.at)}));
    refused({key: change.key, at: change.at, answer: page, answerUrl: response.url});
  }
  function refused(change) {
    var said = words(), line = note(change.key, say(said.refused, {time: clock(change.at)}));
    if (line.querySelector("button")) return;
    var see = document.createElement("button");
    see.type = "button";
    see.className = "quiet";
    see.textContent = said.see;
    see.addEventListener("click", function () { keep(change.key); show(change.answer, change.answerUrl, false); });
    line.append(" ", see);
  }
  function waiting(change, told) {
    var form = formFor(change), said = words();
    note(change.key, told || say(form ? said.waiting : said.waitingOther, {time: clock(change.at)}), form);
    if (form) forEach(form.querySelectorAll("button"), function (b) { b.disabled = false; });
  }
  function flush() {
    var all = outbox();
    Object.keys(all).sort(function (a, b) { return all[a].at - all[b].at; }).reduce(function (done, key) {
      return done.then(function () { return send(all[key]); });
    }, Promise.resolve());
  }
  // A slow double tap on Save: the second tap lands on the answer shown in place, where Save was;
  // a tap there within a second of it is that tap again, not one meant for what is there now.
  var lastTap = null, sentBy = null, shownAt = 0;
  function tappedAgain(event) {
    return !!sentBy && Date.now() - shownAt < 1000 &&
      Math.abs(event.clientX - sentBy.x) < 44 && Math.abs(event.clientY - sentBy.y) < 44;
  }
  document.addEventListener("click", function (event) { lastTap = {x: event.clientX, y: event.clientY}; }, true);
  document.addEventListener("submit", function (event) {
    var form = event.target, data = new FormData(form), button = event.submitter;
    if (event.defaultPrevented || form.method !== "post" || form.enctype === "multipart/form-data") return;
    event.preventDefault();
    sentBy = lastTap;
    if (button && button.name) data.append(button.name, button.value);
    forEach(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    var change = {key: keyOf(form), url: form.action, body: String(new URLSearchParams(data)), at: Date.now(),
                  game: gameOf(form.action)};
    keep(change.key, change);
    send(change);
  });
  window.addEventListener("online", flush);
  window.addEventListener("pageshow", function () {
    forEach(document.querySelectorAll("button[type='submit']"), function (b) { b.disabled = false; });
  });

  // Online or not, said at the top of the page with when the server last answered. Without a
  // service worker a link would lead offline to the browser's error page: it waits instead.
  var lastHeard = Date.now(), online = true;
  function heard(yes) {
    online = yes;
    if (yes) lastHeard = Date.now();
    if (yes && !document.querySelector("[data-note='offline']")) return;     // never offline here: nothing to hide
    var bar = note("offline", say(words().offline, {time: clock(lastHeard)}));
    bar.classList.add("offline");
    bar.hidden = yes;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[href]");
    if (link && link.dataset.share && navigator.share) {       // the phone's share sheet in one tap (https)
      event.preventDefault();
      return navigator.share({text: link.dataset.share}).catch(function () {});
    }
    if (online || !link || link.hasAttribute("download") || link.origin !== location.origin ||
        (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
    event.preventDefault();
  });

  // Follow other phones: one stream of the game's changes (EventSource) while the page is in view;
  // where there is none (no EventSource, or no room for it on the server) ask /version every second.
  // Both bring what /version says to arrived(): pages without a form reload, a form keeps what was
  // tapped. While this phone sends a change its answer shows the game; the stream, opened anew for
  // the answer (or its heartbeat, every 25 s; one silent for 70 s is opened anew), brings the rest.
  // Waiting changes go again when the stream opens, when back online and every 5 s while any wait.
  // A stream refused (no room, or a server restarting behind its proxy): ask for a minute, then try again.
  var stream = null, polling = null, asking = false, streamless = 0, lastEvent = 0;
  function arrived(now) {
    var live = document.querySelector("[data-live]");
    if (!now || !live || String(now.version) === live.dataset.version || Object.keys(sending).length) return;
    if (live.dataset.onChange === "reload") return location.reload();
    live.dataset.version = String(now.version);
    var notice = document.querySelector("[data-live-notice]");
    if (notice) {
      notice.textContent = now.hands > Number(live.dataset.hands) ? say(notice.dataset.saved, {number: now.hands}) : notice.dataset.changed;
      notice.hidden = false;
    }
  }
  function ask() {
    var live = document.querySelector("[data-live]");
    if (asking || !live) return;
    asking = true;
    var asked = timed(live.dataset.live, {cache: "no-cache"}, 4000);
    asked.done.then(function (r) {
      heard(true);
      flush();
      return r.ok ? r.json() : null;
    }, function () { heard(false); }).then(arrived)
      .catch(function () {}).then(function () { clearTimeout(asked.timer); asking = false; });
  }
  function unfollow() {
    if (stream) stream.close();
    clearInterval(polling);
    stream = polling = null;
  }
  function follow() {             // (again) from the version the page shows
    var live = document.querySelector("[data-live]");
    unfollow();
    if (!live || document.hidden) return;
    if (Date.now() < streamless || !live.dataset.events || !window.EventSource) {
      polling = setInterval(ask, 1000);
      return ask();
    }
    var opened = stream = new EventSource(live.dataset.events + "?version=" + live.dataset.version);
    lastEvent = Date.now();
    opened.onopen = opened.onmessage = function (event) {
      lastEvent = Date.now();
      heard(true);
      if (event.data) arrived(JSON.parse(event.data)); else flush();
    };
    opened.onerror = function () {
      if (opened !== stream) return;
      if (opened.readyState === 2) {          // closed: refused (no room for it), so ask; offline: wait
        unfollow();
        if (navigator.onLine) { streamless = Date.now() + 60000; return follow(); }
      }
      heard(false);               // cut: the browser opens it again by itself
    };
  }
  document.addEventListener("visibilitychange", follow);
  window.addEventListener("pagehide", unfollow);
  window.addEventListener("pageshow", function (event) { if (event.persisted) follow(); });
  window.addEventListener("online", follow);
  window.addEventListener("offline", function () { unfollow(); heard(false); });
  setInterval(function () {
    if (stream ? Date.now() - lastEvent > 70000 : polling && streamless && Date.now() > streamless) follow();
    flush();                      // sends only what waits
  }, 5000);

  // Keep the screen on while a game is open, taken again on coming back: the Wake Lock API where
  // the phone has it (https), else, over plain http, a tiny video of Scorepad's own with a silent
  // sound track, which phones keep the screen on for while it plays audibly (the NoSleep library's
  // way): started by a tap, kept outside the page's body so a new page doesn't stop it.
  var lock = null, video = document.createElement("video");
  video.className = "keep-awake";
  video.setAttribute("playsinline", "");
  video.setAttribute("aria-hidden", "true");
  video.innerHTML = '<source src="/static/keep-awake.webm" type="video/webm"><source src="/static/keep-awake.mp4" type="video/mp4">';
  video.addEventListener("loadedmetadata", function () {
    if (video.duration <= 1) video.loop = true;                // the short one; a looping long one
    else video.addEventListener("timeupdate", function () {    // may be taken for a background loop
      if (video.currentTime > 0.5) video.currentTime = Math.random();
    });
  });
  function awake(on) {
    if (!on) {
      if (lock) lock.release();
      video.pause();
    } else if (document.visibilityState === "visible" && !lock) {
      if (!navigator.wakeLock) { document.documentElement.appendChild(video); return video.play(); }
      return navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        l.addEventListener("release", function () { lock = null; });
      });
    }
    return Promise.resolve();
  }
  function wanted() { return localStorage.getItem("awake") === "1" && !!document.querySelector("[data-live]"); }
  function keepAwake() {                // on every page of a game while asked; a video waits for a tap
    if (wanted()) awake(true).catch(function () {
      document.addEventListener("click", function again() {
        document.removeEventListener("click", again);
        if (wanted()) awake(true).catch(function () {});
      });
    });
  }
  function wakeSwitch() {
    var wake = document.querySelector("[data-wake]"), box = wake && wake.querySelector("input");
    if (box && (navigator.wakeLock || video.canPlayType("video/webm") || video.canPlayType("video/mp4"))) {
      wake.hidden = false;
      box.checked = localStorage.getItem("awake") === "1";
      wake.addEventListener("click", function (event) {        // a double tap's second half: not a flip
        if (tappedAgain(event)) event.preventDefault();
      });
      box.addEventListener("change", function () {
        localStorage.setItem("awake", box.checked ? "1" : "0");
        awake(box.checked).catch(function () {
          box.checked = false;
          localStorage.setItem("awake", "0");
          wake.querySelector("[data-refused]").hidden = false;
        });
      });
    }
    keepAwake();
  }
  document.addEventListener("visibilitychange", keepAwake);

  // Everything bound to what a page shows: at load, and again when an answer replaces the page.
  function enhance() {
    document.dispatchEvent(new Event("scorepad:page"));      // a page's own script (hand.js) binds to it
    // Steppers for whole-number fields: thumb-sized - and + beside the box.
    forEach(document.querySelectorAll("input[data-max], input[data-min]"), function (input) {
      var wrap = document.createElement("div");
      wrap.className = "stepper";
      input.parentNode.insertBefore(wrap, input);
      function step(by, text, name) {
        var b = document.createElement("button");
        b.type = "button"; b.className = "quiet"; b.textContent = text;
        b.setAttribute("aria-label", name);
        b.addEventListener("click", function () {
          var typed = input.value.replace(/[\u0660-\u0669]/g, function (d) { return d.charCodeAt(0) - 0x660; })
            .replace(/[\u06f0-\u06f9]/g, function (d) { return d.charCodeAt(0) - 0x6f0; }).replace(/\u2212/g, "-");
          var v = (parseInt(typed, 10) || 0) + by, lo = input.dataset.min, hi = input.dataset.max;
          if (lo !== undefined && lo !== "None" && v < Number(lo)) v = Number(lo);
          if (hi !== undefined && hi !== "None" && v > Number(hi)) v = Number(hi);
          input.value = digits(v);
          input.dispatchEvent(new Event("change", {bubbles: true}));
        });
        return b;
      }
      wrap.appendChild(step(-1, "\u2212", words().less || "\u2212"));
      wrap.appendChild(input);
      wrap.appendChild(step(1, "+", words().more || "+"));
    });

    // New game: show the names typed in the dealer/captain choices and the partnerships, and the
    // colour chosen beside each name as a swatch (its class: c-blue); also when a kept game comes back.
    // A name is written only when it changed: the text under a finger replaced between press and
    // release (the name box's change event comes with the tap) makes WebKit send no click.
    var players = document.querySelectorAll("input[name^='player_']");
    function names() {
      forEach(players, function (input, seat) {
        forEach(document.querySelectorAll("[data-seat='" + seat + "']"), function (el) {
          if (el.dataset.blank === undefined) el.dataset.blank = el.textContent;
          var name = input.value.trim() || el.dataset.blank;
          if (el.textContent !== name) el.textContent = name;
        });
      });
      forEach(document.querySelectorAll("select[name^='colour_']"), function (select) {
        select.className = select.value && "c-" + select.value;
      });
    }
    if (players.length) {
      players[0].form.addEventListener("input", names);
      players[0].form.addEventListener("change", names);
      names();
    }

    // Dark or light: follows the phone unless chosen here (remembered on this phone).
    var root = document.documentElement, themeSwitch = document.querySelector("[data-theme-switch]");
    function dark() {
      return root.dataset.theme ? root.dataset.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    }
    if (localStorage.getItem("theme")) root.dataset.theme = localStorage.getItem("theme");
    if (themeSwitch) {
      var said = themeSwitch.dataset, shown = function () {
        themeSwitch.textContent = dark() ? said.light : said.dark;
        themeSwitch.setAttribute("aria-label", dark() ? said.toLight : said.toDark);
      };
      themeSwitch.hidden = false;
      shown();
      themeSwitch.addEventListener("click", function () {
        root.dataset.theme = dark() ? "light" : "dark";
        localStorage.setItem("theme", root.dataset.theme);
        shown();
      });
    }

    wakeSwitch();

    // Print: a clean score sheet (see the print stylesheet).
    forEach(document.querySelectorAll("[data-print]"), function (b) {
      b.hidden = false;
      b.addEventListener("click", function () { window.print(); });
    });

    // Times: the phone's own clock in the page's language (Gregorian; a browser that has no Pashto
    // keeps the server's words).
    if (!pashto || Intl.DateTimeFormat.supportedLocalesOf("ps").length) forEach(document.querySelectorAll("time[datetime]"), function (t) {
      var d = new Date(t.getAttribute("datetime"));
      var shown = {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"};
      if (pashto) { shown.calendar = "gregory"; shown.numberingSystem = "arabext"; }
      if (!isNaN(d)) t.textContent = d.toLocaleString(pashto ? "ps-AF" : [], shown);
    });

    // A page the service worker kept, shown while the server can't be reached.
    var kept = document.querySelector("main[data-kept-at]");
    if (kept) { lastHeard = Number(kept.dataset.keptAt); heard(false); }

    // Changes still waiting: back in their forms as they were typed, or said on the page.
    var all = outbox();
    Object.keys(all).forEach(function (key) {
      var change = all[key], form = !change.answer && (formFor(change) || reopened(change));
      if (change.answer) return refused(change);
      if (form) {
        var body = new URLSearchParams(change.body);     // every field as sent: a box not sent was unticked
        forEach(form.querySelectorAll("[name]:not(button):not([type=hidden]):not(:disabled)"), function (field) {
          var sent = body.getAll(field.name);
          if (field.type === "radio" || field.type === "checkbox") field.checked = sent.indexOf(field.value) >= 0;
          else if (sent.length) field.value = sent[0];
        });
        form.dispatchEvent(new Event("change"));
      }
      waiting(change);
    });
    flush();
    follow();
  }

  // Changes an earlier version's service worker kept while the server was away: into the outbox.
  if (window.caches) caches.has("scorepad-outbox").then(function (had) {
    return had && caches.open("scorepad-outbox").then(function (box) {
      return box.keys().then(function (asked) {
        return Promise.all(asked.map(function (request) {
          return box.match(request).then(function (r) { return r.json(); }).then(function (item) {
            var url = location.origin + item.url;
            keep(url + "#" + new URLSearchParams(item.body).get("version"),
                 {key: url + "#" + new URLSearchParams(item.body).get("version"), url: url, body: item.body,
                  at: item.at, game: item.game});
          });
        }));
      }).then(function () { return caches.delete("scorepad-outbox"); }).then(flush);
    });
  }).catch(function () {});

  // Installable and offline-tolerant where the origin is secure: the service worker keeps the
  // last seen pages of games (the outbox above sends the changes, on every origin).
  if (navigator.serviceWorker) navigator.serviceWorker.register("/sw.js").catch(function () {});
  enhance();
})();

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

  // Pitch and Smear: offer only the bids the engine allows after the bids before each seat.
  function auction(form) {
    var high = 0;
    forEach(form.querySelectorAll("fieldset[data-choices]"), function (fs) {
      var allowed = JSON.parse(fs.dataset.choices)[String(high)] || [];
      forEach(fs.querySelectorAll("input"), function (input) {
        var ok = allowed.map(String).indexOf(input.value) >= 0;
        input.disabled = !ok;
        if (!ok && input.checked) input.checked = false;
      });
      var bid = checked(fs);
      if (bid && bid !== "pass" && Number(bid) >= high) high = Number(bid);
    });
  }

  // Sums the table checks by eye: bids and tricks against the cards dealt.
  function sums(form) {
    forEach(form.querySelectorAll("[data-sum]"), function (out) {
      var total = 0, all = true;
      forEach(form.querySelectorAll("fieldset[data-sum-of='" + out.dataset.sum + "']"), function (fs) {
        var v = checked(fs);
        if (v === null) all = false; else if (/^\d+$/.test(v)) total += Number(v);
      });
      var cards = Number(out.dataset.cards);
      out.textContent = say(total > cards ? out.dataset.over : all ? out.dataset.all : out.dataset.part,
                            {total: total, cards: cards});
      var hook = form.querySelector("fieldset[data-hook]");
      if (hook && out.dataset.sum === "bids") {
        var others = 0, known = true;
        forEach(form.querySelectorAll("fieldset[data-sum-of='bids']"), function (fs) {
          if (fs === hook) return;
          var v = checked(fs);
          if (v === null) known = false; else others += Number(v);
        });
        forEach(hook.querySelectorAll("input"), function (input) {
          input.disabled = known && Number(input.value) === cards - others;
          if (input.disabled && input.checked) input.checked = false;
        });
      }
    });
    forEach(form.querySelectorAll("[data-rest-of]"), function (out) {
      var v = checked(form.querySelector("fieldset[data-name='" + out.dataset.restOf + "']"));
      out.textContent = v === null ? "" : say(out.dataset.took, {tricks: Number(out.dataset.cards) - Number(v)});
    });
    var result = form.querySelector("fieldset[data-name='result']");
    if (result) {
      var draw = checked(result) === "draw";
      forEach(form.querySelectorAll("[data-not-draw]"), function (el) { el.hidden = draw; });
    }
  }

  // Pitch, Smear, Back Alley: once someone bids, everyone not yet tapped passes (changeable).
  function passTheRest(form, tapped) {
    if (!form.hasAttribute("data-auto-pass") || !/^bid_/.test(tapped.name) || tapped.value === "pass") return;
    forEach(form.querySelectorAll("fieldset[data-name^='bid_']"), function (fs) {
      var pass = fs.querySelector("input[value='pass']");
      if (checked(fs) === null && pass && !pass.disabled) pass.checked = true;
    });
  }

  // Oh Hell: the dealer's tricks follow from the others' until tapped.
  function follow(form, tapped) {
    var last = form.querySelector("fieldset[data-follows]");
    if (!last || !/^tricks_/.test(tapped.name)) return;
    if (last.contains(tapped)) { last.dataset.tapped = "1"; return; }
    if (last.dataset.tapped) return;
    var rest = Number(form.querySelector("[data-sum='tricks']").dataset.cards);
    forEach(form.querySelectorAll("fieldset[data-sum-of='tricks']"), function (fs) {
      if (fs !== last) rest -= Number(checked(fs) || 0);
    });
    var input = last.querySelector("input[value='" + rest + "']");
    if (input) input.checked = true;
  }

  // A half-filled hand form survives a trip to a calculator or a reload (this phone only).
  function keepDraft(form) {
    var version = form.querySelector("input[name='version']");
    if (!version || !window.sessionStorage) return;
    var key = "draft:" + location.pathname + ":" + version.value, given = new URLSearchParams(location.search);
    try {
      var draft = JSON.parse(sessionStorage.getItem(key) || "{}");
      Object.keys(draft).forEach(function (name) {
        if (given.has(name)) return;
        forEach(form.querySelectorAll("[name='" + name + "']"), function (input) {
          if (input.type === "radio") input.checked = input.value === draft[name];
          else if (input.type !== "hidden") input.value = draft[name];
        });
      });
    } catch (e) { sessionStorage.removeItem(key); }
    form.addEventListener("change", function () {
      var draft = {};
      forEach(form.querySelectorAll("input"), function (input) {
        if (input.type === "radio" ? input.checked : input.type !== "hidden") draft[input.name] = input.value;
      });
      sessionStorage.setItem(key, JSON.stringify(draft));
    });
    form.addEventListener("submit", function () { sessionStorage.removeItem(key); });
  }

  forEach(document.querySelectorAll("form.hand"), function (form) {
    keepDraft(form);
    function update() { auction(form); sums(form); }
    form.addEventListener("change", function (event) {
      auction(form);                       // what each seat may bid now, before passing for them
      passTheRest(form, event.target);
      follow(form, event.target);
      update();
    });
    update();
  });

  // A second tap on a save button sends nothing more (the server also recognises a repeat).
  forEach(document.querySelectorAll("form[method='post']"), function (form) {
    form.addEventListener("submit", function () {
      forEach(form.querySelectorAll("button[type='submit']"), function (b) {
        setTimeout(function () { b.disabled = true; }, 0);
      });
    });
  });
  window.addEventListener("pageshow", function () {
    forEach(document.querySelectorAll("button[type='submit']"), function (b) { b.disabled = false; });
  });

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
    wrap.appendChild(step(-1, "\u2212", input.dataset.less || "\u2212"));
    wrap.appendChild(input);
    wrap.appendChild(step(1, "+", input.dataset.more || "+"));
  });

  // New game: show the names typed in the dealer/captain choices and the partnerships.
  var players = document.querySelectorAll("input[name^='player_']");
  function names() {
    forEach(players, function (input, seat) {
      forEach(document.querySelectorAll("[data-seat='" + seat + "']"), function (el) {
        if (el.dataset.blank === undefined) el.dataset.blank = el.textContent;
        el.textContent = input.value.trim() || el.dataset.blank;
      });
    });
  }
  forEach(players, function (input) { input.addEventListener("input", names); });
  if (players.length) names();

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

  // Keep the screen on while a game is open (where the phone can), taken again on coming back.
  var awake = document.querySelector("[data-wake]");
  if (awake && navigator.wakeLock) {
    var box = awake.querySelector("input"), lock = null;
    var take = function () {
      if (!box.checked || document.visibilityState !== "visible" || lock) return;
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        l.addEventListener("release", function () { lock = null; });
      }).catch(function () { lock = null; });
    };
    awake.hidden = false;
    box.checked = localStorage.getItem("awake") === "1";
    box.addEventListener("change", function () {
      localStorage.setItem("awake", box.checked ? "1" : "0");
      if (box.checked) take(); else if (lock) lock.release();
    });
    document.addEventListener("visibilitychange", take);
    take();
  }

  // Installable and offline-tolerant: the service worker keeps the last seen pages and saves.
  if (navigator.serviceWorker) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
    window.addEventListener("online", function () {
      if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("flush");
    });
  }

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

  // Follow other phones: ask whether the game changed (a 304 while it has not) every second
  // while the page is in view. Pages without a form reload; a form keeps what was tapped.
  var live = document.querySelector("[data-live]");
  if (live) {
    var notice = document.querySelector("[data-live-notice]");
    setInterval(function () {
      if (document.hidden) return;
      fetch(live.dataset.live, {cache: "no-cache", credentials: "same-origin"}).then(function (r) {
        return r.ok ? r.json() : null;
      }).then(function (now) {
        if (!now || String(now.version) === live.dataset.version) return;
        if (live.dataset.onChange === "reload") { location.reload(); return; }
        live.dataset.version = String(now.version);
        if (notice) {
          var hands = Number(live.dataset.hands);
          notice.textContent = now.hands > hands ? say(notice.dataset.saved, {number: now.hands}) : notice.dataset.changed;
          notice.hidden = false;
        }
      }).catch(function () {});
    }, 1000);
  }
})();

// The hand form's enhancements (loaded by hand form pages only, after app.js, whose helpers it
// uses): every form works without this file.
(function () {
  var shared = window.scorepad, checked = shared.checked, forEach = shared.forEach, say = shared.say;

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

  // Pitch, Smear: once a bid is tapped, points left on "bidder" go to the bidder's side.
  function bidderSide(form, tapped) {
    var high = -1, side = null;
    forEach(form.querySelectorAll("fieldset[data-side]"), function (fs) {
      var bid = checked(fs);
      if (bid !== null && bid !== "pass" && Number(bid) >= high) { high = Number(bid); side = fs.dataset.side; }
    });
    forEach(form.querySelectorAll("fieldset.point"), function (fs) {
      var bidder = fs.querySelector("input[value='bidder']");
      if (!bidder) return;
      if (tapped && fs.contains(tapped)) delete fs.dataset.auto;
      bidder.parentNode.hidden = side !== null;
      var follows = bidder.checked || fs.dataset.auto, to = side !== null && fs.querySelector("input[value='" + side + "']");
      if (follows && to) { to.checked = true; fs.dataset.auto = "1"; }
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
    // A field that has no say while another choice is made (gin's deadwood on a draw): hidden meanwhile.
    forEach(form.querySelectorAll("[data-hidden-when]"), function (el) {
      var when = el.dataset.hiddenWhen.split("=");
      el.hidden = checked(form.querySelector("fieldset[data-name='" + when[0] + "']")) === when[1];
    });
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

  // A half-filled hand form survives a trip to a calculator or a reload (this phone only). Kept by
  // the function given back, once what follows a tap is filled in (passes, the dealer's tricks).
  function keepDraft(form) {
    var version = form.querySelector("input[name='version']");
    if (!version || !window.sessionStorage) return function () {};
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
    function save() {
      var draft = {};
      forEach(form.querySelectorAll("input"), function (input) {
        if (input.type === "radio" ? input.checked : input.type !== "hidden") draft[input.name] = input.value;
      });
      sessionStorage.setItem(key, JSON.stringify(draft));
    }
    form.addEventListener("input", save);           // a number being typed: no change event until it is left
    form.addEventListener("submit", function () { sessionStorage.removeItem(key); });
    return save;
  }

  // Bound at load, and again whenever app.js shows an answer in place of the page.
  function bind() {
    forEach(document.querySelectorAll("form.hand"), function (form) {
      var keep = keepDraft(form);
      bidderSide(form, null);
      function update() { auction(form); sums(form); }
      form.addEventListener("change", function (event) {
        auction(form);                       // what each seat may bid now, before passing for them
        passTheRest(form, event.target);
        follow(form, event.target);
        bidderSide(form, event.target);
        update();
        keep();
      });
      update();
    });
  }
  document.addEventListener("scorepad:page", bind);
  bind();
})();

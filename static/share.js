// A finished game's result page: the phone's share sheet and the clipboard where the browser offers
// them (both need a secure origin: https, or this computer); everywhere a tap on the text selects it
// all, ready for the phone's own Copy. The page works without this file.
(function () {
  var text = document.getElementById("result"), send = document.querySelector("[data-send]");
  if (!text || !send) return;
  var share = send.querySelector("[data-share-sheet]"), copy = send.querySelector("[data-copy]"),
      copied = document.querySelector("[data-copied]");
  function all() { text.setSelectionRange(0, text.value.length); }
  text.addEventListener("focus", all);
  text.addEventListener("click", all);
  if (navigator.share) {
    share.addEventListener("click", function () { navigator.share({text: text.value}).catch(function () {}); });
  } else {
    share.remove();
  }
  if (navigator.clipboard && window.isSecureContext) {
    copy.addEventListener("click", function () {
      navigator.clipboard.writeText(text.value).then(function () { copied.hidden = false; }, function () { text.focus(); });
    });
  } else {
    copy.remove();
  }
  send.hidden = !send.querySelector("button");
})();

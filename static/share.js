// A finished game's result page: the phone's share sheet and the clipboard where the browser offers
// them (both need a secure origin: https, or this computer); everywhere a tap on the text selects it
// all, ready for the phone's own Copy. The page works without this file.
(function () {
  var text = document.getElementById("result");
  if (!text) return;
  var share = document.querySelector("[data-share-sheet]"), copy = document.querySelector("[data-copy]"),
      copied = document.querySelector("[data-copied]");
  function all() { text.setSelectionRange(0, text.value.length); }
  text.addEventListener("focus", all);
  text.addEventListener("click", all);
  if (navigator.share) {
    share.hidden = false;
    share.addEventListener("click", function () { navigator.share({text: text.value}).catch(function () {}); });
  }
  if (navigator.clipboard && window.isSecureContext) {
    copy.hidden = false;
    copy.addEventListener("click", function () {
      navigator.clipboard.writeText(text.value).then(function () { copied.hidden = false; }, function () { text.focus(); });
    });
  }
})();

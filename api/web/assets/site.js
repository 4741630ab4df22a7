/* global document, navigator, window */
// Progressive enhancement only: every page works without this file. The CSP allows no inline script, so this
// file is the only behaviour on the pages.
//
// Copy buttons: <button data-copy="#element-id" hidden> copies that element's text. They are rendered hidden
// because without this script they would do nothing; here they are shown and wired up.
(function () {
  var RESET_AFTER_MS = 2000;
  var liveRegion = null;

  /** One polite live region for the whole page, so screen readers hear what a copy button did. */
  function announce(message) {
    if (!liveRegion) {
      liveRegion = document.createElement('div');
      liveRegion.className = 'visually-hidden';
      liveRegion.setAttribute('role', 'status');
      document.body.appendChild(liveRegion);
    }
    liveRegion.textContent = '';
    window.setTimeout(function () {
      liveRegion.textContent = message;
    }, 50);
  }

  function writeClipboard(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return Promise.reject(new Error('clipboard unavailable'));
  }

  /** Without clipboard access (plain http, old browsers), select the text so one keystroke copies it. */
  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function enhance(button) {
    var target = document.querySelector(button.getAttribute('data-copy'));
    if (!target) return;
    var original = Array.prototype.slice.call(button.childNodes);
    var timer = 0;

    function show(label, message) {
      window.clearTimeout(timer);
      button.textContent = label;
      announce(message);
      timer = window.setTimeout(function () {
        button.replaceChildren.apply(button, original);
      }, RESET_AFTER_MS);
    }

    button.addEventListener('click', function () {
      var text = target.textContent || '';
      writeClipboard(text).then(
        function () {
          show('Copied', 'Copied to the clipboard.');
        },
        function () {
          selectText(target);
          show('Selected', 'Text selected: press Control C or Command C to copy it.');
        },
      );
    });
    button.hidden = false;
  }

  Array.prototype.forEach.call(document.querySelectorAll('button[data-copy]'), enhance);

  // A test key shown once is kept for this browser session (never sent anywhere), so that the API reference's
  // samples can use it (docs.js). Live keys are never kept.
  var shown = document.getElementById('api-key');
  var key = shown && shown.textContent.trim();
  if (key && /^pk_test_[A-Za-z0-9]+$/.test(key)) {
    try {
      window.sessionStorage.setItem('pvs:test-key', key);
    } catch {
      // Storage refused (private mode): the samples keep their placeholder.
    }
  }
})();

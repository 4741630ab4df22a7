/* global document, window */
// The reference's small comforts, on a page that works without them: search as you type (the form's ?q= does
// the same on the server), one language for every code sample (remembered), and the reader's own test key in
// the samples when this browser session holds one (the dashboard keeps a test key it has just shown, in
// sessionStorage only: it never goes back to the server).
(function () {
  'use strict';
  var KEY_PLACEHOLDER = 'pk_test_YOUR_TEST_KEY';

  function storage(kind) {
    try {
      return window[kind];
    } catch {
      return null;
    }
  }

  // Search: hide the operations (and their index entries and empty groups) that do not match every word.
  var input = document.querySelector('[data-ref-search]');
  var status = document.querySelector('[data-ref-status]');
  var ops = Array.prototype.slice.call(document.querySelectorAll('.ref-op'));
  function filter() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    ops.forEach(function (op) {
      var text = op.getAttribute('data-search') || '';
      var hit = words.every(function (w) {
        return text.indexOf(w) !== -1;
      });
      op.hidden = !hit;
      var entry = document.querySelector('.ref-index li[data-op="' + op.id + '"]');
      if (entry) entry.hidden = !hit;
      if (hit) shown += 1;
    });
    document.querySelectorAll('.ref-tag, .ref-index-group').forEach(function (group) {
      group.hidden = !group.querySelector('.ref-op:not([hidden]), li:not([hidden])');
    });
    if (status) status.textContent = words.length ? shown + ' of ' + ops.length + ' operations match.' : '';
  }
  if (input && ops.length) input.addEventListener('input', filter);

  // Samples: one tab per language; choosing one shows it in every operation.
  var prefs = storage('localStorage');
  var groups = Array.prototype.slice.call(document.querySelectorAll('[data-samples]'));
  function choose(lang) {
    groups.forEach(function (group) {
      group.querySelectorAll('.ref-sample').forEach(function (figure) {
        figure.hidden = figure.getAttribute('data-lang') !== lang;
      });
      group.querySelectorAll('[role="tab"]').forEach(function (tab) {
        var on = tab.getAttribute('data-lang') === lang;
        tab.setAttribute('aria-selected', on ? 'true' : 'false');
        tab.tabIndex = on ? 0 : -1;
      });
    });
    if (prefs) prefs.setItem('pvs:sample-lang', lang);
  }
  groups.forEach(function (group, g) {
    var list = document.createElement('div');
    list.className = 'ref-tabs';
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-label', 'Sample language');
    group.querySelectorAll('.ref-sample').forEach(function (figure, i) {
      var lang = figure.getAttribute('data-lang');
      var caption = figure.querySelector('.ref-sample-label');
      var tab = document.createElement('button');
      tab.type = 'button';
      tab.id = 'sample-' + g + '-' + i;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('data-lang', lang);
      tab.textContent = caption ? caption.textContent : lang;
      figure.id = 'sample-panel-' + g + '-' + i;
      figure.setAttribute('role', 'tabpanel');
      figure.setAttribute('aria-labelledby', tab.id);
      tab.setAttribute('aria-controls', figure.id);
      if (caption) caption.hidden = true;
      tab.addEventListener('click', function () {
        choose(lang);
      });
      list.appendChild(tab);
    });
    group.insertBefore(list, group.querySelector('.ref-sample'));
  });
  if (groups.length) choose((prefs && prefs.getItem('pvs:sample-lang')) || 'curl');

  // The reader's test key, when the dashboard has just shown one in this browser session.
  var session = storage('sessionStorage');
  var key = session && session.getItem('pvs:test-key');
  if (key && /^pk_test_[A-Za-z0-9]+$/.test(key)) {
    document.querySelectorAll('.ref-code code, .code-figure code').forEach(function (code) {
      if (code.textContent.indexOf(KEY_PLACEHOLDER) !== -1)
        code.textContent = code.textContent.split(KEY_PLACEHOLDER).join(key);
    });
    var note = document.querySelector('[data-key-note]');
    if (note) note.textContent = 'The samples use your test key ' + key.slice(0, 12) + '…, from this browser session.';
  }
})();

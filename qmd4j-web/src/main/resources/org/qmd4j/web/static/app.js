// qmd4j web: keyboard shortcuts and the rendered/source toggle. No framework, no inline code.
(function () {
  'use strict';

  function typing(el) {
    if (!el) return false;
    var tag = el.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
  }

  document.addEventListener('keydown', function (e) {
    if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
      var q = document.getElementById('q');
      if (q) {
        e.preventDefault();
        q.focus();
        q.select();
      }
    } else if (e.key === 'Escape' && typing(e.target)) {
      e.target.blur();
    }
  });

  function toggle(button) {
    var block = document.getElementById(button.getAttribute('data-block'));
    if (!block) return;
    var rendered = block.querySelector('.rendered');
    var source = block.querySelector('.source');
    var showSource = button.getAttribute('aria-pressed') !== 'true';
    rendered.hidden = showSource;
    source.hidden = !showSource;
    button.setAttribute('aria-pressed', showSource ? 'true' : 'false');
    button.textContent = showSource ? 'Rendered' : 'Source';
  }

  document.addEventListener('click', function (e) {
    var button = e.target.closest ? e.target.closest('button.toggle') : null;
    if (button) toggle(button);
  });

  // A note opened from a result (?open=...&q=...) scrolls to its first matched word.
  if (/[?&]open=/.test(location.search) && !location.hash) {
    var first = document.querySelector('main .block .rendered mark');
    if (first && first.scrollIntoView) first.scrollIntoView({ block: 'center' });
  }

  // Task list checkboxes show state; they are not a form.
  document.querySelectorAll('.md input[type=checkbox]').forEach(function (box) {
    box.disabled = true;
  });
})();

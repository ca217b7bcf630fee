// The backup codes page's copy and print buttons (mfa-backup-codes.html). An external script from the site's
// own origin, as its CSP (script-src 'self') allows; without it the download link and the list still work.
(function () {
  var list = document.getElementById('backup-codes');
  var status = document.getElementById('backup-codes-status');
  if (!list || !status) return;
  var text = function () {
    return Array.prototype.map
      .call(list.querySelectorAll('li'), function (li) {
        return li.textContent.trim();
      })
      .join('\n');
  };
  var say = function (message) {
    status.textContent = message;
  };
  var selectList = function () {
    var range = document.createRange();
    range.selectNodeContents(list);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  };
  var buttons = document.querySelectorAll('[data-backup-codes]');
  Array.prototype.forEach.call(buttons, function (button) {
    button.hidden = false;
    button.addEventListener('click', function () {
      if (button.getAttribute('data-backup-codes') === 'print') {
        window.print();
        return;
      }
      var failed = function () {
        selectList();
        say('自動でコピーできませんでした。選択されたコードを Ctrl+C（⌘+C）でコピーしてください。');
      };
      if (!navigator.clipboard) return failed();
      navigator.clipboard.writeText(text()).then(function () {
        say('バックアップコードをコピーしました。');
      }, failed);
    });
  });
})();

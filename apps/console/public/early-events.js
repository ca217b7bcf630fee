/*
 * What a person does on a page the site rendered (docs/design.md §1, "First screen") before the console has
 * taken the page over would otherwise be lost: the rows and the search form are on screen before their
 * handlers are. This script, loaded async in the head, keeps clicks, typing and form submissions inside #root
 * in order; the console replays them once it has hydrated the page (lib/early-events.ts) and stops keeping
 * new ones. Plain script: it runs before any bundle.
 */
(function () {
  // null: the console has already taken the page over (this async script came late), nothing to keep.
  if (window.__CLOUDSIGN_EARLY_EVENTS__ === null) return;
  var kept = [];
  function inPage(event) {
    var target = event.target;
    return target instanceof Element && target.closest('#root') ? target : null;
  }
  // A click or a submission is not acted on natively (a link or a form would reload the page): the console
  // acts on it once it is ready.
  function keepAction(type) {
    return function (event) {
      var target = inPage(event);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      kept.push({ type: type, target: target });
    };
  }
  var keepClick = keepAction('click');
  var keepSubmit = keepAction('submit');
  // Typing goes into the field as usual; its value at that moment is kept, to be handed to the console.
  function keepInput(event) {
    var target = inPage(event);
    if (!target || !('value' in target)) return;
    kept.push({ type: 'input', target: target, value: target.value });
  }
  document.addEventListener('click', keepClick, true);
  document.addEventListener('submit', keepSubmit, true);
  document.addEventListener('input', keepInput, true);
  window.__CLOUDSIGN_EARLY_EVENTS__ = {
    take: function () {
      document.removeEventListener('click', keepClick, true);
      document.removeEventListener('submit', keepSubmit, true);
      document.removeEventListener('input', keepInput, true);
      return kept.splice(0);
    },
  };
})();

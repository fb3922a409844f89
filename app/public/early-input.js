/*
 * Clicks and submits made on a server-rendered page before the app has taken it over (issue 36): the page is the
 * server's markup until then, so a button would do nothing and a form without a server to post to would be sent
 * as a GET of the page. This small classic script (loaded before the app's module, allowed by `script-src 'self'`)
 * holds each such click or submit (the control shows `aria-busy`) and carries it out once the app marks the step
 * settled (`main[data-settled]`, runtime/react/flow/StepScreen.tsx: mounted, its opening chains over, the values
 * chosen before the app taken over and the screen showing them), in the order made. Forms the server answers
 * (`method="post"`: sign-in, forgot and reset password) and links keep working natively; typed values, ticks and
 * choices are taken over by the app itself (runtime/react/form/pageValues.ts). Pages the browser draws have
 * nothing of the server's to hold. A control drawn `aria-disabled` (a button whose rule the app has not yet run on
 * what was typed and ticked) is held too; the app decides: a click it still finds disabled does nothing, and a held
 * submit whose submitter is disabled by then is dropped. Natively disabled controls receive no click. Generic: it
 * knows no page, block or text.
 */
(function () {
  var ready = function () { return document.querySelector('main[data-settled]') !== null; };
  // A page the browser draws (no server markup: the root is empty when this deferred script runs) has nothing to hold.
  if (ready() || document.querySelector('main') === null) return;
  /** What was held: a control to click again, or a form to submit with its submitter. */
  var held = [];
  var control = function (target) {
    return target instanceof Element ? target.closest('button, input[type="submit"], input[type="button"], [role="button"]') : null;
  };
  var postsToServer = function (form) { return form !== null && (form.getAttribute('method') || '').toLowerCase() === 'post'; };
  var hold = function (event, item, busy) {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(item);
    if (busy) busy.setAttribute('aria-busy', 'true');
  };
  var onClick = function (event) {
    if (ready()) return;
    var el = control(event.target);
    if (el === null || el.disabled) return;
    var form = el.form || null;
    if (form !== null && (el.type === 'submit') && postsToServer(form)) return;
    hold(event, { click: el }, el);
  };
  var onSubmit = function (event) {
    if (ready() || postsToServer(event.target)) return;
    hold(event, { form: event.target, submitter: event.submitter || null }, event.submitter || null);
  };
  var again = function (el) {
    if (el.isConnected) return el;
    return el.id ? document.getElementById(el.id) : null;
  };
  var replay = function () {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    held.forEach(function (item) {
      var el = item.click || item.submitter;
      if (el) el.removeAttribute('aria-busy');
      if (item.click) {
        var now = again(item.click);
        if (now) now.click();
      } else if (item.form.isConnected) {
        var submitter = item.submitter && item.submitter.isConnected ? item.submitter : undefined;
        if (submitter && (submitter.disabled || submitter.getAttribute('aria-disabled') === 'true')) return;
        item.form.requestSubmit(submitter);
      }
    });
    held = [];
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  var watch = new MutationObserver(function () {
    if (!ready()) return;
    watch.disconnect();
    // After the effect that marked the step settled, so React's handlers are attached to what is clicked.
    setTimeout(replay, 0);
  });
  watch.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-settled'] });
})();

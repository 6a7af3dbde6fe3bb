/**
 * A local Stripe.js: the parts the checkout page uses, behaving as the real one does.
 * `Stripe(publishableKey)` -> `elements({ clientSecret, appearance })` -> `create('payment')`, which
 * mounts an iframe from this origin holding the card fields (so the page never sees the card number,
 * and its Content-Security-Policy must allow this origin's frames); `confirmPayment` asks the frame to
 * create a payment method, then confirms the PaymentIntent on the API with the publishable key,
 * answering `{ paymentIntent }` or `{ error: { type, code, message } }` like Stripe.js.
 * Events: ready, change ({ complete, empty }), focus, blur, loaderror.
 */
export const stripeJs = String.raw`(function () {
  'use strict';
  var ORIGIN = new URL(document.currentScript.src).origin;

  function post(path, key, params) {
    return fetch(ORIGIN + path, {
      method: 'POST',
      headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    });
  }

  function PaymentElement(key, elementsOptions, options) {
    var listeners = {};
    var frame = null;
    var pending = {};
    var counter = 0;
    var element = this;
    function fire(type, event) { (listeners[type] || []).slice().forEach(function (handler) { handler(event); }); }
    function onMessage(event) {
      if (!frame || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === 'resize') frame.style.height = data.height + 'px';
      else if (data.type === 'collected') { var resolve = pending[data.requestId]; delete pending[data.requestId]; if (resolve) resolve(data); }
      else if (data.type === 'ready') fire('ready', { elementType: 'payment' });
      else if (data.type === 'change') fire('change', { elementType: 'payment', complete: data.complete, empty: data.empty, collapsed: false, value: { type: 'card' } });
      else if (data.type === 'focus' || data.type === 'blur') fire(data.type, { elementType: 'payment' });
    }
    this.on = function (type, handler) { (listeners[type] = listeners[type] || []).push(handler); return element; };
    this.off = function (type, handler) { listeners[type] = (listeners[type] || []).filter(function (h) { return h !== handler; }); return element; };
    this.once = function (type, handler) { function once(e) { element.off(type, once); handler(e); } return element.on(type, once); };
    this.update = function () { return element; };
    this.focus = function () { if (frame) frame.contentWindow.postMessage({ type: 'focus' }, ORIGIN); };
    this.blur = function () {};
    this.clear = function () { if (frame) frame.contentWindow.postMessage({ type: 'clear' }, ORIGIN); };
    this.collapse = function () { return element; };
    this.mount = function (target) {
      var node = typeof target === 'string' ? document.querySelector(target) : target;
      var appearance = elementsOptions.appearance || {};
      // As Stripe's frame does: the custom fonts are loaded inside the frame, the appearance's fontFamily draws the fields.
      var config = { key: key, theme: appearance.theme || 'stripe', layout: options && options.layout, fonts: elementsOptions.fonts || [], fontFamily: (appearance.variables && appearance.variables.fontFamily) || null };
      frame = document.createElement('iframe');
      frame.title = 'Secure payment input frame';
      frame.name = '__privateStripeFrame' + Math.floor(Math.random() * 1e6);
      frame.setAttribute('allow', 'payment *');
      frame.style.cssText = 'border:0;width:100%;height:220px;display:block;overflow:hidden;';
      frame.src = ORIGIN + '/v3/payment-element.html#' + encodeURIComponent(JSON.stringify(config));
      frame.addEventListener('error', function () { fire('loaderror', { elementType: 'payment', error: { type: 'api_error', message: 'Failed to load the payment form.' } }); });
      window.addEventListener('message', onMessage);
      node.appendChild(frame);
    };
    this.unmount = function () { if (frame) frame.remove(); frame = null; };
    this.destroy = function () { window.removeEventListener('message', onMessage); element.unmount(); };
    this._collect = function () {
      return new Promise(function (resolve) {
        if (!frame) return resolve({ error: { type: 'validation_error', message: 'The payment form is not mounted.' } });
        var id = ++counter;
        pending[id] = resolve;
        frame.contentWindow.postMessage({ type: 'collect', requestId: id }, ORIGIN);
      });
    };
  }

  function Stripe(key, stripeOptions) {
    if (!(this instanceof Stripe)) return new Stripe(key, stripeOptions);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('Invalid API Key provided: ' + key);
    var stripe = this;
    this.elements = function (elementsOptions) {
      elementsOptions = elementsOptions || {};
      var created = null;
      return {
        _options: elementsOptions,
        create: function (type, options) {
          if (type !== 'payment') throw new Error('This Stripe.js implements the Payment Element only, not ' + type);
          created = new PaymentElement(key, elementsOptions, options);
          this._element = created;
          return created;
        },
        getElement: function (type) { return type === 'payment' ? created : null; },
        update: function (options) { Object.assign(elementsOptions, options); },
        fetchUpdates: function () { return Promise.resolve({}); },
        submit: function () { return Promise.resolve({}); },
      };
    };
    this.confirmPayment = function (params) {
      var elements = params.elements;
      var element = elements && elements._element;
      var secret = params.clientSecret || (elements && elements._options.clientSecret);
      if (!element || !secret) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmPayment needs mounted elements with a clientSecret.' } });
      return element._collect().then(function (collected) {
        if (collected.error) return { error: collected.error };
        var intentId = secret.split('_secret_')[0];
        return post('/v1/payment_intents/' + intentId + '/confirm', key, {
          client_secret: secret,
          payment_method: collected.paymentMethodId,
          return_url: (params.confirmParams && params.confirmParams.return_url) || '',
        }).then(function (result) {
          if (!result.ok) return { error: result.body.error };
          var intent = result.body;
          if (params.redirect !== 'if_required' && params.confirmParams && params.confirmParams.return_url) {
            window.location.assign(params.confirmParams.return_url + (params.confirmParams.return_url.indexOf('?') < 0 ? '?' : '&') + 'payment_intent=' + intent.id + '&redirect_status=' + intent.status);
          }
          return { paymentIntent: intent };
        });
      });
    };
    function unsupported(name) { return function () { return Promise.reject(new Error('This Stripe.js does not implement ' + name)); }; }
    this.createToken = unsupported('createToken');
    this.createPaymentMethod = unsupported('createPaymentMethod');
    this.confirmCardPayment = unsupported('confirmCardPayment');
    this.retrievePaymentIntent = unsupported('retrievePaymentIntent');
    this.registerAppInfo = function () {};
    this._registerWrapper = function () {};
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** The frame that holds the card fields. Its config (key, theme) comes in the URL's fragment. */
export const paymentElementHtml = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Payment details</title>
<style>
  :root { color-scheme: light dark; --text: #1a1f36; --muted: #6b7280; --border: #d1d5db; --bg: #ffffff; --focus: #2563eb; --danger: #b91c1c; }
  :root.night { --text: #e5e7eb; --muted: #9ca3af; --border: #4b5563; --bg: #1f2937; --focus: #60a5fa; --danger: #f87171; }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 2px; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--text); background: transparent; }
  .tab { display: inline-flex; align-items: center; gap: 6px; padding: 8px 12px; border: 2px solid var(--focus); border-radius: 8px; font-weight: 600; margin-bottom: 12px; background: var(--bg); }
  label { display: block; margin-bottom: 4px; color: var(--muted); font-size: 13px; }
  input { width: 100%; padding: 10px 12px; border: 1px solid var(--border); border-radius: 8px; font: inherit; color: var(--text); background: var(--bg); }
  input:focus { outline: 2px solid var(--focus); outline-offset: 0; border-color: var(--focus); }
  input[aria-invalid="true"] { border-color: var(--danger); }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 12px; }
  .error { color: var(--danger); font-size: 13px; margin-top: 8px; min-height: 18px; }
</style>
</head>
<body>
<div class="tab" aria-hidden="true">Card</div>
<div><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"></div>
<div class="row">
  <div><label for="expiry">Expiration date</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"></div>
  <div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></div>
</div>
<div class="error" id="error" role="alert"></div>
<script>
(function () {
  var config = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  if (config.theme === 'night') document.documentElement.classList.add('night');
  (config.fonts || []).forEach(function (font) {
    if (!font.family || !font.src) return;
    var face = new FontFace(font.family, font.src, { weight: font.weight || 'normal', style: font.style || 'normal', display: font.display || 'auto' });
    document.fonts.add(face);
    face.load().catch(function () {});
  });
  if (config.fontFamily) document.body.style.fontFamily = config.fontFamily;
  var parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '*';
  var fields = { number: document.getElementById('number'), expiry: document.getElementById('expiry'), cvc: document.getElementById('cvc') };
  var errorBox = document.getElementById('error');
  function send(message) { parent.postMessage(message, parentOrigin); }
  function digits(value) { return value.replace(/\D/g, ''); }
  function expiry() { var d = digits(fields.expiry.value); return { month: Number(d.slice(0, 2)), year: 2000 + Number(d.slice(2, 4)), complete: d.length === 4 }; }
  function problem() {
    var number = digits(fields.number.value);
    if (number.length === 0) return { field: 'number', message: 'Your card number is incomplete.' };
    if (number.length < 13) return { field: 'number', message: 'Your card number is incomplete.' };
    var exp = expiry();
    if (!exp.complete) return { field: 'expiry', message: "Your card's expiration date is incomplete." };
    if (exp.month < 1 || exp.month > 12) return { field: 'expiry', message: "Your card's expiration date is invalid." };
    var now = new Date();
    if (exp.year < now.getFullYear() || (exp.year === now.getFullYear() && exp.month < now.getMonth() + 1)) return { field: 'expiry', message: "Your card's expiration year is in the past." };
    if (digits(fields.cvc.value).length < 3) return { field: 'cvc', message: "Your card's security code is incomplete." };
    return null;
  }
  function show(found) {
    Object.keys(fields).forEach(function (name) { fields[name].setAttribute('aria-invalid', found && found.field === name ? 'true' : 'false'); });
    errorBox.textContent = found ? found.message : '';
  }
  function changed() {
    var empty = !fields.number.value && !fields.expiry.value && !fields.cvc.value;
    send({ type: 'change', complete: problem() === null, empty: empty });
  }
  fields.expiry.addEventListener('input', function () {
    var d = digits(fields.expiry.value).slice(0, 4);
    fields.expiry.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
  });
  fields.number.addEventListener('input', function () { fields.number.value = digits(fields.number.value).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 '); });
  Object.keys(fields).forEach(function (name) {
    fields[name].addEventListener('input', changed);
    fields[name].addEventListener('focus', function () { send({ type: 'focus' }); });
    fields[name].addEventListener('blur', function () { send({ type: 'blur' }); });
  });
  window.addEventListener('message', function (event) {
    if (event.source !== parent) return;
    var data = event.data || {};
    if (data.type === 'focus') fields.number.focus();
    if (data.type === 'clear') { Object.keys(fields).forEach(function (n) { fields[n].value = ''; }); changed(); }
    if (data.type !== 'collect') return;
    var found = problem();
    show(found);
    if (found) return send({ type: 'collected', requestId: data.requestId, error: { type: 'validation_error', code: 'incomplete', message: found.message } });
    var exp = expiry();
    fetch(location.origin + '/v1/payment_methods', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + config.key, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'card', 'card[number]': digits(fields.number.value), 'card[exp_month]': String(exp.month), 'card[exp_year]': String(exp.year), 'card[cvc]': digits(fields.cvc.value) }).toString(),
    })
      .then(function (response) { return response.json().then(function (body) { return { ok: response.ok, body: body }; }); })
      .then(function (result) {
        if (!result.ok) { show({ field: 'number', message: result.body.error.message }); return send({ type: 'collected', requestId: data.requestId, error: result.body.error }); }
        send({ type: 'collected', requestId: data.requestId, paymentMethodId: result.body.id });
      })
      .catch(function () { send({ type: 'collected', requestId: data.requestId, error: { type: 'api_connection_error', message: 'We could not reach the payment server. Check your connection and try again.' } }); });
  });
  function resize() { send({ type: 'resize', height: document.body.scrollHeight + 4 }); }
  new ResizeObserver(resize).observe(document.body);
  send({ type: 'ready' });
  changed();
})();
</script>
</body>
</html>
`;

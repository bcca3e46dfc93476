/**
 * The stand-in of Stripe.js that FakeStripe serves at its `jsUrl` (DECISIONS.md #30): the subset
 * apps/web/src/features/billing/stripe-card.ts uses — `Stripe(pk)`, `elements()`,
 * `create('card')`, `mount`, `on('change')`, `update({ disabled, style })`, `destroy`, `createPaymentMethod` — with Stripe.js's
 * own validation messages. The card element is three inputs in the page (the real one is a frame
 * of Stripe's origin); what it tokenizes goes to the stand-in API with the publishable key, as
 * Stripe.js does, and never to the page's own server.
 */

/** The script's text; `apiOrigin` is where it creates PaymentMethods (the FakeStripe's URL). */
export function fakeStripeJs(apiOrigin: string): string {
  return `(function () {
  var API = ${JSON.stringify(apiOrigin)};
  function digits(text) { return String(text || '').replace(/\\D/g, ''); }
  function luhn(number) {
    if (number.length < 12 || number.length > 19) return false;
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function validationError(code, message) { return { type: 'validation_error', code: code, message: message }; }
  /** Stripe.js's messages for what it refuses before calling Stripe. */
  function check(card) {
    var number = digits(card.number), exp = digits(card.expiry), cvc = digits(card.cvc);
    if (number.length < 16) return validationError('incomplete_number', 'Your card number is incomplete.');
    if (!luhn(number)) return validationError('invalid_number', 'Your card number is invalid.');
    if (exp.length < 4) return validationError('incomplete_expiry', "Your card's expiration date is incomplete.");
    var month = Number(exp.slice(0, 2)), year = 2000 + Number(exp.slice(2, 4));
    var now = new Date();
    if (month < 1 || month > 12) return validationError('invalid_expiry_month', "Your card's expiration month is invalid.");
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      return validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    }
    if (cvc.length < 3) return validationError('incomplete_cvc', "Your card's security code is incomplete.");
    return null;
  }
  function groupNumber(text) { return digits(text).slice(0, 16).replace(/(\\d{4})(?=\\d)/g, '$1 '); }
  function formatExpiry(text) { var d = digits(text).slice(0, 4); return d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d; }

  function createCardElement(options) {
    var base = (options && options.style && options.style.base) || {};
    var card = { number: '', expiry: '', cvc: '' };
    var handlers = { change: [], ready: [], focus: [], blur: [] };
    var root = null;
    function emit(name, event) { (handlers[name] || []).forEach(function (handler) { handler(event); }); }
    function changed() {
      var number = digits(card.number), exp = digits(card.expiry), cvc = digits(card.cvc);
      var error = null;
      // Like Stripe.js: a complete but wrong number, or a past date, is flagged as it is typed.
      if (number.length === 16 && !luhn(number)) error = validationError('invalid_number', 'Your card number is invalid.');
      else if (exp.length === 4) { var problem = check({ number: '4242424242424242', expiry: exp, cvc: '123' }); if (problem) error = problem; }
      emit('change', {
        elementType: 'card',
        empty: !number && !exp && !cvc,
        complete: !check(card),
        brand: number[0] === '4' ? 'visa' : 'unknown',
        error: error || undefined,
      });
    }
    function input(label, width, key, format) {
      var field = document.createElement('input');
      field.setAttribute('aria-label', label);
      field.setAttribute('placeholder', label);
      field.setAttribute('inputmode', 'numeric');
      field.setAttribute('autocomplete', 'off');
      field.style.cssText = 'border:0;outline:0;background:transparent;font:inherit;color:inherit;min-width:0;padding:0;flex:' + width;
      // The element's style option, as Stripe.js applies it inside its frame.
      if (base.fontSize) field.style.fontSize = base.fontSize;
      if (base.fontFamily) field.style.fontFamily = base.fontFamily;
      if (base.color) field.style.color = base.color;
      field.addEventListener('input', function () {
        field.value = format(field.value);
        card[key] = field.value;
        changed();
      });
      field.addEventListener('focus', function () { emit('focus', { elementType: 'card' }); });
      field.addEventListener('blur', function () { emit('blur', { elementType: 'card' }); });
      return field;
    }
    var element = {
      __card: card,
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error('Stripe stand-in: the mount target was not found.');
        root = document.createElement('div');
        root.setAttribute('data-stripe-stand-in', 'card');
        root.style.cssText = 'display:flex;gap:12px;align-items:center;width:100%';
        root.appendChild(input('Card number', '1 1 60%', 'number', groupNumber));
        root.appendChild(input('MM / YY', '0 0 72px', 'expiry', formatExpiry));
        root.appendChild(input('CVC', '0 0 48px', 'cvc', function (text) { return digits(text).slice(0, 4); }));
        node.appendChild(root);
        setTimeout(function () { emit('ready', { elementType: 'card' }); }, 0);
      },
      on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
      off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); return element; },
      update: function (changes) {
        if (changes && 'disabled' in changes && root) {
          Array.prototype.forEach.call(root.children, function (f) { f.disabled = Boolean(changes.disabled); });
        }
      },
      focus: function () { if (root) root.firstChild.focus(); },
      blur: function () {},
      clear: function () { card.number = card.expiry = card.cvc = ''; if (root) Array.prototype.forEach.call(root.children, function (f) { f.value = ''; }); changed(); },
      unmount: function () { if (root && root.parentNode) root.parentNode.removeChild(root); root = null; },
      destroy: function () { element.unmount(); handlers = { change: [], ready: [], focus: [], blur: [] }; },
    };
    return element;
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Invalid API Key provided: ' + publishableKey);
    }
    return {
      elements: function () {
        return {
          create: function (type, options) {
            if (type !== 'card') throw new Error('Stripe stand-in: only the card element is implemented, not ' + type + '.');
            return createCardElement(options);
          },
        };
      },
      createPaymentMethod: function (params) {
        var element = params && params.card;
        if (!element || !element.__card) return Promise.reject(new Error('Stripe stand-in: createPaymentMethod needs { type: "card", card: element }.'));
        var card = element.__card;
        var problem = check(card);
        if (problem) return Promise.resolve({ error: problem });
        var exp = digits(card.expiry);
        var billing = params.billing_details || {};
        var form = new URLSearchParams({
          type: 'card',
          'card[number]': digits(card.number),
          'card[exp_month]': exp.slice(0, 2),
          'card[exp_year]': '20' + exp.slice(2, 4),
          'card[cvc]': digits(card.cvc),
          key: publishableKey,
        });
        if (billing.name) form.set('billing_details[name]', billing.name);
        if (billing.address && billing.address.postal_code) form.set('billing_details[address][postal_code]', billing.address.postal_code);
        return fetch(API + '/v1/payment_methods', { method: 'POST', body: form })
          .then(function (response) { return response.json(); })
          .then(function (body) { return body.error ? { error: body.error } : { paymentMethod: body }; });
      },
    };
  }
  Stripe.version = 'clover';
  window.Stripe = Stripe;
})();
`;
}

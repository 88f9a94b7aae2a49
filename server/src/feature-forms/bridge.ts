/**
 * The script added after a form's own script when the form is shown on a feature (the form dialog's
 * sandboxed iframe). The frame has an opaque origin and its policy blocks every request, so the app
 * and the form talk only through postMessage:
 *
 * - form → app `{ source: 'fieldbook-form', type: 'ready' }` once loaded;
 * - app → form `{ type: 'fill', data, readOnly }`: the record's values (spec 3 §3 list of id, type,
 *   value) go into the fields; read-only disables them (view only, spec 3 §6);
 * - app → form `{ type: 'validate-and-get-data', requestId }`: the form's own validation runs (spec 3
 *   §5), then form → app `{ source: 'fieldbook-form', type: 'form-data', requestId, valid, errors, data }`.
 *
 * A form may define `window.validate()` (true/false, a list of error texts, or a promise of either),
 * `window.getFormData()` and `window.setFormData(data)`; without them the fields are read and
 * written by name and the browser's constraint validation (required, pattern, maxlength) decides.
 */
export const FORM_BRIDGE_SCRIPT = `(function () {
  'use strict';
  var SKIP = ['button', 'submit', 'reset', 'image', 'file'];
  function controls() {
    return Array.prototype.filter.call(document.querySelectorAll('input, select, textarea'), function (el) {
      return (el.name || el.id) && SKIP.indexOf(el.type) < 0;
    });
  }
  function keyOf(el) { return el.name || el.id; }
  function named(key) {
    return controls().filter(function (el) { return keyOf(el) === key; });
  }
  function typeOf(el) {
    if (el.tagName === 'SELECT') return el.multiple ? 'select-multiple' : 'select';
    if (el.tagName === 'TEXTAREA') return 'textarea';
    return el.type || 'text';
  }
  function collect() {
    if (typeof window.getFormData === 'function') return window.getFormData();
    var out = [];
    var done = {};
    controls().forEach(function (el) {
      var key = keyOf(el);
      if (done[key]) return;
      done[key] = true;
      var group = named(key);
      var type = typeOf(el);
      var value;
      if (type === 'checkbox') {
        value = group.length > 1
          ? group.filter(function (c) { return c.checked; }).map(function (c) { return c.value; })
          : el.checked;
      } else if (type === 'radio') {
        var chosen = group.filter(function (r) { return r.checked; })[0];
        value = chosen ? chosen.value : null;
      } else if (type === 'select-multiple') {
        value = Array.prototype.filter.call(el.options, function (o) { return o.selected; }).map(function (o) { return o.value; });
      } else {
        value = el.value;
      }
      out.push({ id: key, type: type, value: value });
    });
    return out;
  }
  function fill(data) {
    if (!Array.isArray(data)) return;
    if (typeof window.setFormData === 'function') return window.setFormData(data);
    data.forEach(function (entry) {
      if (!entry || typeof entry.id !== 'string') return;
      var value = entry.value;
      named(entry.id).forEach(function (el) {
        var type = typeOf(el);
        if (type === 'checkbox') {
          el.checked = Array.isArray(value) ? value.indexOf(el.value) >= 0 : value === true || value === 'true' || value === el.value;
        } else if (type === 'radio') {
          el.checked = el.value === value;
        } else if (type === 'select-multiple') {
          Array.prototype.forEach.call(el.options, function (o) { o.selected = Array.isArray(value) && value.indexOf(o.value) >= 0; });
        } else {
          el.value = value === null || value === undefined ? '' : String(value);
        }
      });
    });
  }
  function browserErrors() {
    var errors = [];
    controls().forEach(function (el) {
      if (el.willValidate && !el.checkValidity()) errors.push((el.labels && el.labels[0] ? el.labels[0].textContent.trim() + ': ' : '') + el.validationMessage);
    });
    var first = document.querySelector('form');
    if (errors.length && first && first.reportValidity) first.reportValidity();
    return errors;
  }
  function validate() {
    if (typeof window.validate !== 'function') return Promise.resolve(browserErrors());
    return Promise.resolve()
      .then(function () { return window.validate(); })
      .then(function (result) {
        if (result === false) return ['invalid'];
        if (Array.isArray(result)) return result.map(String);
        if (typeof result === 'string' && result) return [result];
        return [];
      });
  }
  function reply(message) {
    message.source = 'fieldbook-form';
    window.parent.postMessage(message, '*');
  }
  document.addEventListener('submit', function (e) { e.preventDefault(); }, true);
  window.addEventListener('message', function (e) {
    if (e.source !== window.parent || !e.data || typeof e.data.type !== 'string') return;
    var m = e.data;
    if (m.type === 'fill') {
      fill(m.data);
      controls().forEach(function (el) { el.disabled = !!m.readOnly; });
    } else if (m.type === 'validate-and-get-data') {
      validate()
        .then(function (errors) {
          reply({ type: 'form-data', requestId: m.requestId, valid: errors.length === 0, errors: errors, data: collect() });
        })
        .catch(function (err) {
          reply({ type: 'form-data', requestId: m.requestId, valid: false, errors: [String(err && err.message || err)], data: [] });
        });
    }
  });
  reply({ type: 'ready' });
})();
`;

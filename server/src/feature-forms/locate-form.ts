import { LOCATE_FORM_ID, LOCATE_FORM_NAME, LOCATE_TICKET_FIELD, ONECALL_LIMITS } from '@fieldbook/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * The Locate Form (spec 3 §3): shipped with the product under a fixed id for every organization with
 * one-call, filled on a located feature; its ticket number is what a positive response answers. Its
 * script follows the form contract of bridge.ts: `validate()` returns the errors to show.
 */
const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${LOCATE_FORM_NAME}</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 12px; color: #1f2933; background: #fff; }
  form { display: grid; gap: 10px; max-width: 520px; }
  label { display: grid; gap: 4px; font-weight: 600; }
  input, select, textarea { font: inherit; padding: 6px 8px; border: 1px solid #9aa5b1; border-radius: 4px; }
  fieldset { border: 1px solid #cbd2d9; border-radius: 4px; }
  fieldset label { display: inline-flex; gap: 6px; font-weight: 400; margin-right: 12px; }
  #errors { color: #b42318; margin: 0; padding-left: 18px; }
</style>
</head>
<body>
<form id="locate" novalidate>
  <ul id="errors" role="alert"></ul>
  <label>Ticket number
    <input name="${LOCATE_TICKET_FIELD}" maxlength="${ONECALL_LIMITS.ticketNumberMax}" placeholder="250314-00127" required>
  </label>
  <label>Locate date <input name="locateDate" type="date" required></label>
  <label>Locator <input name="locator" maxlength="128"></label>
  <fieldset>
    <legend>Facilities marked</legend>
    <label><input type="checkbox" name="marked" value="electric"> Electric</label>
    <label><input type="checkbox" name="marked" value="gas"> Gas</label>
    <label><input type="checkbox" name="marked" value="water"> Water</label>
    <label><input type="checkbox" name="marked" value="telecom"> Telecom</label>
    <label><input type="checkbox" name="marked" value="sewer"> Sewer</label>
  </fieldset>
  <label>Marking method
    <select name="markingMethod">
      <option value="">—</option>
      <option value="paint">Paint</option>
      <option value="flags">Flags</option>
      <option value="paint-and-flags">Paint and flags</option>
      <option value="none">Not marked</option>
    </select>
  </label>
  <label>Notes <textarea name="notes" rows="3" maxlength="1000"></textarea></label>
</form>
</body>
</html>
`;

const JS = `window.validate = function () {
  var errors = [];
  var ticket = document.querySelector('[name="${LOCATE_TICKET_FIELD}"]').value.trim();
  if (!ticket) errors.push('Enter the ticket number.');
  if (!document.querySelector('[name="locateDate"]').value) errors.push('Enter the locate date.');
  var list = document.getElementById('errors');
  list.textContent = '';
  errors.forEach(function (text) {
    var item = document.createElement('li');
    item.textContent = text;
    list.appendChild(item);
  });
  return errors;
};
`;

/** Adds the Locate Form, or brings its files up to date with this version of the product. */
export async function seedLocateForm(db: Kysely<DB>): Promise<void> {
  const values = {
    name: LOCATE_FORM_NAME,
    description: 'Locate details of a one-call ticket',
    html: HTML,
    js: JS,
    html_file_name: 'locate-form.html',
    js_file_name: 'locate-form.js',
  };
  await db
    .insertInto('forms')
    .values({ id: LOCATE_FORM_ID, organization_id: null, ...values })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ ...values, updated_at: new Date() })
        .where((eb) => eb.or([eb('forms.html', '<>', HTML), eb('forms.js', '<>', JS)])),
    )
    .execute();
}

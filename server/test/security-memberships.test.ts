import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_EULA_TIMESTAMP } from '@fieldbook/domain';
import { harness, type Harness } from './harness.js';
import { signIn, signedInAccount, uniqueEmail, type SignedIn } from './factories.js';

/** Issue #17 point 2: an organization cannot write to a person of another one, nor learn that the address has an account. */

const add = (h: Harness, admin: SignedIn, email: string, names = { firstName: 'Typed', lastName: 'ByAdmin' }) =>
  h.app.inject({
    method: 'POST',
    url: '/rest/accounts',
    headers: admin.auth,
    payload: { ...names, email, userType: '0111' },
  });

const get = (h: Harness, user: SignedIn, url: string) => h.app.inject({ method: 'GET', url, headers: user.auth });
const put = (h: Harness, user: SignedIn, url: string, payload?: object) =>
  h.app.inject({ method: 'PUT', url, headers: user.auth, payload });

/** An editor that organization A's admin added (A owns the account), signed in with a password of their own. */
async function ownedEditor(h: Harness, adminA: SignedIn): Promise<SignedIn> {
  const email = uniqueEmail('editor');
  expect((await add(h, adminA, email, { firstName: 'Alice', lastName: 'Anders' })).statusCode).toBe(201);
  await h.db
    .updateTable('accounts')
    .set({ must_change_password: false, eula_web: CURRENT_EULA_TIMESTAMP })
    .where('email', '=', email)
    .execute();
  const { accountId } = await h.db
    .selectFrom('accounts')
    .select('id as accountId')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const { password_hash } = await h.db
    .selectFrom('accounts')
    .select('password_hash')
    .where('id', '=', adminA.accountId)
    .executeTakeFirstOrThrow();
  await h.db.updateTable('accounts').set({ password_hash }).where('id', '=', accountId).execute();
  return signIn(h, { email, password: adminA.password, accountId, organizationId: adminA.organizationId });
}

describe('adding a person of another organization (point 2)', () => {
  let h: Harness;
  let adminA: SignedIn;
  let adminB: SignedIn;
  beforeAll(async () => {
    h = await harness();
    adminA = await signedInAccount(h);
    adminB = await signedInAccount(h);
  });

  it('answers alike for a new address and an existing account, and both take a seat', async () => {
    const editor = await ownedEditor(h, adminA);
    const seats = async () => (await get(h, adminB, '/rest/accounts/seats')).json().used;
    const before = await seats();
    const fresh = await add(h, adminB, uniqueEmail('fresh'));
    const existing = await add(h, adminB, editor.email);
    expect(await seats()).toBe(before + 2);
    expect(existing.statusCode).toBe(fresh.statusCode);
    const strip = (m: Record<string, unknown>) => ({ ...m, id: 'id', email: 'email', createdDt: 'date' });
    expect(Object.keys(existing.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(strip(existing.json())).toEqual(strip(fresh.json()));
    expect(existing.json()).toMatchObject({
      firstName: 'Typed',
      lastName: 'ByAdmin',
      invitationPending: true,
      namesEditable: true,
    });
    const detail = (await get(h, adminB, `/rest/accounts/${existing.json().id}`)).json();
    expect(strip(detail)).toEqual(strip((await get(h, adminB, `/rest/accounts/${fresh.json().id}`)).json()));
    // Searching B's members by the person's real name finds nothing while the invitation is pending.
    expect((await get(h, adminB, '/rest/accounts/filter?search=Alice')).json().totalCount).toBe(0);
  });

  it('grants nothing until accepted; accepting joins, the organization becomes selectable', async () => {
    const editor = await ownedEditor(h, adminA);
    const invited = (await add(h, adminB, editor.email)).json();
    expect((await get(h, editor, `/rest/accounts/current?orgId=${adminB.organizationId}`)).statusCode).toBe(403);
    expect((await get(h, editor, `/rest/accounts/filter?orgId=${adminB.organizationId}`)).statusCode).toBe(403);
    expect((await get(h, editor, `/rest/organizations/${adminB.organizationId}`)).statusCode).toBe(404);
    const profile = (await get(h, editor, '/rest/accounts/profile')).json();
    expect(profile.organizations.map((o: { id: string }) => o.id)).toEqual([adminA.organizationId]);

    const mail = h.mailbox.to(editor.email).at(-1)!;
    expect(mail.subject).toContain('You are invited');
    expect(mail.text).not.toMatch(/verifyme|temporary password/);
    const invitations = (await get(h, editor, '/rest/accounts/invitations')).json();
    expect(invitations).toEqual([
      expect.objectContaining({ organizationId: adminB.organizationId, invitedBy: 'Test User', userType: '0111' }),
    ]);

    const accepted = await put(h, editor, `/rest/accounts/invitations/${adminB.organizationId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(
      accepted
        .json()
        .organizations.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([adminA.organizationId, adminB.organizationId].sort());
    expect((await get(h, editor, `/rest/accounts/current?orgId=${adminB.organizationId}`)).json()).toMatchObject({
      userType: '0111',
      organization: { id: adminB.organizationId },
    });
    expect((await get(h, editor, '/rest/accounts/invitations')).json()).toEqual([]);
    // Once joined, B sees the person's own names, which B may not change.
    expect((await get(h, adminB, `/rest/accounts/${invited.id}`)).json()).toMatchObject({
      firstName: 'Alice',
      lastName: 'Anders',
      invitationPending: false,
      namesEditable: false,
    });
    expect((await put(h, editor, `/rest/accounts/invitations/${adminB.organizationId}/accept`)).statusCode).toBe(404);
  });

  it('declining removes the pending membership and frees its seat', async () => {
    const editor = await ownedEditor(h, adminA);
    const seatsBefore = (await get(h, adminB, '/rest/accounts/seats')).json().used;
    const invited = (await add(h, adminB, editor.email)).json();
    expect((await put(h, editor, `/rest/accounts/invitations/${adminB.organizationId}/decline`)).statusCode).toBe(204);
    expect((await get(h, adminB, `/rest/accounts/${invited.id}`)).statusCode).toBe(404);
    expect((await get(h, adminB, '/rest/accounts/seats')).json().used).toBe(seatsBefore);
    expect((await put(h, editor, `/rest/accounts/invitations/${adminB.organizationId}/accept`)).statusCode).toBe(404);
    expect((await get(h, editor, `/rest/accounts/current?orgId=${adminB.organizationId}`)).statusCode).toBe(403);
  });

  it("B's admin cannot rename A's member, before or after they join; A still can", async () => {
    const editor = await ownedEditor(h, adminA);
    const invited = (await add(h, adminB, editor.email)).json();
    // While pending, B edits only its own label on the invitation.
    expect((await put(h, adminB, '/rest/accounts', { id: invited.id, firstName: 'Label' })).json()).toMatchObject({
      firstName: 'Label',
    });
    await put(h, editor, `/rest/accounts/invitations/${adminB.organizationId}/accept`);
    const rename = await put(h, adminB, '/rest/accounts', { id: invited.id, firstName: 'Evil', lastName: 'Edit' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe('app.mm.names.not-editable');
    // Unchanged names with other changes still go through (the edit dialog sends them).
    expect(
      (await put(h, adminB, '/rest/accounts', { id: invited.id, firstName: 'Alice', lastName: 'Anders', renew: false }))
        .statusCode,
    ).toBe(200);
    expect((await get(h, adminA, `/rest/accounts/${editor.accountId}`)).json()).toMatchObject({
      firstName: 'Alice',
      lastName: 'Anders',
      namesEditable: true,
    });
    expect(
      (await put(h, adminA, '/rest/accounts', { id: editor.accountId, firstName: 'Alicia' })).json(),
    ).toMatchObject({ firstName: 'Alicia' });
  });

  it('an admin cannot rename a member who signed up on their own either', async () => {
    const founder = await signedInAccount(h);
    await h.db
      .insertInto('memberships')
      .values({
        account_id: founder.accountId,
        organization_id: adminB.organizationId,
        user_type: '0001',
        rtk_id: null,
      })
      .execute();
    const res = await put(h, adminB, '/rest/accounts', { id: founder.accountId, firstName: 'Evil' });
    expect(res.statusCode).toBe(403);
  });

  it('resending a pending invitation never touches the password of the account', async () => {
    const editor = await ownedEditor(h, adminA);
    const invited = (await add(h, adminB, editor.email)).json();
    expect((await get(h, adminB, `/rest/cognito/resend/${invited.id}`)).json()).toEqual({ sent: true });
    expect(h.mailbox.to(editor.email).at(-1)!.text).not.toMatch(/temporary password/);
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: editor.email, password: editor.password },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().idToken).toBeTruthy();
  });
});

/** Sign-in, sessions and password reset against a real database (PGlite, and PostgreSQL when set). */
import { describe, expect, it } from 'vitest';
import { DATABASES, startServer, useHarness } from './harness';

const LOGIN = `mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success error redirectTo user { id email } } }`;
const SESSION = `{ session { user { email } redirectTo } }`;
const REQUEST_RESET = `mutation($e:String!){ requestPasswordReset(email:$e){ success message } }`;
const RESET = `mutation($e:String!,$h:String!,$p:String!,$c:String){ resetPassword(email:$e,hash:$h,password:$p,confirmPassword:$c){ success error errors message } }`;

describe.each(DATABASES)('sign-in on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  it('stores argon2id hashes with the OWASP parameters', async () => {
    const u = await s.database.db.selectFrom('users').select('password_hash').where('email', '=', 'primary.approvals.au@demo.example').executeTakeFirstOrThrow();
    expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('signs in, sets an httpOnly SameSite=Lax cookie holding a random id stored only hashed, and routes per spec', async () => {
    const r = await s.gql(LOGIN, { e: 'Primary.Approvals.AU@demo.example', p: 'Fleetform-Demo-1' });
    const login = r.body.data?.login as { success: boolean; redirectTo: string; user: { email: string } };
    expect(login.success).toBe(true);
    expect(login.user.email).toBe('primary.approvals.au@demo.example');
    expect(login.redirectTo).toMatch(/^\/applications\/[0-9a-f-]{36}$/);
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const id = cookie.split(';')[0].split('=')[1];
    const rows = await s.database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((row) => row.id_hash === id)).toBe(false);
    const me = await s.gql(SESSION, {}, { cookie: cookie.split(';')[0] });
    expect((me.body.data?.session as { user: { email: string } }).user.email).toBe('primary.approvals.au@demo.example');
  });

  it('sends calculator primaries and canceled applications to the dashboard', async () => {
    // Spec 002 s4 'Login routing': calculator primaries, a canceled application (calculator or not), an MLA date passed.
    for (const email of ['calculator.businessdetails.au@demo.example', 'calculator.canceled.au@demo.example', 'primary.canceled.au@demo.example', 'primary.mlaexpired.au@demo.example']) {
      const r = await s.gql(LOGIN, { e: email, p: 'Fleetform-Demo-1' });
      expect((r.body.data?.login as { redirectTo: string }).redirectTo).toBe('/dashboard');
    }
  });

  it('answers the same text for an unknown e-mail and a wrong password, without a cookie', async () => {
    const unknown = await s.gql(LOGIN, { e: 'nobody@demo.example', p: 'Fleetform-Demo-1' });
    const wrong = await s.gql(LOGIN, { e: 'primary.finished.au@demo.example', p: 'Wrong-Pass-1' });
    expect(unknown.body.data?.login).toEqual({ success: false, error: 'The e-mail or password is not correct.', redirectTo: null, user: null });
    expect(wrong.body.data?.login).toEqual(unknown.body.data?.login);
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('logout deletes the session on the server: the old cookie no longer works', async () => {
    const cookie = await s.login('primary.finished.au@demo.example');
    const out = await s.gql(`mutation { logout { success } }`, {}, { cookie });
    expect(out.body.data?.logout).toEqual({ success: true });
    expect(out.headers.get('set-cookie')).toMatch(/^ff_session=; .*Max-Age=0/);
    const again = await s.gql(SESSION, {}, { cookie });
    expect(again.body.data?.session).toBeNull();
  });

  it('password reset: same answer for unknown e-mails, hashed single-use token, spec rules and messages', async () => {
    const email = 'primary.orderverification.au@demo.example';
    const unknown = await s.gql(REQUEST_RESET, { e: 'nobody@demo.example' });
    const known = await s.gql(REQUEST_RESET, { e: email });
    expect(known.body.data).toEqual(unknown.body.data);
    expect(await s.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'nobody@demo.example').execute()).toHaveLength(0);
    const mail = await s.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/reset-password\?hash=([A-Za-z0-9_-]+)&email=(\S+)/.exec(mail.body_text);
    expect(link).not.toBeNull();
    const token = link![1];
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(decodeURIComponent(link![2])).toBe(email);
    const stored = await s.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);

    const bad = await s.gql(RESET, { e: email, h: token, p: 'aaab', c: 'aaac' });
    expect(bad.body.data?.resetPassword).toMatchObject({
      success: false,
      error: 'Passwords should match',
      errors: ['Passwords should match', 'Min password length of 8 characters', 'A least (1) upper case letter', 'A least (1) number', 'Max 2 consecutive identical characters'],
    });
    const ok = await s.gql(RESET, { e: email, h: token, p: 'New-Secret-42', c: 'New-Secret-42' });
    expect(ok.body.data?.resetPassword).toEqual({ success: true, error: null, errors: [], message: 'Your password has been updated.' });
    const reuse = await s.gql(RESET, { e: email, h: token, p: 'Other-Secret-43' });
    expect((reuse.body.data?.resetPassword as { success: boolean }).success).toBe(false);
    await expect(s.login(email, 'Fleetform-Demo-1')).rejects.toThrow();
    await expect(s.login(email, 'New-Secret-42')).resolves.toMatch(/^ff_session=/);
  });

  it('using one reset token ends every other outstanding token and every session of the account', async () => {
    const email = 'primary.credit-refer.au@demo.example';
    const tokenOf = async () => {
      const mail = await s.database.db.selectFrom('outbox').select('body_text').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      return /hash=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1];
    };
    const [first, second] = [await s.login(email), await s.login(email)];
    await s.gql(REQUEST_RESET, { e: email });
    const a = await tokenOf();
    await s.gql(REQUEST_RESET, { e: email });
    const b = await tokenOf();
    expect(b).not.toBe(a);
    expect((await s.gql(RESET, { e: email, h: b, p: 'Second-Secret-42' })).body.data?.resetPassword).toMatchObject({ success: true });
    // The older link no longer works: the password it would set is not set.
    expect((await s.gql(RESET, { e: email, h: a, p: 'First-Secret-41' })).body.data?.resetPassword).toMatchObject({ success: false, error: 'This password reset link is not valid. Please request a new one.' });
    await expect(s.login(email, 'First-Secret-41')).rejects.toThrow();
    for (const cookie of [first, second]) expect((await s.gql(SESSION, {}, { cookie })).body.data?.session).toBeNull();
    await expect(s.login(email, 'Second-Secret-42')).resolves.toMatch(/^ff_session=/);
  });

  it("an expired token answers 'Your token has expired, please reset your password.'", async () => {
    const email = 'primary.reviewandsigncontract.au@demo.example';
    await s.gql(REQUEST_RESET, { e: email });
    const mail = await s.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    const token = /hash=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1];
    await s.database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const r = await s.gql(RESET, { e: email, h: token, p: 'New-Secret-42' });
    // Spec 002 s8: only this text adds the Reset Password link: the answer's message is the link's text.
    expect(r.body.data?.resetPassword).toEqual({
      success: false,
      error: 'Your token has expired, please reset your password.',
      errors: ['Your token has expired, please reset your password.'],
      message: 'Reset Password',
    });
    // Any other failure (here an unknown token) answers no message, so no link.
    const other = await s.gql(RESET, { e: email, h: 'not-a-token', p: 'New-Secret-42' });
    expect(other.body.data?.resetPassword).toEqual({ success: false, error: 'This password reset link is not valid. Please request a new one.', errors: ['This password reset link is not valid. Please request a new one.'], message: null });
    // Several broken rules are all listed.
    const rules = await s.gql(RESET, { e: email, h: token, p: 'aaa', c: 'bbb' });
    expect((rules.body.data?.resetPassword as { errors: string[]; message: null }).errors.length).toBeGreaterThan(1);
    expect((rules.body.data?.resetPassword as { message: null }).message).toBeNull();
  });

  it('chooses the brand by Host header (localhost falls back to AU)', async () => {
    for (const [host, brand, email] of [
      ['au.localhost', 'acme-au', 'primary.sign-wet.au@demo.example'],
      ['nz.localhost:8080', 'kiwi-nz', 'primary.sign-wet.nz@demo.example'],
      ['localhost:8080', 'acme-au', 'primary.sign-wet.au@demo.example'],
      ['introducer.localhost', 'introducer-au', 'primary.orderverification.introducer@demo.example'],
    ]) {
      const cookie = await s.login(email, 'Fleetform-Demo-1', host);
      const id = cookie.split('=')[1];
      const { createHash } = await import('node:crypto');
      const row = await s.database.db.selectFrom('sessions').select('brand_id').where('id_hash', '=', createHash('sha256').update(id).digest('hex')).executeTakeFirstOrThrow();
      expect(row.brand_id).toBe(brand);
    }
  });

  it("refuses a user of another brand on this host (spec 000 s2/s6), with the catalogue text and no session", async () => {
    const expected = s.services.definitions.message('auth.login.otherBrand', { brand: 'acme-au', region: 'au' }, { portal: 'http://nz.localhost:8080' });
    expect(expected).toBe('This account belongs to another portal. Please sign in at http://nz.localhost:8080.');
    const { count } = await s.database.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    for (const [host, email, portal] of [
      ['au.localhost:8080', 'primary.orderverification.nz@demo.example', 'http://nz.localhost:8080'],
      ['localhost:8080', 'primary.orderverification.nz@demo.example', 'http://nz.localhost:8080'],
      ['nz.localhost:8080', 'primary.sign-wet.au@demo.example', 'http://au.localhost:8080'],
      ['au.localhost:8080', 'primary.orderverification.introducer@demo.example', 'http://introducer.localhost:8080'],
    ]) {
      const r = await s.gql(LOGIN, { e: email, p: 'Fleetform-Demo-1' }, { host });
      expect(r.body.data?.login, `${email} on ${host}`).toEqual({
        success: false,
        error: `This account belongs to another portal. Please sign in at ${portal}.`,
        redirectTo: null,
        user: null,
      });
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    const after = await s.database.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(count));
    // The same user signs in on their own host.
    await expect(s.login('primary.orderverification.nz@demo.example', 'Fleetform-Demo-1', 'nz.localhost:8080')).resolves.toMatch(/^ff_session=/);
  });

  it('the invitation e-mail has its own text inviting the officer to set a password (not the reset text)', async () => {
    const { INVITATION_EMAIL } = await import('../../../server/auth');
    const email = 'primary.sign-digital.nz@demo.example';
    const vars = { company: 'Kiwi Couriers Ltd', sender: 'Ana Smith' };
    await s.services.identity.passwordReset!.request(email, { email: INVITATION_EMAIL, vars });
    const mail = await s.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.template).toBe('invitation');
    expect(mail.subject).toBe(s.services.definitions.message('auth.invite.emailSubject', { brand: 'kiwi-nz', region: 'nz' }, vars));
    expect(mail.subject).toBe('Ana Smith invited you to continue the lease application of Kiwi Couriers Ltd');
    expect(mail.body_text).toMatch(/Ana Smith invited you, as an authorised officer of Kiwi Couriers Ltd,/);
    expect(mail.body_text).toMatch(/http:\/\/nz\.localhost:8080\/reset-password\?hash=[A-Za-z0-9_-]+&email=/);
    expect(mail.body_text).not.toMatch(/did not ask for it/);
    expect(mail.subject).not.toBe('Reset your password');
  });
});

// The virtual card through the stack (gateway → issuing → Stripe sandbox, pots for the active pot): issued
// once, read, frozen and unfrozen idempotently; no wallet push provisioning (a web app cannot do it);
// nobody reaches another user's card; and no full card number anywhere — in any API answer of this suite, or in any text column of
// the issuing schema.
import { Pool } from 'pg';

import { api, type ApiResponse, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { bearer } from '../support/pots';

interface IssuedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  status: 'active' | 'inactive' | 'canceled';
  spendsFrom: { potId: string; name: string } | null;
}

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string }[];
}

/** Every body this suite received, scanned for card numbers at the end. */
const answers: unknown[] = [];
async function call<T>(path: string, init: Parameters<typeof api>[1] = {}): Promise<ApiResponse<T>> {
  const response = await api<T>(path, init);
  answers.push(response.body);
  return response;
}

const post = <T>(path: string, token: string, body?: unknown) =>
  call<T>(path, { method: 'POST', headers: bearer(token), ...(body !== undefined && { body }) });
const get = <T>(path: string, token: string) => call<T>(path, { headers: bearer(token) });

/** A UUID's digit groups joined by hyphens can pass as a 13–19 digit Luhn number: ids are not card numbers. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * Runs of 13–19 digits (spaces or hyphens allowed between groups) standing alone, as card numbers are
 * written: not inside an identifier (a Stripe id's random part can hold a Luhn-valid run), a decimal or a
 * longer run — the log audit's rule (infra/dev-stack/lib/log-audit.js).
 */
const DIGIT_RUN = /(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w.]|[ -]\d)/g;

/** Luhn-valid digit runs: card numbers. */
function cardNumbersIn(raw: string): string[] {
  const found: string[] = [];
  for (const match of raw.replace(UUID, ' ').matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/\D/g, '');
    if (luhnValid(digits)) found.push(digits);
  }
  return found;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A signed-up user with a verified payment account. */
async function verified(name = 'Cara Holder') {
  const { session } = await signUpUser({ fullName: name });
  await verifyUser(session.accessToken);
  return session;
}

describe('virtual card through the stack', () => {
  it('recognises card numbers and nothing else (the scanner the last test relies on)', () => {
    expect(cardNumbersIn('pay 4242 4242 4242 4242 now')).toEqual(['4242424242424242']);
    expect(cardNumbersIn('{"n":"4000-0000-0000-0002"}')).toEqual(['4000000000000002']);
    expect(cardNumbersIn('378282246310005')).toEqual(['378282246310005']);
    expect(cardNumbersIn('4242424242424241 +447700900123 2026-11-22 •••• 4242')).toEqual([]);
    // Found in a sandbox authorisation id once: a Luhn-valid run inside an identifier is not a card number.
    expect(cardNumbersIn('iauth_Kx4143198603429Qa 4143198603429_')).toEqual([]);
  });

  it('issues the card once: 409 before KYC, 201 then 200 with the same card, even when asked at once', async () => {
    const { session } = await signUpUser();
    const early = await post<Problem>('/api/cards', session.accessToken);
    expect(early.status).toBe(409);
    expect((await get<Problem>('/api/cards/current', session.accessToken)).status).toBe(404);

    await verifyUser(session.accessToken);
    const results = await Promise.all([1, 2].map(() => post<IssuedCard>('/api/cards', session.accessToken)));
    expect(results.map(({ status }) => status).sort()).toEqual([200, 201]);
    const card = results[0].body;
    expect(card).toEqual({
      brand: 'Visa',
      last4: expect.stringMatching(/^\d{4}$/),
      expMonth: expect.any(Number),
      expYear: expect.any(Number),
      status: 'active',
      spendsFrom: null,
    });
    for (const { body } of results) expect(body).toEqual(card);
    expect(await post<IssuedCard>('/api/cards', session.accessToken)).toMatchObject({
      status: 200,
      body: card,
    });
    expect(await get<IssuedCard>('/api/cards/current', session.accessToken)).toMatchObject({
      status: 200,
      body: card,
    });
  });

  it('spends from the active pot, by name, and follows a change of active pot', async () => {
    const session = await verified();
    const token = session.accessToken;
    await post('/api/cards', token);
    const first = await post<{ id: string; name: string }>('/api/pots', token, { name: 'Lisbon trip' });
    const second = await post<{ id: string; name: string }>('/api/pots', token, { name: 'Flat bills' });
    // The first pot became the active one; a second one does not take its place on its own.
    expect((await get<IssuedCard>('/api/cards/current', token)).body.spendsFrom).toEqual({
      potId: first.body.id,
      name: 'Lisbon trip',
    });
    const set = await call('/api/active-pot', {
      method: 'PUT',
      headers: bearer(token),
      body: { potId: second.body.id },
    });
    expect(set.status).toBe(200);
    expect((await get<IssuedCard>('/api/cards/current', token)).body.spendsFrom).toEqual({
      potId: second.body.id,
      name: 'Flat bills',
    });
  });

  it('freezes and unfreezes idempotently', async () => {
    const { accessToken: token } = await verified();
    const { body: card } = await post<IssuedCard>('/api/cards', token);
    for (const expected of ['inactive', 'inactive'])
      expect(await post<IssuedCard>('/api/cards/current/freeze', token)).toMatchObject({
        status: 200,
        body: { status: expected, last4: card.last4 },
      });
    expect((await get<IssuedCard>('/api/cards/current', token)).body.status).toBe('inactive');
    for (const expected of ['active', 'active'])
      expect(await post<IssuedCard>('/api/cards/current/unfreeze', token)).toMatchObject({
        status: 200,
        body: { status: expected },
      });
  });

  it('has no wallet push-provisioning route, and the card says nothing about wallets', async () => {
    const { accessToken: token } = await verified();
    const { body: card } = await post<IssuedCard>('/api/cards', token);
    expect(card).not.toHaveProperty('walletTypes');
    expect(
      await post('/api/cards/current/wallet-provisioning', token, { walletType: 'apple_pay' }),
    ).toMatchObject({ status: 404 });
  });

  it('never lets a stranger see or act on another user’s card', async () => {
    const owner = await verified('Olive Owner');
    const { body: card } = await post<IssuedCard>('/api/cards', owner.accessToken);
    const stranger = await signUpUser();
    const token = stranger.session.accessToken;

    for (const [method, path] of [
      ['GET', '/api/cards/current'],
      ['POST', '/api/cards/current/freeze'],
      ['POST', '/api/cards/current/unfreeze'],
    ] as const) {
      const response = await call(path, { method, headers: bearer(token) });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    expect(await get<IssuedCard>('/api/cards/current', owner.accessToken)).toMatchObject({
      status: 200,
      body: { ...card, status: 'active' },
    });
  });

  it('refuses every route without a session', async () => {
    for (const [method, path] of [
      ['POST', '/api/cards'],
      ['GET', '/api/cards/current'],
      ['POST', '/api/cards/current/freeze'],
      ['POST', '/api/cards/current/unfreeze'],
    ])
      expect((await api(path, { method })).status).toBe(401);
  });

  it('has no full card number in any API answer above, nor in any text column of the issuing schema', async () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(cardNumbersIn(JSON.stringify(answers))).toEqual([]);

    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'issuing' AND table_name <> '_prisma_migrations'
            AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
                 OR (data_type = 'ARRAY' AND udt_name IN ('_text', '_varchar')))`,
      );
      expect(columns.map(({ column_name }) => column_name)).toEqual(
        expect.arrayContaining(['last4', 'stripe_card_id', 'wallet_types']),
      );
      const found: string[] = [];
      for (const { table_name, column_name } of columns) {
        const { rows } = await db.query<{ value: string }>(
          `SELECT "${column_name}"::text AS value FROM issuing."${table_name}" WHERE "${column_name}" IS NOT NULL`,
        );
        for (const { value } of rows)
          for (const number of cardNumbersIn(value)) found.push(`${table_name}.${column_name}: ${number}`);
      }
      expect(found).toEqual([]);
    } finally {
      await db.end();
    }
  });
});

// Hostile text at the gateway's door: a body nested thousands deep on the idempotent commands, and lone
// UTF-16 surrogates in the free text that reaches Postgres (jsonb outbox payloads) or the Stripe SDK.
// Each must be a 400 that names the field, never a 5xx, and never reach the service. Text the services
// shorten themselves must stay well-formed too.
import { randomUUID } from 'node:crypto';

import { api, type ApiResponse } from '../support/api';
import { VALID_BANK_ACCOUNT, VERIFIABLE_KYC } from '../support/onboarding';
import { bearer, type PotDetail, potWithMembers, type User } from '../support/pots';

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

const DEPTH_BOMB = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const OBJECT_DEPTH_BOMB = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

function expectRefused(response: ApiResponse<Problem>, field: string, message: RegExp) {
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
    status: 400,
    type: expect.stringMatching(/application\/problem\+json/),
  });
  expect(response.body.errors).toEqual([{ field, message: expect.stringMatching(message) }]);
}

describe('hostile text through the gateway', () => {
  let pot: PotDetail;
  let owner: User;
  let asOwner: Record<string, string>;
  const memberIds = () => pot.members.map((member) => member.id);

  beforeAll(async () => {
    ({ pot, owner } = await potWithMembers(1, 'Hostile text'));
    asOwner = bearer(owner.session.accessToken);
  });

  describe('a body nested 5,000 deep, with an Idempotency-Key', () => {
    const idempotentCommands = () => [
      `/api/pots/${pot.id}/expenses`,
      `/api/pots/${pot.id}/settlements`,
      `/api/pots/${pot.id}/recurring-expenses`,
      '/api/withdrawals',
      '/api/funding/checkout-sessions',
    ];

    it.each([
      ['arrays', DEPTH_BOMB],
      ['objects', OBJECT_DEPTH_BOMB],
    ])('is refused with a 400 naming the depth on every idempotent command (%s)', async (_label, body) => {
      for (const path of idempotentCommands()) {
        const response = await api<Problem>(path, {
          method: 'POST',
          rawBody: body,
          headers: { ...asOwner, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        });
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expectRefused(response, '(body)', /more than 32 levels deep/);
      }
    });
  });

  describe('a lone surrogate in free text', () => {
    const LONE = ['a\ud800b', 'a\udc00b', 'a\udc00\ud800b'];

    it.each(LONE.map((text) => [JSON.stringify(text), text]))(
      'is refused in the contact form, naming the field (%s)',
      async (_label, text) => {
        const response = await api<Problem>('/api/contact', {
          method: 'POST',
          body: { name: text, email: 'ada@example.com', subject: 'Hello', message: 'Hi' },
        });
        expectRefused(response, 'name', /well-formed/);
      },
    );

    it('is refused in a contact message, naming the field', async () => {
      const response = await api<Problem>('/api/contact', {
        method: 'POST',
        body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'line\n\ud800' },
      });
      expectRefused(response, 'message', /well-formed/);
    });

    it("is refused in an invitee's name", async () => {
      const response = await api<Problem>(`/api/pots/${pot.id}/invitations`, {
        method: 'POST',
        body: { name: 'Ivy \ud800', email: 'ivy@example.com' },
        headers: asOwner,
      });
      expectRefused(response, 'name', /well-formed/);
    });

    it("is refused in an expense's description", async () => {
      const response = await api<Problem>(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: {
          description: 'Dinner \udfff',
          amountPence: 1_000,
          paidFrom: 'member',
          payerMemberId: pot.yourMemberId,
          split: { mode: 'equal', members: memberIds().map((memberId) => ({ memberId })) },
        },
        headers: { ...asOwner, 'idempotency-key': randomUUID() },
      });
      expectRefused(response, 'description', /well-formed/);
    });

    it("is refused in a recurring expense's description", async () => {
      const response = await api<Problem>(`/api/pots/${pot.id}/recurring-expenses`, {
        method: 'POST',
        body: {
          expense: {
            description: 'Groceries \ud83d',
            amountPence: 2_400,
            paidFrom: 'member',
            payerMemberId: pot.yourMemberId,
            split: { mode: 'equal', members: memberIds().map((memberId) => ({ memberId })) },
          },
          frequency: 'weekly',
          startOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        },
        headers: { ...asOwner, 'idempotency-key': randomUUID() },
      });
      expectRefused(response, 'expense.description', /well-formed/);
    });

    it.each([
      ['firstName', { ...VERIFIABLE_KYC, firstName: 'Vera\ud800' }],
      ['lastName', { ...VERIFIABLE_KYC, lastName: '\udc00Verified' }],
      ['address.line1', { ...VERIFIABLE_KYC, address: { ...VERIFIABLE_KYC.address, line1: '1 \ud800 St' } }],
      ['address.city', { ...VERIFIABLE_KYC, address: { ...VERIFIABLE_KYC.address, city: 'Lon\udbffdon' } }],
    ])('is refused in the KYC form, naming %s', async (field, body) => {
      const response = await api<Problem>('/api/onboarding/kyc', { method: 'POST', body, headers: asOwner });
      expectRefused(response, field, /well-formed/);
    });

    it("is refused in the bank account holder's name", async () => {
      const response = await api<Problem>('/api/me/bank-account', {
        method: 'PUT',
        body: { ...VALID_BANK_ACCOUNT, accountHolderName: 'Vera \ud800Verified' },
        headers: asOwner,
      });
      expectRefused(response, 'accountHolderName', /well-formed/);
    });

    it('leaves well-formed text alone: a surrogate pair (an emoji) is text like any other', async () => {
      const response = await api<Problem>(`/api/pots/${pot.id}/invitations`, {
        method: 'POST',
        body: { name: 'Ivy 🌿', email: 'ivy-emoji@example.com' },
        headers: asOwner,
      });
      expect(response.status).toBe(201);
    });
  });

  describe('well-formed text cut short on the way', () => {
    it("keeps an emoji whole where a notification's title is cut, so the expense is recorded", async () => {
      // Notified as `Olive Owner added "<description>" (£10.00)`, cut to 199 characters and an ellipsis:
      // the emoji's first half is the 199th character.
      const prefix = `${owner.credentials.fullName} added "`;
      const description = `${'x'.repeat(198 - prefix.length)}🚢 and the rest`;
      const response = await api<Problem>(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: {
          description,
          amountPence: 1_000,
          paidFrom: 'member',
          payerMemberId: pot.yourMemberId,
          split: { mode: 'equal', members: memberIds().map((memberId) => ({ memberId })) },
        },
        headers: { ...asOwner, 'idempotency-key': randomUUID() },
      });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 201,
        body: expect.anything(),
      });
    });
  });

  describe('a control character', () => {
    it('is refused in a query value, naming it', async () => {
      const response = await api<Problem>(`/api/pots/${pot.id}/statement?month=2026-01%00`, {
        headers: asOwner,
      });
      expectRefused(response, 'month', /control characters/);
    });

    it('is refused in a contact message, except line breaks and tabs', async () => {
      const response = await api<Problem>('/api/contact', {
        method: 'POST',
        body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'ring\u0007ring' },
      });
      expectRefused(response, 'message', /control characters/);
    });
  });
});

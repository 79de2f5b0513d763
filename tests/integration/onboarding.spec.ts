import { api, signUpUser } from '../support/api';
import {
  distinctPhoneNumber,
  type OnboardingStatus,
  untilStripeVerified,
  VALID_BANK_ACCOUNT,
  VERIFIABLE_KYC,
  VERIFICATION_STAYS_PENDING,
  verifyUser,
} from '../support/onboarding';
import { bearer } from '../support/pots';
import { sandboxDeliveries, sandboxStripe } from '../support/stripe';

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

describe('Onboarding: payment account and KYC through the gateway, issuing, auth and the Stripe sandbox', () => {
  it('takes a new user from the form to a verified account, and updates their profile', async () => {
    const { session } = await signUpUser({ fullName: 'Ann Lee' });
    const auth = bearer(session.accessToken);

    const before = await api<OnboardingStatus>('/api/onboarding', { headers: auth });
    expect(before).toMatchObject({ status: 200, body: { step: 'form', account: null, card: null } });

    const created = await api<OnboardingStatus>('/api/onboarding/account', { method: 'POST', headers: auth });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      step: 'form',
      account: { kycStatus: 'pending', status: 'restricted' },
    });

    const verified = await verifyUser(session.accessToken);
    expect(verified).toEqual({
      step: 'card',
      card: null,
      account: {
        id: created.body.account?.id,
        status: 'active',
        kycStatus: 'complete',
        requirements: [],
        pendingVerification: [],
        cardNotReadyReason: null,
        capabilities: { cardIssuing: 'active', transfers: 'active' },
        // verifyUser added the user's own bank account after the KYC step.
        payoutAccountLabel: 'Bank account •••• 9911',
      },
    });
    const me = await api<{ fullName: string }>('/api/me', { headers: auth });
    expect(me.body.fullName).toBe('Vera Verified');
  });

  it('answers 400 naming the field for each broken rule, and 422 with the reason for a failed verification', async () => {
    const { session } = await signUpUser();
    const auth = bearer(session.accessToken);
    const cases: Array<[string, object]> = [
      ['firstName', { ...VERIFIABLE_KYC, firstName: ' ' }],
      ['phoneNumber', { ...VERIFIABLE_KYC, phoneNumber: '+1 202 555 0143' }],
      ['dateOfBirth.day', { ...VERIFIABLE_KYC, dateOfBirth: { day: 31, month: 2, year: 1990 } }],
      [
        'dateOfBirth.year',
        { ...VERIFIABLE_KYC, dateOfBirth: { day: 1, month: 1, year: new Date().getFullYear() - 17 } },
      ],
      [
        'address.postal_code',
        { ...VERIFIABLE_KYC, address: { ...VERIFIABLE_KYC.address, postal_code: '90210' } },
      ],
      ['ssn', { ...VERIFIABLE_KYC, ssn: '123' }],
    ];
    for (const [field, body] of cases) {
      const response = await api<Problem>('/api/onboarding/kyc', { method: 'POST', body, headers: auth });
      expect({ field, status: response.status, fields: response.body.errors?.map((e) => e.field) }).toEqual({
        field,
        status: 400,
        fields: [field],
      });
    }

    // Stripe's test date of birth that fails identity verification.
    const failing = { ...VERIFIABLE_KYC, dateOfBirth: { day: 1, month: 1, year: 1900 } };
    const refused = await api<Problem>('/api/onboarding/kyc', {
      method: 'POST',
      body: failing,
      headers: auth,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      title: 'Failed to update KYC information',
      detail: expect.any(String),
    });
    const status = await api<OnboardingStatus>('/api/onboarding', { headers: auth });
    expect(status.body).toMatchObject({ step: 'form', account: { kycStatus: 'failed' } });
  });

  it('never shows or changes another user’s account', async () => {
    const owner = await signUpUser();
    const stranger = await signUpUser();
    const own = await verifyUser(owner.session.accessToken);

    const theirs = await api<OnboardingStatus>('/api/onboarding', {
      headers: bearer(stranger.session.accessToken),
    });
    expect(theirs.body).toEqual({ step: 'form', account: null, card: null });
    const recreate = await api<Problem>('/api/onboarding/account/recreate', {
      method: 'POST',
      headers: bearer(stranger.session.accessToken),
    });
    expect(recreate.status).toBe(404);
    const after = await api<OnboardingStatus>('/api/onboarding', {
      headers: bearer(owner.session.accessToken),
    });
    expect(after.body).toEqual(own);
  });

  it('recreates the account with card issuing and keeps the user verified, and their bank account', async () => {
    const { session } = await signUpUser();
    const auth = bearer(session.accessToken);
    const before = await verifyUser(session.accessToken);
    const bankBefore = await api<{ bankAccount: { last4: string } | null }>('/api/me/bank-account', {
      headers: auth,
    });
    expect(bankBefore.body.bankAccount?.last4).toBe('9911');
    // Only the last four digits are kept: the number is asked for once more.
    const unasked = await api<Problem>('/api/onboarding/account/recreate', { method: 'POST', headers: auth });
    expect(unasked.status).toBe(400);
    expect(unasked.body.errors?.map(({ field }) => field)).toEqual(['accountNumber']);
    const recreated = await api<OnboardingStatus>('/api/onboarding/account/recreate', {
      method: 'POST',
      body: { accountNumber: VALID_BANK_ACCOUNT.accountNumber },
      headers: auth,
    });
    expect(recreated.status).toBe(200);
    const bankAfter = await api<{ bankAccount: unknown }>('/api/me/bank-account', { headers: auth });
    expect(bankAfter.body).toEqual(bankBefore.body);
    // The new account has the details and the recorded terms; Stripe checks them again.
    expect(recreated.body).toMatchObject({ step: 'card', account: { kycStatus: 'verifying' } });
    expect(recreated.body.account?.id).not.toBe(before.account?.id);
    await expect(untilStripeVerified(session.accessToken)).resolves.toMatchObject({
      account: {
        id: recreated.body.account?.id,
        kycStatus: 'complete',
        capabilities: { cardIssuing: 'active' },
      },
    });
  });

  it('completes onboarding once the virtual card is issued; the account can no longer be replaced', async () => {
    const { session } = await signUpUser();
    const auth = bearer(session.accessToken);
    await verifyUser(session.accessToken);
    const issued = await api<{ last4: string }>('/api/cards', { method: 'POST', headers: auth });
    expect(issued.status).toBe(201);
    const status = await api<OnboardingStatus>('/api/onboarding', { headers: auth });
    expect(status.body).toMatchObject({
      step: 'complete',
      card: { brand: 'Visa', last4: issued.body.last4, status: 'active' },
    });
    const recreate = await api<Problem>('/api/onboarding/account/recreate', {
      method: 'POST',
      headers: auth,
    });
    expect(recreate.status).toBe(409);
  });

  it('shows the terms as due until they are accepted; the form cannot be sent without accepting them', async () => {
    const { session } = await signUpUser();
    const auth = bearer(session.accessToken);
    const created = await api<OnboardingStatus>('/api/onboarding/account', { method: 'POST', headers: auth });
    expect(created.body.account?.requirements).toEqual(
      expect.arrayContaining([
        'tos_acceptance.date',
        'tos_acceptance.ip',
        'card_issuing.tos_acceptance.date',
        'card_issuing.tos_acceptance.ip',
      ]),
    );
    expect(created.body.account?.cardNotReadyReason).toBe(
      'Accept the terms of Stripe, our payment provider, to continue.',
    );
    const { acceptedTerms: _accepted, ...withoutTerms } = VERIFIABLE_KYC;
    const refused = await api<Problem>('/api/onboarding/kyc', {
      method: 'POST',
      body: { ...withoutTerms, phoneNumber: distinctPhoneNumber() },
      headers: auth,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map(({ field }) => field)).toEqual(['acceptedTerms']);

    const accepted = await api<OnboardingStatus>('/api/onboarding/kyc', {
      method: 'POST',
      body: { ...VERIFIABLE_KYC, phoneNumber: distinctPhoneNumber() },
      headers: { ...auth, 'user-agent': 'Mozilla/5.0 (integration)' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.account?.requirements).toEqual([]);
    // Stripe has the acceptance as the gateway saw the request: now, from the client's address and browser.
    const atStripe = await sandboxStripe().accounts.retrieve(created.body.account?.id as string);
    expect(atStripe.tos_acceptance).toMatchObject({
      ip: expect.any(String),
      user_agent: 'Mozilla/5.0 (integration)',
    });
    expect(Math.abs((atStripe.tos_acceptance?.date ?? 0) - Date.now() / 1000)).toBeLessThan(120);
    expect(atStripe.settings?.card_issuing?.tos_acceptance).toMatchObject({
      date: atStripe.tos_acceptance?.date,
    });
  });

  it('offers no card while Stripe keeps card issuing pending, and tells the user why in plain words', async () => {
    const { session } = await signUpUser();
    const auth = bearer(session.accessToken);
    const sent = await api<OnboardingStatus>('/api/onboarding/kyc', {
      method: 'POST',
      body: {
        ...VERIFIABLE_KYC,
        phoneNumber: distinctPhoneNumber(),
        address: { ...VERIFIABLE_KYC.address, line1: VERIFICATION_STAYS_PENDING },
      },
      headers: auth,
    });
    expect(sent.status).toBe(200);
    // Well past the sandbox's verification delay: still being checked.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const status = await api<OnboardingStatus>('/api/onboarding', { headers: auth });
    expect(status.body).toMatchObject({
      step: 'card',
      account: {
        kycStatus: 'verifying',
        capabilities: { cardIssuing: 'pending' },
        pendingVerification: expect.arrayContaining(['individual.dob.day']),
      },
    });
    const reason = status.body.account?.cardNotReadyReason ?? '';
    expect(reason).toMatch(/^Stripe, our payment provider, is checking your details\./);
    expect(reason).not.toMatch(/acct_|individual\.|capabilit/);
    const card = await api<Problem>('/api/cards', { method: 'POST', headers: auth });
    expect(card.status).toBe(409);
    expect(card.body).toMatchObject({ title: 'Card not ready yet', detail: reason });
    expect((await api('/api/cards/current', { headers: auth })).status).toBe(404);
  });

  it("follows Stripe's account.updated, sent to the Connect endpoint with the account id and previous attributes", async () => {
    const { session } = await signUpUser();
    const verified = await verifyUser(session.accessToken);
    const accountId = verified.account?.id as string;
    const { data } = await sandboxStripe().events.list(
      { type: 'account.updated', limit: 100 },
      { stripeAccount: accountId },
    );
    const activated = data.find(
      (event) =>
        (event.data.object as { id: string }).id === accountId &&
        (event.data.previous_attributes as { capabilities?: unknown } | undefined)?.capabilities,
    );
    expect(activated).toMatchObject({
      account: accountId,
      data: {
        object: { id: accountId, capabilities: { card_issuing: 'active' } },
        previous_attributes: { capabilities: { card_issuing: 'pending' } },
      },
    });
    const delivery = (await sandboxDeliveries(activated?.id as string)).find((d) => d.status === 'succeeded');
    expect(delivery).toMatchObject({ response_status: 200 });
    expect(delivery?.endpoint).toMatch(/\/api\/webhooks\/stripe\/connect$/);
  });

  it('refuses every route without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/onboarding'],
      ['POST', '/api/onboarding/account'],
      ['POST', '/api/onboarding/kyc'],
      ['POST', '/api/onboarding/account/recreate'],
    ])
      expect((await api(path, { method })).status).toBe(401);
  });
});

import { CaptureCardPaymentCommand, ReleaseCardHoldCommand } from './card-money';

const capture = {
  transactionId: 'ipi_1',
  potId: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  amountPence: 1200,
  fromHoldPence: 1000,
  description: 'Café Nero',
};
const release = {
  idempotencyKey: 'card-release:ipi_1',
  potId: capture.potId,
  userId: capture.userId,
  amountPence: 300,
  description: 'Café Nero',
};

describe('card captures and releases', () => {
  it('carry the authorisation they belong to', () => {
    expect(CaptureCardPaymentCommand.parse({ ...capture, authorizationId: 'iauth_1' })).toMatchObject({
      authorizationId: 'iauth_1',
    });
    expect(ReleaseCardHoldCommand.parse({ ...release, authorizationId: 'iauth_1' })).toMatchObject({
      authorizationId: 'iauth_1',
    });
  });

  it('are still accepted without it, as the release before sends them', () => {
    expect(CaptureCardPaymentCommand.parse(capture).authorizationId).toBeUndefined();
    expect(ReleaseCardHoldCommand.parse(release).authorizationId).toBeUndefined();
  });

  it('refuse an empty authorisation', () => {
    expect(CaptureCardPaymentCommand.safeParse({ ...capture, authorizationId: '' }).success).toBe(false);
    expect(ReleaseCardHoldCommand.safeParse({ ...release, authorizationId: '' }).success).toBe(false);
  });
});

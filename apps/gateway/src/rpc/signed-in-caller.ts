import type { IssuingCaller, PaymentsCaller, PotsCaller } from '@kitty/contracts';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';

/** The signed-in user as the commands of pots, payments and issuing name them (the same three fields). */
export type SignedInCaller = PotsCaller & PaymentsCaller & IssuingCaller;

/** Every command on behalf of the signed-in user carries them, so services check what they may do. */
export function signedInCaller(user: AuthenticatedUser): SignedInCaller {
  return { userId: user.id, email: user.email, name: user.name };
}

import type { IssuingCaller, PaymentsCaller, PotsCaller } from '@kitty/contracts';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';

/** The signed-in user as the commands of pots, payments and issuing name them. */
export type SignedInCaller = PotsCaller & PaymentsCaller & IssuingCaller;

/**
 * Every command on behalf of the signed-in user carries them, so services check what they may do; and
 * `emailVerified` when this request confirmed it (RequiresVerifiedEmail), which e-mailing others needs.
 */
export function signedInCaller(user: AuthenticatedUser): SignedInCaller {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    ...(user.emailVerified && { emailVerified: user.emailVerified }),
  };
}

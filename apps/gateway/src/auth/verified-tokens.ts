import type { AccessTokenClaims } from '@kitty/contracts';

/** The claims as verified: the signer adds the expiry (seconds since the epoch). */
export type VerifiedClaims = AccessTokenClaims & { exp?: number };

/** Enough for every session active on one replica within an access token's lifetime. */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Access tokens this replica has verified, with their claims, until they expire: the signature check (an
 * HMAC and a JSON parse per request) becomes one lookup for every request after a session's first. Only a
 * token that passed verification is ever stored, keyed by its exact text, so an altered token misses and is
 * verified (and refused) as before; revocation is still checked on every request by the guard.
 */
export class VerifiedTokens {
  private readonly claimsByToken = new Map<string, VerifiedClaims>();

  constructor(
    private readonly max = VERIFIED_TOKENS_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): VerifiedClaims | undefined {
    const claims = this.claimsByToken.get(token);
    if (claims && !this.isLive(claims)) {
      this.claimsByToken.delete(token);
      return undefined;
    }
    return claims;
  }

  remember(token: string, claims: VerifiedClaims): void {
    // Tokens without an expiry are not ours to keep (ours always carry one).
    if (!this.isLive(claims)) return;
    if (this.claimsByToken.size >= this.max) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.claimsByToken.keys().next().value;
      if (oldest !== undefined) this.claimsByToken.delete(oldest);
    }
    this.claimsByToken.set(token, claims);
  }

  private isLive(claims: VerifiedClaims): boolean {
    return typeof claims.exp === 'number' && claims.exp * 1000 > this.now();
  }
}

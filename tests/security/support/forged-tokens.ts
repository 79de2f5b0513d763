import { createHmac } from 'node:crypto';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

function sign(header: object, claims: object, secret: string, hash = 'sha256') {
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
}

export interface AuthVariant {
  label: string;
  headers: Record<string, string>;
  /** Appended to the path (a token in the query string). */
  query?: string;
}

/**
 * Ways to call a signed-in route without a valid session for it: every one must answer 401.
 * `victim` is the access token of the user whose resources are asked for, `attacker` another user's,
 * `signedOut` the token of a session that has since signed out, and `secret` the stack's signing key
 * (when known) to sign tokens that are expired or use another algorithm.
 */
export function authVariants(tokens: {
  victim: string;
  attacker: string;
  signedOut: string;
  secret?: string;
}): AuthVariant[] {
  const victimClaims = claimsOf(tokens.victim);
  const [attackerHeader, , attackerSignature] = tokens.attacker.split('.');
  const now = Math.floor(Date.now() / 1000);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const variants: AuthVariant[] = [
    { label: 'no token', headers: {} },
    { label: 'empty bearer', headers: { authorization: 'Bearer ' } },
    { label: 'garbage bearer', headers: bearer('not.a.token') },
    { label: 'Basic scheme', headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } },
    {
      label: 'alg none',
      headers: bearer(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(victimClaims)}.`),
    },
    { label: 'wrong secret', headers: bearer(sign({ alg: 'HS256', typ: 'JWT' }, victimClaims, 'secret')) },
    {
      label: "victim's claims under the attacker's signature",
      headers: bearer(`${attackerHeader}.${base64url(victimClaims)}.${attackerSignature}`),
    },
    { label: 'signature stripped', headers: bearer(tokens.victim.split('.').slice(0, 2).join('.') + '.') },
    { label: 'signed-out session', headers: bearer(tokens.signedOut) },
    { label: 'token in the query string', headers: {}, query: `access_token=${tokens.victim}` },
    {
      label: 'token in a cookie',
      headers: { cookie: `access_token=${tokens.victim}; token=${tokens.victim}` },
    },
  ];
  if (tokens.secret)
    variants.push(
      {
        label: 'expired',
        headers: bearer(
          sign(
            { alg: 'HS256', typ: 'JWT' },
            { ...victimClaims, iat: now - 3600, exp: now - 1800 },
            tokens.secret,
          ),
        ),
      },
      {
        label: 'HS512 with the right key',
        headers: bearer(sign({ alg: 'HS512', typ: 'JWT' }, victimClaims, tokens.secret, 'sha512')),
      },
    );
  return variants;
}

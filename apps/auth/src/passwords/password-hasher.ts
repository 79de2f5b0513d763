import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher {
  /** Verified against when the e-mail is unknown, so a miss costs as long as a wrong password. */
  private readonly decoy = argon2.hash('decoy-password-for-unknown-accounts', ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) {
      await argon2.verify(await this.decoy, password);
      return false;
    }
    return argon2.verify(hash, password);
  }
}

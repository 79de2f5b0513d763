import { Injectable } from '@nestjs/common';

import { LinkTokenRepository } from './link-token.repository';
import type { Tx } from './user.repository';

@Injectable()
export class PasswordResetTokenRepository extends LinkTokenRepository {
  protected table(tx: Tx) {
    return tx.passwordResetToken;
  }
}

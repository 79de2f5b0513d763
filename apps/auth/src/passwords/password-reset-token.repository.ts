import { Injectable } from '@nestjs/common';

import { LinkTokenRepository } from '../email-verification/link-token.repository';
import type { Tx } from '../users/user.repository';

@Injectable()
export class PasswordResetTokenRepository extends LinkTokenRepository {
  protected table(tx: Tx) {
    return tx.passwordResetToken;
  }
}

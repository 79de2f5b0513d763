import { Injectable } from '@nestjs/common';

import type { Tx } from '../users/user.repository';
import { LinkTokenRepository } from './link-token.repository';

@Injectable()
export class EmailVerificationTokenRepository extends LinkTokenRepository {
  protected table(tx: Tx) {
    return tx.emailVerificationToken;
  }
}

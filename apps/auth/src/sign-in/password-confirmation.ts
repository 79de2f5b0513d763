import { type ConfirmPasswordCommand, WRONG_PASSWORD } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PasswordHasher } from '../passwords/password-hasher';
import { UserRepository } from '../users/user.repository';
import { SignInThrottle } from './sign-in-throttle';

/**
 * Recent authentication before anything sensitive (a new payout bank account, deleting the account): the
 * owner re-enters their password, counted with failed sign-ins so that it cannot be guessed around them.
 */
@Injectable()
export class PasswordConfirmation {
  constructor(
    private readonly users: UserRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
  ) {}

  /** The account's address once the password is right; a 400 naming `password` when it is not. */
  async confirm({ userId, password }: ConfirmPasswordCommand): Promise<{ email: string }> {
    const user = await this.users.findCredentialsById(userId);
    if (!user) throw ProblemError.of(404, 'User not found');
    await this.throttle.assertAllowed(user.email);
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      await this.throttle.recordFailure(user.email);
      throw ProblemError.of(400, 'Wrong password', WRONG_PASSWORD, [
        { field: 'password', message: WRONG_PASSWORD },
      ]);
    }
    return user;
  }
}

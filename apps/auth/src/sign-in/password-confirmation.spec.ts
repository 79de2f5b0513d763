import { problemOf } from '../testing/problem-of';
import { PasswordConfirmation } from './password-confirmation';

const owner = { id: '7f1f2a3e-0000-4000-8000-000000000001', email: 'ada@example.com', fullName: 'Ada' };

function setup() {
  const users = { findCredentialsById: jest.fn().mockResolvedValue({ ...owner, passwordHash: 'the-hash' }) };
  const passwords = { verify: jest.fn() };
  const throttle = { assertAllowed: jest.fn(), recordFailure: jest.fn() };
  const confirmation = new PasswordConfirmation(users as never, passwords as never, throttle as never);
  return { confirmation, users, passwords, throttle };
}

describe('re-entering the password before a sensitive change', () => {
  it('refuses a wrong password under `password` and counts it like a failed sign-in', async () => {
    const { confirmation, passwords, throttle } = setup();
    passwords.verify.mockResolvedValue(false);
    const problem = await problemOf(confirmation.confirm({ userId: owner.id, password: 'guess' }));
    expect(problem).toMatchObject({
      status: 400,
      errors: [{ field: 'password', message: 'Your password is not correct.' }],
    });
    expect(throttle.recordFailure).toHaveBeenCalledWith(owner.email);
  });

  it('refuses without checking once the account is over the sign-in limit', async () => {
    const { confirmation, passwords, throttle } = setup();
    throttle.assertAllowed.mockRejectedValue(new Error('429'));
    await expect(confirmation.confirm({ userId: owner.id, password: 'right' })).rejects.toThrow('429');
    expect(passwords.verify).not.toHaveBeenCalled();
  });

  it('accepts the right password, counts nothing and names the account', async () => {
    const { confirmation, passwords, throttle } = setup();
    passwords.verify.mockResolvedValue(true);
    await expect(confirmation.confirm({ userId: owner.id, password: 'right' })).resolves.toMatchObject({
      email: owner.email,
    });
    expect(passwords.verify).toHaveBeenCalledWith('the-hash', 'right');
    expect(throttle.recordFailure).not.toHaveBeenCalled();
  });

  it('is a 404 for an account that no longer exists', async () => {
    const { confirmation, users } = setup();
    users.findCredentialsById.mockResolvedValue(null);
    await expect(problemOf(confirmation.confirm({ userId: owner.id, password: 'x' }))).resolves.toMatchObject(
      {
        status: 404,
      },
    );
  });
});

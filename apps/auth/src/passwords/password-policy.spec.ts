import type { ProblemError } from '@kitty/nest-common';

import { PasswordPolicy } from './password-policy';

const owner = { email: 'ada.lovelace@example.com', fullName: 'Ada Lovelace' };

describe('PasswordPolicy', () => {
  const policy = new PasswordPolicy();

  it.each(['password', '12345678', '        ', 'qwertyuiop', 'Password1!', 'iloveyou123', 'adalovelace'])(
    'refuses the guessable %j',
    (password) => {
      expect(policy.reasonToRefuse(password, owner)).toMatch(/too easy to guess|e-mail/);
    },
  );

  it.each(['ada.lovelace@example.com', 'my-ADA.LOVELACE-secret-2026', 'xx ada.lovelace@EXAMPLE.com xx'])(
    'refuses %j, which contains the e-mail or its local part',
    (password) => {
      expect(policy.reasonToRefuse(password, owner)).toBe(
        'Your password must not contain your e-mail address.',
      );
    },
  );

  it.each(['a-long-enough-password', 'correct horse battery staple', 'Tr0ub4dor&3-kitty'])(
    'accepts %j',
    (password) => {
      expect(policy.reasonToRefuse(password, owner)).toBeNull();
    },
  );

  it('explains the refusal as a 400 naming the password field', () => {
    let problem: ProblemError['problem'] | undefined;
    try {
      policy.assertAcceptable('password', owner);
    } catch (error) {
      problem = (error as ProblemError).problem;
    }
    expect(problem).toMatchObject({
      status: 400,
      title: 'Choose a stronger password',
      errors: [{ field: 'password', message: expect.stringContaining('This is a heavily used password.') }],
    });
  });

  it('ignores a one- or two-letter local part but still refuses the whole address', () => {
    const short = { email: 'al@example.com', fullName: 'Al' };
    expect(policy.reasonToRefuse('saltwater-falcon-ridge', short)).toBeNull();
    expect(policy.reasonToRefuse('al@example.com-1', short)).toBe(
      'Your password must not contain your e-mail address.',
    );
  });
});

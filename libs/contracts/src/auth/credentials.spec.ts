import { SignInRequest, SignUpRequest } from './credentials';

describe('SignUpRequest', () => {
  it('trims the name and normalises the e-mail', () => {
    expect(
      SignUpRequest.parse({ fullName: '  Ada Lovelace ', email: ' Ada@Example.COM ', password: '12345678' }),
    ).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: '12345678',
    });
  });

  it('rejects unknown fields, short passwords and blank names', () => {
    const result = SignUpRequest.safeParse({
      fullName: ' ',
      email: 'a@b.co',
      password: '1234567',
      role: 'admin',
    });
    expect(result.success).toBe(false);
    const codes = result.error!.issues.map((issue) => issue.path.join('.') || issue.code);
    expect(codes).toEqual(expect.arrayContaining(['fullName', 'password', 'unrecognized_keys']));
  });
});

describe('SignInRequest', () => {
  it('does not enforce the sign-up length rule, so old passwords keep working', () => {
    expect(SignInRequest.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(true);
  });
});

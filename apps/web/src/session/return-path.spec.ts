import { authPathFor, returnPathFrom, safeReturnPath } from './return-path';

describe('return paths', () => {
  it.each(['/create-pot', '/pot/42?tab=members#top', '/invite/abc123'])(
    'accepts the relative path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'create-pot',
    '/auth',
    '',
    42,
    null,
  ])('rejects %p', (candidate) => {
    expect(safeReturnPath(candidate)).toBeNull();
  });

  it('builds the auth link with the way back', () => {
    expect(authPathFor('/pot/7?x=1')).toBe('/auth?next=%2Fpot%2F7%3Fx%3D1');
    expect(authPathFor('/')).toBe('/auth');
  });

  it('prefers location state, then ?next=, then home', () => {
    expect(returnPathFrom({ state: { from: '/top-up' }, search: '?next=%2Fonboarding' })).toBe('/top-up');
    expect(returnPathFrom({ state: null, search: '?next=%2Fonboarding' })).toBe('/onboarding');
    expect(returnPathFrom({ state: { from: 'https://evil.example' }, search: '?next=//evil.example' })).toBe(
      '/',
    );
  });
});

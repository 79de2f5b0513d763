import pg from 'pg';

import { breaksConnection, statementNamer } from './pg-adapter';

/** An error as the server sends it. */
const serverError = (code: string) => Object.assign(new pg.DatabaseError('refused', 0, 'error'), { code });

describe('statementNamer', () => {
  it('names one text the same way every time, and two texts differently', () => {
    const name = statementNamer();
    const first = name({ sql: 'SELECT 1' });
    expect(first).toMatch(/^k[\w-]{22}$/);
    expect(name({ sql: 'SELECT 1' })).toBe(first);
    expect(name({ sql: 'SELECT 2' })).not.toBe(first);
  });

  it('stops naming new texts at its bound, and keeps the names it gave', () => {
    const name = statementNamer(2);
    const a = name({ sql: 'SELECT a' });
    const b = name({ sql: 'SELECT b' });
    expect(name({ sql: 'SELECT c' })).toBe('');
    expect(name({ sql: 'SELECT a' })).toBe(a);
    expect(name({ sql: 'SELECT b' })).toBe(b);
  });

  it('keeps names within Postgres identifiers (63 bytes) whatever the length of the text', () => {
    expect(statementNamer()({ sql: `SELECT ${'x, '.repeat(5_000)}1` }).length).toBeLessThanOrEqual(63);
  });
});

describe('breaksConnection', () => {
  it.each(['23505', '22P02', '40001', '40P01', 'KL001', 'P0001', '42703'])(
    'keeps the connection after a statement error (%s)',
    (code) => expect(breaksConnection(serverError(code))).toBe(false),
  );

  it.each(['08006', '08003', '57P01', '57014', '58030', 'XX000', '0A000', '26000'])(
    'closes it after a connection or server failure, or a prepared statement gone stale (%s)',
    (code) => expect(breaksConnection(serverError(code))).toBe(true),
  );

  it.each([
    ['a socket error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['an error without a code', new Error('Connection terminated unexpectedly')],
    ['a look-alike of a statement error', { code: '23505', severity: 'ERROR' }],
    ['nothing', null],
  ])('closes it after %s', (_, error) => expect(breaksConnection(error)).toBe(true));
});

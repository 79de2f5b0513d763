import { ageOn, kycRequestSchema, ukToday } from './kyc';

/** Noon in London on the given day, so the tests do not depend on when they run. */
const londonNoon = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 12));

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+44 7700 900123',
  dateOfBirth: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'sw1a1aa' },
  acceptedTerms: true,
};

type Form = Record<string, unknown>;
const withField = (path: string, value: unknown): Form => {
  const form = structuredClone(valid) as Form;
  const keys = path.split('.');
  let target = form;
  for (const key of keys.slice(0, -1)) target = target[key] as Form;
  const last = keys[keys.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return form;
};

describe('KycRequest', () => {
  const schema = kycRequestSchema(() => londonNoon(2026, 11, 22));
  const fieldsOf = (form: unknown) => {
    const result = schema.safeParse(form);
    if (result.success) return [];
    return result.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys' ? `unknown:${issue.keys.join(',')}` : issue.path.join('.'),
    );
  };

  it('normalises the phone number to +44 and the postcode to its spaced capitals, and defaults GB', () => {
    expect(schema.parse(valid)).toEqual({
      ...valid,
      phoneNumber: '+447700900123',
      address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    });
  });

  it.each([
    ['firstName', undefined],
    ['firstName', '   '],
    ['lastName', undefined],
    ['lastName', ''],
    ['phoneNumber', undefined],
    ['phoneNumber', ''],
    ['dateOfBirth', undefined],
    ['dateOfBirth.day', undefined],
    ['dateOfBirth.month', undefined],
    ['dateOfBirth.year', undefined],
    ['address', undefined],
    ['address.line1', undefined],
    ['address.line1', ' '],
    ['address.city', undefined],
    ['address.postal_code', undefined],
    ['address.postal_code', ''],
    ['acceptedTerms', undefined],
    ['acceptedTerms', false],
  ])('requires %s (given %j)', (path, value) => {
    expect(fieldsOf(withField(path, value))).toEqual([path]);
  });

  it.each([
    ['dateOfBirth.day', 0],
    ['dateOfBirth.day', 32],
    ['dateOfBirth.day', 1.5],
    ['dateOfBirth.month', 0],
    ['dateOfBirth.month', 13],
    ['dateOfBirth.year', 1899],
    ['dateOfBirth.year', '1990'],
  ])('rejects %s = %j', (path, value) => {
    expect(fieldsOf(withField(path, value))).toEqual([path]);
  });

  it.each([
    ['31 February', { day: 31, month: 2, year: 1990 }, 'dateOfBirth.day'],
    ['29 February of a common year', { day: 29, month: 2, year: 1990 }, 'dateOfBirth.day'],
    ['31 April', { day: 31, month: 4, year: 1990 }, 'dateOfBirth.day'],
  ])('rejects %s', (_case, dob, field) => {
    expect(fieldsOf({ ...valid, dateOfBirth: dob })).toEqual([field]);
  });

  it.each([
    ['turns 18 today', { day: 22, month: 11, year: 2008 }, true],
    ['turns 18 tomorrow', { day: 23, month: 11, year: 2008 }, false],
    ['turned 18 a month ago', { day: 22, month: 10, year: 2008 }, true],
    ['turns 18 next month', { day: 22, month: 12, year: 2008 }, false],
    ['is 17 by the year alone', { day: 1, month: 1, year: 2009 }, false],
    ['was born in 1900', { day: 1, month: 1, year: 1900 }, true],
  ])('age on 22 Nov 2026: someone who %s is accepted=%s', (_case, dob, accepted) => {
    expect(fieldsOf({ ...valid, dateOfBirth: dob })).toEqual(accepted ? [] : ['dateOfBirth.year']);
  });

  it.each([
    // Born 29 Feb 2008: in 2026 (no 29 Feb) the 18th birthday counts from 1 March.
    [londonNoon(2026, 2, 28), false],
    [londonNoon(2026, 3, 1), true],
  ])('a 29 February birthday on %s is 18: %s', (today, accepted) => {
    const onDay = kycRequestSchema(() => today);
    expect(onDay.safeParse({ ...valid, dateOfBirth: { day: 29, month: 2, year: 2008 } }).success).toBe(
      accepted,
    );
  });

  it('counts the age on the UK date, not UTC', () => {
    // 23:30 UTC on 21 June is already 22 June in London (BST).
    expect(ukToday(new Date(Date.UTC(2026, 5, 21, 23, 30)))).toEqual({ year: 2026, month: 6, day: 22 });
    expect(ageOn({ year: 2026, month: 6, day: 22 }, { day: 22, month: 6, year: 2008 })).toBe(18);
  });

  it.each([
    '+447700900123',
    '07700 900123',
    '0044 7700 900123',
    '+44 (0)20 7946 0000'.replace('(0)', ''),
    '020 7946 0000',
  ])('accepts the UK phone number %s', (phoneNumber) => {
    expect(fieldsOf({ ...valid, phoneNumber })).toEqual([]);
  });

  it.each([
    '+1 202 555 0143',
    '7700900123',
    '+44 0770 090012',
    '0770090',
    'phone me',
    '+44 7700 900123 ext 5',
  ])('rejects the phone number %s', (phoneNumber) => {
    expect(fieldsOf({ ...valid, phoneNumber })).toEqual(['phoneNumber']);
  });

  it.each(['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', 'gir 0aa', 'w1a0ax'])(
    'accepts the UK postcode %s',
    (postal_code) => {
      expect(fieldsOf({ ...valid, address: { ...valid.address, postal_code } })).toEqual([]);
    },
  );

  it.each(['90210', 'SW1A', '1AA SW1', 'SW1A 1A', 'ABCDE FGH'])('rejects the postcode %s', (postal_code) => {
    expect(fieldsOf({ ...valid, address: { ...valid.address, postal_code } })).toEqual([
      'address.postal_code',
    ]);
  });

  it('rejects a non-UK country', () => {
    expect(fieldsOf({ ...valid, address: { ...valid.address, country: 'FR' } })).toEqual(['address.country']);
  });

  it.each([
    [{ ...valid, isAdmin: true }, 'unknown:isAdmin'],
    [{ ...valid, address: { ...valid.address, line2: 'Flat 1' } }, 'unknown:line2'],
    [{ ...valid, dateOfBirth: { ...valid.dateOfBirth, hour: 3 } }, 'unknown:hour'],
  ])('rejects unknown fields (%#)', (form, expected) => {
    expect(fieldsOf(form)).toEqual([expected]);
  });
});

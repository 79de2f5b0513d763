import { z } from 'zod';

import { SignUpRequest } from '../auth';
import { KycRequest } from '../issuing';
import { ContactRequest } from '../notifications';
import { CreateTopUpRequest } from '../payments';
import { CreateExpenseRequest, CreateInvitationRequest, CreatePotRequest, UpdatePotRequest } from '../pots';
import { MultiLineText, SingleLineText } from './fields';

const member = '5b0f3c8e-8a43-4d7e-9d43-0d3c3f2d1e11';
const valid = {
  signUp: { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery' },
  contact: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Line one\nLine two\tend' },
  pot: { name: 'Skye trip', location: 'Portree', members: [{ name: 'Bob', email: 'bob@example.com' }] },
  potUpdate: { name: 'Skye trip', description: 'Two nights\nin May' },
  invitation: { name: 'Bob', email: 'bob@example.com' },
  expense: {
    description: 'Fuel',
    amountPence: 1000,
    paidFrom: 'pot',
    split: { mode: 'equal', members: [{ memberId: member }] },
  },
  kyc: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '+44 7700 900123',
    dateOfBirth: { day: 10, month: 12, year: 1980 },
    address: { line1: '1 High Street', city: 'London', postal_code: 'SW1A 1AA' },
    acceptedTerms: true,
  },
  topUp: { amountPence: 1000, recipients: ['bob@example.com'], message: 'Thanks!\nSee you' },
};

/** The 14 free-text fields a user types into: schema, a valid body, the path of the field. */
const FIELDS: [string, z.ZodType, Record<string, unknown>, (string | number)[]][] = [
  ['sign-up full name', SignUpRequest, valid.signUp, ['fullName']],
  ['contact name', ContactRequest, valid.contact, ['name']],
  ['contact subject', ContactRequest, valid.contact, ['subject']],
  ['contact message', ContactRequest, valid.contact, ['message']],
  ['pot name', CreatePotRequest, valid.pot, ['name']],
  ['pot location', CreatePotRequest, valid.pot, ['location']],
  ['pot member name', CreatePotRequest, valid.pot, ['members', 0, 'name']],
  ['pot description', UpdatePotRequest, valid.potUpdate, ['description']],
  ['invitation name', CreateInvitationRequest, valid.invitation, ['name']],
  ['expense description', CreateExpenseRequest, valid.expense, ['description']],
  ['KYC first name', KycRequest, valid.kyc, ['firstName']],
  ['KYC last name', KycRequest, valid.kyc, ['lastName']],
  ['KYC address line', KycRequest, valid.kyc, ['address', 'line1']],
  ['KYC city', KycRequest, valid.kyc, ['address', 'city']],
  ['top-up message', CreateTopUpRequest, valid.topUp, ['message']],
];

function withValue(body: Record<string, unknown>, path: (string | number)[], value: string) {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

describe('free-text fields', () => {
  it.each(FIELDS)('%s: the valid body passes', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
  });

  it.each(FIELDS)(
    '%s: a NUL, ESC, DEL, C1 or bidi override character is refused on that field',
    (_name, schema, body, path) => {
      const hostiles = [
        'Ada\u0000Lovelace',
        'Ada\u001b[31m',
        'Ada\u007f',
        'Ada\u0085x',
        '\u0000',
        'Ada\u202egnp.exe',
        'a\u2066b',
      ];
      for (const hostile of hostiles) {
        const result = schema.safeParse(withValue(body, path, hostile));
        expect(result.success).toBe(false);
        expect(result.error?.issues).toEqual([
          expect.objectContaining({ path, message: expect.stringMatching(/control characters/) }),
        ]);
      }
    },
  );
});

describe('SingleLineText and MultiLineText', () => {
  it('single-line text refuses line breaks and tabs inside; trims them at the ends', () => {
    const text = SingleLineText();
    expect(text.safeParse('two\nlines').success).toBe(false);
    expect(text.safeParse('tab\there').success).toBe(false);
    expect(text.parse('  pasted with a newline\n')).toBe('pasted with a newline');
  });

  it('multi-line text keeps line breaks and tabs, refuses the rest', () => {
    const text = MultiLineText();
    expect(text.parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(text.safeParse('bell\u0007').success).toBe(false);
    expect(text.safeParse('nul\u0000').success).toBe(false);
    expect(text.safeParse('line one\nread \u202eright to left').success).toBe(false);
  });

  it('accepts the rest of Unicode: accents, emoji, right-to-left text', () => {
    expect(SingleLineText().parse('Zoë 🎉 שלום')).toBe('Zoë 🎉 שלום');
  });
});

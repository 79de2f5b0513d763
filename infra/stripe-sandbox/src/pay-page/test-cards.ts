/**
 * What the sandbox keeps of a card: never the number or the CVC, only what Stripe itself shows back
 * (brand, last four digits, expiry, funding) and the outcome its test number stands for.
 */
export interface CardSummary {
  brand: 'visa' | 'mastercard' | 'amex' | 'unknown';
  last4: string;
  expMonth: number;
  expYear: number;
  funding: 'credit' | 'debit';
  country: string;
  decline: CardDecline | null;
}

export interface CardDecline {
  code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error';
  declineCode: string;
  message: string;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardInput;

export type CardCheck = { ok: true; card: CardSummary } | { ok: false; field: CardField; message: string };

const declined = (declineCode: string, message = 'Your card was declined.'): CardDecline => ({
  code: 'card_declined',
  declineCode,
  message,
});

interface TestCard {
  funding: CardSummary['funding'];
  country: string;
  decline: CardDecline | null;
}

/** Stripe's published test card numbers that the sandbox honours. */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { funding: 'credit', country: 'US', decline: null },
  '4000056655665556': { funding: 'debit', country: 'US', decline: null },
  '4000008260000000': { funding: 'credit', country: 'GB', decline: null },
  '4000058260000005': { funding: 'debit', country: 'GB', decline: null },
  '5555555555554444': { funding: 'credit', country: 'US', decline: null },
  '5200828282828210': { funding: 'debit', country: 'US', decline: null },
  '378282246310005': { funding: 'credit', country: 'US', decline: null },
  '4000000000000002': { funding: 'credit', country: 'US', decline: declined('generic_decline') },
  '4000000000009995': {
    funding: 'credit',
    country: 'US',
    decline: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000000000009987': { funding: 'credit', country: 'US', decline: declined('lost_card') },
  '4000000000009979': { funding: 'credit', country: 'US', decline: declined('stolen_card') },
  '4000000000000069': {
    funding: 'credit',
    country: 'US',
    decline: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'incorrect_cvc',
      declineCode: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
  '4000000000000119': {
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'processing_error',
      declineCode: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
};

/** Like Stripe in test mode: a real (non-test) card number is declined, never charged. */
const LIVE_CARD_IN_TEST_MODE = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

/** The test card Apple Pay and Google Pay hand over in the sandbox. */
export const WALLET_CARD: Omit<CardSummary, 'expMonth' | 'expYear'> = {
  brand: 'visa',
  last4: '4242',
  funding: 'credit',
  country: 'US',
  decline: null,
};

/**
 * Checks what the card form posted (as Checkout's form would before submitting) and reduces it to a
 * summary. `now` decides whether the expiry is in the past.
 */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  }
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) {
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  }
  const brand = brandOf(number);
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(input.cvc.trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  }
  if (input.name.trim() === '') return { ok: false, field: 'name', message: 'Enter the name on your card.' };
  const test = TEST_CARDS[number];
  return {
    ok: true,
    card: {
      brand,
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
      funding: test?.funding ?? 'credit',
      country: test?.country ?? 'GB',
      decline: test ? test.decline : LIVE_CARD_IN_TEST_MODE,
    },
  };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): CardSummary['brand'] {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/**
 * Web app configuration. The support contacts will come from the server's configuration; until then
 * these are the product defaults (decisions §1).
 */
export const webConfig = {
  productName: 'Kitty',
  supportEmail: 'support@kitty.example',
  supportPhone: '+44 20 7946 0000',
} as const;

/** Support opening hours (spec §9). */
export const supportHours = [
  { days: 'Mon-Fri', hours: '9:00-18:00 GMT' },
  { days: 'Sat', hours: '10:00-16:00' },
  { days: 'Sun', hours: 'Closed' },
] as const;

/** Figures the marketing and legal pages quote (spec §9, decisions §8, §11, §13). */
export const pricing = {
  ukResidentFeePercent: 2,
  internationalFeePercent: 6,
  cardProcessingFee: '2.9% + 30p',
  minTopUp: '£1',
  maxTopUp: '£5,000',
  maxWithdrawal: '£1,000',
} as const;

/** A dialable `tel:` URI for a display-formatted phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

import { penceToPounds } from '@kitty/money';

/**
 * Leaving the app for Stripe's hosted pages, in one place so that component tests can replace it
 * (jsdom cannot navigate).
 */
export const externalNavigation = {
  /**
   * Opens an empty tab now, while the click still counts as a user gesture (a tab opened after the
   * server's answer would be blocked as a pop-up); `goTo` then points it at the checkout page. Null when
   * the browser refused the tab anyway.
   */
  openBlankTab(): { goTo(url: string): void; close(): void } | null {
    const tab = window.open('', '_blank');
    if (!tab) return null;
    // The hosted page must not be able to reach back into this tab (reverse tabnabbing).
    tab.opener = null;
    return {
      goTo: (url) => tab.location.assign(url),
      close: () => tab.close(),
    };
  },
  /** Replaces this page by `url`. */
  assign(url: string): void {
    window.location.assign(url);
  },
};

export type WalletMethod = 'apple_pay' | 'google_pay';

const WALLET_METHOD_DATA: Record<WalletMethod, PaymentMethodData> = {
  apple_pay: {
    supportedMethods: 'https://apple.com/apple-pay',
    data: {
      version: 3,
      merchantIdentifier: 'merchant.kitty',
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa', 'masterCard', 'amex'],
      countryCode: 'GB',
    },
  },
  google_pay: {
    supportedMethods: 'https://google.com/pay',
    data: {
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX'],
          },
        },
      ],
    },
  },
};

/**
 * Whether this device and browser can pay with Apple Pay / Google Pay, asked through the Payment Request
 * API (decisions §12). Any refusal (no API, an unknown method, the browser's rate limit on the question)
 * counts as not available.
 */
export async function canPayWithWallet(method: WalletMethod, totalPence: number): Promise<boolean> {
  if (typeof window.PaymentRequest !== 'function') return false;
  try {
    const request = new PaymentRequest([WALLET_METHOD_DATA[method]], {
      total: { label: 'Kitty', amount: { currency: 'GBP', value: penceToPounds(totalPence) } },
    });
    return await request.canMakePayment();
  } catch {
    return false;
  }
}

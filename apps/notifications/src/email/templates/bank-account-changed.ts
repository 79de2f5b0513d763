import { payoutsAvailableNotice } from '@kitty/contracts';

import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/**
 * A security notice to the account's owner whenever the bank account their withdrawals are paid to is set
 * or changed, so an owner who did not do it can act (and, after a change, before any money can leave).
 */
export const bankAccountChanged: EmailTemplateRenderer<'bank-account-changed'> = (
  { fullName, accountLabel, replaced, payoutsAvailableFrom },
  { publicUrl },
) => {
  const account = new URL('/account#bank-account', publicUrl).toString();
  const reset = new URL('/forgot-password', publicUrl).toString();
  const what = replaced
    ? `The bank account your ${PRODUCT_NAME} withdrawals are paid to was just changed to ${accountLabel}.`
    : `${accountLabel} was just added as the bank account your ${PRODUCT_NAME} withdrawals are paid to.`;
  const wait = payoutsAvailableFrom ? payoutsAvailableNotice(accountLabel, payoutsAvailableFrom) : '';
  return {
    subject: oneLine(`Your ${PRODUCT_NAME} bank account for withdrawals was changed`),
    preheader: 'Not you? Reset your password and contact us now.',
    body: html`<h1 style="margin:0 0 16px;font-size:22px;">Hello ${fullName},</h1>
      <p style="margin:0 0 12px;">${what} ${wait}</p>
      <p style="margin:0 0 12px;">
        If this was not you, reset your password now and contact us: someone may be using your account.
      </p>
      ${button('Check my bank account', account)}`,
    text: `Hello ${fullName},

${what} ${wait}

If this was not you, reset your password now and contact us: someone may be using your account. ${reset}

Your bank account: ${account}`,
  };
};

import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/** Sent at sign-up (and on resend): the account is usable once this link is followed. */
export const verifyEmail: EmailTemplateRenderer<'verify-email'> = ({ fullName, token }, { publicUrl }) => {
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, publicUrl).toString();
  return {
    subject: oneLine(`Confirm your e-mail address for ${PRODUCT_NAME}`),
    preheader: 'One click and your account is ready to add funds and invite friends.',
    body: html`<h1 style="margin:0 0 16px;font-size:22px;">Welcome, ${fullName}!</h1>
      <p style="margin:0 0 12px;">
        Confirm your e-mail address to finish creating your ${PRODUCT_NAME} account. The link works once and
        expires in 24 hours.
      </p>
      ${button('Confirm e-mail address', link)}
      <p style="margin:0;">If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail.</p>`,
    text: `Welcome, ${fullName}!

Confirm your e-mail address to finish creating your ${PRODUCT_NAME} account. The link works once and expires in 24 hours:

${link}

If you did not sign up for ${PRODUCT_NAME}, ignore this e-mail.`,
  };
};

import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/** 'Forgot password?': the link sets a new password once, within 30 minutes. */
export const passwordReset: EmailTemplateRenderer<'password-reset'> = (
  { fullName, token },
  { publicUrl },
) => {
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, publicUrl).toString();
  return {
    subject: oneLine(`Reset your ${PRODUCT_NAME} password`),
    preheader: 'The link works once and expires in 30 minutes.',
    body: html`<h1 style="margin:0 0 16px;font-size:22px;">Hello ${fullName},</h1>
      <p style="margin:0 0 12px;">
        Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one with the button
        below: the link works once and expires in 30 minutes, and every device signed in to your account will
        be signed out.
      </p>
      ${button('Choose a new password', link)}
      <p style="margin:0;">If it was not you, ignore this e-mail: your password is unchanged.</p>`,
    text: `Hello ${fullName},

Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one here (the link works once and expires in 30 minutes, and every device signed in to your account will be signed out):

${link}

If it was not you, ignore this e-mail: your password is unchanged.`,
  };
};

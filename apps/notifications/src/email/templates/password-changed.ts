import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/** Told after every reset or change of password, so an owner who did not do it can act at once. */
export const passwordChanged: EmailTemplateRenderer<'password-changed'> = (
  { fullName, how },
  { publicUrl },
) => {
  const reset = new URL('/forgot-password', publicUrl).toString();
  const what = how === 'reset' ? 'reset with a link sent to this address' : 'changed from your account page';
  const signedOut = how === 'reset' ? 'Every device was signed out.' : 'Your other devices were signed out.';
  return {
    subject: oneLine(`Your ${PRODUCT_NAME} password was changed`),
    preheader: `${signedOut} Not you? Reset it now.`,
    body: html`<h1 style="margin:0 0 16px;font-size:22px;">Hello ${fullName},</h1>
      <p style="margin:0 0 12px;">
        The password of your ${PRODUCT_NAME} account was just ${what}. ${signedOut}
      </p>
      <p style="margin:0 0 12px;">If this was not you, reset your password now and contact us.</p>
      ${button('Reset my password', reset)}`,
    text: `Hello ${fullName},

The password of your ${PRODUCT_NAME} account was just ${what}. ${signedOut}

If this was not you, reset your password now and contact us: ${reset}`,
  };
};

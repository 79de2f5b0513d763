import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/**
 * Sent to the owner of an address when someone signs up with it again: the sign-up itself answers as for
 * a new address (it must not reveal who has an account), so the owner hears about it here.
 */
export const signUpAttempt: EmailTemplateRenderer<'sign-up-attempt'> = ({ fullName }, { publicUrl }) => {
  const signIn = new URL('/auth', publicUrl).toString();
  return {
    subject: oneLine(`Someone tried to create a ${PRODUCT_NAME} account with your e-mail`),
    preheader: 'You already have an account: sign in instead.',
    body: html`<h1 style="margin:0 0 16px;font-size:22px;">Hello ${fullName},</h1>
      <p style="margin:0 0 12px;">
        Someone tried to create a ${PRODUCT_NAME} account with your e-mail address. You already have one, so
        nothing was created. If it was you, sign in instead.
      </p>
      ${button(`Sign in to ${PRODUCT_NAME}`, signIn)}
      <p style="margin:0;">If it was not you, you can ignore this e-mail: your account is unchanged.</p>`,
    text: `Hello ${fullName},

Someone tried to create a ${PRODUCT_NAME} account with your e-mail address. You already have one, so nothing was created. If it was you, sign in instead: ${signIn}

If it was not you, you can ignore this e-mail: your account is unchanged.`,
  };
};

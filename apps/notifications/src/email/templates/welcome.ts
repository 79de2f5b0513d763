import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/** Sent to a new user right after sign-up. */
export const welcome: EmailTemplateRenderer<'welcome'> = ({ fullName }, { publicUrl }) => ({
  subject: oneLine(`Welcome to ${PRODUCT_NAME}, ${fullName}`),
  preheader: 'Your account is ready: create a pot and invite your friends.',
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">Welcome, ${fullName}!</h1>
    <p style="margin:0 0 12px;">
      Your ${PRODUCT_NAME} account is ready. Create a pot, invite your friends with a link and let
      ${PRODUCT_NAME} work out who owes what.
    </p>
    ${button(`Open ${PRODUCT_NAME}`, publicUrl)}
    <p style="margin:0;">See you inside,<br />The ${PRODUCT_NAME} team</p>`,
  text: `Welcome, ${fullName}!

Your ${PRODUCT_NAME} account is ready. Create a pot, invite your friends with a link and let ${PRODUCT_NAME} work out who owes what.

Open ${PRODUCT_NAME}: ${publicUrl}

See you inside,
The ${PRODUCT_NAME} team`,
});

import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

const expiryDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** Sent to someone a pot owner invited: the link joins them to the pot (single use, 7 days). */
export const potInvitation: EmailTemplateRenderer<'pot-invitation'> = ({
  inviteeName,
  inviterName,
  potName,
  inviteUrl,
  expiresAt,
}) => ({
  subject: oneLine(`${inviterName} invited you to the pot "${potName}" on ${PRODUCT_NAME}`),
  preheader: `Join ${potName} to share costs with ${inviterName}.`,
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">Hi ${inviteeName},</h1>
    <p style="margin:0 0 12px;">
      ${inviterName} has invited you to join <strong>${potName}</strong>, a shared pot on ${PRODUCT_NAME}.
      Split costs, see who owes whom and settle up in one place.
    </p>
    ${button('Join the pot', inviteUrl)}
    <p style="margin:0;color:#6b7280;font-size:13px;">
      This link works once and expires on ${expiryDate(expiresAt)}. If you weren't expecting it, you can
      ignore this e-mail.
    </p>`,
  text: `Hi ${inviteeName},

${inviterName} has invited you to join "${potName}", a shared pot on ${PRODUCT_NAME}.

Join the pot: ${inviteUrl}

This link works once and expires on ${expiryDate(expiresAt)}. If you weren't expecting it, you can ignore this e-mail.`,
});

import { html, multiline } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/**
 * Sent to each address a member asked to top up their pot or wallet. The link opens Add Funds with the
 * destination chosen; the message is optional, so its block only appears when there is one.
 */
export const topUpRequest: EmailTemplateRenderer<'top-up-request'> = ({
  requesterName,
  amount,
  message,
  targetName,
  topUpUrl,
}) => {
  const note = message.trim();
  return {
    subject: oneLine(`${requesterName} asked you to top up ${targetName}`),
    preheader: `${requesterName} asked you to add ${amount} to ${targetName} on ${PRODUCT_NAME}.`,
    body: html`<h1 style="margin:0 0 16px;font-size:22px;">A top-up request for ${targetName}</h1>
      <p style="margin:0 0 12px;">
        ${requesterName} asked you to add <strong>${amount}</strong> to <strong>${targetName}</strong> on
        ${PRODUCT_NAME}.
      </p>
      ${
        note
          ? html`<div style="margin:0 0 12px;padding:16px;background:#f6f8f7;border-radius:8px;">
              ${multiline(note)}
            </div>`
          : ''
      }
      ${button(`Add ${amount}`, topUpUrl)}
      <p style="margin:0;color:#6b7280;font-size:13px;">
        If you don't know ${requesterName}, you can ignore this e-mail: nothing is charged unless you pay.
      </p>`,
    text: `${requesterName} asked you to add ${amount} to ${targetName} on ${PRODUCT_NAME}.
${note ? `\n${note}\n` : ''}
Add ${amount}: ${topUpUrl}

If you don't know ${requesterName}, you can ignore this e-mail: nothing is charged unless you pay.`,
  };
};

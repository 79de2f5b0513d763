import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/**
 * 'Remind' on a pot's settle-up plan: the person who is owed (or the pot's owner) nudges the
 * debtor, at most once a day for each debt. It names who asked, whom the money is owed to and links to the
 * pot, where the debtor can pay with Kitty or record a payment made elsewhere.
 */
export const potReminder: EmailTemplateRenderer<'pot-reminder'> = ({
  debtorName,
  reminderName,
  creditorName,
  amount,
  potName,
  potUrl,
}) => ({
  subject: oneLine(`${reminderName} reminds you that you owe ${amount} to ${creditorName} in ${potName}`),
  preheader: `You owe ${creditorName} ${amount} in ${potName}. Settle up on ${PRODUCT_NAME}.`,
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">A reminder from ${potName}</h1>
    <p style="margin:0 0 12px;">Hi ${debtorName},</p>
    <p style="margin:0 0 12px;">
      ${reminderName} reminds you that you owe <strong>${amount}</strong> to
      <strong>${creditorName}</strong> in <strong>${potName}</strong> on ${PRODUCT_NAME}.
    </p>
    <p style="margin:0 0 12px;">
      Open the pot to pay from your ${PRODUCT_NAME} wallet, or record a payment you made another way.
    </p>
    ${button('Settle up', potUrl)}
    <p style="margin:0;color:#6b7280;font-size:13px;">
      Members of a pot can remind each other of a debt at most once a day. If you have already paid, record
      the payment in the pot so the reminders stop.
    </p>`,
  text: `Hi ${debtorName},

${reminderName} reminds you that you owe ${amount} to ${creditorName} in ${potName} on ${PRODUCT_NAME}.

Open the pot to pay from your ${PRODUCT_NAME} wallet, or record a payment you made another way: ${potUrl}

Members of a pot can remind each other of a debt at most once a day. If you have already paid, record the payment in the pot so the reminders stop.`,
});

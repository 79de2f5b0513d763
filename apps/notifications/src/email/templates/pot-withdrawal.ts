import { html } from './html';
import { button, PRODUCT_NAME } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/**
 * Sent to every other member when money is withdrawn from their pot: the group always knows
 * where its money went, whoever withdrew it.
 */
export const potWithdrawal: EmailTemplateRenderer<'pot-withdrawal'> = ({
  memberName,
  withdrawerName,
  amount,
  potName,
  potUrl,
}) => ({
  subject: oneLine(`${withdrawerName} withdrew ${amount} from ${potName}`),
  preheader: `${withdrawerName} withdrew ${amount} from ${potName} to their bank account.`,
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">Money withdrawn from ${potName}</h1>
    <p style="margin:0 0 12px;">Hi ${memberName},</p>
    <p style="margin:0 0 12px;">
      ${withdrawerName} withdrew <strong>${amount}</strong> from <strong>${potName}</strong> to their bank
      account on ${PRODUCT_NAME}.
    </p>
    ${button('See the pot', potUrl)}
    <p style="margin:0;color:#6b7280;font-size:13px;">
      You get this e-mail for every withdrawal from a pot you are in. If it was not agreed, talk to your group
      or reply to this e-mail.
    </p>`,
  text: `Hi ${memberName},

${withdrawerName} withdrew ${amount} from ${potName} to their bank account on ${PRODUCT_NAME}.

See the pot: ${potUrl}

You get this e-mail for every withdrawal from a pot you are in. If it was not agreed, talk to your group or reply to this e-mail.`,
});

import { html } from './html';
import { button, detailRow } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/**
 * Any notification its user chose to have by e-mail, with the way to stop them; a record's facts (a
 * top-up's receipt) as a table.
 */
export const notification: EmailTemplateRenderer<'notification'> = ({
  fullName,
  title,
  body,
  details = [],
  url,
  preferencesUrl,
}) => ({
  subject: oneLine(title),
  preheader: body || title,
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">${title}</h1>
    <p style="margin:0 0 12px;">Hi ${fullName},</p>
    <p style="margin:0 0 12px;">${body}</p>
    ${
      details.length > 0
        ? html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 0;">
            ${details.map(({ label, value }) => detailRow(label, value))}
          </table>`
        : ''
    }
    ${button('Open Kitty', url)}
    <p style="margin:0;color:#6b7280;font-size:13px;">
      You get this e-mail because this kind of notification is on for e-mail.
      <a href="${preferencesUrl}" style="color:#6b7280;">Choose which e-mails you get</a>.
    </p>`,
  text: `Hi ${fullName},

${title}
${body ? `\n${body}\n` : ''}${details.length > 0 ? `\n${details.map(({ label, value }) => `${label}: ${value}`).join('\n')}\n` : ''}
Open Kitty: ${url}

You get this e-mail because this kind of notification is on for e-mail. Choose which e-mails you get: ${preferencesUrl}`,
});

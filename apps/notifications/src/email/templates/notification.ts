import { html } from './html';
import { button } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/** Any notification its user chose to have by e-mail, with the way to stop them. */
export const notification: EmailTemplateRenderer<'notification'> = ({
  fullName,
  title,
  body,
  url,
  preferencesUrl,
}) => ({
  subject: oneLine(title),
  preheader: body || title,
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">${title}</h1>
    <p style="margin:0 0 12px;">Hi ${fullName},</p>
    <p style="margin:0 0 12px;">${body}</p>
    ${button('Open Kitty', url)}
    <p style="margin:0;color:#6b7280;font-size:13px;">
      You get this e-mail because this kind of notification is on for e-mail.
      <a href="${preferencesUrl}" style="color:#6b7280;">Choose which e-mails you get</a>.
    </p>`,
  text: `Hi ${fullName},

${title}
${body ? `\n${body}\n` : ''}
Open Kitty: ${url}

You get this e-mail because this kind of notification is on for e-mail. Choose which e-mails you get: ${preferencesUrl}`,
});

import { html, multiline } from './html';
import { BRAND, detailRow } from './layout';
import { type EmailTemplateRenderer, oneLine } from './template';

/** A contact-form message, sent to support; replying answers the sender. */
export const contactReceived: EmailTemplateRenderer<'contact-received'> = (message) => ({
  subject: oneLine(`Contact form: ${message.subject}`),
  preheader: `From ${message.name} <${message.email}>`,
  body: html`<h1 style="margin:0 0 16px;font-size:22px;">New contact message</h1>
    <table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;font-size:15px;">
      ${detailRow('Name', message.name)}
      ${detailRow('Email', html`<a href="mailto:${message.email}" style="color:${BRAND};">${message.email}</a>`)}
      ${detailRow('Subject', oneLine(message.subject))} ${detailRow('Reference', message.contactId)}
    </table>
    <div style="padding:16px;background:#f6f8f7;border-radius:8px;">${multiline(message.message)}</div>
    <p style="margin:20px 0 0;color:#5b6770;font-size:14px;">
      Reply to this e-mail to answer ${message.name} directly.
    </p>`,
  text: `New contact message

Name: ${message.name}
Email: ${message.email}
Subject: ${oneLine(message.subject)}
Reference: ${message.contactId}

${message.message}`,
  replyTo: { name: message.name, address: message.email },
});

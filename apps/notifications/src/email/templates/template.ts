import type { EmailMessage, EmailTemplate } from '@kitty/contracts';

import type { SafeHtml } from './html';

/** Settings every template may use: where links point and how to reach support. */
export interface TemplateContext {
  publicUrl: string;
  supportEmail: string;
  supportPhone: string;
  /** Set for every e-mail but a security notice: the layout shows it as the opt-out link. */
  unsubscribeUrl?: string;
}

/** What a template produces from its data: the layout wraps `body`/`text` into the final e-mail. */
export interface TemplateContent {
  subject: string;
  /** One line shown by inboxes next to the subject. */
  preheader: string;
  body: SafeHtml;
  text: string;
  replyTo?: { name: string; address: string };
}

/** The data each template receives, by template name. */
export type TemplateData = { [T in EmailTemplate]: Extract<EmailMessage, { template: T }>['data'] };

/** One e-mail template: a pure function of the job's data. */
export type EmailTemplateRenderer<T extends EmailTemplate> = (
  data: TemplateData[T],
  context: TemplateContext,
) => TemplateContent;

/** Subjects are one header line: user input with line breaks must not spread over several. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

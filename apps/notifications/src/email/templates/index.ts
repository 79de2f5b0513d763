import type { EmailMessage, EmailTemplate } from '@kitty/contracts';

import { bankAccountChanged } from './bank-account-changed';
import { contactReceived } from './contact-received';
import { renderHtml, renderText } from './layout';
import { notification } from './notification';
import { passwordChanged } from './password-changed';
import { passwordReset } from './password-reset';
import { potInvitation } from './pot-invitation';
import { potReminder } from './pot-reminder';
import { potWithdrawal } from './pot-withdrawal';
import { signUpAttempt } from './sign-up-attempt';
import type { EmailTemplateRenderer, TemplateContent, TemplateContext, TemplateData } from './template';
import { topUpRequest } from './top-up-request';
import { verifyEmail } from './verify-email';
import { welcome } from './welcome';

export type { TemplateContext } from './template';

/**
 * Every template of the EmailMessage contract. Adding one: its schema in the contract, a file beside
 * this one, and a line here (the compiler refuses a template without a renderer).
 */
const TEMPLATES: { [T in EmailTemplate]: EmailTemplateRenderer<T> } = {
  welcome,
  'verify-email': verifyEmail,
  'sign-up-attempt': signUpAttempt,
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  'bank-account-changed': bankAccountChanged,
  'contact-received': contactReceived,
  'pot-invitation': potInvitation,
  'top-up-request': topUpRequest,
  'pot-withdrawal': potWithdrawal,
  'pot-reminder': potReminder,
  notification,
};

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  replyTo: TemplateContent['replyTo'];
}

function renderContent<T extends EmailTemplate>(
  template: T,
  data: TemplateData[T],
  context: TemplateContext,
): TemplateContent {
  return TEMPLATES[template](data, context);
}

/** The e-mail for a job: the template's content inside the branded layout, as HTML and plain text. */
export function renderEmail(message: EmailMessage, context: TemplateContext): RenderedEmail {
  const content = renderContent(message.template, message.data, context);
  return {
    subject: content.subject,
    text: renderText(content, context),
    html: renderHtml(content, context),
    replyTo: content.replyTo,
  };
}

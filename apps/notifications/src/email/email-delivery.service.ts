import { EMAIL_TEMPLATE_KINDS, type EmailMessage } from '@kitty/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { EmailOptOutRepository } from '../email-preferences/email-opt-out.repository';
import { addressHash, unsubscribeToken } from '../email-preferences/unsubscribe-token';
import { Mailer } from './mailer';
import { SentEmailRepository } from './sent-email.repository';
import { renderEmail, type TemplateContext } from './templates';

/** Where an address's unsubscribe links point: the one-click endpoint (RFC 8058), the page, a mailbox. */
export function unsubscribeLinks(
  email: string,
  config: Pick<NotificationsConfig, 'PUBLIC_URL' | 'SUPPORT_EMAIL' | 'EMAIL_LINK_SECRET'>,
) {
  const token = unsubscribeToken(email, config.EMAIL_LINK_SECRET);
  return {
    oneClick: new URL(`/api/email-preferences/unsubscribe?token=${token}`, config.PUBLIC_URL).toString(),
    page: new URL(`/unsubscribe?token=${token}`, config.PUBLIC_URL).toString(),
    mailto: `mailto:${config.SUPPORT_EMAIL}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
  };
}

@Injectable()
export class EmailDeliveryService {
  private readonly logger = new Logger(EmailDeliveryService.name);
  private readonly context: TemplateContext;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly sentEmails: SentEmailRepository,
    private readonly mailer: Mailer,
    private readonly optOuts: EmailOptOutRepository,
  ) {
    this.context = {
      publicUrl: config.PUBLIC_URL,
      supportEmail: config.SUPPORT_EMAIL,
      supportPhone: config.SUPPORT_PHONE,
    };
  }

  /**
   * Sends the e-mail of one job once: a job retried after its e-mail went out (the worker died before
   * completing it) finds its record and stops. Only a crash between the SMTP reply and the insert can
   * still send twice, which beats losing the e-mail.
   *
   * Every e-mail but a security notice or a message to support (EMAIL_TEMPLATE_KINDS) carries
   * List-Unsubscribe with one-click (RFC 8058) and a visible opt-out link, and is not sent at all to an
   * address that opted out: the job completes quietly, so whoever caused it learns nothing about the address.
   */
  async deliver(jobId: string, message: EmailMessage): Promise<void> {
    if (await this.sentEmails.wasSent(jobId)) {
      this.logger.log(`E-mail job ${jobId} (${message.template}) was already sent; not sending it again`);
      return;
    }
    const unsubscribable = EMAIL_TEMPLATE_KINDS[message.template] === 'unsubscribable';
    if (unsubscribable && (await this.optOuts.isOptedOut(addressHash(message.to)))) {
      this.logger.log(`E-mail job ${jobId} (${message.template}) not sent: the address opted out`);
      return;
    }
    const links = unsubscribable ? unsubscribeLinks(message.to, this.config) : null;
    const { subject, text, html, replyTo } = renderEmail(
      message,
      links ? { ...this.context, unsubscribeUrl: links.page } : this.context,
    );
    await this.mailer.send({
      to: message.to,
      subject,
      text,
      html,
      replyTo,
      ...(links && {
        headers: {
          'List-Unsubscribe': `<${links.mailto}>, <${links.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    });
    await this.sentEmails.record({ jobId, template: message.template, recipient: message.to });
  }
}

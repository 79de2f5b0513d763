import type { EmailMessage } from '@kitty/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { SentEmailRepository } from '../repositories/sent-email.repository';
import { renderEmail, type TemplateContext } from '../templates';
import { Mailer } from './mailer';

@Injectable()
export class EmailDeliveryService {
  private readonly logger = new Logger(EmailDeliveryService.name);
  private readonly context: TemplateContext;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
    private readonly sentEmails: SentEmailRepository,
    private readonly mailer: Mailer,
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
   */
  async deliver(jobId: string, message: EmailMessage): Promise<void> {
    if (await this.sentEmails.wasSent(jobId)) {
      this.logger.log(`E-mail job ${jobId} (${message.template}) was already sent; not sending it again`);
      return;
    }
    const { subject, text, html, replyTo } = renderEmail(message, this.context);
    await this.mailer.send({ to: message.to, subject, text, html, replyTo });
    await this.sentEmails.record({ jobId, template: message.template, recipient: message.to });
  }
}

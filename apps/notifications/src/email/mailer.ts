import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';

/**
 * The SMTP connections (nodemailer over SMTP_URL); every e-mail goes out from MAIL_FROM. Pooled, one
 * connection per e-mail worker slot: a connection per e-mail cost a TCP handshake, a greeting and EHLO
 * (and TLS on smtps) each time, as much CPU again as the e-mail itself.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    this.transport = createTransport(
      { url: config.SMTP_URL, pool: true, maxConnections: config.EMAIL_WORKER_CONCURRENCY },
      { from: config.MAIL_FROM },
    );
  }

  async send(mail: SendMailOptions): Promise<void> {
    await this.transport.sendMail(mail);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

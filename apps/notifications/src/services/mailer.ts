import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';

/** The SMTP connection (nodemailer over SMTP_URL); every e-mail goes out from MAIL_FROM. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    this.transport = createTransport(config.SMTP_URL, { from: config.MAIL_FROM });
  }

  async send(mail: SendMailOptions): Promise<void> {
    await this.transport.sendMail(mail);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

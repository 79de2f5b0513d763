import { eventually, MAILDEV_URL } from './api';

export interface MaildevEmail {
  subject: string;
  to: { address: string }[];
  replyTo?: { address: string }[];
  text: string;
  html: string;
  /** Every header, names lowercased (MailDev's REST API). */
  headers: Record<string, string>;
}

/** The first e-mail in MailDev to `address` that `matches`, once it has arrived. */
export const mailTo = (address: string, matches: (email: MaildevEmail) => boolean = () => true) =>
  eventually(async () => {
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    return inbox.find((email) => email.to.some((to) => to.address === address) && matches(email));
  });

/** The token of the newest password reset link e-mailed to `address`, once it has arrived. */
export const passwordResetToken = (address: string) =>
  eventually(async () => {
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    const mail = inbox
      .filter(
        (email) =>
          email.to.some((to) => to.address === address) && email.subject === 'Reset your Kitty password',
      )
      .at(-1);
    const token = mail && /\/reset-password\?token=([\w%.~-]+)/.exec(mail.text)?.[1];
    return token ? decodeURIComponent(token) : undefined;
  });

/** Every e-mail in MailDev to `address` so far (no waiting). */
export async function allMailTo(address: string): Promise<MaildevEmail[]> {
  const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
  return inbox.filter((email) => email.to.some((to) => to.address === address.toLowerCase()));
}

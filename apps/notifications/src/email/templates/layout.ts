import { html, type SafeHtml } from './html';
import type { TemplateContent, TemplateContext } from './template';

export const PRODUCT_NAME = 'Kitty';
const TAGLINE = 'One shared pot. A few friends. Zero hassle.';

// Inline styles and tables: many mail clients drop <style> blocks and ignore flexbox.
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
export const BRAND = '#0b6e4f';

/** A call-to-action link styled as a button. */
export function button(label: string, href: string): SafeHtml {
  return html`<p style="margin:28px 0;">
    <a
      href="${href}"
      style="${FONT}display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px;"
      >${label}</a
    >
  </p>`;
}

/** A label and its value, one row of a details table. */
export function detailRow(label: string, value: SafeHtml | string): SafeHtml {
  return html`<tr>
    <td style="padding:8px 16px 8px 0;color:#5b6770;vertical-align:top;white-space:nowrap;">${label}</td>
    <td style="padding:8px 0;vertical-align:top;">${value}</td>
  </tr>`;
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const OPT_OUT_TEXT = "Don't want e-mails from Kitty at this address?";

/** The visible opt-out of every e-mail but a security notice (beside its List-Unsubscribe header). */
function optOutHtml(unsubscribeUrl: string): SafeHtml {
  return html`<p
    style="${FONT}max-width:560px;margin:12px auto 0;color:#5b6770;font-size:12px;line-height:1.6;text-align:center;"
  >
    ${OPT_OUT_TEXT}
    <a href="${unsubscribeUrl}" style="color:${BRAND};">Unsubscribe</a>: only notices about an account's
    security will still reach it.
  </p>`;
}

export function renderHtml(content: TemplateContent, context: TemplateContext): string {
  return html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${content.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f6f8f7;">
        <div style="display:none;max-height:0;overflow:hidden;">${content.preheader}</div>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f8f7;">
          <tr>
            <td align="center" style="padding:32px 12px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;background:#ffffff;border:1px solid #e3e8e6;border-radius:12px;"
              >
                <tr>
                  <td
                    style="${FONT}padding:20px 32px;background:${BRAND};border-radius:12px 12px 0 0;color:#ffffff;font-size:22px;font-weight:700;"
                  >
                    ${PRODUCT_NAME}
                  </td>
                </tr>
                <tr>
                  <td style="${FONT}padding:32px;color:#1f2933;font-size:16px;line-height:1.5;">
                    ${content.body}
                  </td>
                </tr>
              </table>
              <p
                style="${FONT}max-width:560px;margin:24px auto 0;color:#5b6770;font-size:13px;line-height:1.6;text-align:center;"
              >
                Questions? Email
                <a href="mailto:${context.supportEmail}" style="color:${BRAND};">${context.supportEmail}</a>
                or call
                <a href="${telHref(context.supportPhone)}" style="color:${BRAND};">${context.supportPhone}</a
                >.<br />
                ${PRODUCT_NAME} · ${TAGLINE}
              </p>
              ${context.unsubscribeUrl ? optOutHtml(context.unsubscribeUrl) : ''}
            </td>
          </tr>
        </table>
      </body>
    </html> `.markup;
}

export function renderText(content: TemplateContent, context: TemplateContext): string {
  return [
    content.text.trim(),
    '',
    '--',
    `Questions? Email ${context.supportEmail} or call ${context.supportPhone}.`,
    `${PRODUCT_NAME} · ${TAGLINE}`,
    ...(context.unsubscribeUrl ? ['', `${OPT_OUT_TEXT} Unsubscribe: ${context.unsubscribeUrl}`] : []),
    '',
  ].join('\n');
}

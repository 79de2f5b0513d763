import type { FastifyInstance, FastifyReply } from 'fastify';

import { CheckoutSession } from '../checkout/checkout-session.types';
import { CheckoutSessionsService, PaymentOutcome } from '../checkout/checkout-sessions.service';
import { Clock } from '../core/clock';
import { FormObject } from '../core/form-body';
import { Logger } from '../core/logger';
import { StripeApiError } from '../core/stripe-error';
import { FormProblem, renderClosedPage, renderErrorPage, renderPayPage } from './pay-page.view';
import { checkBacs } from './test-bank-accounts';
import { checkCard } from './test-cards';

type WithId = { Params: { id: string } };

const CARD_FIELDS = {
  number: 'card_number',
  expiry: 'card_expiry',
  cvc: 'card_cvc',
  name: 'cardholder_name',
} as const;
const BANK_FIELDS = {
  name: 'account_holder_name',
  email: 'email',
  sortCode: 'sort_code',
  accountNumber: 'account_number',
} as const;
const WALLETS = ['apple_pay', 'google_pay'] as const;

/**
 * The hosted payment page at `checkout.session.url`: plain HTML forms (no script), posted back here. The
 * card number and CVC are checked and dropped inside the card handler; only a summary goes further.
 */
export function registerPayPageRoutes(
  app: FastifyInstance,
  sessions: CheckoutSessionsService,
  clock: Clock,
  logger: Logger,
): void {
  void app.register(
    async (pay) => {
      pay.setErrorHandler((error: Error, request, reply) => {
        if (error instanceof StripeApiError && error.statusCode === 404) {
          return html(
            reply,
            404,
            renderErrorPage('Checkout session not found', 'This payment link is not valid.'),
          );
        }
        if (error instanceof StripeApiError && error.statusCode < 500) {
          return html(reply, error.statusCode, renderErrorPage('Payment not possible', error.message));
        }
        logger.error({ err: error, url: request.url }, 'pay page failed');
        return html(
          reply,
          500,
          renderErrorPage('Something went wrong', 'The sandbox could not process this payment.'),
        );
      });

      pay.get<WithId>('/:id', (request, reply) => {
        const session = sessions.current(request.params.id);
        return showSession(reply, sessions, session, 200);
      });

      pay.post<WithId>('/:id/card', (request, reply) => {
        const form = fields(request.body);
        const session = sessions.current(request.params.id);
        if (session.status !== 'open') return showSession(reply, sessions, session, 409);
        const checked = checkCard(
          {
            number: form(CARD_FIELDS.number),
            expiry: form(CARD_FIELDS.expiry),
            cvc: form(CARD_FIELDS.cvc),
            name: form(CARD_FIELDS.name),
          },
          new Date(clock.now()),
        );
        const keep = {
          [CARD_FIELDS.expiry]: form(CARD_FIELDS.expiry),
          [CARD_FIELDS.name]: form(CARD_FIELDS.name),
        };
        if (!checked.ok) {
          const problem = {
            form: 'card' as const,
            field: CARD_FIELDS[checked.field],
            message: checked.message,
            keep,
          };
          return showSession(reply, sessions, session, 400, problem);
        }
        const outcome = sessions.payByCard(session.id, checked.card, form(CARD_FIELDS.name).trim());
        return answer(reply, sessions, outcome, 'card', keep);
      });

      pay.post<WithId>('/:id/wallet', (request, reply) => {
        const wallet = fields(request.body)('wallet');
        const session = sessions.current(request.params.id);
        if (session.status !== 'open') return showSession(reply, sessions, session, 409);
        if (
          !(WALLETS as readonly string[]).includes(wallet) ||
          !session.payment_method_types.includes('card')
        ) {
          return html(reply, 400, renderErrorPage('Payment not possible', 'This wallet is not available.'));
        }
        const outcome = sessions.payByWallet(session.id, wallet as (typeof WALLETS)[number]);
        return answer(reply, sessions, outcome, 'card');
      });

      pay.post<WithId>('/:id/bank', (request, reply) => {
        const form = fields(request.body);
        const session = sessions.current(request.params.id);
        if (session.status !== 'open') return showSession(reply, sessions, session, 409);
        const input = {
          name: form(BANK_FIELDS.name),
          email: form(BANK_FIELDS.email),
          sortCode: form(BANK_FIELDS.sortCode),
          accountNumber: form(BANK_FIELDS.accountNumber),
        };
        const checked = checkBacs(input);
        if (!checked.ok) {
          const keep = {
            [BANK_FIELDS.name]: input.name,
            [BANK_FIELDS.email]: input.email,
            [BANK_FIELDS.sortCode]: input.sortCode,
          };
          const problem = {
            form: 'bank' as const,
            field: BANK_FIELDS[checked.field],
            message: checked.message,
            keep,
          };
          return showSession(reply, sessions, session, 400, problem);
        }
        return answer(reply, sessions, sessions.payByBacs(session.id, checked.account), 'bank');
      });
    },
    { prefix: '/pay' },
  );
}

/** Completed: 303 to `success_url` as Checkout does. Declined: the page again, with the reason. */
function answer(
  reply: FastifyReply,
  sessions: CheckoutSessionsService,
  outcome: PaymentOutcome,
  form: FormProblem['form'],
  keep?: FormProblem['keep'],
) {
  if (outcome.kind === 'declined') {
    return showSession(reply, sessions, outcome.session, 402, {
      form,
      field: null,
      message: outcome.message,
      keep,
    });
  }
  const location = outcome.redirectUrl ?? `/pay/${encodeURIComponent(outcome.session.id)}`;
  return reply.code(303).header('Location', location).send();
}

function showSession(
  reply: FastifyReply,
  sessions: CheckoutSessionsService,
  session: CheckoutSession,
  status: number,
  problem?: FormProblem,
) {
  if (session.status !== 'open') {
    return html(reply, status, renderClosedPage(session, sessions.successRedirect(session)), session);
  }
  return html(
    reply,
    status,
    renderPayPage({ session, lineItems: sessions.lineItems(session.id), problem }),
    session,
  );
}

function html(reply: FastifyReply, status: number, body: string, session?: CheckoutSession) {
  const redirectOrigins = [session?.success_url, session?.cancel_url]
    .filter((url): url is string => typeof url === 'string')
    .map((url) => new URL(url).origin);
  return reply
    .code(status)
    .header(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        `form-action 'self' ${[...new Set(redirectOrigins)].join(' ')}`.trim(),
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    )
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** A form field as text; anything else (missing, nested) reads as empty. */
function fields(body: unknown): (name: string) => string {
  const form = (typeof body === 'object' && body !== null ? body : {}) as FormObject;
  return (name) => {
    const value = form[name];
    return typeof value === 'string' ? value : '';
  };
}

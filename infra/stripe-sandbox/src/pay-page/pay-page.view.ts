import { CheckoutSession, LineItem } from '../checkout/checkout-session.types';
import { BACS_FAILING_ACCOUNT_NUMBER, BACS_TEST_SORT_CODE } from './test-bank-accounts';

/** A message shown in one of the page's forms after a failed submission. */
export interface FormProblem {
  form: 'card' | 'bank';
  /** The field at fault, or null for a decline that concerns the whole form. */
  field: string | null;
  message: string;
  /** Values worth keeping on the re-rendered form (never the card number or CVC). */
  keep?: Record<string, string>;
}

export interface PayPageModel {
  session: CheckoutSession;
  lineItems: LineItem[];
  problem?: FormProblem;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Pence as pounds, with integer arithmetic only: 123456 → £1,234.56. */
export function formatPence(pence: number): string {
  const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
  return `£${pounds}.${String(pence % 100).padStart(2, '0')}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:960px;margin:0 auto;padding:24px;display:grid;gap:32px;grid-template-columns:1fr}
@media(min-width:800px){main{grid-template-columns:1fr 1fr;padding-top:64px}}
h1{font-size:1.1rem;margin:0 0 4px;color:#4f566b;font-weight:600}
h2{font-size:1rem;margin:0 0 12px}
.badge{display:inline-block;background:#ffde92;color:#7a4a00;font-size:.75rem;font-weight:700;padding:2px 8px;border-radius:4px;letter-spacing:.04em}
.total{font-size:2.25rem;font-weight:700;margin:4px 0 24px}
.items{list-style:none;padding:0;margin:0}
.items li{display:flex;justify-content:space-between;gap:16px;padding:8px 0;border-bottom:1px solid #e3e8ee}
.items .qty{color:#697386;font-size:.875rem}
section.pay{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:24px;display:grid;gap:24px}
form{display:grid;gap:12px;margin:0}
label{display:grid;gap:4px;font-size:.875rem;font-weight:600;color:#3c4257}
input{font:inherit;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;width:100%}
input:focus{outline:3px solid #a4c8ff;border-color:#2f6fed}
input[aria-invalid=true]{border-color:#df1b41}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:12px 16px;cursor:pointer;width:100%}
button:focus-visible{outline:3px solid #a4c8ff;outline-offset:2px}
.primary{background:#0570de;color:#fff}
.wallets{display:grid;gap:8px;grid-template-columns:1fr 1fr}
.apple{background:#000;color:#fff}
.google{background:#fff;color:#3c4043;border:1px solid #dadce0}
.error{color:#df1b41;font-size:.875rem;font-weight:500}
.alert{background:#fde8ec;border:1px solid #f5a3b3;color:#8c1026;border-radius:6px;padding:12px}
.divider{display:flex;align-items:center;gap:12px;color:#697386;font-size:.875rem}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid #e3e8ee}
details{border-top:1px solid #e3e8ee;padding-top:16px}
summary{cursor:pointer;font-weight:600}
details form{margin-top:12px}
.hint{font-size:.8125rem;color:#697386;background:#f6f8fa;border-radius:6px;padding:12px}
.hint code{font-size:.8125rem}
a{color:#0570de}
.status{max-width:480px;margin:64px auto;background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:32px;text-align:center}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function field(options: {
  form: 'card' | 'bank';
  name: string;
  label: string;
  problem?: FormProblem;
  attributes: string;
  value?: string;
}): string {
  const { form, name, label, problem, attributes } = options;
  const id = `${form}-${name}`;
  const error = problem?.form === form && problem.field === name ? problem.message : null;
  const value = options.value ?? problem?.keep?.[name] ?? '';
  return `<label for="${id}">${escapeHtml(label)}
<input id="${id}" name="${name}" ${attributes} value="${escapeHtml(value)}"${
    error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>
${error ? `<span class="error" id="${id}-error">${escapeHtml(error)}</span>` : ''}</label>`;
}

function alertFor(problem: FormProblem | undefined, form: 'card' | 'bank', cancelUrl: string | null): string {
  if (!problem || problem.form !== form || problem.field !== null) return '';
  const cancel = cancelUrl ? ` <a href="${escapeHtml(cancelUrl)}">Cancel and return</a>` : '';
  return `<div class="alert" role="alert">${escapeHtml(problem.message)}${cancel}</div>`;
}

/** The hosted payment page of an open session. */
export function renderPayPage({ session, lineItems, problem }: PayPageModel): string {
  const action = (path: string) => `/pay/${encodeURIComponent(session.id)}/${path}`;
  const acceptsCard = session.payment_method_types.includes('card');
  const acceptsBacs = session.payment_method_types.includes('bacs_debit');
  const total = formatPence(session.amount_total ?? 0);
  const items = lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.description ?? '')}${
          (item.quantity ?? 1) > 1 ? ` <span class="qty">× ${item.quantity}</span>` : ''
        }</span><span>${formatPence(item.amount_total)}</span></li>`,
    )
    .join('');

  const card = acceptsCard
    ? `<div class="wallets" aria-label="Express checkout">
<form method="post" action="${action('wallet')}"><input type="hidden" name="wallet" value="apple_pay"><button class="apple" type="submit">Pay with Apple Pay</button></form>
<form method="post" action="${action('wallet')}"><input type="hidden" name="wallet" value="google_pay"><button class="google" type="submit">Pay with Google Pay</button></form>
</div>
<div class="divider">Or pay with card</div>
<form method="post" action="${action('card')}" aria-labelledby="card-heading" novalidate>
<h2 id="card-heading">Card information</h2>
${alertFor(problem, 'card', session.cancel_url)}
${field({ form: 'card', name: 'card_number', label: 'Card number', problem, value: '', attributes: 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required' })}
<div class="row">
${field({ form: 'card', name: 'card_expiry', label: 'Expiry (MM / YY)', problem, attributes: 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required' })}
${field({ form: 'card', name: 'card_cvc', label: 'CVC', problem, value: '', attributes: 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required' })}
</div>
${field({ form: 'card', name: 'cardholder_name', label: 'Name on card', problem, attributes: 'autocomplete="cc-name" required' })}
<button class="primary" type="submit">Pay ${total}</button>
</form>`
    : '';

  const bank = acceptsBacs
    ? `<details${problem?.form === 'bank' ? ' open' : ''}>
<summary>Pay by bank (Bacs Direct Debit)</summary>
<form method="post" action="${action('bank')}" novalidate>
${alertFor(problem, 'bank', session.cancel_url)}
${field({ form: 'bank', name: 'account_holder_name', label: 'Account holder name', problem, attributes: 'autocomplete="name" required' })}
${field({ form: 'bank', name: 'email', label: 'Email', problem, value: problem?.keep?.email ?? session.customer_email ?? '', attributes: 'type="email" autocomplete="email" required' })}
<div class="row">
${field({ form: 'bank', name: 'sort_code', label: 'Sort code', problem, attributes: 'inputmode="numeric" placeholder="10-88-00" required' })}
${field({ form: 'bank', name: 'account_number', label: 'Account number', problem, value: '', attributes: 'inputmode="numeric" placeholder="00012345" required' })}
</div>
<button class="primary" type="submit">Set up Direct Debit and pay ${total}</button>
</form>
</details>`
    : '';

  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return</a></p>`
    : '';

  return page(
    `Pay ${total}`,
    `<main>
<div>
<h1>Kitty <span class="badge">TEST MODE</span></h1>
<p class="total" aria-label="Total due">${total}</p>
<ul class="items" aria-label="Order summary">${items}</ul>
${cancel}
</div>
<section class="pay" aria-label="Payment">
${card}
${bank}
<p class="hint">Stripe sandbox. Card <code>4242 4242 4242 4242</code> succeeds, <code>4000 0000 0000 0002</code> is declined; any future expiry and any CVC.${
      acceptsBacs
        ? ` Bacs: sort code <code>${BACS_TEST_SORT_CODE}</code>, account <code>00012345</code> succeeds, <code>${BACS_FAILING_ACCOUNT_NUMBER}</code> fails.`
        : ''
    }</p>
</section>
</main>`,
  );
}

/** A session that can no longer be paid: already complete, or expired. */
export function renderClosedPage(session: CheckoutSession, successUrl: string | null): string {
  if (session.status === 'complete') {
    const link = successUrl ? `<p><a href="${escapeHtml(successUrl)}">Return to Kitty</a></p>` : '';
    const text =
      session.payment_status === 'paid'
        ? 'Your payment is complete.'
        : 'Your payment is being processed. You will be notified when it completes.';
    return page(
      'Payment complete',
      `<div class="status" role="status"><h1>Thanks</h1><p>${text}</p>${link}</div>`,
    );
  }
  const link = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Return to Kitty</a></p>`
    : '';
  return page(
    'Session expired',
    `<div class="status" role="status"><h1>This checkout session has expired</h1><p>Start again from Kitty to pay.</p>${link}</div>`,
  );
}

export function renderErrorPage(title: string, message: string): string {
  return page(
    title,
    `<div class="status" role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`,
  );
}

// @ts-check
// Generates stripe-schema.json: Stripe's schema for the operations and events Kitty uses, at the API version
// the installed `stripe` package pins. The source is the package's type declarations, which Stripe
// generates from its OpenAPI description (the package's OPENAPI_VERSION names which one): a property
// without `?` is required, `| null` is nullable, a union of string literals is an enum, and
// `string | Resource` is an expandable reference. Run it after upgrading `stripe`; `--check` fails when
// the committed file is stale.
//   node tests/stripe-conformance/generate-schema.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const outputFile = join(here, 'stripe-schema.json');
const stripeDir = join(root, 'node_modules', 'stripe');

/**
 * Every operation of Stripe's API that Kitty or its tests call, keyed as the sandbox routes it (the
 * recorder writes the same key): [parameters type, response type]. `list:` wraps a type in Stripe's list
 * envelope. Types are named as `Stripe.<name>` in the SDK, or `<file under cjs/resources>#<name>` for the
 * few the SDK does not re-export.
 */
const OPERATIONS = {
  'POST /v1/checkout/sessions': ['Checkout.SessionCreateParams', 'Checkout.Session'],
  'GET /v1/checkout/sessions': ['Checkout.SessionListParams', 'list:Checkout.Session'],
  'GET /v1/checkout/sessions/:id': ['Checkout.SessionRetrieveParams', 'Checkout.Session'],
  'POST /v1/checkout/sessions/:id/expire': ['Checkout.SessionExpireParams', 'Checkout.Session'],
  'GET /v1/checkout/sessions/:id/line_items': ['Checkout.SessionListLineItemsParams', 'list:LineItem'],
  'GET /v1/payment_intents/:id': ['PaymentIntentRetrieveParams', 'PaymentIntent'],
  'GET /v1/payment_methods/:id': ['PaymentMethodRetrieveParams', 'PaymentMethod'],
  'POST /v1/payouts': ['PayoutCreateParams', 'Payout'],
  'GET /v1/payouts': ['PayoutListParams', 'list:Payout'],
  'GET /v1/payouts/:id': ['PayoutRetrieveParams', 'Payout'],
  'POST /v1/accounts': ['AccountCreateParams', 'Account'],
  'GET /v1/accounts': ['AccountListParams', 'list:Account'],
  'GET /v1/accounts/:id': ['AccountRetrieveParams', 'Account'],
  'POST /v1/accounts/:id': ['AccountUpdateParams', 'Account'],
  'POST /v1/accounts/:id/external_accounts': ['AccountCreateExternalAccountParams', 'BankAccount'],
  'GET /v1/accounts/:id/external_accounts': ['AccountListExternalAccountsParams', 'list:BankAccount'],
  'DELETE /v1/accounts/:id/external_accounts/:externalId': [
    'AccountDeleteExternalAccountParams',
    'DeletedBankAccount',
  ],
  'POST /v1/transfers': ['TransferCreateParams', 'Transfer'],
  'GET /v1/transfers': ['TransferListParams', 'list:Transfer'],
  'GET /v1/transfers/:id': ['TransferRetrieveParams', 'Transfer'],
  'POST /v1/transfers/:id/reversals': ['TransferCreateReversalParams', 'TransferReversal'],
  'GET /v1/balance': ['BalanceRetrieveParams', 'Balance'],
  'POST /v1/issuing/cardholders': ['Issuing.CardholderCreateParams', 'Issuing.Cardholder'],
  'GET /v1/issuing/cardholders/:id': ['Issuing.CardholderRetrieveParams', 'Issuing.Cardholder'],
  'POST /v1/issuing/cards': ['Issuing.CardCreateParams', 'Issuing.Card'],
  'GET /v1/issuing/cards/:id': ['Issuing.CardRetrieveParams', 'Issuing.Card'],
  'POST /v1/issuing/cards/:id': ['Issuing.CardUpdateParams', 'Issuing.Card'],
  'GET /v1/issuing/authorizations/:id': ['Issuing.AuthorizationRetrieveParams', 'Issuing.Authorization'],
  'POST /v1/test_helpers/issuing/authorizations': [
    'TestHelpers/Issuing/Authorizations#TestHelpers.Issuing.AuthorizationCreateParams',
    'Issuing.Authorization',
  ],
  'POST /v1/test_helpers/issuing/authorizations/:id/capture': [
    'TestHelpers/Issuing/Authorizations#TestHelpers.Issuing.AuthorizationCaptureParams',
    'Issuing.Authorization',
  ],
  'POST /v1/test_helpers/issuing/authorizations/:id/reverse': [
    'TestHelpers/Issuing/Authorizations#TestHelpers.Issuing.AuthorizationReverseParams',
    'Issuing.Authorization',
  ],
  'POST /v1/test_helpers/issuing/authorizations/:id/expire': [
    'TestHelpers/Issuing/Authorizations#TestHelpers.Issuing.AuthorizationExpireParams',
    'Issuing.Authorization',
  ],
  'GET /v1/events': ['EventListParams', 'list:Event'],
  'GET /v1/events/:id': ['EventRetrieveParams', 'Event'],
};

/** The webhook events the sandbox delivers and Kitty consumes. */
const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payout.created',
  'payout.updated',
  'payout.paid',
  'payout.failed',
  'account.updated',
  'account.external_account.created',
  'account.external_account.deleted',
  'transfer.created',
  'transfer.reversed',
  'issuing_cardholder.created',
  'issuing_card.created',
  'issuing_card.updated',
  'issuing_authorization.request',
  'issuing_authorization.created',
  'issuing_authorization.updated',
  'issuing_transaction.created',
];

/**
 * Id prefixes by `object`. Not part of the type declarations: these are the prefixes Stripe's API reference
 * shows for each object (test-mode Checkout Sessions are `cs_test_…`).
 */
const ID_PREFIXES = {
  'checkout.session': ['cs_test_'],
  payment_intent: ['pi_'],
  payment_method: ['pm_'],
  payout: ['po_'],
  account: ['acct_'],
  bank_account: ['ba_'],
  transfer: ['tr_'],
  transfer_reversal: ['trr_'],
  'issuing.cardholder': ['ich_'],
  'issuing.card': ['ic_'],
  'issuing.authorization': ['iauth_'],
  'issuing.transaction': ['ipi_'],
  balance_transaction: ['txn_'],
  event: ['evt_'],
  item: ['li_'],
};

/**
 * @typedef {{ nullable?: true } & (
 *   | { type: 'string', enum?: string[], format?: 'decimal' }
 *   | { type: 'number' }
 *   | { type: 'boolean' }
 *   | { type: 'array', items: Schema }
 *   | { type: 'object', properties: Record<string, Schema>, required: string[], additionalProperties?: Schema }
 *   | { type: 'anyOf', anyOf: Schema[] }
 *   | { type: 'ref', $ref: string }
 *   | { type: 'expanded', object: string[] }
 *   | { type: 'event' }
 *   | { type: 'any' }
 * )} Schema
 */

// A probe module inside the repository (so that `stripe` resolves) naming every root type.
const probeFile = join(root, 'tests/stripe-conformance/__probe__.ts');
const rootNames = new Set();
for (const [params, response] of Object.values(OPERATIONS)) {
  rootNames.add(params);
  rootNames.add(response.replace(/^list:/, ''));
}
const aliasOf = (/** @type {string} */ name) => `T_${name.replace(/\W/g, '_')}`;
/** @type {Map<string, string>} module specifier by the namespace it is imported as */
const imports = new Map();
const reference = (/** @type {string} */ name) => {
  const [file, typeName] = name.includes('#') ? name.split('#') : [null, name];
  if (file === null) return `Stripe.${typeName}`;
  const as = `R_${file.replace(/\W/g, '_')}`;
  imports.set(as, relative(dirname(probeFile), join(stripeDir, 'cjs/resources', file)));
  return `${as}.${typeName}`;
};
rootNames.add('Event');
const aliases = [...rootNames].map((name) => `export type ${aliasOf(name)} = ${reference(name)};`);
const probeSource = [
  "import Stripe from 'stripe';",
  ...[...imports].map(([as, file]) => `import type * as ${as} from '${file}';`),
  ...aliases,
].join('\n');

const options = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  esModuleInterop: true,
  skipLibCheck: true,
  types: [],
};
const host = ts.createCompilerHost(options);
const { getSourceFile, fileExists, readFile } = host;
host.getSourceFile = (file, language, ...rest) =>
  file === probeFile
    ? ts.createSourceFile(file, probeSource, language, true)
    : getSourceFile.call(host, file, language, ...rest);
host.fileExists = (file) => file === probeFile || fileExists.call(host, file);
host.readFile = (file) => (file === probeFile ? probeSource : readFile.call(host, file));
const program = ts.createProgram([probeFile], options, host);
const checker = program.getTypeChecker();
const probe = /** @type {import('typescript').SourceFile} */ (program.getSourceFile(probeFile));
const problems = ts.getPreEmitDiagnostics(program, probe);
if (problems.length > 0) {
  for (const d of problems) console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  throw new Error('a type named in OPERATIONS does not exist in the installed stripe package');
}

/** @type {Map<string, import('typescript').Type>} */
const rootTypes = new Map();
for (const statement of probe.statements) {
  if (ts.isTypeAliasDeclaration(statement))
    rootTypes.set(statement.name.text, checker.getTypeAtLocation(statement.name));
}
const typeOf = (/** @type {string} */ name) =>
  /** @type {import('typescript').Type} */ (rootTypes.get(aliasOf(name)));

/** @type {Record<string, Schema>} */
const definitions = {};
/** Resources (by `object`) whose full schema is generated; any other expanded resource is checked by `object` only. */
const fullResources = new Set();

/** The `object` literal(s) of an API resource type, or null when the type is not a resource. */
function resourceObjects(/** @type {import('typescript').Type} */ type) {
  const object = type.getProperty('object');
  if (!object || !type.getProperty('id')) return null;
  const objectType = checker.getTypeOfSymbol(object);
  const literals = (objectType.isUnion() ? objectType.types : [objectType]).filter((t) =>
    t.isStringLiteral(),
  );
  return literals.length > 0
    ? literals.map((t) => /** @type {import('typescript').StringLiteralType} */ (t).value)
    : null;
}

/** A stable, readable definition name: `Checkout/Sessions.Session.AutomaticTax`. */
function definitionName(/** @type {import('typescript').Type} */ type) {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol) return null;
  const name = checker.getFullyQualifiedName(symbol);
  if (name === '__type' || name === '__object' || name.startsWith('__')) return null;
  const args = (type.aliasTypeArguments ?? checker.getTypeArguments(/** @type {any} */ (type)) ?? []).map(
    (t) => definitionName(t) ?? checker.typeToString(t),
  );
  const clean = name.replace(/"[^"]*\/cjs\/resources\/([^"]+)"/, '$1').replace(/"[^"]*\/cjs\/([^"]+)"/, '$1');
  return args.length > 0 ? `${clean}<${args.join(',')}>` : clean;
}

/** The property path being converted, for error messages. */
const trail = /** @type {string[]} */ ([]);
/** @template T @param {string} step @param {() => T} fn @returns {T} */
function within(step, fn) {
  trail.push(step);
  try {
    return fn();
  } finally {
    trail.pop();
  }
}

/** @returns {Schema} */
function convert(/** @type {import('typescript').Type} */ type, depthGuard = 0) {
  if (depthGuard > 60) throw new Error(`type too deep: ${checker.typeToString(type)}`);
  const flags = type.flags;
  if (flags & ts.TypeFlags.Any || flags & ts.TypeFlags.Unknown) return { type: 'any' };
  // Decimal fields travel as decimal strings.
  if (type.aliasSymbol?.getName() === 'Decimal') return { type: 'string', format: 'decimal' };
  if (type.isUnion()) return convertUnion(type.types, depthGuard);
  if (flags & ts.TypeFlags.StringLiteral)
    return { type: 'string', enum: [/** @type {import('typescript').StringLiteralType} */ (type).value] };
  if (flags & ts.TypeFlags.String) return { type: 'string' };
  if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return { type: 'number' };
  if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return { type: 'boolean' };
  // `OtherString` (string & Record<never, never>): any string.
  if (type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.String))
    return { type: 'string' };
  if (checker.isArrayType(type))
    return {
      type: 'array',
      items: convert(checker.getTypeArguments(/** @type {any} */ (type))[0], depthGuard + 1),
    };
  if (flags & ts.TypeFlags.Object) return convertObject(type, depthGuard);
  throw new Error(`unsupported type ${checker.typeToString(type)} at ${trail.join('.')}`);
}

/** @returns {Schema} */
function convertUnion(/** @type {readonly import('typescript').Type[]} */ members, depthGuard = 0) {
  const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
  const rest = members.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
  const hasString = rest.some(
    (t) =>
      t.flags & ts.TypeFlags.String ||
      (t.isIntersection() && t.types.some((m) => m.flags & ts.TypeFlags.String)),
  );
  const literals = rest.filter((t) => t.flags & ts.TypeFlags.StringLiteral);
  const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
  const others = rest.filter(
    (t) =>
      !literals.includes(t) &&
      !booleans.includes(t) &&
      !(t.flags & ts.TypeFlags.String) &&
      !(t.isIntersection() && t.types.some((m) => m.flags & ts.TypeFlags.String)),
  );
  /** @type {Schema[]} */
  const variants = [];
  if (hasString) variants.push({ type: 'string' });
  else if (literals.length > 0)
    variants.push({
      type: 'string',
      enum: literals.map((t) => /** @type {import('typescript').StringLiteralType} */ (t).value).sort(),
    });
  if (booleans.length > 0) variants.push({ type: 'boolean' });
  // A string beside resources is an expandable reference: the id, or the object when expanded.
  const expandable = hasString && others.length > 0 && others.every((t) => resourceObjects(t) !== null);
  for (const other of others) {
    const objects = resourceObjects(other);
    if (expandable && objects && !objects.some((o) => fullResources.has(o))) {
      variants.push({ type: 'expanded', object: objects });
    } else variants.push(convert(other, depthGuard + 1));
  }
  const unique = [...new Map(variants.map((v) => [JSON.stringify(v), v])).values()];
  const schema = unique.length === 1 ? unique[0] : { type: 'anyOf', anyOf: unique };
  return nullable ? { ...schema, nullable: true } : schema;
}

/** @returns {Schema} */
function convertObject(/** @type {import('typescript').Type} */ type, depthGuard = 0) {
  const name = definitionName(type);
  if (name !== null && name in definitions) return { type: 'ref', $ref: name };
  /** @type {Schema} */
  const schema = { type: 'object', properties: {}, required: [] };
  if (name !== null) definitions[name] = schema;
  for (const property of checker.getPropertiesOfType(type)) {
    const propertyName = property.getName();
    // Methods (the SDK's helpers on a few objects) are not on the wire.
    if (property.flags & ts.SymbolFlags.Method) continue;
    const propertyType = checker.getTypeOfSymbol(property);
    // `deleted?: void` marks the live variant of a resource that has a Deleted… twin: never sent.
    if (checker.getNonNullableType(propertyType).flags & (ts.TypeFlags.Void | ts.TypeFlags.Never)) continue;
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    // previous_attributes holds whichever fields changed, as they were: checked as an object only.
    schema.properties[propertyName] =
      propertyName === 'previous_attributes'
        ? { type: 'object', properties: {}, required: [], additionalProperties: { type: 'any' } }
        : within(propertyName, () => convert(propertyType, depthGuard + 1));
    if (!optional) schema.required.push(propertyName);
  }
  const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
  if (index) schema.additionalProperties = convert(index.type, depthGuard + 1);
  return name === null ? schema : { type: 'ref', $ref: name };
}

// Resources Kitty reads in full (roots, the objects its events carry and what it expands) get full schemas.
for (const name of [...rootNames].filter((n) => n !== 'Event')) {
  for (const o of resourceObjects(typeOf(name)) ?? []) fullResources.add(o);
}
const eventUnion = /** @type {import('typescript').Type} */ (rootTypes.get(aliasOf('Event')));
/** @type {Map<string, import('typescript').Type>} */
const eventMembers = new Map();
for (const member of eventUnion.isUnion() ? eventUnion.types : [eventUnion]) {
  const typeSymbol = member.getProperty('type');
  const literal = typeSymbol && checker.getTypeOfSymbol(typeSymbol);
  if (literal?.isStringLiteral()) eventMembers.set(literal.value, member);
}
for (const eventType of EVENT_TYPES) {
  const member = eventMembers.get(eventType);
  if (!member) throw new Error(`${eventType} is not an event type of the installed stripe package`);
  const data = checker.getTypeOfSymbol(
    /** @type {import('typescript').Symbol} */ (member.getProperty('data')),
  );
  const object = checker.getTypeOfSymbol(
    /** @type {import('typescript').Symbol} */ (data.getProperty('object')),
  );
  for (const o of resourceObjects(object) ?? []) fullResources.add(o);
}

/** @type {Record<string, { params: Schema, response: Schema }>} */
const operations = {};
for (const [key, [params, response]] of Object.entries(OPERATIONS)) {
  const itemType = response.replace(/^list:/, '');
  // An event is checked against the schema of its own type (`events` below), not the union of them all.
  const item = itemType === 'Event' ? { type: 'event' } : convert(typeOf(itemType));
  operations[key] = {
    params: convert(typeOf(params)),
    response: response.startsWith('list:')
      ? {
          type: 'object',
          properties: {
            object: { type: 'string', enum: ['list'] },
            data: { type: 'array', items: item },
            has_more: { type: 'boolean' },
            url: { type: 'string' },
          },
          required: ['object', 'data', 'has_more', 'url'],
        }
      : item,
  };
}
/** @type {Record<string, Schema>} */
const events = {};
for (const eventType of EVENT_TYPES)
  events[eventType] = convert(/** @type {import('typescript').Type} */ (eventMembers.get(eventType)));

const sortKeys = (/** @type {Record<string, unknown>} */ record) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
const pkg = JSON.parse(readFileSync(join(stripeDir, 'package.json'), 'utf8'));
const output = `${JSON.stringify(
  {
    $comment: `Generated by ${relative(root, fileURLToPath(import.meta.url))} from the stripe package's type declarations. Do not edit.`,
    source: {
      package: `stripe@${pkg.version}`,
      apiVersion: require('stripe').API_VERSION,
      openapi: readFileSync(join(stripeDir, 'OPENAPI_VERSION'), 'utf8').trim(),
    },
    idPrefixes: ID_PREFIXES,
    operations,
    events,
    definitions: sortKeys(definitions),
  },
  null,
  1,
)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(outputFile, 'utf8');
  } catch {
    // missing: stale by definition
  }
  if (current !== output) {
    console.error(
      'tests/stripe-conformance/stripe-schema.json is stale: run node tests/stripe-conformance/generate-schema.mjs',
    );
    process.exit(1);
  }
} else {
  writeFileSync(outputFile, output);
  console.log(
    `${relative(root, outputFile)}: ${Object.keys(operations).length} operations, ${EVENT_TYPES.length} events, ${Object.keys(definitions).length} definitions`,
  );
}

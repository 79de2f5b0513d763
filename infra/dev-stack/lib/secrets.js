// @ts-check
'use strict';
// Development secrets are generated once and kept in .kitty/secrets.json, so restarting the stack keeps
// sessions valid. Test runs get fresh ones.
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

function freshSecrets() {
  return {
    jwtAccessSecret: randomBytes(48).toString('base64url'),
    opsPassword: randomBytes(24).toString('base64url'),
    // Shaped like a Stripe endpoint secret; the gateway verifies with it what the sandbox signs with it.
    stripeWebhookSecret: `whsec_${randomBytes(32).toString('base64url')}`,
    // The Connect endpoint's own secret: connected accounts' events (payouts to users' banks) are signed with it.
    stripeConnectWebhookSecret: `whsec_${randomBytes(32).toString('base64url')}`,
    // Signs the unsubscribe links in e-mails (notifications); kept so old links keep working.
    emailLinkSecret: randomBytes(48).toString('base64url'),
  };
}

/**
 * @param {string} file
 * @returns {{ jwtAccessSecret: string, opsPassword: string, stripeWebhookSecret: string, stripeConnectWebhookSecret: string, emailLinkSecret: string }}
 */
function loadOrCreateSecrets(file) {
  let stored = {};
  if (fs.existsSync(file)) {
    try {
      stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      throw new Error(`${file} is not valid JSON: fix it or delete it (a new secret will be generated).`);
    }
  }
  const secrets = { ...freshSecrets(), ...stored };
  if (JSON.stringify(secrets) !== JSON.stringify(stored)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

module.exports = { freshSecrets, loadOrCreateSecrets };

// @ts-check
'use strict';
// After the suites of `npm test`: no log line of any Kitty app may hold a card number. Card data lives at
// Stripe (the sandbox here); our services only ever see last4 and expiry, and this proves it stayed so
// through every integration and browser flow of the run.
const fs = require('node:fs');
const path = require('node:path');

/**
 * Runs of 13–19 digits, optionally grouped by single spaces or dashes, as card numbers are written — and
 * standing alone: not part of a longer run, a decimal, or an identifier such as a UUID.
 */
const DIGIT_RUN = /(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w.]|[ -]\d)/g;
/** Issuer prefixes of the schemes Kitty's cards and test cards use (Visa, Mastercard, Amex, Discover). */
const CARD_PREFIX = /^(?:4|5[1-5]|2[2-7]|3[47]|6(?:011|5))/;

/** @param {string} digits */
function luhnValid(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Every card-number-shaped run in `text`: 13–19 digits with a card scheme's prefix that pass the Luhn
 * check. Returned masked (first six, last four), so the audit's own output never repeats a number.
 * @param {string} text
 */
function findCardNumbers(text) {
  /** @type {string[]} */
  const found = [];
  // UUIDs (request ids) can hold an all-digit, Luhn-valid 8-4-4 run: they are never card numbers.
  const withoutUuids = text.replace(
    /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    'uuid',
  );
  for (const match of withoutUuids.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19) continue;
    if (!CARD_PREFIX.test(digits) || !luhnValid(digits)) continue;
    found.push(`${digits.slice(0, 6)}…${digits.slice(-4)}`);
  }
  return found;
}

/**
 * Scans every `*.log` in `dir` (each process of the run writes one).
 * @param {string} dir
 */
function auditLogs(dir) {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .sort();
  /** @type {{ file: string, line: number, masked: string }[]} */
  const findings = [];
  let lines = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    lines += content.length;
    content.forEach((text, index) => {
      for (const masked of findCardNumbers(text)) findings.push({ file, line: index + 1, masked });
    });
  }
  return { files: files.length, lines, findings };
}

module.exports = { auditLogs, findCardNumbers, luhnValid };

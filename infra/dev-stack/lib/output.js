// @ts-check
'use strict';
// Terminal output for the launcher. No dependencies: this runs before `npm ci` has installed anything.
const fs = require('node:fs');

const useColour =
  process.env.NO_COLOR === undefined &&
  (process.env.FORCE_COLOR !== undefined || Boolean(process.stdout.isTTY));

const CODES = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, grey: 90, bold: 1 };
/** @type {(keyof typeof CODES)[]} */
const PREFIX_COLOURS = ['cyan', 'magenta', 'blue', 'green', 'yellow'];

/**
 * @param {keyof typeof CODES} colour
 * @param {string} text
 */
function paint(colour, text) {
  return useColour ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
/** @param {string} text */
function stripAnsi(text) {
  return text.replace(ANSI, '');
}

/** @typedef {Record<'step' | 'info' | 'ok' | 'warn' | 'fail', (text: string) => void>} Say */
/** @type {Say} */
const say = {
  step: (text) => console.log(`${paint('bold', '▸')} ${text}`),
  info: (text) => console.log(`  ${text}`),
  ok: (text) => console.log(`${paint('green', '✔')} ${text}`),
  warn: (text) => console.log(`${paint('yellow', '!')} ${paint('yellow', text)}`),
  fail: (text) => console.error(`${paint('red', '✖')} ${paint('red', text)}`),
};

/**
 * Splits a stream into lines and hands each complete line to `onLine` (a trailing partial line is
 * flushed when the stream ends), so output from several processes never interleaves mid-line.
 * @param {import('node:stream').Readable} stream
 * @param {(line: string) => void} onLine
 */
function forEachLine(stream, onLine) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (/** @type {string} */ chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
    pending = '';
  });
}

/**
 * @param {string[]} names
 * @returns {(name: string) => string}
 */
function prefixer(names) {
  const width = Math.max(0, ...names.map((n) => n.length));
  const colourOf = new Map(names.map((n, i) => [n, PREFIX_COLOURS[i % PREFIX_COLOURS.length]]));
  return (name) => paint(colourOf.get(name) ?? 'grey', `${name.padEnd(width)} │`);
}

const LEVELS = /** @type {const} */ ({
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
});

/**
 * Makes a pino JSON line readable on the terminal (the log file keeps the JSON): time, level, context,
 * message, a request's method/path/status/duration, an error's stack. Other lines pass unchanged.
 * @param {string} line
 */
function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  /** @type {Record<string, any>} */
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number' || typeof entry.time !== 'number') return line;
  const level = LEVELS[/** @type {keyof typeof LEVELS} */ (entry.level)] ?? String(entry.level);
  const time = new Date(entry.time).toISOString().slice(11, 23);
  const request =
    entry.req && entry.res
      ? `${entry.req.method} ${entry.req.url} → ${entry.res.statusCode} (${entry.responseTime} ms)`
      : '';
  const context = entry.context ? `${paint('grey', `[${entry.context}]`)} ` : '';
  const text = [request || entry.msg, entry.err?.stack ?? entry.err?.message].filter(Boolean).join('\n');
  const colouredLevel =
    level === 'info'
      ? paint('green', level)
      : entry.level >= 50
        ? paint('red', level)
        : paint('yellow', level);
  return `${paint('grey', time)} ${colouredLevel} ${context}${text}`;
}

/**
 * @param {string} file
 * @param {number} [lines]
 */
function tail(file, lines = 40) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').filter(Boolean).slice(-lines).join('\n');
  } catch {
    return '(no log written)';
  }
}

/** @param {number} ms */
function formatDuration(ms) {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

module.exports = { paint, stripAnsi, say, forEachLine, prefixer, formatLogLine, tail, formatDuration };

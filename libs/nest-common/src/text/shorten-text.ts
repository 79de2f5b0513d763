/**
 * `text` cut to at most `max` UTF-16 code units without splitting a surrogate pair. Half a pair is not
 * text: Postgres refuses it in jsonb (an outbox payload) and the Stripe SDK cannot encode it, so a plain
 * `slice` through an emoji turns well-formed input into a 500 further down.
 */
export function sliceText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const splitsAPair = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsAPair ? max - 1 : max);
}

/** `text` within `max` code units, ending in `…` when it had to be shortened (see sliceText). */
export function shortenText(text: string, max: number): string {
  return text.length <= max ? text : `${sliceText(text, max - 1)}…`;
}

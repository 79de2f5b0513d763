/** Revision date shown on the terms, privacy and cookie pages; change it whenever their text changes. */
export const LEGAL_TEXT_UPDATED = '22 November 2026';

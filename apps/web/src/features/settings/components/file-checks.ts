import { LOGO_MAX_BYTES, RATE_SHEET_MAX_BYTES, RATE_UPLOAD_MAX_BYTES } from '@parceldesk/shared/constants';
import { BULK_RATE_EXTENSIONS, LOGO_EXTENSIONS, RATE_SHEET_EXTENSIONS, SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';

/**
 * The browser's first look at a chosen file (spec section 5), so a user hears at once that it is
 * the wrong kind or too big. The server checks again, by content as well as by name.
 */
export interface FileRule {
  extensions: readonly string[];
  /** MIME types accepted even when the extension is odd (a logo pasted from a camera roll). */
  mimeTypes?: readonly string[];
  maxBytes: number;
  wrongType: string;
  tooLarge: string;
}

export const LOGO_RULE: FileRule = {
  extensions: LOGO_EXTENSIONS,
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: LOGO_MAX_BYTES,
  wrongType: SETTINGS_MSG.logoNotImage,
  tooLarge: SETTINGS_MSG.logoTooLarge,
};

export const BULK_RATES_RULE: FileRule = {
  extensions: BULK_RATE_EXTENSIONS,
  maxBytes: RATE_UPLOAD_MAX_BYTES,
  wrongType: SETTINGS_MSG.bulkWrongType,
  tooLarge: SETTINGS_MSG.bulkTooLarge,
};

export const RATE_SHEET_RULE: FileRule = {
  extensions: RATE_SHEET_EXTENSIONS,
  maxBytes: RATE_SHEET_MAX_BYTES,
  wrongType: SETTINGS_MSG.rateSheetWrongType,
  tooLarge: SETTINGS_MSG.rateSheetTooLarge,
};

/** The `accept` attribute for a rule's file picker. */
export const acceptOf = (rule: FileRule) => [...(rule.mimeTypes ?? []), ...rule.extensions].join(',');

/** null when the file passes, else the message to show. */
export function checkFile(file: File, rule: FileRule): string | null {
  const name = file.name.toLowerCase();
  const byName = rule.extensions.some((ext) => name.endsWith(ext));
  // Other files are judged by name: their MIME types vary by OS and browser.
  const byType = rule.mimeTypes?.includes(file.type) ?? false;
  if (!byName && !byType) return rule.wrongType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}

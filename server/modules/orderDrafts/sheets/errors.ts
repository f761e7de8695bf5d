/** Why a file could not be read as a dispatch sheet. */
export type SheetUnreadableReason =
  'not_pdf' | 'too_large' | 'encrypted' | 'damaged' | 'no_text' | 'too_many_pages' | 'too_slow';

const MESSAGES: Record<SheetUnreadableReason, string> = {
  not_pdf: 'This file is not a PDF: upload the dispatch sheet or rate confirmation as a PDF.',
  too_large: 'This PDF is larger than 10 MB: a dispatch sheet is a few pages; upload only the sheet.',
  encrypted: 'This PDF is password-protected: save it without a password and upload it again.',
  damaged: 'This PDF is damaged or cut short: download it again from the load board and upload the new copy.',
  no_text:
    'This PDF has no text in it (a scan or a photo): download the sheet from the load board, or enter the load by hand.',
  too_many_pages: 'This PDF has more than 20 pages: upload only the dispatch sheet, not the whole document.',
  too_slow: 'This PDF took too long to read: download it again from the load board, or enter the load by hand.',
};

/** A file refused before anything was read from it, with a message a dispatcher can act on. */
export class SheetUnreadable extends Error {
  override name = 'SheetUnreadable';
  constructor(readonly reason: SheetUnreadableReason) {
    super(MESSAGES[reason]);
  }
}

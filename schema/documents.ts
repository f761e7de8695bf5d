import type { FeatureKey } from './features';

/**
 * Documents (docs/product/tickets.md#documents): scanned tickets, inspection reports and, later, claim papers, kept by
 * the server with the record they belong to (server/modules/documents, ui/documents). This is the vocabulary both sides
 * share: which records may own documents, which files are accepted and how a file's kind is told from its bytes.
 */

export interface DocumentOwnerDefinition {
  /** The owner's table: the record must exist there (and not be deleted) to take a document. */
  table: string;
  /** The feature whose permissions govern the owner's documents: Read to list and download, Update to add and remove. */
  feature: FeatureKey;
  /** How the owner is named in messages ("Citation not found"). */
  label: string;
}

/** The records that own documents, by the `ownerType` the API takes. A new owner is one line here. */
export const DOCUMENT_OWNERS = {
  citation: { table: 'citations', feature: 'TicketManagement', label: 'Citation' },
  inspection: { table: 'inspection_reports', feature: 'TicketManagement', label: 'Inspection report' },
  claim: { table: 'claims', feature: 'ClaimsTracker', label: 'Claim' },
  qualificationItem: {
    table: 'driver_qualification_records',
    feature: 'DriverQualification',
    label: 'Qualification record',
  },
} as const satisfies Record<string, DocumentOwnerDefinition>;

export type DocumentOwnerType = keyof typeof DOCUMENT_OWNERS;
export const DOCUMENT_OWNER_TYPES = Object.keys(DOCUMENT_OWNERS) as DocumentOwnerType[];

export const isDocumentOwnerType = (value: string): value is DocumentOwnerType => Object.hasOwn(DOCUMENT_OWNERS, value);

/** The largest document accepted: a multi-page scan at 300 dpi is a few MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The longest file name kept (the rest of a longer one is cut, its extension kept). */
export const MAX_DOCUMENT_NAME = 200;

export type DocumentContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

export interface DocumentKind {
  contentType: DocumentContentType;
  label: string;
  /** The extensions a file of this kind goes by, the first one given to a name that has none of them. */
  extensions: readonly string[];
  /** The bytes every file of this kind starts with. */
  magic: readonly number[];
}

/** The accepted kinds, told by their first bytes (never by the name or the header the browser sends). */
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  { contentType: 'application/pdf', label: 'PDF', extensions: ['.pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: 'image/jpeg', label: 'JPEG', extensions: ['.jpg', '.jpeg'], magic: [0xff, 0xd8, 0xff] },
  {
    contentType: 'image/png',
    label: 'PNG',
    extensions: ['.png'],
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
];

/** How many leading bytes sniffDocumentType needs. */
export const SNIFF_BYTES = Math.max(...DOCUMENT_KINDS.map((k) => k.magic.length));

/** For a file input's accept attribute. */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_KINDS.flatMap((k) => k.extensions),
  ...DOCUMENT_KINDS.map((k) => k.contentType),
].join(',');

/** "PDF, JPEG or PNG". */
export const ACCEPTED_KINDS_TEXT = `${DOCUMENT_KINDS.slice(0, -1)
  .map((k) => k.label)
  .join(', ')} or ${DOCUMENT_KINDS.at(-1)!.label}`;

export const documentKind = (contentType: string): DocumentKind | undefined =>
  DOCUMENT_KINDS.find((k) => k.contentType === contentType);

/** The kind of a file from its first bytes (at least SNIFF_BYTES of them), or null when it is none we accept. */
export function sniffDocumentType(bytes: Uint8Array): DocumentContentType | null {
  const kind = DOCUMENT_KINDS.find((k) => bytes.length >= k.magic.length && k.magic.every((b, i) => bytes[i] === b));
  return kind?.contentType ?? null;
}

/** The messages both the browser's pre-check and the server give. */
export const documentMessages = {
  wrongType: (fileName?: string) =>
    `${fileName ?? 'The file'} is not a ${ACCEPTED_KINDS_TEXT} file: only these types are accepted, told by the file's content, not its name`,
  tooLarge: (fileName?: string) =>
    `${fileName ?? 'The file'} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB: scan it at a lower resolution or split it`,
  empty: (fileName?: string) => `${fileName ?? 'The file'} is empty`,
};

/** Characters never kept in a name: control characters and the bidirectional overrides that disguise an extension. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"*:<>?|]/g;

/**
 * A file name as it is kept: its last path part only, without control characters, at most MAX_DOCUMENT_NAME
 * characters, and ending in an extension of its kind ("ticket" → "ticket.pdf", "scan.exe" holding a PDF →
 * "scan.exe.pdf"), so that the file downloaded opens as what it is.
 */
export function cleanDocumentName(raw: string, contentType: DocumentContentType): string {
  const kind = documentKind(contentType)!;
  let name = (raw.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  name = name.replace(/^\.+/, '').trim();
  if (!name) name = 'document';
  const lower = name.toLowerCase();
  const extension = kind.extensions.find((e) => lower.endsWith(e)) ?? null;
  const stem = extension ? name.slice(0, name.length - extension.length) : name;
  const suffix = extension ? name.slice(name.length - extension.length) : kind.extensions[0];
  const room = MAX_DOCUMENT_NAME - suffix.length;
  const characters = Array.from(stem);
  return `${characters.length > room ? characters.slice(0, room).join('').trimEnd() : stem}${suffix}`;
}

/** A size as people read it: 512 bytes, 14 KB, 1.2 MB. */
export function documentSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A document as the API answers it (never its bytes: GET /api/Documents/{id}/content sends those). */
export interface DocumentDto {
  id: number;
  ownerType: DocumentOwnerType;
  ownerId: number;
  fileName: string;
  contentType: DocumentContentType;
  sizeBytes: number;
  sha256: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Who added it, by name; null when the user is gone. */
  createdBy: string | null;
}

export const DOCUMENTS_API = '/api/Documents';

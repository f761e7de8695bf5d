import { apiDownload } from '../../dataProvider/download';
import { NO_RESPONSE_MESSAGE, apiFetch, apiUpload, unwrap } from '../../dataProvider/http';
import {
  type DocumentContentType,
  type DocumentDto,
  type DocumentOwnerType,
  DOCUMENTS_API,
  MAX_DOCUMENT_BYTES,
  SNIFF_BYTES,
  documentKind,
  documentMessages,
  documentSize,
  sniffDocumentType,
} from '../../schema/documents';

/** A file chosen in the browser, checked before it is sent: its kind from its first bytes, or why it is refused. */
export type CheckedFile =
  | { file: File; contentType: DocumentContentType; problem?: undefined }
  | { file: File; contentType?: undefined; problem: string };

/**
 * The browser's pre-check, the same rules as the server's (schema/documents): not empty, at most MAX_DOCUMENT_BYTES,
 * and a PDF, JPEG or PNG by its first bytes. The server checks again; this only saves sending a file it would refuse.
 */
export async function checkFile(file: File): Promise<CheckedFile> {
  if (file.size === 0) return { file, problem: documentMessages.empty(file.name) };
  if (file.size > MAX_DOCUMENT_BYTES)
    return { file, problem: `${documentMessages.tooLarge(file.name)} (it is ${documentSize(file.size)})` };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return { file, problem: `${file.name} could not be read` };
  }
  const contentType = sniffDocumentType(head);
  return contentType ? { file, contentType } : { file, problem: documentMessages.wrongType(file.name) };
}

export async function checkFiles(files: Iterable<File>): Promise<{ accepted: CheckedFile[]; refused: Refusal[] }> {
  const checked = await Promise.all([...files].map(checkFile));
  return {
    accepted: checked.filter((c) => !c.problem),
    refused: checked.flatMap((c) => (c.problem ? [{ fileName: c.file.name, message: c.problem }] : [])),
  };
}

export interface Refusal {
  fileName: string;
  /** A whole sentence that names the file ("scan.pdf is not a PDF, JPEG or PNG file…", "scan.pdf: …"). */
  message: string;
}

export const documentsQueryKey = (ownerType: DocumentOwnerType, ownerId: number) =>
  ['documents', ownerType, ownerId] as const;

export async function listDocuments(ownerType: DocumentOwnerType, ownerId: number): Promise<DocumentDto[]> {
  return unwrap<DocumentDto[]>(await apiFetch(DOCUMENTS_API, { query: { ownerType, ownerId } }));
}

export async function removeDocument(id: number): Promise<DocumentDto> {
  return unwrap<DocumentDto>(await apiFetch(`${DOCUMENTS_API}/${id}`, { method: 'DELETE' }));
}

export async function removeAllDocuments(ownerType: DocumentOwnerType, ownerId: number): Promise<number> {
  return unwrap<{ removed: number }>(await apiFetch(DOCUMENTS_API, { method: 'DELETE', query: { ownerType, ownerId } }))
    .removed;
}

/** One file to an owner that exists, with the upload's progress (0–1). */
export async function uploadDocument(
  ownerType: DocumentOwnerType,
  ownerId: number,
  file: File,
  contentType: DocumentContentType,
  onProgress?: (fraction: number) => void,
): Promise<DocumentDto> {
  return unwrap<DocumentDto>(
    await apiUpload(DOCUMENTS_API, file, {
      query: { ownerType, ownerId, fileName: file.name },
      contentType,
      onProgress,
    }),
  );
}

export interface UploadProgress {
  fileName: string;
  /** 0-based position of the file being sent, and how many are sent. */
  index: number;
  count: number;
  /** Of this file, 0–1. */
  fraction: number;
}

export interface UploadOutcome {
  added: DocumentDto[];
  /** Files refused by the pre-check or by the server, each with why. */
  failed: Refusal[];
}

/**
 * Sends files to an owner, one after the other (for a create flow: once the owner has been created). A file refused
 * by the pre-check or the server does not stop the others; the outcome says which were added and why others were not.
 */
export async function uploadDocuments(
  ownerType: DocumentOwnerType,
  ownerId: number,
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { added: [], failed: [] };
  for (const [index, file] of files.entries()) {
    const checked = await checkFile(file);
    if (checked.problem !== undefined) {
      outcome.failed.push({ fileName: file.name, message: checked.problem });
      continue;
    }
    onProgress?.({ fileName: file.name, index, count: files.length, fraction: 0 });
    try {
      outcome.added.push(
        await uploadDocument(ownerType, ownerId, file, checked.contentType, (fraction) =>
          onProgress?.({ fileName: file.name, index, count: files.length, fraction }),
        ),
      );
    } catch (error) {
      outcome.failed.push({
        fileName: file.name,
        message: `${file.name}: ${(error as Error).message || NO_RESPONSE_MESSAGE}`,
      });
    }
  }
  return outcome;
}

/** Downloads a document (fetched with the session's token) as a file named as it was added. */
export async function downloadDocument(document: DocumentDto): Promise<void> {
  await apiDownload(`${DOCUMENTS_API}/${document.id}/content`, document.fileName, { type: document.contentType });
}

/** "PDF", "JPEG", "PNG". */
export const kindLabel = (contentType: string) => documentKind(contentType)?.label ?? contentType;

/** An instant as MM/DD/YYYY, in the user's time zone. */
export const addedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

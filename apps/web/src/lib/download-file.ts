import { isApiErrorBody } from '@parceldesk/shared/errors';
import { config } from '../config';
import { ApiError } from './api-client';
import { storage } from './storage';

/** The file name a server suggests in Content-Disposition (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface DownloadOptions {
  /** Used when the server suggests no name. */
  fallbackName: string;
  /** Always save under this name, whatever the server suggests (the spec names the rate templates). */
  fileName?: string;
  /** A file made from a request body (e.g. the labels of chosen packages): POSTed as JSON. */
  body?: unknown;
}

/**
 * Files are served only to signed-in users allowed to see them, so a plain link (which carries no
 * bearer token) cannot fetch them: fetch with the token, then save the blob.
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const response = await fetchFile(path, options.body);
  const blob = await response.blob();
  const name = options.fileName ?? fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fallbackName;
  saveBlob(blob, name);
  return name;
}

/** A signed-in user's file (a package photo to show, say) as a blob: the same fetch with the token. */
export async function fetchFileBlob(path: string): Promise<Blob> {
  return (await fetchFile(path)).blob();
}

async function fetchFile(path: string, body?: unknown): Promise<Response> {
  const token = storage.getToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = body === undefined
    ? { headers }
    : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(`${config.apiBase}${path}`, init);
  if (!response.ok) {
    const errorBody: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, isApiErrorBody(errorBody) ? errorBody.message : `Request failed (${response.status})`);
  }
  return response;
}

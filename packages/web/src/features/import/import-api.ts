/** The import calls (docs/decisions/0039-asset-import.md); the upload is multipart, the rest JSON. */
import {
  CSRF_HEADER,
  CSRF_VALUE,
  type ImportMapping,
  type ImportMappingInput,
  type ImportPreview,
  type ImportPreviewRequest,
  type ImportResult,
  type ImportSheet,
} from '@sightline/shared';
import { ApiError, api } from '../../api/client';

export async function uploadSheet(site: string, file: File): Promise<ImportSheet> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(`/api/import/sheet?site=${encodeURIComponent(site)}`, {
    method: 'POST',
    headers: { accept: 'application/json', [CSRF_HEADER]: CSRF_VALUE },
    credentials: 'same-origin',
    body: form,
  });
  const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
  if (!res.ok) {
    const statusText = res.statusText || `HTTP ${res.status}`;
    throw new ApiError(res.status, statusText, body?.message ?? statusText, body);
  }
  return body as ImportSheet;
}

export const previewImport = (site: string, req: ImportPreviewRequest) =>
  api.post<ImportPreview>('import/preview', req, { site });

export const importRows = (site: string, req: ImportPreviewRequest) =>
  api.post<ImportResult>('import/rows', req, { site });

export const saveMapping = (site: string, mapping: ImportMappingInput) =>
  api.put<ImportMapping[]>('import/mappings', mapping, { site });

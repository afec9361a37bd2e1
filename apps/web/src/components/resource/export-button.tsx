import { useRef, useState, useLayoutEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { exportFormats, exportPath, type ExportFormat } from '@sehha/contract/export';
import { buildUrl, parseError, type QueryParams } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { formatNumber } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useMenuButton } from '../menu/use-menu-button';
import { notify } from '../feedback/notify';

/** The file name the server chose (`Content-Disposition: attachment; filename="users-2026-11-24.csv"`). */
export function dispositionFilename(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? '') ?? /filename=([^;]+)/.exec(header ?? '');
  return match?.[1]?.trim() || fallback;
}

/** Bytes as the admin reads them: KB up to a megabyte, then MB with one decimal. */
const size = (bytes: number, lng: string) =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.ceil(bytes / 1024), lng)} KB`
    : `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10, lng)} MB`;

type Progress = { format: ExportFormat; received: number; total: number | undefined };

/**
 * "Export" beside a list's search: CSV or Excel of every row the list shows under its current search,
 * filters and sort (`GET {list}/export?format=…&…the list's query…`). The file is fetched with the admin's
 * bearer token (a plain link could not send it), its bytes counted as they arrive (progress, with cancel),
 * then saved through a blob URL under the server's file name. Failures are toasts.
 */
export function ExportButton({ path, query = {} }: { path: string; query?: QueryParams | undefined }) {
  const { t, i18n } = useTranslation('common');
  const lng = i18n.language;
  const can = usePermissions();
  const menu = useMenuButton({ closeOnMove: true });
  const { open, buttonRef, menuRef } = menu;
  const [position, setPosition] = useState<CSSProperties>({});
  const [progress, setProgress] = useState<Progress | undefined>();
  const abort = useRef<AbortController | undefined>(undefined);

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    const rtl = getComputedStyle(buttonRef.current).direction === 'rtl';
    // Under the button, aligned with its end edge, but never past the screen's edges (a phone's Export wraps to the start).
    const margin = 8;
    const width = Math.min(menuRef.current?.offsetWidth ?? 160, window.innerWidth - 2 * margin);
    const start = rtl ? rect.left : rect.right - width;
    const left = Math.min(Math.max(margin, start), window.innerWidth - width - margin);
    setPosition({ top: rect.bottom + 4, left, maxWidth: window.innerWidth - 2 * margin });
  }, [open, buttonRef, menuRef]);

  if (!can('read')) return null;

  const download = async (format: ExportFormat) => {
    menu.close(true);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ format, received: 0, total: undefined });
    try {
      const { page: _page, per_page: _perPage, ...filters } = query;
      const headers = new Headers({ 'Accept-Language': document.documentElement.lang || lng });
      const token = getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const response = await fetch(buildUrl(exportPath(path), { ...filters, format }), { headers, signal: controller.signal });
      if (!response.ok) {
        const text = await response.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          // Not JSON: the text itself is the message.
        }
        throw parseError(response.status, body, response.statusText);
      }
      const length = Number(response.headers.get('content-length'));
      const total = Number.isFinite(length) && length > 0 ? length : undefined;
      const reader = response.body!.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        setProgress({ format, received, total });
      }
      const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = dispositionFilename(response.headers.get('content-disposition'), `export.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file; the URL is released once the click has been handled.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      notify('success', t('export.done'), 'export');
    } catch (error) {
      if (controller.signal.aborted) notify('info', t('export.cancelled'), 'export');
      else notify('error', error instanceof Error && error.message ? error.message : t('export.failed'), 'export');
    } finally {
      abort.current = undefined;
      setProgress(undefined);
    }
  };

  if (progress) {
    const label = t('export.progress', {
      format: t(`export.${progress.format}`),
      size: size(progress.received, lng),
    });
    return (
      <div className="flex items-center gap-2" role="status" aria-live="polite" data-export-progress>
        <progress className="h-2 w-28" aria-label={label} {...(progress.total ? { max: progress.total, value: progress.received } : {})} />
        <span className="text-sm text-slate-700 whitespace-nowrap">{label}</span>
        <button type="button" className="btn-secondary" onClick={() => abort.current?.abort()}>
          {t('export.cancel')}
        </button>
      </div>
    );
  }

  return (
    <div>
      <button {...menu.buttonProps} className="btn-secondary inline-flex items-center gap-2" data-export>
        <Download aria-hidden className="size-4" />
        {t('export.button')}
      </button>
      {open && (
        <div
          {...menu.menuProps}
          aria-label={t('export.button')}
          style={{ position: 'fixed', ...position }}
          className="z-50 min-w-40 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {exportFormats.map((format, index) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-format={format}
              onFocus={() => menu.focusItem(index)}
              onClick={() => void download(format)}
              className="flex w-full items-center px-3 py-2 text-start text-sm whitespace-nowrap text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100"
            >
              {t(`export.${format}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

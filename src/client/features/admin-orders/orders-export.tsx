import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { downloadBlob } from '../../lib/download';
import { adminOrdersExportUrl, type AdminOrdersFilter } from './admin-orders-queries';
import { ExportFailedError, fetchOrdersExport, type ExportProgress } from './orders-export-download';

export const EXPORT_CSV_LABEL = 'Export CSV';

const count = (value: number) => value.toLocaleString('en-US');

/** 'Exporting… 12,345 of 50,000 orders' (docs/admin.md#orders). */
export function exportProgressText({ rows, total }: ExportProgress): string {
  return total === null
    ? `Exporting… ${count(rows)} orders`
    : `Exporting… ${count(rows)} of ${count(total)} orders`;
}

type ExportState =
  | { step: 'idle' }
  | { step: 'exporting'; progress: ExportProgress }
  | { step: 'done'; rows: number }
  | { step: 'failed'; reason: string };

/**
 * 'Export CSV' in admin Orders: the orders the filter matches, every page, as a file. The page reads the
 * streamed download itself to show its progress ('Exporting… 12,345 of 50,000 orders', announced politely),
 * with the button disabled meanwhile, then saves the file; a failure is said in an alert and the button is
 * free again.
 */
export function OrdersExportButton({ filter }: { filter: AdminOrdersFilter }) {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const exporting = state.step === 'exporting';
  useFocusBackAfter(exporting, buttonRef);
  // Leaving the page stops the download.
  useEffect(() => () => abortRef.current?.abort(), []);

  async function startExport() {
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ step: 'exporting', progress: { rows: 0, total: null } });
    try {
      const file = await fetchOrdersExport(
        adminOrdersExportUrl(filter),
        (progress) => setState({ step: 'exporting', progress }),
        controller.signal,
      );
      downloadBlob(file.fileName, file.blob);
      setState({ step: 'done', rows: file.rows });
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = error instanceof ExportFailedError ? error.message : 'the download was interrupted';
      setState({ step: 'failed', reason });
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        ref={buttonRef}
        variant="outline"
        disabled={exporting}
        aria-busy={exporting || undefined}
        onClick={() => void startExport()}
      >
        {exporting ? <Spinner className="size-4 text-current" /> : <Download aria-hidden="true" />}
        {EXPORT_CSV_LABEL}
      </Button>
      {/* Always in the page, so screen readers hear what is written into it. */}
      <p
        role="status"
        aria-live="polite"
        aria-label="Export progress"
        className="text-xs text-muted-foreground"
      >
        {state.step === 'exporting' ? exportProgressText(state.progress) : null}
        {state.step === 'done' ? `Exported ${count(state.rows)} orders` : null}
      </p>
      {state.step === 'failed' ? (
        <p role="alert" className="text-xs text-destructive">
          Export failed: {state.reason.replace(/[.!?]$/, '')}. Please try again.
        </p>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import type { FieldErrors } from '../../../../domain/shared/validation';
import {
  type CsvExportKind,
  checkExportRange,
  csvFileName,
  type ExportField,
  ReportExportError,
} from '../../../../domain/shop/report-use-cases';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { TextField } from '../../../components/fields';
import { openCsvTarget, writeCsv } from './csv-file';
import { REPORTS_TEXTS } from './reports-texts';

/**
 * 'Download CSV' (owner-console.md "Reports"): 'From' and 'To' (the chosen month by default) and one
 * button per export, repairs and payments. A bad range is said under its field; the file is asked for
 * at once (the save picker needs the click), then written page by page (csv-file.ts). A failure says
 * what happened and keeps the dates as typed.
 */
export function CsvDownload({ storeId, first, last }: { storeId: string; first: string; last: string }) {
  const shop = useService('shop');
  const [range, setRange] = useState({ from: first, to: last });
  const [errors, setErrors] = useState<FieldErrors<ExportField>>({});
  const [busy, setBusy] = useState<CsvExportKind | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function download(kind: CsvExportKind) {
    setNotice(null);
    const checked = checkExportRange(range);
    setErrors(checked.ok ? {} : checked.fieldErrors);
    if (!checked.ok) return;
    const fileName = csvFileName(kind, checked.value);
    setBusy(kind);
    try {
      const target = await openCsvTarget(fileName);
      if (target === null) return;
      const made =
        kind === 'repairs'
          ? await shop.exportRepairsCsv(storeId, range)
          : await shop.exportPaymentsCsv(storeId, range);
      if (!made.ok) {
        await target.abort();
        setErrors(made.fieldErrors ?? {});
        if (made.message) setNotice({ tone: 'error', text: made.message });
        return;
      }
      await writeCsv(target, made.value.chunks);
      setNotice({ tone: 'success', text: REPORTS_TEXTS.downloaded(fileName) });
    } catch (error) {
      setNotice({
        tone: 'error',
        text: error instanceof ReportExportError ? error.message : REPORTS_TEXTS.saveRefused,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader title={REPORTS_TEXTS.downloadCsv} description={REPORTS_TEXTS.csvHint} />
      <form
        className="space-y-4 px-5 py-4 sm:px-6"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        aria-label={REPORTS_TEXTS.downloadCsv}
      >
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <TextField
            label={REPORTS_TEXTS.from}
            type="date"
            value={range.from}
            error={errors.from}
            onChange={(event) => setRange((now) => ({ ...now, from: event.target.value }))}
          />
          <TextField
            label={REPORTS_TEXTS.to}
            type="date"
            value={range.to}
            error={errors.to}
            onChange={(event) => setRange((now) => ({ ...now, to: event.target.value }))}
          />
        </div>
        <div className="grid gap-2 sm:flex">
          <Button
            variant="secondary"
            size="lg"
            busy={busy === 'repairs'}
            disabled={busy !== null}
            onClick={() => void download('repairs')}
          >
            {REPORTS_TEXTS.repairsCsv}
          </Button>
          <Button
            variant="secondary"
            size="lg"
            busy={busy === 'payments'}
            disabled={busy !== null}
            onClick={() => void download('payments')}
          >
            {REPORTS_TEXTS.paymentsCsv}
          </Button>
        </div>
        {busy !== null && (
          <p role="status" className="text-sm text-slate-600">
            {REPORTS_TEXTS.downloading}
          </p>
        )}
        {notice !== null && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </form>
    </Card>
  );
}

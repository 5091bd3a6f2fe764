import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { shopQueries } from '../queries';
import { jobSheetRoute } from '../routes';
import { CODE_HIDDEN_HINT, COPY_LABELS, codeShown, JobSheet } from './job-sheet';
import type { JobSheetCopy, JobSheetPaper } from './job-sheet-search';
import './job-sheet.css';
import { ChoiceButtons } from '../../../components/choice-buttons';

// The texts the page's tests and e2e read, from the sheet they belong to.
export { CODE_HIDDEN_HINT, CODE_NOT_ON_REPRINT, NO_TRACKING_LINK_TEXT } from './job-sheet';

/** What the screen (not the paper) says then, for the shop. */
export const NO_TRACKING_LINK_HINT =
  'This repair has no active tracking link (it was turned off, or it never had one), so the sheet has no QR code. Make a new link on the repair page to print one.';

const PAPER_LABELS: Record<JobSheetPaper, string> = { a5: 'A5', '80mm': '80 mm' };

/** Page margins in mm, per paper (the sheet's width is the paper's less both margins). */
const MARGIN_MM: Record<JobSheetPaper, number> = { a5: 10, '80mm': 3 };
/** CSS pixels per millimetre (96 px to the inch). */
const PX_PER_MM = 96 / 25.4;

/**
 * The `@page` rule for the chosen paper. A5 is a fixed size; a thermal roll has no page length, so the
 * page is as long as the sheet measures (at least 100 mm), and the whole job sheet prints as one slip.
 */
export function pageRule(paper: JobSheetPaper, sheetHeightPx: number): string {
  const margin = MARGIN_MM[paper];
  if (paper === 'a5') return `@page { size: A5 portrait; margin: ${margin}mm; }`;
  const length = Math.max(100, Math.ceil(sheetHeightPx / PX_PER_MM + 2 * margin + 4));
  return `@page { size: 80mm ${length}mm; margin: ${margin}mm; }`;
}

/**
 * /shop/repairs/$id/print: the job sheet, for A5 or 80 mm thermal paper (`?paper=`), the customer's
 * copy (with the delivery code) or the shop's (`?copy=`). Members of the repair's store only, like the
 * repair page; the screen's header, footer and buttons are not printed (job-sheet.css).
 */
export function JobSheetPage() {
  const { id } = jobSheetRoute.useParams();
  const search = jobSheetRoute.useSearch();
  const shop = useService('shop');
  // Read by the route's loader; a refused or unknown repair shows the route's error (message + Retry).
  const { data } = useSuspenseQuery(shopQueries.repair(shop, id));
  useDocumentTitle(`Job sheet ${data.repair.repairId}`);
  return (
    <AppPage>
      <JobSheetView data={data} paper={search.paper ?? 'a5'} copy={search.copy ?? 'customer'} />
    </AppPage>
  );
}

function JobSheetView({
  data,
  paper,
  copy,
}: {
  data: RepairDossier;
  paper: JobSheetPaper;
  copy: JobSheetCopy;
}) {
  const navigate = useNavigate({ from: jobSheetRoute.fullPath });
  const sheet = useRef<HTMLDivElement>(null);
  const [sheetHeight, setSheetHeight] = useState(0);
  // The thermal slip's length follows the sheet: measured now, and again when it reflows (fonts, QR).
  useLayoutEffect(() => {
    const element = sheet.current;
    if (element === null) return;
    const measure = () => setSheetHeight(element.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  });
  const choose = (next: { paper?: JobSheetPaper; copy?: JobSheetCopy }) =>
    void navigate({ search: { paper, copy, ...next }, replace: true });

  return (
    <div className="job-sheet-screen space-y-5">
      <style>{pageRule(paper, sheetHeight)}</style>
      <div className="job-sheet-chrome space-y-4">
        <Link
          to="/shop/repairs/$id"
          params={{ id: data.repair.id }}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← {data.repair.repairId}
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-2xl font-bold tracking-tight">Job sheet</h1>
          <Button onClick={() => window.print()}>Print</Button>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <ChoiceButtons
            legend="Paper"
            options={['a5', '80mm'] as const}
            labels={PAPER_LABELS}
            value={paper}
            onChange={(value) => choose({ paper: value })}
          />
          <ChoiceButtons
            legend="Copy"
            options={['customer', 'shop'] as const}
            labels={COPY_LABELS}
            value={copy}
            onChange={(value) => choose({ copy: value })}
          />
        </div>
        {data.tracking === null && <Alert tone="warning">{NO_TRACKING_LINK_HINT}</Alert>}
        <p className="text-sm text-slate-600">
          {copy === 'shop'
            ? 'The shop’s copy has no delivery code: keep it with the device.'
            : codeShown(data)
              ? 'The customer’s copy shows the delivery code: hand it to the customer.'
              : CODE_HIDDEN_HINT}
        </p>
      </div>
      <div className="job-sheet-stage">
        <div ref={sheet} className="job-sheet" data-paper={paper}>
          <JobSheet data={data} copy={copy} paper={paper} />
        </div>
      </div>
    </div>
  );
}

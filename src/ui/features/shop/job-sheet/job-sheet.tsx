import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { formatCalendarDate } from '../../../../domain/shared/time';
import { formatPaise } from '../../../../domain/shop/amounts';
import { ACCESSORY_LABELS } from '../../../../domain/shop/job-card';
import type { RepairDossier } from '../../../../domain/shop/shop-use-cases';
import { trackingLink } from '../../../../domain/shop/tracking';
import { createdDeliveryCode } from '../job-card/created-delivery-codes';
import { JOB_CARD_LABELS } from '../shop-texts';
import { formatDay } from '../shop-ui';
import type { JobSheetCopy, JobSheetPaper } from './job-sheet-search';

export const COPY_LABELS: Record<JobSheetCopy, string> = { customer: 'Customer copy', shop: 'Shop copy' };

/** What a customer's copy prints when the one printing it may not see the delivery code. */
export const CODE_NOT_ON_REPRINT =
  'Your delivery code is on the copy printed when you left your device, and in RepairMate when you sign in with your mobile number.';
/** What the screen says then, for staff. */
export const CODE_HIDDEN_HINT =
  'Only the owner sees a repair’s delivery code once it has been taken in, so this copy prints without it (the customer has it on the first copy and in RepairMate). The owner can print it again with the code.';

/** The delivery code the customer's copy prints: the repair's (the owner reads it), else the one this tab got when it created the repair. */
export function deliveryCodeOf(data: RepairDossier): string {
  return data.repair.deliveryCode || createdDeliveryCode(data.repair.id);
}
export const codeShown = (data: RepairDossier) => deliveryCodeOf(data) !== '';

/** What the sheet prints instead of a QR code when the repair's link is off (or it never had one). */
export const NO_TRACKING_LINK_TEXT = 'No tracking link for this repair.';
/** The printed sheet itself. */
export function JobSheet({
  data,
  copy,
  paper,
}: {
  data: RepairDossier;
  copy: JobSheetCopy;
  paper: JobSheetPaper;
}) {
  const { repair, shop, amounts } = data;
  const deliveryCode = deliveryCodeOf(data);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const link = data.tracking ? trackingLink(origin, data.tracking.token) : null;
  const accessories = repair.accessories
    .map((key) => (key === 'other' && repair.otherAccessory ? repair.otherAccessory : ACCESSORY_LABELS[key]))
    .join(', ');
  const problems = repair.problemList.join(', ') || repair.problems;
  return (
    <article aria-label={`Job sheet ${repair.repairId}`}>
      <div className="js-shop">
        <p className="js-shop-name">{shop.name || data.store.storeName}</p>
        {shop.address && <p className="js-pre">{shop.address}</p>}
        {(shop.phone || shop.gstin) && (
          <p>
            {shop.phone && <span>Phone: {shop.phone}</span>}
            {shop.phone && shop.gstin && <span aria-hidden="true"> · </span>}
            {shop.gstin && <span>GSTIN: {shop.gstin}</span>}
          </p>
        )}
      </div>

      <div className="js-title">
        <div className="js-id-block">
          <p className="js-caption">Job Sheet · {COPY_LABELS[copy]}</p>
          <p className="js-repair-id">{repair.repairId}</p>
        </div>
        <div className="js-qr">
          {link ? (
            <>
              <QRCodeSVG
                value={link}
                size={paper === 'a5' ? 100 : 128}
                level="M"
                marginSize={2}
                role="img"
                aria-label={`QR code of the tracking link ${link}`}
              />
              <p className="js-caption">Scan to track your repair</p>
              <p className="js-link">{link}</p>
            </>
          ) : (
            <p className="js-no-link">{NO_TRACKING_LINK_TEXT}</p>
          )}
        </div>
      </div>

      <div className="js-pair">
        <Section title="Customer">
          <Row label="Name">{repair.customerName}</Row>
          <Row label="Mobile">{repair.customerMobile}</Row>
          <Row label="Received On">{formatDay(repair.createdAt)}</Row>
        </Section>
        <Section title="Charges">
          <Row label="Estimate">{repair.estimatePaise === null ? '' : formatPaise(repair.estimatePaise)}</Row>
          <Row label="Advance Paid">{formatPaise(amounts.paidPaise)}</Row>
          <Row label="Amount Due">{formatPaise(amounts.duePaise)}</Row>
          <Row label={JOB_CARD_LABELS.promisedDate}>
            {repair.promisedDate ? formatCalendarDate(repair.promisedDate) : ''}
          </Row>
        </Section>
      </div>

      <Section title="Device">
        <Row label={JOB_CARD_LABELS.deviceType}>{repair.productType}</Row>
        <Row label={JOB_CARD_LABELS.brandModel}>{repair.productName}</Row>
        <Row label={JOB_CARD_LABELS.imeiSerial}>{repair.imeiSerial}</Row>
        <Row label={JOB_CARD_LABELS.problems}>{problems}</Row>
        <Row label={JOB_CARD_LABELS.accessories}>{accessories}</Row>
        <Row label={JOB_CARD_LABELS.conditionNotes}>{repair.conditionNotes}</Row>
      </Section>

      {copy === 'customer' &&
        (deliveryCode ? (
          <div className="js-code">
            <p>
              Delivery Code: <strong>{deliveryCode}</strong>
            </p>
            <p className="js-caption">Tell it to the shop when you collect your device. Keep it private.</p>
          </div>
        ) : (
          <div className="js-code">
            <p className="js-caption">{CODE_NOT_ON_REPRINT}</p>
          </div>
        ))}

      {shop.jobSheetTerms && (
        <div className="js-terms">
          <p className="js-section-title">Terms</p>
          <p className="js-pre">{shop.jobSheetTerms}</p>
        </div>
      )}

      <div className="js-signatures">
        <p>Customer’s signature</p>
        <p>For {shop.name || data.store.storeName}</p>
      </div>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="js-section">
      <p className="js-section-title">{title}</p>
      <dl>{children}</dl>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="js-row">
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </div>
  );
}

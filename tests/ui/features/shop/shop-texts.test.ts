import { describe, expect, it } from 'vitest';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { JOB_CARD_LABELS, SHOP_TEXTS } from '../../../../src/ui/features/shop/shop-texts';

/** The shop console's screen labels and button texts (moved from the domain with the texts themselves). */
describe('the job card labels', () => {
  it('are word for word the spec’s', () => {
    expect(JOB_CARD_LABELS).toEqual({
      customerName: 'Customer Name',
      customerMobile: 'Customer Mobile',
      deviceType: 'Device Type',
      brandModel: 'Brand & Model',
      imeiSerial: 'IMEI / Serial',
      problems: 'Problems',
      accessories: 'Accessories Received',
      conditionNotes: 'Condition Notes',
      unlockCode: 'Unlock Code',
      estimate: 'Estimate (₹)',
      advancePaid: 'Advance Paid (₹)',
      promisedDate: 'Promised Date',
      photos: 'Photos',
    });
    expect(SHOP_TEXTS).toEqual({
      newRepair: 'New Repair',
      createRepair: 'Create Repair',
      sendOnWhatsApp: 'Send on WhatsApp',
      sendSms: 'Send SMS',
      printJobSheet: 'Print Job Sheet',
    });
  });

  it('has a form field for every label, and the empty card has them all', () => {
    expect(
      Object.keys(emptyJobCard()).filter((key) => key !== 'otherProblem' && key !== 'otherAccessory'),
    ).toEqual(Object.keys(JOB_CARD_LABELS));
  });
});

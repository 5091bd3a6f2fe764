import { describe, expect, it } from 'vitest';
import { emptyJobCard, type JobCardInput } from '../../../../src/domain/shop/job-card';
import {
  parseJobCardDraft,
  serialiseJobCardDraft,
} from '../../../../src/ui/features/shop/job-card/job-card-draft';
import {
  forgetJobCardDrafts,
  JOB_CARD_DRAFT_MAX_AGE_MS,
  jobCardDraftKey,
} from '../../../../src/ui/features/shop/job-card/job-card-draft-store';

const NOW = Date.UTC(2026, 10, 21, 5, 0);

const card = (patch: Partial<JobCardInput>): JobCardInput => ({ ...emptyJobCard(), ...patch });

describe("the job card's draft, as stored", () => {
  it('keeps every field but the unlock code and the photos, and says they were there', () => {
    const values = card({
      customerName: 'Ravi Kumar',
      customerMobile: '98765 43210',
      deviceType: 'Laptop',
      brandModel: 'ThinkPad E14',
      imeiSerial: 'PF-2X9QK',
      problems: ['Battery problem', 'Not switching on'],
      otherProblem: 'Fan noise',
      accessories: ['charger', 'other'],
      otherAccessory: 'Laptop bag',
      conditionNotes: 'Scratched lid',
      unlockCode: 'secret-4321',
      estimate: '3500',
      advancePaid: '500',
      promisedDate: '2026-11-25',
      photos: [new Blob(['x'], { type: 'image/jpeg' })],
    });
    const text = serialiseJobCardDraft(values, NOW);
    expect(text).not.toBeNull();
    expect(text).not.toContain('secret-4321');
    expect(text).not.toContain('unlockCode"');
    const draft = parseJobCardDraft(text, NOW + 1000);
    expect(draft).toEqual({
      values: { ...values, unlockCode: '', photos: [] },
      savedAt: NOW,
      unlockCodeLeftOut: true,
      photosLeftOut: 1,
    });
  });

  it('keeps nothing for a blank card (or one with only an unlock code or spaces)', () => {
    expect(serialiseJobCardDraft(emptyJobCard(), NOW)).toBeNull();
    expect(serialiseJobCardDraft(card({ unlockCode: '1234' }), NOW)).toBeNull();
    expect(serialiseJobCardDraft(card({ customerName: '   ' }), NOW)).toBeNull();
  });

  it('carries what a restored draft left out until it is given again', () => {
    const carried = { unlockCodeLeftOut: true, photosLeftOut: 2 };
    const again = parseJobCardDraft(serialiseJobCardDraft(card({ customerName: 'A' }), NOW, carried), NOW);
    expect(again).toMatchObject(carried);
    const given = parseJobCardDraft(
      serialiseJobCardDraft(card({ customerName: 'A', photos: [new Blob(['x'])] }), NOW, carried),
      NOW,
    );
    expect(given).toMatchObject({ unlockCodeLeftOut: true, photosLeftOut: 1 });
  });

  it('ignores a corrupt, foreign-version or stale draft, and drops choices the card no longer offers', () => {
    const good = serialiseJobCardDraft(card({ customerName: 'A', problems: ['Screen broken'] }), NOW) ?? '';
    expect(parseJobCardDraft(good, NOW)?.values.customerName).toBe('A');
    expect(parseJobCardDraft(null, NOW)).toBeNull();
    expect(parseJobCardDraft('', NOW)).toBeNull();
    expect(parseJobCardDraft('{"v":1', NOW)).toBeNull();
    expect(parseJobCardDraft(good.replace('"v":1', '"v":7'), NOW)).toBeNull();
    expect(parseJobCardDraft(good, NOW + JOB_CARD_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    const edited = JSON.parse(good);
    edited.values.problems = ['Screen broken', 'Haunted'];
    edited.values.accessories = ['charger', 'spaceship'];
    edited.values.deviceType = 'Toaster';
    edited.values.unlockCode = 'planted';
    const read = parseJobCardDraft(JSON.stringify(edited), NOW);
    expect(read?.values.problems).toEqual(['Screen broken']);
    expect(read?.values.accessories).toEqual(['charger']);
    expect(read?.values.deviceType).toBe('');
    expect(read?.values.unlockCode).toBe('');
  });

  it("forgets one account's drafts in every store, and no one else's", () => {
    localStorage.setItem(jobCardDraftKey('uid-a', 'store-1'), 'x');
    localStorage.setItem(jobCardDraftKey('uid-a', 'store-2'), 'x');
    localStorage.setItem(jobCardDraftKey('uid-ab', 'store-1'), 'x');
    localStorage.setItem('something-else', 'x');
    forgetJobCardDrafts('uid-a');
    expect(localStorage.getItem(jobCardDraftKey('uid-a', 'store-1'))).toBeNull();
    expect(localStorage.getItem(jobCardDraftKey('uid-a', 'store-2'))).toBeNull();
    expect(localStorage.getItem(jobCardDraftKey('uid-ab', 'store-1'))).toBe('x');
    expect(localStorage.getItem('something-else')).toBe('x');
  });
});

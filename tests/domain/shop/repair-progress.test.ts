/*
 * The progress and money a customer sees of a repair, the same on the public tracking link
 * (trackingProgress) and in the signed-in tracker (customerProgress): 'Total' (final, else estimate),
 * 'Paid', 'Due', 'Paid in full', and the status steps.
 */
import { describe, expect, it } from 'vitest';
import { customerProgress, type TrackingView, trackingProgress } from '../../../src/domain/shop/tracking';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 10));

describe('customerProgress', () => {
  it('reads the total from the final amount, else the estimate, and the due from what was paid', () => {
    const base = { status: 'inprogress', createdAt: at(1), updatedAt: at(2) };
    expect(customerProgress({ ...base, amount: 2500, estimatedCost: 2800, paidPaise: 50_000 })).toMatchObject(
      {
        totalPaise: 250_000,
        paidPaise: 50_000,
        duePaise: 200_000,
        paidInFull: false,
      },
    );
    expect(customerProgress({ ...base, amount: null, estimatedCost: 1200 })).toMatchObject({
      totalPaise: 120_000,
      paidPaise: 0,
      duePaise: 120_000,
    });
    expect(
      customerProgress({ ...base, amount: 1500, estimatedCost: null, paidPaise: 150_000 }),
    ).toMatchObject({
      duePaise: 0,
      paidInFull: true,
    });
    // No amount at all: nothing to pay, and never 'Paid in full'.
    expect(customerProgress({ ...base, amount: null, estimatedCost: null })).toMatchObject({
      totalPaise: null,
      duePaise: 0,
      paidInFull: false,
    });
  });

  it('gives the stored steps with their labels, else the current status alone', () => {
    const steps = [
      { status: 'received', at: at(1) },
      { status: 'inprogress', at: at(2) },
    ];
    const base = { amount: null, estimatedCost: null, createdAt: at(1), updatedAt: at(3) };
    expect(customerProgress({ ...base, status: 'inprogress', timeline: steps }).timeline).toEqual([
      { status: 'received', label: 'Received', at: at(1) },
      { status: 'inprogress', label: 'In Progress', at: at(2) },
    ]);
    expect(customerProgress({ ...base, status: 'delivered' }).timeline).toEqual([
      { status: 'delivered', label: 'Delivered', at: at(3) },
    ]);
    expect(
      customerProgress({ ...base, status: 'delivered', createdAt: null, updatedAt: 'text' }).timeline,
    ).toEqual([]);
  });

  it('says what the tracking page says for the same repair', () => {
    const view = {
      finalPaise: 250_000,
      estimatePaise: 280_000,
      paidPaise: 50_000,
      duePaise: 200_000,
      timeline: [{ status: 'received', label: 'Received', at: at(1) }],
    } as unknown as TrackingView;
    expect(trackingProgress(view)).toEqual(
      customerProgress({
        amount: 2500,
        estimatedCost: 2800,
        paidPaise: 50_000,
        status: 'received',
        timeline: [{ status: 'received', at: at(1) }],
        createdAt: at(1),
        updatedAt: at(1),
      }),
    );
  });
});

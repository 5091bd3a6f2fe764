import { describe, expect, it } from 'vitest';
import {
  deposit,
  MAX_RECHARGE_AMOUNT,
  MIN_RECHARGE_AMOUNT,
  parseRechargeAmount,
} from '../../../src/domain/wallet/wallet';

describe('parseRechargeAmount', () => {
  it('is at least 1 rupee and at most 10 lakh', () => {
    expect(MIN_RECHARGE_AMOUNT).toBe(1);
    expect(MAX_RECHARGE_AMOUNT).toBe(1_000_000);
  });

  it.each([
    ['1', 1],
    ['250', 250],
    [' 250 ', 250],
    ['99.5', 99.5],
    ['99.50', 99.5],
    ['0001', 1],
    ['1000000', 1_000_000],
    [1, 1],
    [250.75, 250.75],
  ])('accepts %j as %d', (input, amount) => {
    expect(parseRechargeAmount(input)).toEqual({ ok: true, amount });
  });

  it.each([
    ['0'],
    ['0.00'],
    ['0.99'],
    ['-5'],
    ['abc'],
    ['12abc'],
    [''],
    ['   '],
    ['1.005'],
    ['10.'],
    ['.5'],
    ['1,000'],
    ['1e3'],
    ['1000000.01'],
    ['2000000'],
    ['Infinity'],
    [0],
    [-5],
    [0.5],
    [1.005],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e21],
  ])('refuses %j', (input) => {
    expect(parseRechargeAmount(input)).toEqual({ ok: false });
  });
});

describe('deposit: the wallet invariant', () => {
  it('adds exactly, in paise', () => {
    expect(deposit(0.1, 0.2)).toEqual({ ok: true, newBalance: 0.3 });
    expect(deposit(500, 1.1)).toEqual({ ok: true, newBalance: 501.1 });
    expect(deposit(501.1, 2.2)).toEqual({ ok: true, newBalance: 503.3 });
    expect(deposit(0, 250)).toEqual({ ok: true, newBalance: 250 });
  });

  it('never starts from, or leaves, a balance below 0', () => {
    expect(deposit(-0.01, 10)).toEqual({ ok: false, reason: 'invalid-balance' });
    expect(deposit(Number.NaN, 10)).toEqual({ ok: false, reason: 'invalid-balance' });
    expect(deposit(Number.POSITIVE_INFINITY, 10)).toEqual({ ok: false, reason: 'invalid-balance' });
    expect(deposit(10, -20)).toEqual({ ok: false, reason: 'invalid-amount' });
    expect(deposit(10, 0)).toEqual({ ok: false, reason: 'invalid-amount' });
    expect(deposit(10, Number.NaN)).toEqual({ ok: false, reason: 'invalid-amount' });
  });
});

import { isPortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type { ShopInvoiceRepository } from '../../ports/shop-invoices';
import type { TrackingLinkRepository } from '../../ports/shop-tracking';
import { done, failed, type Outcome } from '../shared/validation';
import { INVOICE_MESSAGES, type Invoice } from './invoice';
import { isTrackingToken, type TrackingView } from './tracking';
import { TRACKING_LINK_MESSAGES as MESSAGES } from './tracking-messages';

/*
 * What a customer holding a tracking link reads, signed in or not: the repair's customer-safe view
 * (/t/$token) and its invoice (/t/$token/invoice). Two reads over two narrow ports, and nothing else
 * imported: on the production build these run over a backend that is only these two reads (issue 19:
 * the tracking page downloads no SDK, no schema library and no other use case).
 */

/** The ports the two reads need: a tracking link's resolve and its invoice copy. */
export interface TrackingReadPorts {
  readonly tracking: Pick<TrackingLinkRepository, 'resolve'>;
  readonly invoices: Pick<ShopInvoiceRepository, 'invoiceByTrackingToken'>;
  readonly logger: Logger;
}

/** Why a tracking link shows no repair: the page says which. */
export type TrackingFailureReason = 'revoked' | 'not-found' | 'failed';

/** Why a tracking link shows no invoice: none issued (or the link is off), or the read failed. */
export type InvoiceLinkFailureReason = 'not-found' | 'failed';

/** The two reads, bound to their ports. */
export interface TrackingReads {
  resolveTracking(token: string): Promise<Outcome<TrackingView, never, TrackingFailureReason>>;
  invoiceByTrackingToken(token: string): Promise<Outcome<Invoice, never, InvoiceLinkFailureReason>>;
}

export function trackingReads(ports: TrackingReadPorts): TrackingReads {
  return {
    resolveTracking: (token) => resolveTracking(ports, token),
    invoiceByTrackingToken: (token) => loadInvoiceByTrackingToken(ports, token),
  };
}

/**
 * The tracking page (`/t/$token`), signed out: the customer-safe view, or why not ('revoked': the shop
 * turned the link off; 'not-found': no such link, or its repair was deleted).
 */
export async function resolveTracking(
  ports: Pick<TrackingReadPorts, 'tracking' | 'logger'>,
  token: string,
): Promise<Outcome<TrackingView, never, TrackingFailureReason>> {
  const trimmed = token.trim();
  if (!isTrackingToken(trimmed)) return failed(MESSAGES.trackingNotFound, 'not-found');
  try {
    const resolution = await ports.tracking.resolve(trimmed);
    if (resolution.state === 'active') return done(resolution.view);
    if (resolution.state === 'revoked') return failed(MESSAGES.trackingRevoked, 'revoked');
    return failed(MESSAGES.trackingNotFound, 'not-found');
  } catch (error) {
    if (!isPortError(error)) throw error;
    ports.logger.error('Resolving a tracking link failed', error);
    return failed(MESSAGES.trackingFailed, 'failed');
  }
}

/**
 * The invoice a customer opens from the tracking link (signed in or not): 'not-found' with a message
 * when the link names no invoice (none issued yet, or the link is no longer live).
 */
export async function loadInvoiceByTrackingToken(
  ports: Pick<TrackingReadPorts, 'invoices' | 'logger'>,
  token: string,
): Promise<Outcome<Invoice, never, InvoiceLinkFailureReason>> {
  const trimmed = token.trim();
  if (!isTrackingToken(trimmed)) return failed(INVOICE_MESSAGES.notFound, 'not-found');
  try {
    const invoice = await ports.invoices.invoiceByTrackingToken(trimmed);
    return invoice === null ? failed(INVOICE_MESSAGES.notFound, 'not-found') : done(invoice);
  } catch (error) {
    // The port answers a link it may not read as no invoice: what is left is a failed read.
    if (!isPortError(error)) throw error;
    ports.logger.error('Opening an invoice from a tracking link failed', error);
    return failed(INVOICE_MESSAGES.loadFailed, 'failed');
  }
}

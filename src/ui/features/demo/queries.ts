import { queryOptions } from '@tanstack/react-query';
import type { DemoServices } from '../../service-source';

/** The demo outboxes' query keys, written once. */
export const demoKeys = {
  all: ['demo'] as const,
  mailbox: () => [...demoKeys.all, 'mailbox'] as const,
  sms: () => [...demoKeys.all, 'sms'] as const,
};

/**
 * What the demo "sent" instead of sending it, newest first. New messages can arrive from another tab
 * at any moment: always stale, read again on focus. A local read that fails is not retried at once
 * (it would not help); Refresh is at hand.
 */
export const demoQueries = {
  mailbox: (demo: DemoServices) =>
    queryOptions({
      queryKey: demoKeys.mailbox(),
      queryFn: () => demo.mailbox.list(),
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),

  sms: (demo: DemoServices) =>
    queryOptions({
      queryKey: demoKeys.sms(),
      queryFn: () => demo.sms.list(),
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
};

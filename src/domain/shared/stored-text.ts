import { z } from 'zod';
import { asBoolean, asNumber, asText } from './text';

/*
 * zod building blocks for tolerant parsing of stored documents. Kept apart from text.ts, whose plain
 * functions the customer's tracking page uses without downloading zod (issue 19).
 */
export const storedText = z.unknown().optional().transform(asText);
export const storedNumber = z.unknown().optional().transform(asNumber);
export const storedBoolean = z.unknown().optional().transform(asBoolean);

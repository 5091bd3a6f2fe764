/** Text as the mobile apps store it: strings as they are, numbers as digits, anything else empty. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A number stored as a number or numeric text; null when absent or not a number. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function asBoolean(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The first argument that is a non-blank string, or ''. */
export function firstFilled(...values: readonly string[]): string {
  for (const value of values) if (value.trim() !== '') return value;
  return '';
}

/** Case-insensitive substring test; an empty needle matches everything. */
export function includesIgnoringCase(haystack: string, needle: string): boolean {
  const wanted = needle.trim().toLowerCase();
  return wanted === '' || haystack.toLowerCase().includes(wanted);
}

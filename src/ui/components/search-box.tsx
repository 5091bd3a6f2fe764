import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { TextField } from './fields';

/** How long a search box waits after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  readonly label: string;
  readonly placeholder?: string;
  /** The search in effect (usually from the URL). */
  readonly value: string;
  readonly maxLength: number;
  /** Called with the trimmed text, once it differs from the search in effect. */
  readonly onSearch: (text: string) => void;
  readonly className?: string;
}

/**
 * A search box: typing searches after a short pause; Enter searches at once. It follows `value` when that
 * changes from elsewhere (the back button, a clear-search button).
 */
export function SearchBox({ label, placeholder, value, maxLength, onSearch, className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const applied = useRef(value.trim());

  useEffect(() => {
    if (value.trim() !== applied.current) {
      applied.current = value.trim();
      setText(value);
    }
  }, [value]);

  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  const apply = useCallback((next: string) => {
    const wanted = next.trim();
    if (wanted === applied.current) return;
    applied.current = wanted;
    latestOnSearch.current(wanted);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => apply(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, apply]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(text);
  };

  return (
    <form onSubmit={submit} className={className}>
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

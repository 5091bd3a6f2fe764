/**
 * Where a 'Download CSV' file goes, chunk by chunk as the export reads its pages. Where the browser has
 * the File System Access API (showSaveFilePicker: Chrome and Edge on a computer), the person picks the
 * file first and each chunk is written straight into it (a writable stream), so the export never sits
 * in memory whole. Elsewhere (Firefox, Safari, phones) the chunks are kept as a list and become one
 * Blob at the end (the Blob is built from the list, never from one concatenated string), downloaded
 * through a link. A failure part-way aborts the file: a half-written file is never left looking whole.
 */

export interface CsvTarget {
  write(chunk: string): Promise<void>;
  /** The file is complete: keep it (the picked file) or download it (the Blob). */
  close(): Promise<void>;
  /** Something failed: drop what was written. */
  abort(): Promise<void>;
}

interface WritableFile {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableFile> }>;

const CSV_TYPE = 'text/csv;charset=utf-8';

function savePicker(): SaveFilePicker | null {
  const picker = (globalThis as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(globalThis) : null;
}

/** A picked file, written as the chunks come. */
function streamedTarget(writable: WritableFile): CsvTarget {
  return {
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    abort: () => writable.abort().catch(() => undefined),
  };
}

/** The chunks kept as a list, downloaded as one Blob at the end. */
function blobTarget(fileName: string): CsvTarget {
  let parts: string[] = [];
  return {
    write: async (chunk) => {
      parts.push(chunk);
    },
    close: async () => {
      const blob = new Blob(parts, { type: CSV_TYPE });
      parts = [];
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started from the URL; it is let go once the browser has taken it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    abort: async () => {
      parts = [];
    },
  };
}

/**
 * Opens the file `fileName` is saved to: asks where (the save picker) where the browser can, else a
 * download at the end. Null when the person cancelled the picker. Call it straight from the click (the
 * picker needs the click's user activation).
 */
export async function openCsvTarget(fileName: string): Promise<CsvTarget | null> {
  const picker = savePicker();
  if (picker === null) return blobTarget(fileName);
  let handle: Awaited<ReturnType<SaveFilePicker>>;
  try {
    handle = await picker({
      suggestedName: fileName,
      types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    // The picker is there but refused (an iframe, a policy): the download still works.
    return blobTarget(fileName);
  }
  return streamedTarget(await handle.createWritable());
}

/** Writes every chunk into `target` and closes it; on a failure the target is aborted and the error thrown. */
export async function writeCsv(target: CsvTarget, chunks: AsyncIterable<string>): Promise<void> {
  try {
    for await (const chunk of chunks) await target.write(chunk);
  } catch (error) {
    await target.abort();
    throw error;
  }
  await target.close();
}

/**
 * yazl's `addBuffer` keeps each entry's pump function, and with it the entry's whole buffer, until the archive
 * itself is dropped: an archive of 20,000 PDFs of 24 KiB held them all (the job's RSS grew 415 MiB, bench/RESULTS.md).
 * The same call, with the pump let go once it has run, so a buffer is held only until yazl has written it.
 * Streams would release it too, but yazl pipes a stream into its output with a 16 KiB high-water mark, waiting
 * for storage after every PDF; a buffer is written at once.
 */
import type yazl from 'yazl';

/** What yazl keeps per entry (its `entries` list, yazl 3); state 1 is READY_TO_PUMP_FILE_DATA. */
type Pumped = { doFileDataPump: (() => void) | null; state: number };
const READY_TO_PUMP = 1;

export function addBufferReleased(
  zip: yazl.ZipFile,
  bytes: Buffer,
  name: string,
  options: Partial<yazl.Options>,
) {
  zip.addBuffer(bytes, name, options);
  const entries = (zip as unknown as { entries: Pumped[] }).entries;
  const entry = entries[entries.length - 1]!;
  const pump = entry.doFileDataPump;
  // An uncompressed buffer's pump is set at once; a compressed one's after deflate, and is kept (not used here).
  if (!pump) return;
  // The archive's first entry (or one after an idle output) is written within addBuffer itself.
  if (entry.state !== READY_TO_PUMP) {
    entry.doFileDataPump = null;
    return;
  }
  entry.doFileDataPump = () => {
    entry.doFileDataPump = null;
    pump();
  };
}

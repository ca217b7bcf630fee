/** Small shared words of the IP restriction: the file stamp of its CSV names (Japan time). */
const STAMP = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** `20261128_1530` in Japan time. */
export const jstFileStamp = (at: Date) => STAMP.format(at).replace(/[-:]/g, '').replace(' ', '_');

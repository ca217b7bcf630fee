import { SegmentedControl } from '@mantine/core';
import { CSV_ENCODINGS, CSV_ENCODING_LABELS, type TCsvEncoding } from '@cloudsign/contract';

export function EncodingSelect({
  value,
  onChange,
}: {
  value: TCsvEncoding;
  onChange: (v: TCsvEncoding) => void;
}) {
  return (
    <SegmentedControl
      size="sm"
      value={value}
      onChange={(v) => onChange(v as TCsvEncoding)}
      data={CSV_ENCODINGS.map((e) => ({ value: e, label: CSV_ENCODING_LABELS[e] }))}
      aria-label="文字コード"
    />
  );
}
